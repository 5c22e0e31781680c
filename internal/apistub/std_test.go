package main

import (
	"bytes"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// stdRoots reach the cases of stubStd: unexported fields (comparable or
// not), methods promoted through an unexported embedded field (net.TCPConn's
// Read, from net.conn), an untyped float and an untyped rune constant,
// variadic and generic functions, interfaces embedding interfaces.
var stdRoots = map[string][]string{
	"bufio":        {"Scanner"},
	"math":         {"Pi", "MaxInt64"},
	"net":          {"TCPConn"},
	"slices":       {"Index"},
	"fmt":          {"Sprintf"},
	"io":           {"ReadWriter"},
	"unicode/utf8": {"RuneError"},
}

// TestStubStd: the standard stubs type-check, are the same on a second run,
// hold what the roots reach, and keep the real method sets (names) and
// comparability of every type.
func TestStubStd(t *testing.T) {
	stubs, err := stubStd(nil, stdRoots)
	if err != nil {
		t.Fatal(err)
	}
	again, err := stubStd(nil, stdRoots)
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range stubs {
		if !bytes.Equal(src, again[name]) {
			t.Errorf("%s differs between two runs", name)
		}
		if !bytes.Contains(src, []byte("for type checking only")) {
			t.Errorf("%s does not say what it is", name)
		}
	}
	pkgs := checkStdStubs(t, stubs)
	real := importer.ForCompiler(token.NewFileSet(), "gc", nil)
	for path, roots := range stdRoots {
		for _, r := range roots {
			if pkgs[path] == nil || pkgs[path].Scope().Lookup(r) == nil {
				t.Errorf("no %s.%s in the stubs", path, r)
			}
		}
	}
	for path, p := range pkgs {
		rp, err := real.Import(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range p.Scope().Names() {
			obj, ok := p.Scope().Lookup(name).(*types.TypeName)
			if !ok {
				continue
			}
			robj := rp.Scope().Lookup(name)
			if robj == nil {
				t.Errorf("%s.%s is not in the real package", path, name)
				continue
			}
			if got, want := methodNames(obj.Type()), methodNames(robj.Type()); got != want {
				t.Errorf("%s.%s methods:\nstub %s\nreal %s", path, name, got, want)
			}
			if got, want := types.Comparable(obj.Type()), types.Comparable(robj.Type()); got != want {
				t.Errorf("%s.%s comparable = %v, real %v", path, name, got, want)
			}
		}
	}
	if m := pkgs["net"].Scope().Lookup("TCPConn"); m != nil {
		if obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(m.Type()), false, nil, "Read"); obj == nil {
			t.Error("*net.TCPConn has no Read (promoted from net.conn)")
		}
	}
}

// methodNames lists the exported methods of *t (of t for an interface).
func methodNames(t types.Type) string {
	if !types.IsInterface(t) {
		t = types.NewPointer(t)
	}
	ms := types.NewMethodSet(t)
	var names []string
	for i := 0; i < ms.Len(); i++ {
		if ms.At(i).Obj().Exported() {
			names = append(names, ms.At(i).Obj().Name())
		}
	}
	sort.Strings(names)
	return strings.Join(names, " ")
}

// checkStdStubs type-checks stubs (file name → source) importing one another.
func checkStdStubs(t *testing.T, stubs map[string][]byte) map[string]*types.Package {
	t.Helper()
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	importPath := regexp.MustCompile(`(?m)^package \w+ // import "([^"]+)"$`)
	for name, src := range stubs {
		m := importPath.FindSubmatch(src)
		if m == nil {
			t.Fatalf("%s has no import comment", name)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		files[string(m[1])] = f
	}
	pkgs := map[string]*types.Package{}
	var imp importerFunc
	imp = func(path string) (*types.Package, error) {
		if p, ok := pkgs[path]; ok {
			return p, nil
		}
		if path == "unsafe" {
			return types.Unsafe, nil
		}
		f, ok := files[path]
		if !ok {
			t.Fatalf("no stub of %s", path)
		}
		conf := types.Config{GoVersion: "go1.22", Importer: imp}
		p, err := conf.Check(path, fset, []*ast.File{f}, nil)
		if err != nil {
			t.Fatalf("stub of %s: %v", path, err)
		}
		pkgs[path] = p
		return p, nil
	}
	for path := range files {
		imp(path)
	}
	return pkgs
}

type importerFunc func(string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
