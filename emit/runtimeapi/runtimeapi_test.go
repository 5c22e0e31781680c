package runtimeapi

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/internal/testshared"
)

// shipped reads the .go files of the shipped generated package.
func shipped(t *testing.T) map[string][]byte {
	t.Helper()
	dir := filepath.Join(testshared.ModuleRoot(), "generated", "adcperr")
	matches, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, m := range matches {
		if strings.HasSuffix(m, "_test.go") || filepath.Base(m) == "gen.go" {
			continue
		}
		b, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(m)] = b
	}
	return files
}

// TestCheckShipped type-checks the shipped package against the stubs.
func TestCheckShipped(t *testing.T) {
	if err := Check(shipped(t)); err != nil {
		t.Fatal(err)
	}
}

// TestCheckErrors: each broken package gives its first error, with the
// file and position.
func TestCheckErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"undefined runtime name", "package p\n\nimport \"" + RuntimeModule + "\"\n\nvar _ = adcp.NoSuchThing\n", "x.go:5:14: undefined: adcp.NoSuchThing"},
		{"internal package", "package p\n\nimport _ \"" + RuntimeModule + "/internal/jsonwire\"\n", "x.go:3:8: imports " + RuntimeModule + "/internal/jsonwire"},
		{"recursive type", "package p\n\ntype T struct{ Next T }\n", "invalid recursive type"},
		{"blank package", "package _\n", "invalid package name _"},
		{"unused import", "package p\n\nimport \"strconv\"\n", "\"strconv\" imported and not used"},
		{"newer than go1.22", "package p\n\nfunc f() {\n\tfor range func(func() bool) {} {\n\t}\n}\n", "requires go1.23"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Check(map[string][]byte{"x.go": []byte(tc.src)})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Check = %v, want %q", err, tc.want)
			}
		})
	}
}

// TestCheckConcurrent: checks run in parallel (go test -race).
func TestCheckConcurrent(t *testing.T) {
	files := shipped(t)
	errs := make(chan error, 8)
	for i := 0; i < cap(errs); i++ {
		go func() { errs <- Check(files) }()
	}
	for i := 0; i < cap(errs); i++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestPublicStubs: every runtime package generated code may import has a
// stub (internal/apistub's roots are Public).
func TestPublicStubs(t *testing.T) {
	for _, p := range Public {
		src := "package p\n\nimport _ \"" + p + "\"\n"
		if err := Check(map[string][]byte{"x.go": []byte(src)}); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}

// TestCheckFromSource: without the go command's export data, the standard
// library is type-checked from source.
func TestCheckFromSource(t *testing.T) {
	s := newStdImporter()
	s.wanted = []string{"this/is/not/a/package"} // go list fails on it
	if err := s.prepare([]string{"strconv"}); err != nil || s.source == nil {
		t.Fatalf("prepare = %v, source importer %v", err, s.source != nil)
	}
	if _, err := s.Import("strconv"); err != nil {
		t.Fatal(err)
	}
}
