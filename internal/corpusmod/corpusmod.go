// Package corpusmod writes, for tests, the temporary Go module that holds
// the packages generated for the published versions (one package per
// version, or per group of versions whose packages are the same but for
// their name and version string: Twins), so that the tests that build them
// (emit's corpus test and the differential validation test) share one build.
//
// The go command's build cache keys a compiled package by its import path,
// its source bytes and, without -trimpath, its folder. Two tests that wrote
// the same packages into folders of their own would each compile all of
// them; written here, into one folder named by the SHA-256 of the module's
// content, the second test's go command finds them compiled. The folder is
// only ever created whole (written aside, then renamed), and its content is
// compared byte for byte with what the caller generated before it is used;
// a test adds its own package (Own) beside the versions and removes it when
// it ends, and runs its go commands under Lock, so that two tests running
// at once do not compile the same packages side by side.
package corpusmod

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// Path is the module path of the corpus module; package pkg of it is
// imported as Path + "/" + pkg.
const Path = "example.com/corpus"

const (
	runtimePkg = "github.com/adcp-gen/adcp-gen/adcp"
	prefix     = "adcp-gen-corpus-"
	// stale is the age past which another corpus folder is removed.
	stale = 24 * time.Hour
)

// Imports returns the import lines (name "path") of pkgs, packages of the
// module, for the test program a test writes into it.
func Imports(pkgs []string) []string {
	out := make([]string, len(pkgs))
	for i, pkg := range pkgs {
		out[i] = fmt.Sprintf("%s %q", pkg, Path+"/"+pkg)
	}
	return out
}

// Module is the corpus module written for one set of generated packages.
type Module struct {
	Dir  string   // the module's folder
	Pkgs []string // the version packages, in the order given
}

// Write writes the module holding the packages order lists, from pkgs
// (package name → file name → content; packages it does not list, such as
// twins, are left out), requiring the runtime module at runtimeDir, or
// reuses the one an earlier test wrote with the same content.
func Write(t testing.TB, runtimeDir string, order []string, pkgs map[string]map[string][]byte) *Module {
	t.Helper()
	files := map[string][]byte{
		"go.mod": []byte("module " + Path + "\n\ngo 1.22\n\nrequire " + runtimePkg + " v0.0.0\n\nreplace " + runtimePkg + " => " + runtimeDir + "\n"),
	}
	for _, pkg := range order {
		fs, ok := pkgs[pkg]
		if !ok || len(fs) == 0 || strings.HasPrefix(pkg, "x_") {
			t.Fatalf("corpusmod: package %q missing, empty or named like a test's own", pkg)
		}
		for name, b := range fs {
			files[pkg+"/"+name] = b
		}
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	h := sha256.New()
	for _, n := range names {
		fmt.Fprintf(h, "%s\x00%d\x00", n, len(files[n]))
		h.Write(files[n])
	}
	sum := hex.EncodeToString(h.Sum(nil))[:32]
	base := os.TempDir()
	dir := filepath.Join(base, prefix+sum)
	removeStale(base, dir)

	if !same(dir, names, files) {
		tmp, err := os.MkdirTemp(base, prefix+"tmp-")
		if err != nil {
			t.Fatal(err)
		}
		if err := writeAll(tmp, names, files); err != nil {
			os.RemoveAll(tmp)
			t.Fatal(err)
		}
		if err := os.Rename(tmp, dir); err != nil {
			// Another test won the race, or a folder of that name holds
			// something else: use the other test's when it is the same,
			// else ours, unshared.
			if same(dir, names, files) {
				os.RemoveAll(tmp)
			} else {
				t.Logf("corpusmod: %s is not the expected module (%v): building in %s", dir, err, tmp)
				t.Cleanup(func() { os.RemoveAll(tmp) })
				dir = tmp
			}
		}
	}
	return &Module{Dir: dir, Pkgs: order}
}

// Own creates the test's own package folder in the module ("x_" + name and
// a random suffix, so that concurrent tests never share one), removed when
// the test ends, and returns its name (the folder, relative to Dir).
func (m *Module) Own(t testing.TB, name string) string {
	t.Helper()
	dir, err := os.MkdirTemp(m.Dir, "x_"+name+"_")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return filepath.Base(dir)
}

// Lock waits until no other test builds in this module, and holds it for
// the caller's go commands, so that a second test finds the packages the
// first compiled in the build cache instead of compiling them beside it.
// It returns the function that lets the next test in.
func (m *Module) Lock() (unlock func()) {
	return lockFile(m.Dir + ".lock")
}

// Patterns returns the go command's package patterns of the version
// packages and of own.
func (m *Module) Patterns(own ...string) []string {
	var out []string
	for _, p := range m.Pkgs {
		out = append(out, "./"+p)
	}
	for _, p := range own {
		out = append(out, "./"+p)
	}
	return out
}

// same reports whether dir holds exactly the given files, leaving aside the
// tests' own packages (x_*).
func same(dir string, names []string, files map[string][]byte) bool {
	found := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if strings.HasPrefix(rel, "x_") {
				return filepath.SkipDir
			}
			return nil
		}
		want, ok := files[rel]
		if !ok || !d.Type().IsRegular() {
			return errors.New("unexpected file " + rel)
		}
		got, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if !bytes.Equal(got, want) {
			return errors.New(rel + " differs")
		}
		found++
		return nil
	})
	return err == nil && found == len(names)
}

func writeAll(dir string, names []string, files map[string][]byte) error {
	for _, n := range names {
		p := filepath.Join(dir, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, files[n], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// removeStale removes the corpus folders (and abandoned partial ones) of
// base, other than keep, that nothing has touched for a day.
func removeStale(base, keep string) {
	entries, err := os.ReadDir(base)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), prefix) || filepath.Join(base, e.Name()) == keep {
			continue
		}
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > stale {
			os.RemoveAll(filepath.Join(base, e.Name()))
			os.Remove(filepath.Join(base, e.Name()) + ".lock")
		}
	}
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
		if !ok {
			kept = append(kept, pkg)
			twin[pkg] = pkg
			continue
		}
		if k, seen := first[key]; seen {
			twin[pkg] = k
			continue
		}
		first[key] = pkg
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
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	var sb strings.Builder
	for _, n := range names {
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
