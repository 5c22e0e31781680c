//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package corpusmod

import (
	"errors"
	"os"
	"syscall"
	"testing"
)

// TestLock checks that Lock holds the module's lock file until unlocked.
func TestLock(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	m := Write(t, "/rt", []string{"v1", "v2"}, pkgs("1"))
	try := func() error {
		f, err := os.OpenFile(m.Dir+".lock", os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	}
	unlock := m.Lock()
	if err := try(); !errors.Is(err, syscall.EWOULDBLOCK) {
		t.Fatalf("a second lock while Lock is held: %v", err)
	}
	unlock()
	if err := try(); err != nil {
		t.Fatalf("a lock after unlock: %v", err)
	}
}
