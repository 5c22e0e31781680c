package runtimeapi

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strconv"
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
		{"RawMessage from a string", "package p\n\nimport \"encoding/json\"\n\nvar _ json.RawMessage = \"{}\"\n", "x.go:5:25: cannot use \"{}\""},
		{"RawMessage method", "package p\n\nimport \"encoding/json\"\n\nvar _ = json.RawMessage{}.UnmarshalJSON\n", "cannot call pointer method UnmarshalJSON"},
		{"Itoa of a string", "package p\n\nimport \"strconv\"\n\nvar _ = strconv.Itoa(\"1\")\n", "x.go:5:22: cannot use \"1\""},
		{"AppendBool result", "package p\n\nimport \"strconv\"\n\nvar _ string = strconv.AppendBool(nil, true)\n", "x.go:5:16: cannot use strconv.AppendBool(nil, true)"},
		{"undefined std name", "package p\n\nimport \"strconv\"\n\nvar _ = strconv.NoSuchThing\n", "x.go:5:17: undefined: strconv.NoSuchThing"},
		{"unexported std field", "package p\n\nimport \"time\"\n\nvar _ = time.Time{0, 0, nil}\n", "x.go:5:19: implicit assignment to unexported field"},
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
	// go list fails on the first path.
	if err := s.prepare([]string{"this/is/not/a/package", "regexp"}); err != nil || s.source == nil {
		t.Fatalf("prepare = %v, source importer %v", err, s.source != nil)
	}
	if _, err := s.Import("regexp"); err != nil {
		t.Fatal(err)
	}
}

