package corpusmod

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func pkgs(version string) map[string]map[string][]byte {
	return map[string]map[string][]byte{
		"v1": {"a.go": []byte("package v1\n\nconst V = " + version + "\n")},
		"v2": {"a.go": []byte("package v2\n"), "b.go": []byte("package v2\n\nvar B int\n")},
	}
}

// TestWrite checks that the module holds go.mod, requiring the runtime
// where it is, and the listed packages' files, and no others.
func TestWrite(t *testing.T) {
	dir := Write(t, "/rt", []string{"v2"}, pkgs("1"))
	got, err := os.ReadFile(filepath.Join(dir, "v2", "b.go"))
	if err != nil || string(got) != "package v2\n\nvar B int\n" {
		t.Errorf("v2/b.go = %q, %v", got, err)
	}
	if mod, _ := os.ReadFile(filepath.Join(dir, "go.mod")); !strings.Contains(string(mod), "module "+Path+"\n") || !strings.Contains(string(mod), "=> /rt\n") {
		t.Errorf("go.mod:\n%s", mod)
	}
	if _, err := os.Stat(filepath.Join(dir, "v1")); !os.IsNotExist(err) {
		t.Errorf("v1, not listed, was written: %v", err)
	}
}
