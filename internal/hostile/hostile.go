// Package hostile makes the hostile input of tests: special files, schemas
// nested too deep or too wide, and a snapshot of a folder that tells files,
// links and folders apart, to show that nothing changed.
package hostile

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
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

// Nested returns a JSON schema nested levels deep: an object whose one
// property "a" is the same again, down to a string.
func Nested(levels int) string {
	return strings.Repeat(`{"type": "object", "properties": {"a": `, levels) + `{"type": "string"}` + strings.Repeat(`}}`, levels)
}

// Properties returns n members "m0": {"type": "string"}, ... of a
// properties object, without the braces.
func Properties(n int) string {
	members := make([]string, n)
	for i := range members {
		members[i] = fmt.Sprintf(`"m%d": {"type": "string"}`, i)
	}
	return strings.Join(members, ",")
}
