// Package sharedtest holds the runtime's test helpers: it locates the
// folders that live outside the runtime module, and decodes JSON for
// comparisons. The folders are the read-only ../shared folder beside the repository (the
// published AdCP schemas, the official test vectors and the spec) and the
// repository root (its schemas/ folder). Tests skip cleanly when they are
// absent. The runtime module never imports the main module, so this is its
// own copy of the main module's internal/testshared.
package sharedtest

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// RepoRoot returns the root folder of the repository that holds the runtime
// module (the parent of adcp/).
func RepoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}

// Root returns the shared folder: $ADCP_SHARED when set, else ../shared
// beside the repository root. It returns "" when the folder does not exist.
func Root() string {
	root := os.Getenv("ADCP_SHARED")
	if root == "" {
		root = filepath.Join(RepoRoot(), "..", "shared")
	}
	if st, err := os.Stat(root); err == nil && st.IsDir() {
		return root
	}
	return ""
}

// Dir returns the sub-folder rel of the shared folder, skipping t when it is
// absent.
func Dir(t testing.TB, rel string) string {
	t.Helper()
	root := Root()
	if root == "" {
		t.Skip("../shared is absent: skipping test that reads the published corpus")
	}
	d := filepath.Join(root, filepath.FromSlash(rel))
	if _, err := os.Stat(d); err != nil {
		t.Skipf("%s is absent: skipping", d)
	}
	return d
}

// ParseJSON decodes a JSON value for comparison: numbers become float64, or
// stay as text when they do not fit a float64.
func ParseJSON(t testing.TB, b []byte) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("not JSON: %v: %s", err, b)
	}
	return normalize(v)
}

func normalize(v any) any {
	switch v := v.(type) {
	case json.Number:
		if f, err := v.Float64(); err == nil {
			return f
		}
		return string(v)
	case []any:
		for i := range v {
			v[i] = normalize(v[i])
		}
	case map[string]any:
		for k := range v {
			v[k] = normalize(v[k])
		}
	}
	return v
}
