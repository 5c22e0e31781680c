// Package testfs holds file-system helpers for tests: a snapshot of a folder
// that tells files, links and folders apart, and the special files hostile
// input is made of.
package testfs

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Snapshot describes every entry of dir: a regular file by its content, a
// symbolic link by its target, anything else by its mode.
func Snapshot(t testing.TB, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		switch {
		case e.Type().IsRegular():
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			out[e.Name()] = "file " + string(b)
		case e.Type()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			out[e.Name()] = "link " + target
		default:
			out[e.Name()] = e.Type().String()
		}
	}
	return out
}

// Symlink makes p a symbolic link to target, skipping t where the platform
// does not allow it.
func Symlink(t testing.TB, target, p string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	if err := os.Symlink(target, p); err != nil {
		t.Skip("symlink:", err)
	}
}

// Mkfifo makes p a FIFO, skipping t where the platform has none.
func Mkfifo(t testing.TB, p string) {
	t.Helper()
	if err := mkfifo(p); err != nil {
		t.Skip("mkfifo:", err)
	}
}
