package schemaload

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"
)

// fixtureFiles returns the files of testdata/fixture.txtar.
func fixtureFiles(t testing.TB) []txtar.File {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("testdata", "fixture.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	return ar.Files
}

// writeFixture writes testdata/fixture.txtar to a temporary folder, applying
// edits first: a file mapped to "" is removed, any other content replaces or
// adds the file.
func writeFixture(t testing.TB, edits map[string]string) string {
	t.Helper()
	files := map[string][]byte{}
	for _, f := range fixtureFiles(t) {
		files[f.Name] = f.Data
	}
	for name, data := range edits {
		if data == "" {
			delete(files, name)
		} else {
			files[name] = []byte(data)
		}
	}
	dir := t.TempDir()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// readJSON decodes a file with encoding/json.
func readJSON(t testing.TB, file string, v any) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
}
