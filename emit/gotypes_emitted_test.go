package emit_test

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
// every struct emit declares is the one it declares, on schemas/ and, when
// ../shared is present, on each published version. A version whose model
// equals an earlier one's but for its name and folder (ModelSet) is
// not generated again: emit declares its structs from the model alone, and
// emit's TestCorpus generates, vets and tests every version's package.
func TestGoTypesAsEmitted(t *testing.T) {
	dirs := []string{filepath.Join("..", "schemas")}
	if root := testshared.Root(); root != "" {
		entries, _ := os.ReadDir(filepath.Join(root, "adcp-schemas"))
		for _, e := range entries {
			if e.IsDir() && schemaload.CompareVersions(e.Name(), "3.0.0-rc.1") >= 0 {
				dirs = append(dirs, filepath.Join(root, "adcp-schemas", e.Name()))
			}
		}
		if testing.Short() && len(dirs) > 3 {
			dirs = []string{dirs[0], dirs[1], dirs[len(dirs)-1]}
		}
	} else {
		t.Log("../shared is absent: checking schemas/ only")
	}
	fields := 0
	var models emit.ModelSet
	for _, dir := range dirs {
		spec, err := schemaload.Load(dir)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		if !models.Add(spec) {
			continue
		}
		files, err := emit.Files(spec, "adcperr")
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		structs := emittedStructs(t, files)
		for _, typ := range spec.Types {
			declared, ok := structs[typ.GoName]
			if !ok || typ.Kind != schemaload.KindObject {
				continue
			}
			for _, f := range typ.Fields {
				fields++
				if got, want := declared[f.GoName], f.GoType.String(); got != want {
					t.Errorf("%s: %s.%s: emit declares %s, the model says %s", dir, typ.GoName, f.GoName, got, want)
				}
			}
		}
	}
	if fields == 0 {
		t.Fatal("no field compared")
	}
	t.Logf("%d fields compared over %d spec folders (%d distinct models)", fields, len(dirs), models.Len())
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
