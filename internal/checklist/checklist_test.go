package checklist

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/internal/testshared"
)

// TestEveryItemHasATest fails when an item of section A of the checklist is
// named by no test of any module of the repository, when a test names a
// number that is not an item, or when a marker is malformed or attached to
// no test. With -v it lists the tests naming each item.
func TestEveryItemHasATest(t *testing.T) {
	md, err := os.ReadFile(filepath.Join(testshared.Dir(t, "spec"), "checklist.md"))
	if os.IsNotExist(err) {
		t.Skip("checklist.md is absent: skipping")
	}
	if err != nil {
		t.Fatal(err)
	}
	items, err := Items(md)
	if err != nil {
		t.Fatalf("checklist.md: %v", err)
	}
	markers, errs := ScanRepo(testshared.ModuleRoot())
	for _, err := range errs {
		t.Error(err)
	}
	byItem, unknown := Coverage(items, markers)
	for _, m := range unknown {
		t.Errorf("%s: %s names %v: the checklist has items %d..%d", m.Pos, m.Test, m.Items, items[0], items[len(items)-1])
	}
	for _, n := range items {
		ms := byItem[n]
		if len(ms) == 0 {
			t.Errorf("checklist item %d is named by no test: add a test that pins it, with a comment \"// checklist: %d\" above it", n, n)
			continue
		}
		if testing.Verbose() {
			names := make([]string, len(ms))
			for i, m := range ms {
				names[i] = fmt.Sprintf("%s:%d %s", m.Pos.Filename, m.Pos.Line, m.Test)
			}
			t.Logf("item %d: %s", n, strings.Join(names, "; "))
		}
	}
}

func TestItems(t *testing.T) {
	tests := []struct {
		name string
		md   string
		want []int
		err  string
	}{
		{"section A only", "# T\n1. not A\n## A. Rules\n### A.1 X\n1. [C] one\n2. [C] two\n\n10. ten\n## B. Other\n3. not A\n", []int{1, 2, 10}, ""},
		{"CRLF", "## A. R\r\n1. one\r\n2. two\r\n", []int{1, 2}, ""},
		{"item text must follow", "## A. R\n1.no space\n2. two\n", []int{2}, ""},
		{"no section", "## B. R\n1. one\n", nil, "no section"},
		{"no item", "## A. R\ntext\n", nil, "no numbered item"},
		{"twice", "## A. R\n1. one\n1. again\n", nil, "listed twice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Items([]byte(tt.md))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("Items = %v, %v; want error %q", got, err, tt.err)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Items = %v, %v; want %v", got, err, tt.want)
			}
		})
	}
}

// scanSource is a test file with a marker in every place the convention
// allows and in places it does not.
const scanSource = `package p

import "testing"

// TestDoc checks something.
// checklist: 3, 4
func TestDoc(t *testing.T) {
	tests := []struct{ name string }{
		// checklist: 5
		{"entry"},
		// an explanation
		// checklist: 6 7
		{
			name: "second",
		},
		// checklist: 8

		{"blank line between"},
	}
	// checklist: 9
	_ = tests
}

// checklist: 10
func helper() {
	_ = []int{
		// checklist: 11
		1,
	}
}

// checklist: 12
var table = []struct{ name string }{
	// checklist: 13
	{"package level"},
}

// checklist: 14
func Testlower(t *testing.T) {}

// checklist: 15
func ExampleX() {}

// checklist: 16
func Fuzz(f *testing.F) {}

// checklist: x
func TestBad(t *testing.T) {}

// checklist:
func TestEmpty(t *testing.T) {}

// checklist: 0
func TestZero(t *testing.T) {}

func TestNoEntries(t *testing.T) {
	// checklist: 17
	t.Run("x", func(t *testing.T) {
		_ = []int{
			// checklist: 18
			2,
		}
	})
}

func TestLongName(t *testing.T) {
	_ = []string{
		// checklist: 19
		"11111111111111111111111111111111111111111111111111111111111éé",
	}
}
`

