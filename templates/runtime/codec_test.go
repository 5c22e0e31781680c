package adcperr

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/internal/testshared"
)

// codecTestParse decodes a JSON value for comparison: numbers become float64,
// or stay as text when they do not fit a float64.
func codecTestParse(t testing.TB, b []byte) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("not JSON: %v: %s", err, b)
	}
	return codecTestNormalize(v)
}

func codecTestNormalize(v any) any {
	switch v := v.(type) {
	case json.Number:
		if f, err := v.Float64(); err == nil {
			return f
		}
		return string(v)
	case []any:
		for i := range v {
			v[i] = codecTestNormalize(v[i])
		}
	case map[string]any:
		for k := range v {
			v[k] = codecTestNormalize(v[k])
		}
	}
	return v
}

// TestCodecVectorRoundTrip decodes every expected_error object of the
// official transport vectors into Error and re-encodes it: the JSON value
// must be the same (86400, "deferred", a missing message and all).
func TestCodecVectorRoundTrip(t *testing.T) {
	dir := testshared.Dir(t, "test-vectors")
	raw, err := os.ReadFile(filepath.Join(dir, "transport-error-mapping.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Vectors []struct {
			ID            string          `json:"id"`
			ExpectedError json.RawMessage `json:"expected_error"`
		} `json:"vectors"`
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, v := range file.Vectors {
		if len(v.ExpectedError) == 0 || v.ExpectedError[0] != '{' {
			continue
		}
		n++
		t.Run(v.ID, func(t *testing.T) {
			var e Error
			if err := json.Unmarshal(v.ExpectedError, &e); err != nil {
				t.Fatalf("decode: %v", err)
			}
			out, err := e.MarshalJSON()
			if err != nil {
				t.Fatalf("encode: %v", err)
			}
			if got, want := codecTestParse(t, out), codecTestParse(t, v.ExpectedError); !reflect.DeepEqual(got, want) {
				t.Errorf("round trip changed the object:\n got %s\nwant %s", out, v.ExpectedError)
			}
		})
	}
	if n == 0 {
		t.Fatal("no vector has an expected_error object")
	}
}

// TestCodecSchemaExamples decodes every examples entry of every details
// schema (the project's schemas/, and the published 3.2.0-beta.5 when
// present) into its generated struct, re-encodes it unchanged, and
// validates it.
func TestCodecSchemaExamples(t *testing.T) {
	dirs := map[string]string{"schemas": filepath.Join(testshared.ModuleRoot(), "schemas", "error-details")}
	if root := testshared.Root(); root != "" {
		dirs["published"] = filepath.Join(root, "adcp-schemas", SpecVersion, "error-details")
	}
	shapes := map[string]*DetailsShape{}
	for _, s := range DetailsShapes() {
		shapes[s.Name] = s
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
				d := s.New()
				if err := d.(json.Unmarshaler).UnmarshalJSON(ex); err != nil {
					t.Errorf("%s/%s example %d: decode: %v", label, name, i, err)
					continue
				}
				if err := d.Validate(); err != nil {
					t.Errorf("%s/%s example %d: %v", label, name, i, err)
				}
				out, err := d.(json.Marshaler).MarshalJSON()
				if err != nil {
					t.Errorf("%s/%s example %d: encode: %v", label, name, i, err)
					continue
				}
				if !reflect.DeepEqual(codecTestParse(t, out), codecTestParse(t, ex)) {
					t.Errorf("%s/%s example %d: round trip gave %s", label, name, i, out)
				}
			}
		}
		t.Logf("%s: %d examples", label, total)
	}
}

// TestCodecShapesTable checks detailsShapes against the codes table.
func TestCodecShapesTable(t *testing.T) {
	names := make([]string, 0, len(detailsShapes))
	for _, s := range detailsShapes {
		names = append(names, s.Name)
		if len(s.Codes) == 0 {
			t.Errorf("%s: no code carries it", s.Name)
		}
		for _, c := range s.Codes {
			info, ok := c.Info()
			if !ok {
				t.Errorf("%s: code %s is not standard", s.Name, c)
				continue
			}
			found := false
			for _, cs := range info.Shapes {
				found = found || cs == s
			}
			if !found {
				t.Errorf("%s: code %s does not list it", s.Name, c)
			}
		}
	}
	if !sort.StringsAreSorted(names) {
		t.Errorf("detailsShapes not sorted: %v", names)
	}
}

// FuzzCodecError: any JSON object decodes into Error, and re-encodes to the
// same JSON value (a later duplicate key winning, as in JSON.parse).
func FuzzCodecError(f *testing.F) {
	for _, s := range []string{
		`{"code":"RATE_LIMITED","message":"m","retry_after":5,"recovery":"transient"}`,
		`{"code":5,"Code":"x","retry_after":1e400,"issues":[{"pointer":"/a","message":"m","keyword":"k","discriminator":[{"property_name":"t","value":null}]}]}`,
		`{"code":"A","code":"B","details":{"x":[1,2,{"y":"\u00e9"}]},"recovery":"deferred","source":"sdk","sdk_id":"x@1"}`,
		`{"message":"\ud800 <&>","retry_after":-0.0}`,
		` { "a" : [ ] , "b" : { } } `,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		trimmed := bytes.TrimSpace(data)
		if !json.Valid(data) || len(trimmed) == 0 || trimmed[0] != '{' {
			var e Error
			if e.UnmarshalJSON(data) == nil && string(trimmed) != "null" {
				t.Fatalf("UnmarshalJSON(%q) accepted a non-object", data)
			}
			return
		}
		var e Error
		if err := e.UnmarshalJSON(data); err != nil {
			t.Fatalf("UnmarshalJSON(%q): %v", data, err)
		}
		out, err := e.MarshalJSON()
		if err != nil {
			t.Fatalf("MarshalJSON: %v", err)
		}
		if got, want := codecTestParse(t, out), codecTestParse(t, data); !reflect.DeepEqual(got, want) {
			t.Fatalf("round trip of %q gave %q", data, out)
		}
		_ = e.Validate() // must not panic
	})
}

var codecBenchInput = []byte(`{"code":"RATE_LIMITED","message":"Request rate exceeded","retry_after":5,"recovery":"transient","details":{"limit":100,"window_seconds":60,"scope":"account"},"field":"packages[0].budget"}`)

// BenchmarkCodecDecode compares Error decoding with a plain encoding/json
// decode of the same object into a map (the baseline).
func BenchmarkCodecDecode(b *testing.B) {
	b.Run("Error", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			var e Error
			if err := e.UnmarshalJSON(codecBenchInput); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("baseline-json-map", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			var m map[string]json.RawMessage
			if err := json.Unmarshal(codecBenchInput, &m); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkCodecEncode compares Error encoding with encoding/json on a map.
func BenchmarkCodecEncode(b *testing.B) {
	var e Error
	if err := e.UnmarshalJSON(codecBenchInput); err != nil {
		b.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(codecBenchInput, &m); err != nil {
		b.Fatal(err)
	}
	b.Run("Error", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := e.MarshalJSON(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("baseline-json-map", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := json.Marshal(m); err != nil {
				b.Fatal(err)
			}
		}
	})
}
