//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package corpusmod

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive flock on the file p (created if need be),
// waiting for it; a process that dies releases it with its files. On error
// nothing is locked: the tests then build side by side, as correct but
// without sharing.
func lockFile(p string) (unlock func()) {
	f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o644)
	if err != nil {
		return func() {}
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return func() {}
	}
	return func() { f.Close() }
}