func TestScanFile(t *testing.T) {
	markers, errs := ScanFile("p_test.go", []byte(scanSource))
	var got []string
	for _, m := range markers {
		got = append(got, fmt.Sprintf("%d %s %v", m.Pos.Line, m.Test, m.Items))
	}
	want := []string{
		"6 TestDoc [3 4]",
		"9 TestDoc/entry [5]",
		"12 TestDoc/second [6 7]",
		"41 ExampleX [15]",
		"44 Fuzz [16]",
		"60 TestNoEntries/line 61 [18]",
		"68 TestLongName/" + strings.Repeat("1", 59) + "… [19]", // cut before the rune that crosses 60 bytes
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("markers:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	const misplaced, notNumber, none = "not attached to a test", "is not an item number", "names no item"
	wantErrs := []string{
		"16:" + misplaced, // a blank line between marker and entry
		"20:" + misplaced, // above a statement
		"24:" + misplaced, // a helper
		"27:" + misplaced, // an entry in a helper
		"32:" + misplaced, // a package-level table
		"34:" + misplaced,
		"38:" + misplaced, // Testlower is no test
		"47:" + notNumber,
		"50:" + none,
		"53:" + notNumber, // zero
		"57:" + misplaced, // above t.Run
	}
	if len(errs) != len(wantErrs) {
		t.Fatalf("errors %v, want %d", errs, len(wantErrs))
	}
	for i, err := range errs {
		line, msg, _ := strings.Cut(wantErrs[i], ":")
		if s := err.Error(); !strings.HasPrefix(s, "p_test.go:"+line+":") || !strings.Contains(s, msg) {
			t.Errorf("error %q, want at line %s: %s", s, line, msg)
		}
	}
}

func TestScanFileSyntaxError(t *testing.T) {
	if _, errs := ScanFile("p_test.go", []byte("package p\nfunc {")); len(errs) != 1 {
		t.Errorf("errors %v, want one", errs)
	}
}

// TestScanRepo checks that only _test.go files outside testdata and hidden
// folders are read, with positions relative to the root.
func TestScanRepo(t *testing.T) {
	root := t.TempDir()
	marked := "package p\n\n// checklist: 1\nfunc TestA(t *T) {}\n"
	for name, src := range map[string]string{
		"a_test.go":              marked,
		"sub/mod/b_test.go":      marked,
		"c.go":                   marked,
		"testdata/d_test.go":     marked,
		".hidden/e_test.go":      marked,
		"_skip/f_test.go":        marked,
		"sub/g_test.go.txt":      marked,
		"sub/h_test.go":          "package p\nfunc TestH(t *T) {}\n",
		"sub/mod/stray_test.go":  "package p\n// checklist: 2\nvar x = 1\n",
		"sub/mod/broken_test.go": "package p\n// checklist: 3\nfunc {",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	markers, errs := ScanRepo(root)
	var got []string
	for _, m := range markers {
		got = append(got, fmt.Sprintf("%s:%d %s %v", m.Pos.Filename, m.Pos.Line, m.Test, m.Items))
	}
	want := []string{"a_test.go:3 TestA [1]", "sub/mod/b_test.go:3 TestA [1]"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("markers %q, want %q", got, want)
	}
	if len(errs) != 2 || !strings.HasPrefix(errs[0].Error(), "sub/mod/") || !strings.HasPrefix(errs[1].Error(), "sub/mod/") {
		t.Errorf("errors %v, want the stray marker and the syntax error", errs)
	}
}

func TestCoverage(t *testing.T) {
	a := Marker{Test: "TestA", Items: []int{1, 2}}
	b := Marker{Test: "TestB", Items: []int{2, 99}}
	byItem, unknown := Coverage([]int{1, 2, 3}, []Marker{a, b})
	if len(byItem[1]) != 1 || len(byItem[2]) != 2 || len(byItem[3]) != 0 {
		t.Errorf("byItem = %v", byItem)
	}
	if len(unknown) != 1 || unknown[0].Test != "TestB" {
		t.Errorf("unknown = %v, want TestB", unknown)
	}
}

// Items returns the numbers of the items of section A of the checklist
// text md: the lines "N. …" between the heading "## A." and the next
// second-level heading, in the order they appear. It fails when the section
// is missing or has no items, or when a number appears twice.
func Items(md []byte) ([]int, error) {
	var items []int
	seen := map[int]bool{}
	in, found := false, false
	for _, line := range strings.Split(string(md), "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.HasPrefix(line, "## ") {
			in = strings.HasPrefix(line, "## A.")
			found = found || in
			continue
		}
		if !in {
			continue
		}
		m := itemLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		n, err := strconv.Atoi(m[1])
		if err != nil {
			return nil, fmt.Errorf("item %q: %v", m[1], err)
		}
		if seen[n] {
			return nil, fmt.Errorf("item %d is listed twice", n)
		}
		seen[n] = true
		items = append(items, n)
	}
	switch {
	case !found:
		return nil, fmt.Errorf("no section \"## A.\"")
	case len(items) == 0:
		return nil, fmt.Errorf("section A lists no numbered item")
	}
	return items, nil
}

// itemLine is a numbered item of the checklist.
var itemLine = regexp.MustCompile(`^(\d+)\. `)

// markerLine is a marker comment: "checklist:" and the item numbers,
// separated by commas or spaces.
var markerLine = regexp.MustCompile(`^//\s*checklist:(.*)$`)

// Marker is one test naming checklist items.
type Marker struct {
	// Pos is where the marker comment is.
	Pos token.Position
	// Test names the test: its function, and for a table entry the
	// function, a slash and the entry's first string literal (or its
	// line when it has none).
	Test string
	// Items are the item numbers the marker names, in its order.
	Items []int
}

// ScanFile returns the markers of one test file's source, and an error for
// each marker that is malformed or not attached to a test. name is the
// file's name as it appears in positions.
func ScanFile(name string, src []byte) ([]Marker, []error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, []error{err}
	}
	// Where a marker may stand: the doc comments of test functions, and
	// the line above an element of a table inside one.
	docs := map[*ast.CommentGroup]string{}
	entries := map[int]string{} // line of an entry's start -> test name
	var tests []*ast.FuncDecl
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv != nil || fn.Body == nil || !isTestName(fn.Name.Name) {
			continue
		}
		tests = append(tests, fn)
		if fn.Doc != nil {
			docs[fn.Doc] = fn.Name.Name
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			for _, e := range lit.Elts {
				line := fset.Position(e.Pos()).Line
				if _, ok := entries[line]; !ok {
					entries[line] = fn.Name.Name + "/" + entryName(e, line)
				}
			}
			return true
		})
	}
	var markers []Marker
	var errs []error
	for _, g := range f.Comments {
		for _, c := range g.List {
			m := markerLine.FindStringSubmatch(c.Text)
			if m == nil {
				continue
			}
			pos := fset.Position(c.Slash)
			items, err := parseNumbers(m[1])
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %v", pos, err))
				continue
			}
			test, ok := docs[g]
			if !ok {
				test, ok = entries[fset.Position(g.End()).Line+1]
				if ok && !inside(tests, g.Pos()) {
					ok = false
				}
			}
			if !ok {
				errs = append(errs, fmt.Errorf("%s: checklist marker not attached to a test: put it in the doc comment of a Test, Fuzz or Example function, or directly above a table entry inside one", pos))
				continue
			}
			markers = append(markers, Marker{Pos: pos, Test: test, Items: items})
		}
	}
	return markers, errs
}

