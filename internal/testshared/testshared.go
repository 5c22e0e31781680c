// Package testshared locates the read-only ../shared folder (the published
// AdCP schemas, the official test vectors and the spec) for the modules'
// tests, which skip cleanly when it is absent, and reads the vectors.
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
		root = filepath.Join(ModuleRoot(), "..", "shared")
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

// SourceHead returns a temporary copy of the spec's unreleased source tree
// (adcp-schemas-source/head), with a manifest.json naming it version, since
// its $ids carry none; it skips t when the tree is absent.
func SourceHead(t testing.TB, version string) string {
	t.Helper()
	src := Dir(t, "adcp-schemas-source/head")
	dst := t.TempDir()
	err := os.CopyFS(dst, os.DirFS(src))
	if err == nil {
		err = os.WriteFile(filepath.Join(dst, "manifest.json"), []byte(`{"adcp_version": "`+version+`"}`), 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
	return dst
}
