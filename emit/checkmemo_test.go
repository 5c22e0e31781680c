package emit

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"maps"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/dave/jennifer/jen"
)

// renderRaws renders the files of spec as Render does before formatting
// them: the unformatted renders checkKey and checkPackage read.
func renderRaws(t *testing.T, spec *schemaload.Spec, pkg string) map[string][]byte {
	t.Helper()
	g, err := newGen(spec, pkg)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := g.docFile()
	if err != nil {
		t.Fatal(err)
	}
	raws := map[string][]byte{"doc.go": doc}
	for name, build := range map[string]func() *jen.File{"codes.go": g.codesFile, "vocabulary.go": g.vocabularyFile, "details.go": g.detailsFile} {
		f := build()
		f.NoFormat = true
		var b bytes.Buffer
		must(t, f.Render(&b))
		raws[name] = b.Bytes()
	}
	return raws
}

// forgetAll forgets what the process remembers for later generations: the
// formatted bodies, the passed checks and the wrapped descriptions.
func forgetAll() {
	formatted.Lock()
	formatted.bodies, formatted.size = nil, 0
	formatted.Unlock()
	passedChecks.Lock()
	passedChecks.keys = nil
	passedChecks.Unlock()
	wrapped.Lock()
	wrapped.lines, wrapped.size = nil, 0
	wrapped.Unlock()
}

// uniqueTag is a tag for versioned no other test or run of a test uses.
func uniqueTag(t *testing.T) string {
	return fmt.Sprintf("%s-%d", t.Name(), tags.Add(1))
}

var tags atomic.Int64

// versioned is the fixture's model for another spec version, with tag
// added to a description: the memos live as long as the process, and a
// test that expects a miss uses a tag no other test uses.
func versioned(version, tag string) *schemaload.Spec {
	spec := fixtureSpec()
	spec.Version = version
	spec.Codes[0].Description += " " + tag // in codes.go
	spec.Codes[0].Suggestion += " " + tag  // in vocabulary.go
	return spec
}

// TestCheckKey: two packages share a key when they differ only in their
// package name, header and version; any other difference, a version that
// could change how the text scans, or a file not in the shape the key's
// argument needs gives another key or none.
func TestCheckKey(t *testing.T) {
	tag := uniqueTag(t)
	base := renderRaws(t, versioned("1.0.0", tag), "memoa")
	baseKey, ok := checkKey("1.0.0", "memoa", base)
	if !ok {
		t.Fatal("the fixture package has no key")
	}
	edit := func(name string, f func([]byte) []byte) map[string][]byte {
		raws := maps.Clone(base)
		raws[name] = f(bytes.Clone(raws[name]))
		return raws
	}
	otherModel := versioned("1.0.0", tag)
	otherModel.Codes[0].Description += " More."
	for _, tc := range []struct {
		name    string
		version string
		pkg     string
		raws    map[string][]byte
		want    string // "same", "differs" or "none"
	}{
		{"twin", "1.0.1", "memob", renderRaws(t, versioned("1.0.1", tag), "memob"), "same"},
		{"twin, longer version", "1.0.10", "memob", renderRaws(t, versioned("1.0.10", tag), "memob"), "same"},
		{"same package", "1.0.0", "memoa", base, "same"},
		{"another model", "1.0.0", "memoa", renderRaws(t, otherModel, "memoa"), "differs"},
		{"one byte of a body", "1.0.0", "memoa", edit("details.go", func(b []byte) []byte { return append(b, '\n') }), "differs"},
		{"another version in the same text", "1.0.1", "memoa", base, "differs"},
		{"a file more", "1.0.0", "memoa", func() map[string][]byte {
			raws := maps.Clone(base)
			raws["more.go"] = base["details.go"]
			return raws
		}(), "differs"},
		{"version with a quote", `1.0.0"`, "memoa", base, "none"},
		{"version with a slash", "1.0/0", "memoa", base, "none"},
		{"empty version", "", "memoa", base, "none"},
		{"package clause of another name", "1.0.0", "other", base, "none"},
		{"blank package name", "1.0.0", "_", base, "none"},
		{"doc.go declares", "1.0.0", "memoa", edit("doc.go", func(b []byte) []byte { return append(b, "\nvar X int\n"...) }), "none"},
		{"doc.go go:build", "1.0.0", "memoa", edit("doc.go", func(b []byte) []byte { return append([]byte("//go:build go1.21\n\n"), b...) }), "none"},
		{"header not split", "1.0.0", "memoa", edit("codes.go", func(b []byte) []byte { return append([]byte("//go:build go1.21\n\n"), b...) }), "none"},
	} {
		key, ok := checkKey(tc.version, tc.pkg, tc.raws)
		got := "none"
		switch {
		case ok && key == baseKey:
			got = "same"
		case ok:
			got = "differs"
		}
		if got != tc.want {
			t.Errorf("%s: key %s, want %s", tc.name, got, tc.want)
		}
	}
}

