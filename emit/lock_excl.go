//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package emit

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// staleHint completes the message of a lock held too long: a lock file left
// by a process that died stays until removed.
const staleHint = ", or one died (then remove the file)"

// tryLock creates the lock file p, which no other run may have created;
// unlock removes it.
func tryLock(p string) (unlock func(), busy bool, err error) {
	f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil, true, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("emit: cannot create the lock file: %v", err)
	}
	f.Close()
	return func() { os.Remove(p) }, false, nil
}
