package corpusmod

import (
	"bytes"
	"os"
	"path/filepath"
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
