package emit

import (
	"fmt"
	"path/filepath"
	"time"
)

// lockWait is how long Write waits for another run's lock.
const lockWait = 2 * time.Minute

// lockFolder takes the lock of dir (dir/.adcp-gen.lock), trying every 10 ms
// for up to lockWait while another run holds it. unlock releases it and
// removes the lock file.
func lockFolder(dir string) (unlock func(), err error) {
	p := filepath.Join(dir, lockName)
	deadline := time.Now().Add(lockWait)
	for {
		unlock, busy, err := tryLock(p)
		if err != nil || !busy {
			return unlock, err
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("emit: %s has been held for %v: another adcp-gen run holds it%s", p, lockWait, staleHint)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