// TestCheckPackageMemo: a package whose twin passed is not checked again
// (a hit); one that differs otherwise is; a package that fails is never
// remembered, and each of its twins is checked and gets its own error.
func TestCheckPackageMemo(t *testing.T) {
	tag := uniqueTag(t)
	// Versions no other test uses: the memo lives as long as the process.
	a := renderRaws(t, versioned("77.0.1", tag), "twina")
	b := renderRaws(t, versioned("77.0.2", tag), "twinb")
	c := renderRaws(t, versioned("77.0.30", tag), "twinc")
	for i, step := range []struct {
		version, pkg string
		raws         map[string][]byte
		hit          bool
	}{{"77.0.1", "twina", a, false}, {"77.0.2", "twinb", b, true}, {"77.0.30", "twinc", c, true}, {"77.0.1", "twina", a, true}, {"77.0.1", "twinb", a, false}} {
		hit, err := checkPackage(step.version, step.pkg, step.raws, map[string]*ast.File{}, true)
		if err != nil || hit != step.hit {
			t.Errorf("step %d (%s): hit %v, %v; want hit %v", i, step.version, hit, err, step.hit)
		}
	}
	// Without remember, nothing is looked up or remembered.
	if hit, err := checkPackage("77.0.5", "twine", renderRaws(t, versioned("77.0.5", tag), "twine"), nil, false); hit || err != nil {
		t.Errorf("a twin, not remembering: hit %v, %v; want a passing check", hit, err)
	}
	d := renderRaws(t, versioned("77.0.6", tag+"-d"), "twinf")
	for i := range 2 {
		if hit, err := checkPackage("77.0.6", "twinf", d, nil, false); hit || err != nil {
			t.Errorf("not remembering, check %d: hit %v, %v; want a passing check", i, hit, err)
		}
	}
	if hit, err := checkPackage("77.0.6", "twinf", d, nil, true); hit || err != nil {
		t.Errorf("remembering a package checked without: hit %v, %v; want a passing check", hit, err)
	}
	other := versioned("77.0.4", tag)
	other.Codes[0].Description += " More."
	if hit, err := checkPackage("77.0.4", "twind", renderRaws(t, other, "twind"), nil, true); hit || err != nil {
		t.Errorf("another model: hit %v, %v; want a passing check", hit, err)
	}

	broken := func(version string) *schemaload.Spec {
		spec := versioned(version, tag)
		spec.Types[1].GoName = spec.Types[0].GoName
		spec.SettleGoTypes()
		return spec
	}
	var first string
	for _, version := range []string{"77.1.1", "77.1.2", "77.1.1"} {
		hit, err := checkPackage(version, "broken", renderRaws(t, broken(version), "broken"), nil, true)
		if hit || err == nil || !strings.Contains(err.Error(), "redeclared") {
			t.Fatalf("broken %s: hit %v, %v; want the type error", version, hit, err)
		}
		if first == "" {
			first = err.Error()
		} else if err.Error() != first {
			t.Errorf("broken %s: %v, want the error of its twin, %s", version, err, first)
		}
	}
}

