//go:build unix

package schemaload

import "syscall"

// Open flags of readFile: never block on a FIFO, never follow a final
// symbolic link.
const (
	openNonblock = syscall.O_NONBLOCK
	openNoFollow = syscall.O_NOFOLLOW
)
