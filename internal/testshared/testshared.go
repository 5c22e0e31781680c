// Package testshared locates the read-only ../shared folder (the published AdCP
// schemas, the official test vectors and the spec) for tests, which skip
// cleanly when it is absent.
package testshared

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Root returns the shared folder: $ADCP_SHARED when set, else ../shared beside
// the module root. It returns "" when the folder does not exist.
func Root() string {
	root := os.Getenv("ADCP_SHARED")
	if root == "" {
		_, file, _, _ := runtime.Caller(0)
		root = filepath.Join(filepath.Dir(file), "..", "..", "..", "shared")
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

// ModuleRoot returns the root folder of this module.
func ModuleRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}
