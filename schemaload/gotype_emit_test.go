package schemaload_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/emit"
	"github.com/adcp-gen/adcp-gen/internal/testshared"
	"github.com/adcp-gen/adcp-gen/schemaload"
)

// TestGoTypesAsEmitted checks that the Go type settled for every field of
// every object type is the one emit declares for it, on schemas/ and on each
// published version of ../shared/adcp-schemas (skipped when absent).
func TestGoTypesAsEmitted(t *testing.T) {
	t.Run("schemas", func(t *testing.T) { checkGoTypesAsEmitted(t, filepath.Join("..", "schemas")) })
	t.Run("corpus", func(t *testing.T) {
		root := testshared.Dir(t, "adcp-schemas")
		entries, err := os.ReadDir(root)
		if err != nil {
			t.Fatal(err)
		}
		var versions []string
		for _, e := range entries {
			if e.IsDir() && schemaload.CompareVersions(e.Name(), "3.0.0-rc.1") >= 0 {
				versions = append(versions, e.Name())
			}
		}
		if testing.Short() && len(versions) > 2 {
			versions = []string{versions[0], versions[len(versions)-1]}
		}
		for _, v := range versions {
			t.Run(v, func(t *testing.T) { checkGoTypesAsEmitted(t, filepath.Join(root, v)) })
		}
	})
}

func checkGoTypesAsEmitted(t *testing.T, dir string) {
	spec, err := schemaload.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	files, err := emit.Files(spec, emit.Options{})
	if err != nil {
		t.Fatal(err)
	}
	structs := emittedStructs(t, files)
	fields := 0
	for _, typ := range spec.Types {
		if typ.Kind != schemaload.KindObject {
			continue
		}
		declared, ok := structs[typ.GoName]
		if !ok {
			t.Errorf("emit declares no struct %s", typ.GoName)
			continue
		}
		for _, f := range typ.Fields {
			fields++
			if got, want := declared[f.GoName], f.GoType.String(); got != want {
				t.Errorf("%s.%s: emit declares %s, the model says %s", typ.GoName, f.GoName, got, want)
			}
		}
	}
	if fields == 0 {
		t.Fatal("no field compared")
	}
}

// emittedStructs returns the Go type of each field of each struct type the
// files declare, by type name and field name.
func emittedStructs(t *testing.T, files map[string][]byte) map[string]map[string]string {
	structs := map[string]map[string]string{}
	fset := token.NewFileSet()
	for name, src := range files {
		if !strings.HasSuffix(name, ".go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			if st, ok := spec.Type.(*ast.StructType); ok {
				fields := map[string]string{}
				for _, fl := range st.Fields.List {
					for _, id := range fl.Names {
						fields[id.Name] = types.ExprString(fl.Type)
					}
				}
				structs[spec.Name.Name] = fields
			}
			return false
		})
	}
	return structs
}