// TestCheckPackageVersionUsed: packages with the same key whose verdicts
// differ because the version's value matters (the constant or the literal
// in a constant expression, a map key, a switch case or an index) are
// never answered from the memo: the first passes and is not remembered,
// the second fails with its own error. The version in a comment, or
// SpecVersion as the value of a keyed element, is remembered.
func TestCheckPackageVersionUsed(t *testing.T) {
	tag := uniqueTag(t)
	for _, tc := range []struct {
		name     string
		body     string // VERSION is the version
		pass     string // a version it passes with
		other    string // a version with the same key
		wantErr  string // what other's check says, "" for a memo hit
		wantLine string
	}{
		{"index", "const SpecVersion = \"VERSION\"\n\nvar _ = SpecVersion[5]\n", "1.0.10", "1.0.0", "out of bounds", "codes.go:7:"},
		{"map key", "const SpecVersion = \"VERSION\"\n\nvar _ = map[string]int{SpecVersion: 1, \"1.0\" + \".0\": 2}\n", "1.0.1", "1.0.0", "duplicate key", "codes.go:7:"},
		{"switch case", "const SpecVersion = \"VERSION\"\n\nfunc f(s string) {\n\tswitch s {\n\tcase SpecVersion, \"1.0\" + \".0\":\n\t}\n}\n", "1.0.1", "1.0.0", "duplicate case", "codes.go:9:"},
		{"array length", "const SpecVersion = \"VERSION\"\n\nvar _ [len(SpecVersion) - 6]int\n", "1.0.10", "1.0.0", "array length", "codes.go:7:"},
		{"constant division", "const SpecVersion = \"VERSION\"\n\nconst _ = 1 / (len(SpecVersion) - 5)\n", "1.0.10", "1.0.0", "division by zero", "codes.go:7:"},
		{"another literal", "const SpecVersion = \"1\"\n\nvar _ = map[string]int{\"VERSION\": 1, \"1.0\" + \".0\": 2}\n", "1.0.1", "1.0.0", "duplicate key", "codes.go:7:"},
		{"in a comment and a keyed value", "// Version VERSION.\nconst SpecVersion = \"VERSION\"\n\nvar _ = struct{ V string }{V: SpecVersion}\n", "1.0.1", "2.0.0-rc.1", "", ""},
	} {
		raws := func(version string) map[string][]byte {
			return map[string][]byte{
				"doc.go":   []byte("// Package p.\npackage p\n"),
				"codes.go": []byte(HeaderPrefix + " from x.json (AdCP " + version + "). DO NOT EDIT.\n\npackage p\n\n" + strings.ReplaceAll(tc.body, "VERSION", version) + "\n// " + tag + "\n"),
			}
		}
		pass, other := tc.pass, tc.other
		ka, okA := checkKey(pass, "p", raws(pass))
		kb, okB := checkKey(other, "p", raws(other))
		if !okA || !okB || ka != kb {
			t.Fatalf("%s: keys %v %v, equal %v: the case tests nothing", tc.name, okA, okB, ka == kb)
		}
		if hit, err := checkPackage(pass, "p", raws(pass), nil, true); hit || err != nil {
			t.Fatalf("%s: %s: hit %v, %v; want a passing check", tc.name, pass, hit, err)
		}
		hit, err := checkPackage(other, "p", raws(other), nil, true)
		switch {
		case tc.wantErr == "" && (!hit || err != nil):
			t.Errorf("%s: %s: hit %v, %v; want a hit", tc.name, other, hit, err)
		case tc.wantErr != "" && (hit || err == nil || !strings.Contains(err.Error(), tc.wantErr) || !strings.HasPrefix(err.Error(), tc.wantLine)):
			t.Errorf("%s: %s: hit %v, %v; want %s: ... %s", tc.name, other, hit, err, tc.wantLine, tc.wantErr)
		}
	}
}

// TestRenderNotHiddenByMemo: Render of a broken model after a passing one
// of the same version (whose package is remembered) reports the type
// error; a twin of the passing one is rendered as Files renders it.
func TestRenderNotHiddenByMemo(t *testing.T) {
	tag := uniqueTag(t)
	if _, err := Files(versioned("78.0.0", tag), Options{Package: "fixture", Remember: true}); err != nil {
		t.Fatal(err)
	}
	broken := versioned("78.0.0", tag)
	broken.Types[1].GoName = broken.Types[0].GoName
	broken.SettleGoTypes()
	if _, err := Files(broken, Options{Package: "fixture", Remember: true}); err == nil || !strings.Contains(err.Error(), "redeclared") {
		t.Errorf("Files of a broken model after a passing one = %v", err)
	}
	files, err := Files(versioned("78.0.1", tag), Options{Package: "twin", Remember: true})
	if err != nil {
		t.Fatal(err)
	}
	raws := renderRaws(t, versioned("78.0.1", tag), "twin")
	for name, raw := range raws {
		want, err := format.Source(raw)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(files[name], want) {
			t.Errorf("%s of the twin differs from format.Source of its render:\n%s", name, Diff("want", "got", want, files[name]))
		}
	}
}

// TestCheckPackageConcurrent: twins checked at once run one check, whose
// verdict the others wait for, when it passes; when it fails, each runs its
// own and gets the error.
func TestCheckPackageConcurrent(t *testing.T) {
	tag := uniqueTag(t)
	for _, broken := range []bool{false, true} {
		const n = 6
		var wg sync.WaitGroup
		hits := make([]bool, n)
		errs := make([]error, n)
		for i := range n {
			version := fmt.Sprintf("80.0.%d", i)
			spec := versioned(version, tag)
			if broken {
				spec.Types[1].GoName = spec.Types[0].GoName
				spec.SettleGoTypes()
			}
			pkg := fmt.Sprintf("p%d", i)
			raws := renderRaws(t, spec, pkg)
			wg.Add(1)
			go func() {
				defer wg.Done()
				hits[i], errs[i] = checkPackage(version, pkg, raws, nil, true)
			}()
		}
		wg.Wait()
		misses := 0
		for i := range n {
			if !hits[i] {
				misses++
			}
			if (errs[i] != nil) != broken || hits[i] && broken {
				t.Errorf("broken %v, package %d: hit %v, %v", broken, i, hits[i], errs[i])
			}
		}
		if want := map[bool]int{false: 1, true: n}[broken]; misses != want {
			t.Errorf("broken %v: %d checks ran, want %d", broken, misses, want)
		}
	}
}
