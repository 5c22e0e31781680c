// Package corpusmod writes, for tests, the temporary Go module that holds
// the packages generated for the published versions: one package per group
// of versions whose packages are the same but for their name and version
// string (Twins), so that the tests that build them (emit's corpus test and
// the differential validation test) compile each distinct package once.
//
// The go command's build cache keys a compiled package by its import path,
// its source bytes and, without -trimpath, its folder: the tests run their go
// commands in the module with -trimpath, so that a package another run (or
// the other test) compiled is found in the cache although each test writes
// the module into a temporary folder of its own.
package corpusmod

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
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

// Write writes the module holding the packages order lists, from pkgs
// (package name → file name → content; packages it does not list, such as
// twins, are left out), requiring the runtime module at runtimeDir, into a
// temporary folder removed when t ends, and returns the folder.
func Write(t testing.TB, runtimeDir string, order []string, pkgs map[string]map[string][]byte) string {
	t.Helper()
	fsys := fstest.MapFS{
		"go.mod": {Data: []byte("module " + Path + "\n\ngo 1.22\n\nrequire " + runtimePkg + " v0.0.0\n\nreplace " + runtimePkg + " => " + runtimeDir + "\n")},
	}
	for _, pkg := range order {
		if len(pkgs[pkg]) == 0 {
			t.Fatalf("corpusmod: package %q missing or empty", pkg)
		}
		for name, b := range pkgs[pkg] {
			fsys[pkg+"/"+name] = &fstest.MapFile{Data: b}
		}
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, fsys); err != nil {
		t.Fatal(err)
	}
	return dir
}

// Twins groups the packages that are the same but for their name and the
// spec version they were generated for, so that the tests build one of each
// group: most patch releases leave the error schemas alone, and their
// packages differ from an earlier one's only in those two strings.
//
// version maps each package of order to its spec version. Two packages are
// twins when, in each of their files (the same file names), replacing the
// package name and then the version by placeholders gives the same bytes.
// The replacement is undone by replacing back (no file holds a NUL byte,
// which the placeholders do), so a twin's files are exactly the kept
// package's files with the other name and version written in: it compiles,
// vets and behaves as the kept one does, but for the version string it
// reports. It returns the packages to build (the first of each group, in
// the order given) and, for every package, the kept package it is a twin of
// (itself for a kept one).
func Twins(order []string, pkgs map[string]map[string][]byte, version map[string]string) (kept []string, twin map[string]string) {
	twin = map[string]string{}
	first := map[string]string{} // canonical content → kept package
	for _, pkg := range order {
		key, ok := canonical(pkgs[pkg], pkg, version[pkg])
		if k, seen := first[key]; ok && seen {
			twin[pkg] = k
			continue
		}
		if ok {
			first[key] = pkg
		}
		kept = append(kept, pkg)
		twin[pkg] = pkg
	}
	return kept, twin
}

// canonical returns the files of a package with its name and version
// replaced by placeholders, as one string; false when that cannot be undone
// (a file holds a NUL byte) or there is nothing to replace.
func canonical(files map[string][]byte, pkg, version string) (string, bool) {
	if pkg == "" || version == "" || len(files) == 0 {
		return "", false
	}
	var sb strings.Builder
	for _, n := range slices.Sorted(maps.Keys(files)) {
		b := files[n]
		if bytes.IndexByte(b, 0) >= 0 {
			return "", false
		}
		b = bytes.ReplaceAll(b, []byte(pkg), []byte("\x00PKG\x00"))
		b = bytes.ReplaceAll(b, []byte(version), []byte("\x00VERSION\x00"))
		fmt.Fprintf(&sb, "%s\x00%d\x00", n, len(b))
		sb.Write(b)
	}
	return sb.String(), true
}