// TestNoGoList: a check of a package importing only stubbed standard
// packages runs no go command; one importing a standard package with no stub
// (regexp, emit's rare fallback) gets it from export data.
func TestNoGoList(t *testing.T) {
	im, err := newStubImporter()
	if err != nil {
		t.Fatal(err)
	}
	check := func(src string) error {
		f, err := parser.ParseFile(fset, "x.go", src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		var imports []string
		for _, is := range f.Imports {
			ip, _ := strconv.Unquote(is.Path.Value)
			imports = append(imports, ip)
		}
		if err := im.prepare(imports); err != nil {
			return err
		}
		conf := types.Config{GoVersion: goVersion, Importer: im}
		_, err = conf.Check("p", fset, []*ast.File{f}, nil)
		return err
	}
	common := "package p\n\nimport (\n\t\"encoding/json\"\n\t\"strconv\"\n\n\t\"" + RuntimeModule + "\"\n)\n\n" +
		"var _ json.RawMessage = strconv.AppendBool(nil, true)\n\nvar _ = strconv.Itoa(1)\n\nvar _ adcp.Error\n"
	if err := check(common); err != nil {
		t.Fatal(err)
	}
	if im.std.listed {
		t.Fatal("the check ran go list for stubbed packages")
	}
	fallback := "package p\n\nimport \"regexp\"\n\nvar _ bool = regexp.MustCompile(\"a\").MatchString(\"a\")\n"
	if err := check(fallback); err != nil {
		t.Fatal(err)
	}
	if !im.std.listed {
		t.Fatal("regexp did not come from go list")
	}
	if err := check("package p\n\nimport \"regexp\"\n\nvar _ int = regexp.MustCompile(\"a\")\n"); err == nil {
		t.Fatal("misuse of regexp accepted")
	}
}

// TestStdStubsMatch: every declaration of the standard-library stubs matches
// the real package's (go/importer, the toolchain's export data): same kind,
// type, value, type parameters, exported fields, comparability and exported
// method sets of T and *T. It fails when a toolchain change makes the stubs
// stale (then run make generate).
func TestStdStubsMatch(t *testing.T) {
	im, err := newStubImporter()
	if err != nil {
		t.Fatal(err)
	}
	real := importer.ForCompiler(token.NewFileSet(), "gc", nil)
	var paths []string
	for p := range im.stubs {
		if !inRuntime(p) {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	if len(paths) == 0 {
		t.Fatal("no standard-library stubs")
	}
	for _, path := range paths {
		stub, err := im.Import(path)
		if err != nil {
			t.Fatal(err)
		}
		want, err := real.Import(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range stub.Scope().Names() {
			got := describe(stub.Scope().Lookup(name))
			obj := want.Scope().Lookup(name)
			if obj == nil {
				t.Errorf("%s.%s: not in the real package", path, name)
				continue
			}
			if missing := notIn(got, describe(obj)); missing != "" {
				t.Errorf("%s.%s: the real package lacks what the stub declares:\n%s\nstub: %s\nreal: %s", path, name, missing, got, describe(obj))
			}
		}
	}
}

// notIn returns the lines of stub that real does not have: the first line
// (kind, type, comparability) must be equal, and every field and method of
// the stub must be in real, which may have more (a newer Go release adds API;
// the stubs serve the type check on any release from theirs on).
func notIn(stub, real string) string {
	s, r := strings.Split(stub, "\n"), strings.Split(real, "\n")
	var missing []string
	if s[0] != r[0] {
		missing = append(missing, s[0])
	}
	have := map[string]bool{}
	for _, l := range r[1:] {
		have[l] = true
	}
	for _, l := range s[1:] {
		if !have[l] {
			missing = append(missing, l)
		}
	}
	return strings.Join(missing, "\n")
}

// describe prints what the API of a package-level object is, with packages
// named by path and no parameter names at the top level.
func describe(obj types.Object) string {
	q := func(p *types.Package) string { return p.Path() }
	ts := func(t types.Type) string { return types.TypeString(t, q) }
	switch obj := obj.(type) {
	case *types.Const:
		return "const " + ts(obj.Type()) + " = " + obj.Val().ExactString()
	case *types.Var:
		return "var " + ts(obj.Type())
	case *types.Func:
		return "func " + sigString(obj.Type().(*types.Signature), q)
	case *types.TypeName:
		if obj.IsAlias() {
			return "type = " + ts(types.Unalias(obj.Type()))
		}
		named := obj.Type().(*types.Named)
		var b strings.Builder
		b.WriteString("type ")
		for i := 0; i < named.TypeParams().Len(); i++ {
			tp := named.TypeParams().At(i)
			fmt.Fprintf(&b, "[%s %s]", tp.Obj().Name(), ts(tp.Constraint()))
		}
		if st, ok := named.Underlying().(*types.Struct); ok {
			b.WriteString("struct{")
			for i := 0; i < st.NumFields(); i++ {
				if f := st.Field(i); f.Exported() {
					fmt.Fprintf(&b, "\n  field %s %v %s %q", f.Name(), f.Embedded(), ts(f.Type()), st.Tag(i))
				}
			}
			b.WriteString("}")
		} else {
			b.WriteString(ts(named.Underlying()))
		}
		fmt.Fprintf(&b, " comparable=%v", types.Comparable(named))
		for _, recv := range []types.Type{named, types.NewPointer(named)} {
			ms := types.NewMethodSet(recv)
			for i := 0; i < ms.Len(); i++ {
				if m := ms.At(i); m.Obj().Exported() {
					b.WriteString("\n  method of " + ts(recv) + ": " + m.Obj().Name() + sigString(m.Type().(*types.Signature), q))
				}
			}
		}
		return b.String()
	}
	return fmt.Sprintf("%T", obj)
}

// sigString prints a signature's type parameters, parameter and result
// types, without names.
func sigString(sig *types.Signature, q types.Qualifier) string {
	var b strings.Builder
	for i := 0; i < sig.TypeParams().Len(); i++ {
		tp := sig.TypeParams().At(i)
		fmt.Fprintf(&b, "[%s %s]", tp.Obj().Name(), types.TypeString(tp.Constraint(), q))
	}
	for _, tup := range []*types.Tuple{sig.Params(), sig.Results()} {
		b.WriteString("(")
		for i := 0; i < tup.Len(); i++ {
			b.WriteString(types.TypeString(tup.At(i).Type(), q) + ",")
		}
		b.WriteString(")")
	}
	fmt.Fprintf(&b, " variadic=%v", sig.Variadic())
	return b.String()
}
