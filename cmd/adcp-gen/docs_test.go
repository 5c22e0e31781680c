package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/catalog"
	"github.com/adcp-gen/adcp-gen/internal/testshared"
)

func TestDocsUsage(t *testing.T) {
	fx := diffFixture(t)
	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"no schemas", []string{"docs"}, "usage: adcp-gen docs"},
		{"check without out", []string{"docs", "-schemas", fx, "-check"}, "usage: adcp-gen docs"},
		{"extra argument", []string{"docs", "-schemas", fx, "x"}, "usage: adcp-gen docs"},
		{"missing folder", []string{"docs", "-schemas", filepath.Join(fx, "nope")}, filepath.Join(fx, "nope")},
	}
	for _, tt := range tests {
		code, _, stderr := diffRun(tt.args...)
		if code != 2 || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%s: exit %d, stderr %q; want 2, stderr containing %q", tt.name, code, stderr, tt.stderr)
		}
	}
}

// TestDocsWriteAndCheck walks the life of a committed catalogue: written,
// up to date, edited by hand (stale: -check prints a diff, exits 1 and writes
// nothing), rewritten.
func TestDocsWriteAndCheck(t *testing.T) {
	fx := diffFixture(t)
	out := filepath.Join(t.TempDir(), "CATALOGUE.md")

	code, stdout, stderr := diffRun("docs", "-schemas", fx)
	if code != 0 || !strings.HasPrefix(stdout, catalog.HeaderPrefix) {
		t.Fatalf("stdout mode: exit %d, stderr %q, output %.100q", code, stderr, stdout)
	}
	if code, _, stderr := diffRun("docs", "-schemas", fx, "-out", out, "-check"); code != 1 || !strings.Contains(stderr, "is stale") {
		t.Errorf("check of a missing file: exit %d, stderr %q; want 1", code, stderr)
	}
	if code, _, stderr := diffRun("docs", "-schemas", fx, "-out", out); code != 0 {
		t.Fatalf("write: exit %d: %s", code, stderr)
	}
	written, err := os.ReadFile(out)
	if err != nil || string(written) != stdout {
		t.Fatalf("written file differs from standard output (%v)", err)
	}
	if code, diff, _ := diffRun("docs", "-schemas", fx, "-out", out, "-check"); code != 0 || diff != "" {
		t.Errorf("check of a fresh file: exit %d, output %q", code, diff)
	}

	edited := strings.Replace(string(written), "error vocabulary", "error words", 1)
	if err := os.WriteFile(out, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	code, diff, _ := diffRun("docs", "-schemas", fx, "-out", out, "-check")
	if code != 1 || !strings.Contains(diff, "--- "+out) || !strings.Contains(diff, "-# AdCP 9.0.0-test.1 error words") ||
		!strings.Contains(diff, "+# AdCP 9.0.0-test.1 error vocabulary") {
		t.Errorf("check of an edited file: exit %d, diff:\n%s", code, diff)
	}
	if b, _ := os.ReadFile(out); string(b) != edited {
		t.Error("-check wrote the file")
	}
	if code, _, _ := diffRun("docs", "-schemas", fx, "-out", out); code != 0 {
		t.Fatalf("rewrite: exit %d", code)
	}
	if b, _ := os.ReadFile(out); string(b) != stdout {
		t.Error("rewrite did not restore the catalogue")
	}
	if entries, _ := os.ReadDir(filepath.Dir(out)); len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

// TestDocsRefusesForeignFile checks that docs does not overwrite a file it
// did not write.
func TestDocsRefusesForeignFile(t *testing.T) {
	fx := diffFixture(t)
	out := filepath.Join(t.TempDir(), "README.md")
	if err := os.WriteFile(out, []byte("# mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := diffRun("docs", "-schemas", fx, "-out", out)
	if code != 2 || !strings.Contains(stderr, "not written by adcp-gen docs") {
		t.Errorf("exit %d, stderr %q; want 2", code, stderr)
	}
	if b, _ := os.ReadFile(out); string(b) != "# mine\n" {
		t.Error("foreign file overwritten")
	}
}

// TestDocsProjectSchemas checks the catalogue of the project's own schema
// set renders and is deterministic.
func TestDocsProjectSchemas(t *testing.T) {
	dir := filepath.Join(testshared.ModuleRoot(), "schemas")
	_, a, stderr := diffRun("docs", "-schemas", dir)
	_, b, _ := diffRun("docs", "-schemas", dir)
	if a == "" || a != b {
		t.Errorf("catalogue of schemas/ is empty or not deterministic (stderr %q)", stderr)
	}
}

// TestWriteFileAtomic: the catalogue docs writes replaces the file whole or
// not at all.
func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "CATALOGUE.md")
	for _, data := range []string{"first", "second, longer"} {
		if err := writeFileAtomic(name, []byte(data)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(name)
		if err != nil || string(got) != data {
			t.Fatalf("after writeFileAtomic(%q): %q, %v", data, got, err)
		}
		if fi, err := os.Stat(name); err != nil || fi.Mode().Perm() != 0o644 {
			t.Errorf("mode %v, %v; want 0644", fi.Mode(), err)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("%d entries left in the folder, want the file alone", len(ents))
	}
	// A folder that does not exist: an error, nothing written.
	if err := writeFileAtomic(filepath.Join(dir, "missing", "x"), []byte("x")); err == nil {
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
	if err := writeFileAtomic(sub, []byte("x")); err == nil {
		t.Error("Write over a non-empty folder succeeded")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("%d entries after a failed Write, want 2 (no temporary file left)", len(ents))
	}
}
