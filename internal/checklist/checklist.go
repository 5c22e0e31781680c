// Package checklist maps the numbered items of the project's requirements
// checklist (spec/checklist.md of the shared folder, section A) to the tests
// that pin them, so that a change which deletes a test can tell whether it
// was the only guard of a rule.
//
// A test names the items it checks with a marker comment line
//
//	// checklist: 14, 17
//
// in the doc comment of its Test, Fuzz or Example function, or directly above
// an entry of a table (an element of a composite literal) inside one. Only
// markers in _test.go files count; a marker anywhere else in a test file (a
// helper, a package-level table, a loose comment) is reported as misplaced.
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
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

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
