package emit

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"sort"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/emit/runtimeapi"
	"github.com/dave/jennifer/jen"
)

// TestGofmtIsFormatSource: gofmt gives go/format.Source's bytes, on the
// unformatted renders of the fixture's files and on sources that need each
// kind of change gofmt makes (spacing, alignment, imports to sort, number
// prefixes to canonicalise, doc comments to reformat).
func TestGofmtIsFormatSource(t *testing.T) {
	g, err := newGen(fixtureSpec(), "fixture")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := g.docFile()
	if err != nil {
		t.Fatal(err)
	}
	inputs := map[string][]byte{"doc.go": doc}
	for _, j := range []struct {
		name   string
		render func() []byte
	}{
		{"codes.go", func() []byte {
			f := g.codesFile()
			f.NoFormat = true
			var b bytes.Buffer
			must(t, f.Render(&b))
			return b.Bytes()
		}},
		{"vocabulary.go", func() []byte {
			f := g.vocabularyFile()
			f.NoFormat = true
			var b bytes.Buffer
			must(t, f.Render(&b))
			return b.Bytes()
		}},
		{"details.go", func() []byte {
			f := g.detailsFile()
			f.NoFormat = true
			var b bytes.Buffer
			must(t, f.Render(&b))
			return b.Bytes()
		}},
	} {
		inputs[j.name] = j.render()
	}
	inputs["imports.go"] = []byte("package p\nimport (\n\"strconv\"\n\"bytes\"\n\n\"regexp\"\n\"errors\"\n)\nvar _,_,_,_=strconv.Itoa,bytes.Equal,regexp.MustCompile,errors.New\n")
	inputs["numbers.go"] = []byte("package p\nconst (\na=0X1F\nbb=0B101\nccc=0O17\nd=1E3\ne=0x1P-2\nf=1_000i\n)\n")
	inputs["align.go"] = []byte("package p\ntype T struct{\nA int `json:\"a\"` // a\nLonger string `json:\"longer\"` // longer\n}\nvar x=map[string]int{\"a\":1,\n\"bbbb\":2,\n}\n")
	inputs["doccomment.go"] = []byte("package p\n// F does\n//things:\n//  - one\n//  - two\n// See [T].\nfunc F(){ if true {return} }\n")
	names := make([]string, 0, len(inputs))
	for n := range inputs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		raw := inputs[n]
		want, err := format.Source(raw)
		if err != nil {
			t.Fatalf("%s: format.Source: %v", n, err)
		}
		got, tree, err := gofmt(n, raw)
		if err != nil {
			t.Fatalf("%s: gofmt: %v", n, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: gofmt differs from format.Source:\n%s", n, Diff("format.Source/"+n, "gofmt/"+n, want, got))
		}
		if tree == nil || runtimeapi.FileSet().File(tree.Pos()) == nil {
			t.Errorf("%s: the tree is not parsed with runtimeapi.FileSet", n)
		}
		if strings.HasSuffix(n, ".go") && bytes.Equal(raw, want) && n != "doc.go" {
			t.Errorf("%s: the input is already formatted, so it tests nothing", n)
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestStdImports: every standard package a generated package imports is in
// stdImports, which Warm readies beforehand.
func TestStdImports(t *testing.T) {
	files, err := Files(fixtureSpec(), Options{Package: "fixture"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, p := range stdImports {
		want[p] = true
	}
	for _, n := range sortedKeys(files) {
		_, tree, err := gofmt(n, files[n])
		if err != nil {
			t.Fatal(err)
		}
		for _, is := range tree.Imports {
			p := strings.Trim(is.Path.Value, `"`)
			if !strings.HasPrefix(p, runtimeapi.RuntimeModule) && !want[p] {
				t.Errorf("%s imports %s, which stdImports lacks", n, p)
			}
		}
	}
}

// TestGofmtOnce: a file whose unformatted body was formatted before gets
// the remembered body under its own first lines, the bytes
// go/format.Source gives it; so do files whose first lines gofmtOnce does
// not split.
func TestGofmtOnce(t *testing.T) {
	g, err := newGen(fixtureSpec(), "fixture")
	if err != nil {
		t.Fatal(err)
	}
	f := g.detailsFile()
	f.NoFormat = true
	var b bytes.Buffer
	must(t, f.Render(&b))
	head, body, ok := splitHead(b.Bytes())
	if !ok {
		t.Fatalf("splitHead refuses jennifer's render: %q", firstLine(b.String()))
	}
	if !bytes.HasPrefix(head, []byte(g.header)) || !bytes.HasSuffix(head, []byte("\npackage fixture\n")) {
		t.Fatalf("head = %q", head)
	}
	body = append([]byte("\n// A marker that makes this body its own.\n"), body...)
	for i, h := range []string{
		HeaderPrefix + " from x.json (AdCP 1.0.0). DO NOT EDIT.\n\npackage first\n",
		HeaderPrefix + " from a much longer list of sources.json (AdCP 10.20.30-beta.40). DO NOT EDIT.\n\npackage second_package_name\n",
		HeaderPrefix + " from x.json (AdCP 1.0.0). DO NOT EDIT. \n\npackage trailingblank\n", // not split
		"// Another header.\n\npackage other\n",                                              // not split
		HeaderPrefix + " from x.json.\n// Two lines.\n\npackage twolines\n",                  // not split
	} {
		raw := append([]byte(h), body...)
		want, err := format.Source(raw)
		if err != nil {
			t.Fatal(err)
		}
		got, tree, err := gofmtOnce("details.go", raw, "")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("case %d: gofmtOnce differs from format.Source:\n%s", i, Diff("format.Source", "gofmtOnce", want, got))
		}
		if tree == nil || tree.Name.Name != strings.TrimSpace(h[strings.LastIndex(h, "package ")+len("package "):]) {
			t.Errorf("case %d: the tree is not the file's", i)
		}
		_, _, split := splitHead(raw)
		if split != (i < 2) {
			t.Errorf("case %d: splitHead = %v", i, split)
		}
		formatted.Lock()
		key, _ := formatKey(body, "")
		_, remembered := formatted.bodies[key]
		formatted.Unlock()
		if !remembered {
			t.Errorf("case %d: the body is not remembered", i)
		}
	}
}

// gofmt formats raw in one call, as Render does in two (parseToFormat, then
// its print).
func gofmt(name string, raw []byte) ([]byte, *ast.File, error) {
	return formatWith(parseToFormat, name, raw)
}

// gofmtOnce is gofmt through parseToFormatOnce (with version), and the
// tree of raw when parseToFormatOnce parsed none.
func gofmtOnce(name string, raw []byte, version string) ([]byte, *ast.File, error) {
	src, f, err := formatWith(func(name string, raw []byte) (*ast.File, func() ([]byte, error), error) {
		return parseToFormatOnce(name, raw, version)
	}, name, raw)
	if err == nil && f == nil {
		f, err = parser.ParseFile(runtimeapi.FileSet(), name, raw, parser.ParseComments|parser.SkipObjectResolution)
	}
	return src, f, err
}

func formatWith(step func(string, []byte) (*ast.File, func() ([]byte, error), error), name string, raw []byte) ([]byte, *ast.File, error) {
	f, print, err := step(name, raw)
	if err != nil {
		return nil, nil, err
	}
	src, err := print()
	return src, f, err
}

// TestGofmtOnceVersion: a body in which the version occurs only as the
// literal of SpecVersion or in comments gofmt leaves as they are is
// formatted once for every version of the same length (the later ones are
// not parsed: no tree), and each gets the bytes go/format.Source gives it;
// a body with the version anywhere else (another literal, a doc comment
// gofmt changes with one version or the other, the start of a comment) is
// formatted every time.
func TestGofmtOnceVersion(t *testing.T) {
	tag := uniqueTag(t)
	render := func(version, file string) []byte {
		t.Helper()
		g, err := newGen(versioned(version, tag), "fixture")
		if err != nil {
			t.Fatal(err)
		}
		f := map[string]func() *jen.File{"codes.go": g.codesFile, "vocabulary.go": g.vocabularyFile}[file]()
		f.NoFormat = true
		var b bytes.Buffer
		must(t, f.Render(&b))
		return b.Bytes()
	}
	literal := func(version, pkg string) []byte {
		return []byte(HeaderPrefix + " from x.json (AdCP " + version + "). DO NOT EDIT.\n\npackage " + pkg +
			"\nconst SpecVersion=\"" + version + "\"\nvar x=map[string]int{\"a\":1,\n\"bbbb\":2,\n}\n// " + tag + "\n")
	}
	other := func(version, pkg string) []byte {
		return []byte(HeaderPrefix + " from x.json (AdCP " + version + "). DO NOT EDIT.\n\npackage " + pkg +
			"\nconst SpecVersion=\"" + version + "\"\nvar x=map[string]int{\"" + version + "\":1,\n\"bbbb\":2,\n}\n// " + tag + "\n")
	}
	heading := func(version, pkg string) []byte {
		return []byte(HeaderPrefix + " from x.json (AdCP " + version + "). DO NOT EDIT.\n\npackage " + pkg +
			"\n// X is a doc comment.\n//\n// Release " + version + "\n//\n// More text " + tag + ".\nvar X = 1\nvar y=2\n")
	}
	changed := func(version string) []byte { // the indented line becomes a code block
		return []byte(HeaderPrefix + " from x.json (AdCP " + version + "). DO NOT EDIT.\n\npackage p" +
			"\n// X is of AdCP " + version + ":\n//   code\n// " + tag + "\nvar X = 1\nvar y=2\n")
	}
	first := func(version string) []byte {
		return []byte(HeaderPrefix + " from x.json (AdCP " + version + "). DO NOT EDIT.\n\npackage p" +
			"\n// " + version + " is X's version, " + tag + ".\nvar X = 1\nvar y=2\n")
	}
	plus := func(version string) []byte {
		return []byte(HeaderPrefix + " from x.json (AdCP " + version + "). DO NOT EDIT.\n\npackage p" +
			"\n// +" + version + " is X's version, " + tag + ".\nvar X = 1\nvar y=2\n")
	}
	// Versions no other test uses: the memo lives as long as the process.
	for _, tc := range []struct {
		name    string
		file    string
		raws    [][]byte
		parsed  []bool // whether each call parses (a miss)
		version []string
	}{
		{"codes.go", "codes.go", [][]byte{render("79.0.0", "codes.go"), render("79.0.1", "codes.go"), render("79.0.10", "codes.go"), render("79.0.2", "codes.go")},
			[]bool{true, false, true, false}, []string{"79.0.0", "79.0.1", "79.0.10", "79.0.2"}},
		{"version in a doc comment", "vocabulary.go", [][]byte{render("79.1.0", "vocabulary.go"), render("79.1.1", "vocabulary.go"), render("79.1.10", "vocabulary.go")},
			[]bool{true, false, true}, []string{"79.1.0", "79.1.1", "79.1.10"}},
		// gofmt rewrites an old-style heading ("Release 1.0", alone in its
		// paragraph) as "# Release 1.0"; "Release 1+0" is not one.
		{"a version that makes a heading", "x.go", [][]byte{heading("1+0", "a"), heading("1.0", "a")}, []bool{true, true}, []string{"1+0", "1.0"}},
		{"a doc comment gofmt changes", "x.go", [][]byte{changed("79.4.0"), changed("79.4.1")}, []bool{true, true}, []string{"79.4.0", "79.4.1"}},
		{"the version first in a comment", "x.go", [][]byte{first("79.5.0"), first("79.5.1")}, []bool{true, true}, []string{"79.5.0", "79.5.1"}},
		{"the version after // +", "x.go", [][]byte{plus("79.6.0"), plus("79.6.1")}, []bool{true, true}, []string{"79.6.0", "79.6.1"}},
		{"literal only", "x.go", [][]byte{literal("79.2.0", "a"), literal("79.2.1", "bb")}, []bool{true, false}, []string{"79.2.0", "79.2.1"}},
		{"another literal", "x.go", [][]byte{other("79.3.0", "a"), other("79.3.1", "a")}, []bool{true, true}, []string{"79.3.0", "79.3.1"}},
	} {
		for i, raw := range tc.raws {
			want, err := format.Source(raw)
			if err != nil {
				t.Fatal(err)
			}
			f, print, err := parseToFormatOnce(tc.file, raw, tc.version[i])
			if err != nil {
				t.Fatal(err)
			}
			got, err := print()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s, %s: differs from format.Source:\n%s", tc.name, tc.version[i], Diff("format.Source", "parseToFormatOnce", want, got))
			}
			if (f != nil) != tc.parsed[i] {
				t.Errorf("%s, %s: parsed %v, want %v", tc.name, tc.version[i], f != nil, tc.parsed[i])
			}
			if bytes.Equal(raw, want) {
				t.Errorf("%s, %s: the input is already formatted, so it tests nothing", tc.name, tc.version[i])
			}
		}
	}
}
