package schemaload

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/adcp-gen/adcp-gen/internal/testshared"
)

// TestSellerRules checks the reviewed table's rules on the project's
// schemas (3.2.0-beta.5), and that a code with a shape keeps only the
// members a shape declares.
func TestSellerRules(t *testing.T) {
	dir := filepath.Join(testshared.ModuleRoot(), "schemas")
	if _, err := os.Stat(filepath.Join(dir, errorFile)); err != nil {
		t.Skip("schemas/ is not there")
	}
	s, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	type rules struct {
		field                 bool
		required, recommended []string
	}
	want := map[string]rules{
		"FIELD_NOT_PERMITTED": {field: true},
		"ACCOUNT_MOVED":       {required: []string{"current_account"}},
		"SCOPE_INSUFFICIENT":  {recommended: []string{"introspection_hint"}}, // no shape: the prose's member
		"VERSION_UNSUPPORTED": {recommended: []string{"supported_versions", "supported_majors"}},
		"RATE_LIMITED":        {},
	}
	for _, c := range s.Codes {
		w, ok := want[c.Value]
		if !ok {
			continue
		}
		delete(want, c.Value)
		if got := (rules{c.FieldRequired, c.RequiredDetails, c.RecommendedDetails}); !reflect.DeepEqual(got, w) {
			t.Errorf("%s: %+v, want %+v", c.Value, got, w)
		}
	}
	if len(want) > 0 {
		t.Errorf("codes not in the version: %v", want)
	}

	shaped := &Code{Shapes: []*Shape{{Type: &Type{Fields: []*Field{{JSONName: "a"}}}}}}
	if got := declaredMembers(shaped, []string{"a", "b"}); !reflect.DeepEqual(got, []string{"a"}) {
		t.Errorf("declaredMembers = %v, want [a]", got)
	}
}
