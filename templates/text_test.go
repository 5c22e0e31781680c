package templates

import (
	"io"
	"io/fs"
	"os"
	"strings"
	"testing"
)

// TestTextTemplates parses every template of the folder and checks that
// data without the keys it uses is an error, not "<no value>" in the output.
func TestTextTemplates(t *testing.T) {
	dir := os.DirFS(".")
	names, err := fs.Glob(dir, "*.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Fatal("no template found")
	}
	for _, name := range names {
		tmpl, err := newText(name).ParseFS(dir, name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		err = tmpl.Execute(io.Discard, map[string]any{})
		if err == nil || !strings.Contains(err.Error(), "map has no entry for key") {
			t.Errorf("%s: executed on an empty map: error %v, want a missing key", name, err)
		}
	}
}
