// Package corpusmod writes, for tests, the temporary Go module that holds
// the packages generated for the published versions, one package per
// version: the module emit's corpus test and the differential validation
// test build.
//
// The tests build it with -trimpath, so that the build cache finds a package
// the other test or an earlier run compiled in another temporary folder.
package corpusmod

import (
	"fmt"
	"os"
	"testing"
	"testing/fstest"
)

// Path is the module path of the corpus module; package pkg of it is
// imported as Path + "/" + pkg.
const Path = "example.com/corpus"

const runtimePkg = "github.com/adcp-gen/adcp-gen/adcp"

// Imports returns the import lines (name "path") of pkgs, packages of the
// module, for the test program a test writes into it.
func Imports(pkgs []string) []string {
	out := make([]string, len(pkgs))
	for i, pkg := range pkgs {
		out[i] = fmt.Sprintf("%s %q", pkg, Path+"/"+pkg)
	}
	return out
}

// Write writes the module holding pkgs (package name → file name →
// content), requiring the runtime module at runtimeDir, into a temporary
// folder removed when t ends, and returns the folder.
func Write(t testing.TB, runtimeDir string, pkgs map[string]map[string][]byte) string {
	t.Helper()
	fsys := fstest.MapFS{
		"go.mod": {Data: []byte("module " + Path + "\n\ngo 1.22\n\nrequire " + runtimePkg + " v0.0.0\n\nreplace " + runtimePkg + " => " + runtimeDir + "\n")},
	}
	for pkg, files := range pkgs {
		for name, b := range files {
			fsys[pkg+"/"+name] = &fstest.MapFile{Data: b}
		}
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, fsys); err != nil {
		t.Fatal(err)
	}
	return dir
}
