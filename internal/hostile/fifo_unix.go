//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package hostile

import "syscall"

func mkfifo(p string) error { return syscall.Mkfifo(p, 0o644) }
