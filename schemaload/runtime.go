package schemaload

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"regexp"
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
// non-test Go files of dir in fsys. The files are parsed concurrently,
// without comments (declarations are all it reads): this runs once in every
// generate process, and was as slow as loading a spec.
func parseRuntime(fsys fs.FS, dir string) (runtimeDecls, error) {
	d := runtimeDecls{names: map[string]string{}, methods: map[string]map[string]string{}}
	paths, err := fs.Glob(fsys, dir+"/*.go")
	if err != nil {
		return d, err
	}
	sort.Strings(paths)
	files := make([]*ast.File, len(paths))
	errs := make([]error, len(paths))
	var wg sync.WaitGroup
	for i, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		wg.Add(1)
		go func(i int, p string) {
			defer wg.Done()
			src, err := fs.ReadFile(fsys, p)
			if err != nil {
				errs[i] = err
				return
			}
			if generatedHeader(src) {
				return
			}
			files[i], errs[i] = parser.ParseFile(token.NewFileSet(), p, src, parser.SkipObjectResolution)
		}(i, p)
	}
	wg.Wait()
	for i, p := range paths {
		if errs[i] != nil {
			return d, errs[i]
		}
		if files[i] == nil {
			continue
		}
		for _, decl := range files[i].Decls {
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

// generatedLine is the comment that marks a generated Go file
// (https://go.dev/s/generatedcode), as ast.IsGenerated reads it.
var generatedLine = regexp.MustCompile(`^// Code generated .* DO NOT EDIT\.$`)

// generatedHeader reports whether a line comment before the package clause
// of src marks it generated, like ast.IsGenerated without parsing.
func generatedHeader(src []byte) bool {
	for len(src) > 0 {
		var line []byte
		line, src, _ = bytes.Cut(src, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		if bytes.HasPrefix(line, []byte("package ")) {
			return false
		}
		if generatedLine.Match(line) {
			return true
		}
	}
	return false
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
