package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "record.json")
	for _, data := range []string{"first", "second, longer"} {
		if err := Write(name, []byte(data)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(name)
		if err != nil || string(got) != data {
			t.Fatalf("after Write(%q): %q, %v", data, got, err)
		}
		if fi, err := os.Stat(name); err != nil || fi.Mode().Perm() != 0o644 {
			t.Errorf("mode %v, %v; want 0644", fi.Mode(), err)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("%d entries left in the folder, want the file alone", len(ents))
	}
	// A folder that does not exist: an error, nothing written.
	if err := Write(filepath.Join(dir, "missing", "x"), []byte("x")); err == nil {
		t.Error("Write into a missing folder succeeded")
	}
	// A name that is a folder: the rename fails, the folder stays, no temporary file is left.
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "keep"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(sub, []byte("x")); err == nil {
		t.Error("Write over a non-empty folder succeeded")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("%d entries after a failed Write, want 2 (no temporary file left)", len(ents))
	}
}
