package emit

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/adcp-gen/adcp-gen/internal/gotype"
	"github.com/adcp-gen/adcp-gen/internal/testshared"
	"github.com/adcp-gen/adcp-gen/schemaload"
)

// TestGoTypeAgreesWithEmit keeps internal/gotype (the Go type names the diff
// report and the catalogue print) in step with the types emit declares, for
// every field of every object type of schemas/ and of each published version.
func TestGoTypeAgreesWithEmit(t *testing.T) {
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
	}
	fields := 0
	for _, dir := range dirs {
		spec, err := schemaload.Load(dir)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		g := &gen{spec: spec}
		for _, typ := range spec.Types {
			if typ.Kind != schemaload.KindObject {
				continue
			}
			for _, m := range g.members(typ) {
				fields++
				emitted := fmt.Sprintf("%#v", m.goType())
				if want := gotype.Field(m.Field, typ == spec.Error); emitted != want {
					t.Errorf("%s: %s.%s: emit declares %s, gotype says %s", dir, typ.GoName, m.GoName, emitted, want)
				}
			}
		}
	}
	if fields == 0 {
		t.Fatal("no field compared")
	}
	t.Logf("%d fields compared over %d spec folders", fields, len(dirs))
}
