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
// where it is, and each package's files.
func TestWrite(t *testing.T) {
	dir := Write(t, "/rt", pkgs("1"))
	for name, want := range map[string]string{"v1/a.go": "package v1\n\nconst V = 1\n", "v2/b.go": "package v2\n\nvar B int\n"} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(got) != want {
			t.Errorf("%s = %q, %v", name, got, err)
		}
	}
	if mod, _ := os.ReadFile(filepath.Join(dir, "go.mod")); !strings.Contains(string(mod), "module "+Path+"\n") || !strings.Contains(string(mod), "=> /rt\n") {
		t.Errorf("go.mod:\n%s", mod)
	}
}
