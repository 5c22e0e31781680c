package doccheck

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/internal/testshared"
)

// godocNoise matches what API documentation does not hold: source file
// names, timings and allocation counts, and commit hashes. (Sizes are left
// alone: the spec's limits are API.)
var godocNoise = regexp.MustCompile(`\b[\w-]+(?:_test)?\.go\b|\b\d[\d,.]*\s?(?:ns|µs|allocs?|allocations|B/op)\b|\b[0-9a-f]{7,40}\b`)

// godocAllowed lists text godocNoise matches that is API, not noise.
var godocAllowed = map[string]bool{}

// TestGoDocIsAPIDocumentation fails when the doc comment of a package of the
// runtime that users import, or of one of its exported names, names a source
// file, gives a measurement or a commit hash.
func TestGoDocIsAPIDocumentation(t *testing.T) {
	root := testshared.ModuleRoot()
	for _, dir := range []string{"adcp", "adcp/seller", "adcp/adcphttp", "adcp/adcplog", "adcp/adcptest", "adapters/mcpsdk", "adapters/a2ago"} {
		fset := token.NewFileSet()
		pkgs, err := parser.ParseDir(fset, filepath.Join(root, filepath.FromSlash(dir)), func(fi fs.FileInfo) bool {
			return !strings.HasSuffix(fi.Name(), "_test.go")
		}, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pkgs {
			var files []*ast.File
			for _, f := range p.Files {
				files = append(files, f)
			}
			dp, err := doc.NewFromFiles(fset, files, "example.com/"+dir)
			if err != nil {
				t.Fatal(err)
			}
			check := func(name, text string) {
				for _, m := range godocNoise.FindAllString(text, -1) {
					if !godocAllowed[m] && strings.Trim(m, "0123456789") != "" {
						t.Errorf("%s: go doc of %s holds %q: API documentation names no files, figures or commits", dir, name, m)
					}
				}
			}
			check("the package", dp.Doc)
			for _, v := range append(dp.Consts, dp.Vars...) {
				check(strings.Join(v.Names, ", "), v.Doc)
			}
			for _, f := range dp.Funcs {
				check(f.Name, f.Doc)
			}
			for _, ty := range dp.Types {
				check(ty.Name, ty.Doc)
				for _, f := range append(ty.Funcs, ty.Methods...) {
					check(ty.Name+"."+f.Name, f.Doc)
				}
				for _, v := range append(ty.Consts, ty.Vars...) {
					check(strings.Join(v.Names, ", "), v.Doc)
				}
				if st, ok := ty.Decl.Specs[0].(*ast.TypeSpec).Type.(*ast.StructType); ok {
					for _, fl := range st.Fields.List {
						if len(fl.Names) > 0 && fl.Names[0].IsExported() {
							check(ty.Name+"."+fl.Names[0].Name, fl.Doc.Text())
						}
					}
				}
			}
		}
	}
}
