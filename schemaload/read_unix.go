//go:build unix

package schemaload

import "syscall"

// openFlags never block on a FIFO, nor follow a final symbolic link.
const openFlags = syscall.O_NONBLOCK | syscall.O_NOFOLLOW
