//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package emit

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// staleHint completes the message of a lock held too long: a process that
// dies releases its flock, so nothing is to be removed by hand.
const staleHint = ""

// tryLock takes an flock on the lock file p, which the holder removes before
// it releases the lock. A process that dies releases it with its files; the
// file it leaves is reused and removed by the next run.
func tryLock(p string) (unlock func(), busy bool, err error) {
	f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o644)
	if err != nil {
		return nil, false, fmt.Errorf("emit: cannot open the lock file: %v", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, true, nil
		}
		return nil, false, fmt.Errorf("emit: cannot lock %s: %v", p, err)
	}
	// The lock is ours if the path still names the file locked: the previous
	// holder may have removed it while we opened it.
	held, serr := f.Stat()
	named, lerr := os.Lstat(p)
	if serr != nil || lerr != nil || !os.SameFile(held, named) {
		f.Close()
		return nil, true, nil
	}
	return func() {
		os.Remove(p)
		f.Close()
	}, false, nil
}
