package schemaload

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"sort"
	"strings"
	"sync"

	"github.com/adcp-gen/adcp-gen/templates"
)

// runtimeDecls are the names the fixed runtime (templates/runtime, files
// without the generated header) declares: generated names must not reuse
// them.
type runtimeDecls struct {
	names   map[string]string            // top-level name → file
	methods map[string]map[string]string // receiver type → method → file
}

var (
	runtimeOnce sync.Once
	runtimeInfo runtimeDecls
	runtimeErr  error
)

// fixedRuntime parses the embedded runtime once per process.
func fixedRuntime() (runtimeDecls, error) {
	runtimeOnce.Do(func() { runtimeInfo, runtimeErr = parseRuntime(templates.Runtime, "runtime") })
	return runtimeInfo, runtimeErr
}

// parseRuntime lists the top-level names and methods of the non-generated,
// non-test Go files of dir in fsys.
func parseRuntime(fsys fs.FS, dir string) (runtimeDecls, error) {
	d := runtimeDecls{names: map[string]string{}, methods: map[string]map[string]string{}}
	paths, err := fs.Glob(fsys, dir+"/*.go")
	if err != nil {
		return d, err
	}
	sort.Strings(paths)
	fset := token.NewFileSet()
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			return d, err
		}
		f, err := parser.ParseFile(fset, p, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return d, err
		}
		if ast.IsGenerated(f) {
			continue
		}
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				if decl.Recv == nil {
					d.names[decl.Name.Name] = p
					continue
				}
				recv := receiverName(decl.Recv.List[0].Type)
				if d.methods[recv] == nil {
					d.methods[recv] = map[string]string{}
				}
				d.methods[recv][decl.Name.Name] = p
			case *ast.GenDecl:
				for _, spec := range decl.Specs {
					switch spec := spec.(type) {
					case *ast.TypeSpec:
						d.names[spec.Name.Name] = p
					case *ast.ValueSpec:
						for _, n := range spec.Names {
							if n.Name != "_" {
								d.names[n.Name] = p
							}
						}
					}
				}
			}
		}
	}
	return d, nil
}

// receiverName returns T for receivers T, *T, T[P] and *T[P].
func receiverName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}
