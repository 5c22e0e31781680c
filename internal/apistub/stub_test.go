package main

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runtimeFiles is a small module standing for the runtime.
var runtimeFiles = map[string]string{
	"go.mod": "module example.com/rt\n\ngo 1.22\n",
	"rt.go": `package rt

import (
	"errors"
	"strings"

	"example.com/rt/internal/wire"
)

// Exported is kept whole, with its unexported field types.
type Exported struct {
	Name  string
	state hidden
	tok   wire.Token
}

type hidden int

type unused struct{}

func (e *Exported) Method() hidden { return e.state }

func (e Exported) private() {}

func helper() string { return strings.ToUpper("x") }

var ErrX = errors.New("x")

var computed = helper()

var Public = helper()

const (
	A Kind = iota
	b
	C
)

type Kind int

func Map[T any](x T) T { return x }

func init() {}
`,
	"rt_test.go":           "package rt\n\nfunc TestNothing() {}\n",
	"other_windows.go":     "package rt\n\nfunc WindowsOnly() {}\n",
	"internal/wire/w.go":   "package wire\n\ntype Token struct{ s string }\n\ntype Unused int\n",
	"sub/sub.go":           "package sub\n\nfunc Sub() {}\n",
	"internal/wire/x.go":   "package wire\n\nfunc helper() {}\n",
	"internal/wire/y_test": "not Go",
}

func writeModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range runtimeFiles {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestStubModule: a stub keeps the exported API and what it needs, nothing
// else, and type-checks.
func TestStubModule(t *testing.T) {
	stubs, err := stubModule(writeModule(t), []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	if len(stubs) != 2 || stubs["rt.stub"] == nil || stubs["internal.wire.stub"] == nil {
		t.Fatalf("stubs %v", keysOf(stubs))
	}
	rt := string(stubs["rt.stub"])
	for _, want := range []string{
		`package rt // import "example.com/rt"`,
		"type Exported struct", "state hidden", "tok   wire.Token", "type hidden int",
		"func (e *Exported) Method() hidden\n", "func (e Exported) private()\n",
		"func helper() string\n", "var ErrX = errors.New(\"x\")", "var Public = helper()",
		"A Kind = iota\n\tb\n\tC", "type Kind int", "func Map[T any](x T) T { panic(\"stub\") }",
	} {
		if !strings.Contains(rt, want) {
			t.Errorf("rt.stub lacks %q:\n%s", want, rt)
		}
	}
	for _, unwanted := range []string{"unused", "computed", "init", `"strings"`, "WindowsOnly", "TestNothing", "return", "Exported is kept"} {
		if strings.Contains(rt, unwanted) {
			t.Errorf("rt.stub has %q:\n%s", unwanted, rt)
		}
	}
	wire := string(stubs["internal.wire.stub"])
	if !strings.Contains(wire, "type Token struct") || strings.Contains(wire, "Unused") || strings.Contains(wire, "helper") {
		t.Errorf("internal.wire.stub:\n%s", wire)
	}
	checkStubs(t, stubs)
}

// TestStubRuntime stubs the real runtime module: the stubs type-check (make
// drift compares them with the ones emit/runtimeapi embeds).
func TestStubRuntime(t *testing.T) {
	stubs, err := stubModule(filepath.Join("..", "..", "adcp"), []string{".", "adcpimpl"})
	if err != nil {
		t.Fatal(err)
	}
	checkStubs(t, stubs)
}

// checkStubs type-checks a set of stubs together.
func checkStubs(t *testing.T, stubs map[string][]byte) {
	t.Helper()
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	for name, src := range stubs {
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		line := strings.SplitN(string(src), "\n", 4)[2]
		_, ip, _ := strings.Cut(line, "// import ")
		files[strings.Trim(ip, `"`)] = f
	}
	imp := &stubImporter{fset: fset, files: files, pkgs: map[string]*types.Package{}, std: importer.ForCompiler(fset, "source", nil)}
	for ip := range files {
		if _, err := imp.Import(ip); err != nil {
			t.Error(err)
		}
	}
}

type stubImporter struct {
	fset  *token.FileSet
	files map[string]*ast.File
	pkgs  map[string]*types.Package
	std   types.Importer
}

func (im *stubImporter) Import(path string) (*types.Package, error) {
	if p, ok := im.pkgs[path]; ok {
		return p, nil
	}
	f, ok := im.files[path]
	if !ok {
		return im.std.Import(path)
	}
	conf := types.Config{Importer: im}
	p, err := conf.Check(path, im.fset, []*ast.File{f}, nil)
	if err != nil {
		return nil, fmt.Errorf("stub of %s: %v", path, err)
	}
	im.pkgs[path] = p
	return p, nil
}

func keysOf(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