// isTestName reports whether name is the name go test runs: Test, Fuzz or
// Example, alone or followed by a character that is not a lower-case
// letter.
func isTestName(name string) bool {
	for _, p := range [...]string{"Test", "Fuzz", "Example"} {
		if rest, ok := strings.CutPrefix(name, p); ok {
			r, _ := utf8.DecodeRuneInString(rest)
			return rest == "" || !unicode.IsLower(r)
		}
	}
	return false
}

// inside reports whether pos lies in the body of one of tests.
func inside(tests []*ast.FuncDecl, pos token.Pos) bool {
	for _, fn := range tests {
		if fn.Body.Lbrace < pos && pos < fn.Body.Rbrace {
			return true
		}
	}
	return false
}

// entryName names a table entry by its first string literal (its first 60
// bytes), or by its line when it has none.
func entryName(e ast.Expr, line int) string {
	name := ""
	ast.Inspect(e, func(n ast.Node) bool {
		if name != "" {
			return false
		}
		if b, ok := n.(*ast.BasicLit); ok && b.Kind == token.STRING {
			if s, err := strconv.Unquote(b.Value); err == nil && s != "" {
				name = s
			}
		}
		return true
	})
	if name == "" {
		return "line " + strconv.Itoa(line)
	}
	if len(name) > 60 {
		cut := 60
		for cut > 0 && !utf8.RuneStart(name[cut]) {
			cut--
		}
		name = name[:cut] + "…"
	}
	return name
}

// parseNumbers reads the item numbers of a marker: at least one, separated
// by commas or spaces.
func parseNumbers(s string) ([]int, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || unicode.IsSpace(r) })
	if len(fields) == 0 {
		return nil, fmt.Errorf("checklist marker names no item")
	}
	out := make([]int, 0, len(fields))
	for _, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil || n <= 0 || f[0] == '+' {
			return nil, fmt.Errorf("checklist marker: %q is not an item number", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// ScanRepo returns the markers of every _test.go file under root (every
// module of the repository), skipping testdata folders and folders whose
// name starts with "." or "_", as the go tool does; file names in positions
// are relative to root, with slashes.
func ScanRepo(root string) ([]Marker, []error) {
	var markers []Marker
	var errs []error
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !strings.HasSuffix(name, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if !bytes.Contains(src, []byte("checklist:")) {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		m, e := ScanFile(filepath.ToSlash(rel), src)
		markers, errs = append(markers, m...), append(errs, e...)
		return nil
	})
	if err != nil {
		errs = append(errs, err)
	}
	sort.SliceStable(markers, func(i, j int) bool {
		a, b := markers[i].Pos, markers[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		return a.Line < b.Line
	})
	return markers, errs
}

// Coverage maps every item to the markers naming it. Markers naming a
// number that is not an item are returned apart.
func Coverage(items []int, markers []Marker) (byItem map[int][]Marker, unknown []Marker) {
	byItem = make(map[int][]Marker, len(items))
	for _, n := range items {
		byItem[n] = nil
	}
	for _, m := range markers {
		bad := false
		for _, n := range m.Items {
			if _, ok := byItem[n]; ok {
				byItem[n] = append(byItem[n], m)
			} else {
				bad = true
			}
		}
		if bad {
			unknown = append(unknown, m)
		}
	}
	return byItem, unknown
}
