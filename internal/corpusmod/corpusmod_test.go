package corpusmod

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func pkgs(version string) map[string]map[string][]byte {
	return map[string]map[string][]byte{
		"v1": {"a.go": []byte("package v1\n\nconst V = " + version + "\n")},
		"v2": {"a.go": []byte("package v2\n"), "b.go": []byte("package v2\n\nvar B int\n")},
	}
}

// TestWriteShares checks that the same content gives the same folder (the
// second writer reuses the first's), other content another, and that a
// folder whose content differs is not used.
func TestWriteShares(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("TMPDIR")
	}
	t.Setenv("TMPDIR", t.TempDir())
	order := []string{"v1", "v2"}
	a := Write(t, "/rt", order, pkgs("1"))
	b := Write(t, "/rt", order, pkgs("1"))
	if a.Dir != b.Dir || !strings.HasPrefix(filepath.Base(a.Dir), prefix) {
		t.Fatalf("same content, folders %s and %s", a.Dir, b.Dir)
	}
	got, err := os.ReadFile(filepath.Join(a.Dir, "v2", "b.go"))
	if err != nil || string(got) != "package v2\n\nvar B int\n" {
		t.Errorf("v2/b.go = %q, %v", got, err)
	}
	if mod, _ := os.ReadFile(filepath.Join(a.Dir, "go.mod")); !strings.Contains(string(mod), "module "+Path+"\n") || !strings.Contains(string(mod), "=> /rt\n") {
		t.Errorf("go.mod:\n%s", mod)
	}
	if c := Write(t, "/rt", order, pkgs("2")); c.Dir == a.Dir {
		t.Error("other content, same folder")
	}
	if c := Write(t, "/other", order, pkgs("1")); c.Dir == a.Dir {
		t.Error("other runtime, same folder")
	}

	// A test's own package is left aside by the comparison, and removed
	// when the test ends.
	var own string
	t.Run("own", func(t *testing.T) {
		own = a.Own(t, "x")
		if err := os.WriteFile(filepath.Join(a.Dir, own, "main.go"), []byte("package main\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if d := Write(t, "/rt", order, pkgs("1")); d.Dir != a.Dir {
			t.Errorf("an own package made the folder unusable: %s", d.Dir)
		}
		if p := a.Patterns(own); strings.Join(p, " ") != "./v1 ./v2 ./"+own {
			t.Errorf("Patterns = %v", p)
		}
	})
	if _, err := os.Stat(filepath.Join(a.Dir, own)); !os.IsNotExist(err) {
		t.Errorf("the own package outlived its test: %v", err)
	}

	// A folder of the right name whose content was changed is not used.
	if err := os.WriteFile(filepath.Join(a.Dir, "v1", "a.go"), []byte("package v1\n\nconst V = 9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := Write(t, "/rt", order, pkgs("1"))
	if e.Dir == a.Dir {
		t.Fatal("a changed folder was used")
	}
	if got, _ := os.ReadFile(filepath.Join(e.Dir, "v1", "a.go")); string(got) != "package v1\n\nconst V = 1\n" {
		t.Errorf("the fallback folder holds %q", got)
	}
	// An extra file spoils the folder too.
	f := Write(t, "/rt", order, pkgs("2"))
	if err := os.WriteFile(filepath.Join(f.Dir, "v1", "extra.go"), []byte("package v1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if g := Write(t, "/rt", order, pkgs("2")); g.Dir == f.Dir {
		t.Error("a folder with an extra file was used")
	}
}

// TestTwins checks that packages differing only in their name and version
// are grouped, and that any other difference, another file set, or a NUL
// byte keeps a package apart.
func TestTwins(t *testing.T) {
	src := func(pkg, version, extra string) map[string][]byte {
		return map[string][]byte{
			"a.go": []byte("// Package " + pkg + " is AdCP " + version + ".\npackage " + pkg + "\n\nconst SpecVersion = \"" + version + "\"\n" + extra),
			"b.go": []byte("package " + pkg + "\n\nvar B = 1\n"),
		}
	}
	pkgs := map[string]map[string][]byte{
		"v1_0_0": src("v1_0_0", "1.0.0", ""),
		"v1_0_1": src("v1_0_1", "1.0.1", ""),
		"v1_1_0": src("v1_1_0", "1.1.0", "var New = 2\n"),
		"v1_0_2": src("v1_0_2", "1.0.2", ""),
		"v1_1_1": src("v1_1_1", "1.1.1", "var New = 2\n"),
		"v1_2_0": src("v1_2_0", "1.2.0", "var New = 3\n"),
		"v1_2_1": src("v1_2_1", "1.2.1", "\x00"),
		"v1_2_2": src("v1_2_2", "1.2.2", "\x00"),
		"v1_3_0": {"a.go": src("v1_3_0", "1.3.0", "")["a.go"]},
		// Another version named in the text is text like any other: these
		// two are twins of each other, not of v1_0_0.
		"v1_0_3": src("v1_0_3", "1.0.3", "// was 1.0.0\n"),
		"v1_0_4": src("v1_0_4", "1.0.4", "// was 1.0.0\n"),
	}
	order := []string{"v1_0_0", "v1_0_1", "v1_1_0", "v1_0_2", "v1_1_1", "v1_2_0", "v1_2_1", "v1_2_2", "v1_3_0", "v1_0_3", "v1_0_4"}
	version := map[string]string{}
	for _, p := range order {
		version[p] = strings.ReplaceAll(strings.TrimPrefix(p, "v"), "_", ".")
	}
	kept, twin := Twins(order, pkgs, version)
	if got, want := strings.Join(kept, " "), "v1_0_0 v1_1_0 v1_2_0 v1_2_1 v1_2_2 v1_3_0 v1_0_3"; got != want {
		t.Errorf("kept %s, want %s", got, want)
	}
	for p, want := range map[string]string{
		"v1_0_0": "v1_0_0", "v1_0_1": "v1_0_0", "v1_0_2": "v1_0_0", "v1_1_0": "v1_1_0", "v1_1_1": "v1_1_0",
		"v1_2_0": "v1_2_0", "v1_2_1": "v1_2_1", "v1_2_2": "v1_2_2", "v1_3_0": "v1_3_0", "v1_0_3": "v1_0_3", "v1_0_4": "v1_0_3",
	} {
		if twin[p] != want {
			t.Errorf("twin[%s] = %q, want %q", p, twin[p], want)
		}
	}
	// A twin's files are its kept package's with the name and version
	// written in.
	for p, k := range twin {
		for name, b := range pkgs[k] {
			b = bytes.ReplaceAll(b, []byte(k), []byte(p))
			b = bytes.ReplaceAll(b, []byte(version[k]), []byte(version[p]))
			if !bytes.Equal(b, pkgs[p][name]) {
				t.Errorf("%s/%s is not %s/%s renamed", p, name, k, name)
			}
		}
	}
}

func TestImports(t *testing.T) {
	got := Imports([]string{"v3_1_0", "v3_2_0_beta_5"})
	want := []string{`v3_1_0 "` + Path + `/v3_1_0"`, `v3_2_0_beta_5 "` + Path + `/v3_2_0_beta_5"`}
	if !slices.Equal(got, want) {
		t.Errorf("Imports = %q, want %q", got, want)
	}
}
