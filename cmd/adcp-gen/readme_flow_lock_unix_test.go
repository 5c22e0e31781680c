//go:build unix

package main

import (
	"os"
	"syscall"
)

// tryLock takes an exclusive lock on f without waiting, released when f is
// closed or the process ends; false when another process (or another open
// file of this one) holds it.
func tryLock(f *os.File) bool {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}
