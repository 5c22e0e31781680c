package schemaload

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFolderDigest checks that FolderDigest agrees with Load's Spec.Digest on
// an unchanged folder and differs after each kind of change that can change
// what Load returns.
func TestFolderDigest(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(t *testing.T, dir string)
	}{
		{"edited source", func(t *testing.T, dir string) {
			appendTo(t, filepath.Join(dir, errorFile), " ")
		}},
		{"new details file", func(t *testing.T, dir string) {
			writeFile(t, filepath.Join(dir, detailsDir, "zz-new.json"), `{"type": "object"}`)
		}},
		{"details file removed", func(t *testing.T, dir string) {
			files, _ := filepath.Glob(filepath.Join(dir, detailsDir, "*.json"))
			if len(files) == 0 {
				t.Fatal("no details file")
			}
			if err := os.Remove(files[0]); err != nil {
				t.Fatal(err)
			}
		}},
		{"scopes appear", func(t *testing.T, dir string) {
			writeFile(t, filepath.Join(dir, scopesFile), `{"type": "string", "enum": ["account"]}`)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeFixture(t, map[string]string{scopesFile: ""})
			spec, err := Load(dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(spec.Digest) != 64 {
				t.Fatalf("Digest = %q", spec.Digest)
			}
			got, err := FolderDigest(dir, spec.Sources)
			if err != nil || got != spec.Digest {
				t.Fatalf("FolderDigest of the unchanged folder = %q, %v; want %q", got, err, spec.Digest)
			}
			tc.change(t, dir)
			if got, err := FolderDigest(dir, spec.Sources); err == nil && got == spec.Digest {
				t.Error("FolderDigest did not change")
			}
		})
	}
	t.Run("source removed", func(t *testing.T) {
		dir := writeFixture(t, nil)
		spec, err := Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Remove(filepath.Join(dir, errorFile)); err != nil {
			t.Fatal(err)
		}
		if _, err := FolderDigest(dir, spec.Sources); err == nil {
			t.Error("FolderDigest of a folder missing a source succeeded")
		}
	})
}

func appendTo(t *testing.T, p, s string) {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, p, string(b)+s)
}

func writeFile(t *testing.T, p, s string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}
