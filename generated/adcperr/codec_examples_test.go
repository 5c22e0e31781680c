package adcperr_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
	"github.com/adcp-gen/adcp-gen/internal/testshared"
)

// TestCodecSchemaExamples decodes every examples entry of every details
// schema (the repository's schemas/, and the published version of the
// generated vocabulary when ../shared is present) into its generated struct,
// whose codec is this package's, re-encodes it unchanged, and validates it.
func TestCodecSchemaExamples(t *testing.T) {
	dirs := map[string]string{"schemas": filepath.Join(testshared.ModuleRoot(), "schemas", "error-details")}
	if root := testshared.Root(); root != "" {
		dirs["published"] = filepath.Join(root, "adcp-schemas", adcperr.SpecVersion, "error-details")
	}
	shapes := map[string]*adcp.DetailsShape{}
	for _, s := range adcperr.Vocabulary.Shapes() {
		shapes[s.Name] = s
	}
	if len(shapes) == 0 {
		t.Fatal("the generated vocabulary has no details shapes")
	}
	for label, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		if len(files) == 0 {
			t.Logf("%s: no schemas in %s", label, dir)
			continue
		}
		total := 0
		for _, f := range files {
			name := strings.TrimSuffix(filepath.Base(f), ".json")
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var schema struct {
				Examples []json.RawMessage `json:"examples"`
			}
			if err := json.Unmarshal(raw, &schema); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			s, ok := shapes[name]
			if !ok {
				if len(schema.Examples) > 0 && name != "vendor-error-codes" {
					t.Errorf("%s/%s: has examples but no details shape", label, name)
				}
				continue
			}
			for i, ex := range schema.Examples {
				total++
				d := adcperr.NewDetails(s.Name)
				if err := s.Validate(ex); err != nil {
					t.Errorf("%s/%s example %d: the shape's schema: %v", label, name, i, err)
				}
				if err := d.UnmarshalJSON(ex); err != nil {
					t.Errorf("%s/%s example %d: decode: %v", label, name, i, err)
					continue
				}
				if err := d.Validate(); err != nil {
					t.Errorf("%s/%s example %d: %v", label, name, i, err)
				}
				out, err := d.MarshalJSON()
				if err != nil {
					t.Errorf("%s/%s example %d: encode: %v", label, name, i, err)
					continue
				}
				if !reflect.DeepEqual(parseJSON(t, out), parseJSON(t, ex)) {
					t.Errorf("%s/%s example %d: round trip gave %s", label, name, i, out)
				}
			}
		}
		if total == 0 {
			t.Errorf("%s: no example of a details shape in %s", label, dir)
		}
		t.Logf("%s: %d examples", label, total)
	}
}

// parseJSON decodes a JSON value for comparison: numbers become float64, or
// stay as text when they do not fit a float64.
func parseJSON(t testing.TB, b []byte) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("not JSON: %v: %s", err, b)
	}
	return normalize(v)
}

func normalize(v any) any {
	switch v := v.(type) {
	case json.Number:
		if f, err := v.Float64(); err == nil {
			return f
		}
		return string(v)
	case []any:
		for i := range v {
			v[i] = normalize(v[i])
		}
	case map[string]any:
		for k := range v {
			v[k] = normalize(v[k])
		}
	}
	return v
}
