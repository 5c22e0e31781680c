//go:build unix

package emit

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// lockWait is how long Write waits for another run's lock.
const lockWait = 2 * time.Minute

// lockFolder takes the lock of dir: an flock on dir/.adcp-gen.lock, which
// the holder removes before it releases the lock. A process that dies
// releases it with its files; the file it leaves is reused and removed by
// the next run. It waits up to lockWait for another holder.
func lockFolder(dir string) (unlock func(), err error) {
	p := filepath.Join(dir, lockName)
	deadline := time.Now().Add(lockWait)
	for {
		f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o644)
		if err != nil {
			return nil, fmt.Errorf("emit: cannot open the lock file: %v", err)
		}
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			// The lock is ours if the path still names the file locked: the
			// previous holder may have removed it while we waited.
			held, serr := f.Stat()
			named, lerr := os.Lstat(p)
			if serr == nil && lerr == nil && os.SameFile(held, named) {
				return func() {
					os.Remove(p)
					f.Close()
				}, nil
			}
			f.Close()
			continue
		}
		f.Close()
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("emit: cannot lock %s: %v", p, err)
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("emit: another adcp-gen run has held %s for %v", p, lockWait)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
