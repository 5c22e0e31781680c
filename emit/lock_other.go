//go:build !unix

package emit

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// lockWait is how long Write waits for another run's lock.
const lockWait = 2 * time.Minute

// lockFolder takes the lock of dir by creating dir/.adcp-gen.lock, which no
// other run may have created; unlock removes it. A lock file left by a
// process that died has to be removed by hand (the error says so).
func lockFolder(dir string) (unlock func(), err error) {
	p := filepath.Join(dir, lockName)
	deadline := time.Now().Add(lockWait)
	for {
		f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			f.Close()
			return func() { os.Remove(p) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("emit: cannot create the lock file: %v", err)
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("emit: %s has existed for %v: another adcp-gen run holds it, or one died (then remove the file)", p, lockWait)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
