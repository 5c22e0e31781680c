package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// flowWorkDir returns an empty folder for one variant of the README's
// consumer flow, at the same path on every run when it can.
//
// The go command keys a package built from outside GOROOT by its folder
// (unless -trimpath), so a flow run in a new temporary folder compiled the
// generator, and in the release variant every module it needs from the
// test's own module cache, on every run, cached or not: about 20 s of each
// warm make test. In a folder of the user's cache that stays put, the
// second run finds them in the build cache (a package that changed is still
// compiled: the key holds its files' contents too; the release variant's
// module cache is a folder named for the fake release's content, see
// TestREADMEConsumerFlow). The folder is emptied before and after each run
// (the module caches in its gomodcache with go clean -modcache: the fake
// release must not outlive the test), and held with an exclusive lock
// meanwhile; when another run holds it, or the cache folder is not usable,
// the flow runs in a temporary folder, as before.
func flowWorkDir(t *testing.T, goCmd, variant string) string {
	t.Helper()
	base, err := os.UserCacheDir()
	if err != nil {
		return t.TempDir()
	}
	root := filepath.Join(base, "adcp-gen-test", "readme-flow-"+variant)
	if err := os.MkdirAll(root, 0o700); err != nil {
		return t.TempDir()
	}
	lock, err := os.OpenFile(filepath.Join(root, "lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return t.TempDir()
	}
	if !tryLock(lock) {
		lock.Close()
		return t.TempDir()
	}
	work := filepath.Join(root, "work")
	empty := func() error {
		// The module caches (read-only folders) are in gomodcache.
		caches, _ := os.ReadDir(filepath.Join(work, "gomodcache"))
		for _, c := range caches {
			cleanModcache(goCmd, filepath.Join(work, "gomodcache", c.Name()))
		}
		return os.RemoveAll(work) // removes the checkout variant's link, not what it points to
	}
	if err := empty(); err != nil {
		lock.Close()
		return t.TempDir()
	}
	if err := os.Mkdir(work, 0o700); err != nil {
		lock.Close()
		return t.TempDir()
	}
	t.Cleanup(func() {
		if err := empty(); err != nil {
			t.Errorf("emptying the flow's folder: %v", err)
		}
		lock.Close()
	})
	return work
}

// TestFlowWorkDir: the folder is the same from run to run, empty each time
// (a read-only module cache in it included), and not handed to a second
// holder while the first has it.
func TestFlowWorkDir(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not in PATH")
	}
	base, err := os.UserCacheDir()
	if err != nil {
		t.Skipf("no user cache folder: %v", err)
	}
	var first string
	t.Run("first", func(t *testing.T) {
		first = flowWorkDir(t, goCmd, "selftest")
		if !strings.HasPrefix(first, base+string(filepath.Separator)) {
			t.Skipf("flowWorkDir gave %s, not a folder of %s (no lock on this system?)", first, base)
		}
		ro := filepath.Join(first, "gomodcache", "0123456789abcdef", "example.com", "m@v1.0.0")
		if err := os.MkdirAll(ro, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(ro, "go.mod"), []byte("module example.com/m\n"), 0o444); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		t.Run("held", func(t *testing.T) {
			if other := flowWorkDir(t, goCmd, "selftest"); other == first {
				t.Errorf("a second caller got %s while the first held it", other)
			}
		})
	})
	if first == "" || t.Skipped() {
		return
	}
	if _, err := os.Stat(first); !os.IsNotExist(err) {
		t.Errorf("%s is still there after the test that held it ended (%v)", first, err)
	}
	t.Run("again", func(t *testing.T) {
		again := flowWorkDir(t, goCmd, "selftest")
		if again != first {
			t.Errorf("second run got %s, want the first's %s", again, first)
		}
		if entries, err := os.ReadDir(again); err != nil || len(entries) != 0 {
			t.Errorf("%s is not empty: %v %v", again, entries, err)
		}
	})
}
