package adcperr_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
	"github.com/adcp-gen/adcp-gen/internal/testshared"
)

// typedVerdict is what the shape's Go type says of raw: decoded, then
// validated (what seller.Build checked details with before shapes carried
// their schema).
func typedVerdict(s *adcp.DetailsShape, raw []byte) error {
	d := adcperr.NewDetails(s.Name)
	if err := d.UnmarshalJSON(raw); err != nil {
		return err
	}
	return d.Validate()
}

// detailsInstances returns, for each shape, the examples of its schema in
// schemas/error-details and mutations of them: each member removed, set to
// a value of every JSON type, to a number no float64 holds, or given a
// value of another member; an undeclared member added.
func detailsInstances(t testing.TB) map[string][][]byte {
	out := map[string][][]byte{}
	values := []string{`null`, `true`, `0`, `-1`, `1.5`, `1e400`, `12345678901234567890123`, `""`, `"x"`, `"agent"`, `"https://a.example/x"`, `"2026-01-01T00:00:00Z"`, `[]`, `[1]`, `["x"]`, `[{}]`, `{}`, `{"account_id":"a"}`}
	for _, s := range adcperr.Vocabulary.Shapes() {
		raw, err := os.ReadFile(filepath.Join(testshared.ModuleRoot(), "schemas", "error-details", s.Name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var schema struct {
			Examples []map[string]json.RawMessage `json:"examples"`
		}
		if err := json.Unmarshal(raw, &schema); err != nil {
			t.Fatalf("%s: %v", s.Name, err)
		}
		examples := append(schema.Examples, map[string]json.RawMessage{})
		add := func(m map[string]json.RawMessage) {
			b, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			out[s.Name] = append(out[s.Name], b)
		}
		for _, ex := range examples {
			add(ex)
			keys := append([]string(nil), s.Fields...)
			for k := range ex {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				for _, v := range append(values, "DELETE") {
					m := make(map[string]json.RawMessage, len(ex)+1)
					for k2, v2 := range ex {
						m[k2] = v2
					}
					if v == "DELETE" {
						delete(m, k)
					} else {
						m[k] = json.RawMessage(v)
					}
					add(m)
				}
				for _, other := range ex {
					m := map[string]json.RawMessage{k: other}
					add(m)
				}
			}
			m := map[string]json.RawMessage{"x_undeclared": json.RawMessage(`1`)}
			for k2, v2 := range ex {
				m[k2] = v2
			}
			add(m)
		}
	}
	return out
}

// TestDetailsSchemaMatchesTyped: a shape's schema (DetailsShape.Validate,
// what the seller's builders check details with) accepts exactly what the
// shape's Go type decodes and validates, on every example of every details
// schema and mutations of them. Refusals of a closed shape's undeclared
// member give the same error.
func TestDetailsSchemaMatchesTyped(t *testing.T) {
	total, invalid := 0, 0
	instances := detailsInstances(t)
	for _, s := range adcperr.Vocabulary.Shapes() {
		for _, raw := range instances[s.Name] {
			total++
			typed, schema := typedVerdict(s, raw), s.Validate(raw)
			if (typed == nil) != (schema == nil) {
				t.Errorf("%s %s: typed %v, schema %v", s.Name, raw, typed, schema)
			}
			if typed != nil {
				invalid++
			}
		}
	}
	if invalid == 0 || invalid == total {
		t.Fatalf("%d instances, %d invalid: the instances test nothing", total, invalid)
	}
	t.Logf("%d instances, %d invalid", total, invalid)
}

// FuzzDetailsSchemaMatchesTyped: on any bytes, a shape's schema and its Go
// type agree (JSON null aside: the Go type decodes it as no members, and the
// builders take it for no details before checking a shape).
func FuzzDetailsSchemaMatchesTyped(f *testing.F) {
	shapes := adcperr.Vocabulary.Shapes()
	instances := detailsInstances(f)
	for i, s := range shapes {
		for _, raw := range instances[s.Name] {
			f.Add(uint8(i), raw)
		}
	}
	f.Add(uint8(0), []byte(`{"violations":[{"pointer":"/a","criterion":"1.1.1","criterion_source":"wcag","required_level":"A","failure_kind":"other","remediation":"\u0007"}]}`))
	f.Add(uint8(0), []byte(`{"a":1,"a":2}`))
	f.Fuzz(func(t *testing.T, i uint8, raw []byte) {
		s := shapes[int(i)%len(shapes)]
		if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
			return
		}
		typed, schema := typedVerdict(s, raw), s.Validate(raw)
		if (typed == nil) != (schema == nil) {
			t.Fatalf("%s %q: typed %v, schema %v", s.Name, raw, typed, schema)
		}
	})
}

// BenchmarkDetailsCheck: checking details with the shape's schema (what the
// builders do) beside decoding them into the Go type and validating it (what
// they did before), on the examples of rate-limited, account-moved and
// accessibility-violation.
func BenchmarkDetailsCheck(b *testing.B) {
	inputs := map[string][]byte{
		"rate-limited":            []byte(`{"limit":100,"remaining":0,"window_seconds":60,"scope":"account"}`),
		"account-moved":           []byte(`{"current_account":{"brand":{"domain":"acme.example"},"operator":"agency.example"},"revision":3}`),
		"accessibility-violation": []byte(`{"violations":[{"pointer":"/assets/0","criterion":"1.1.1","criterion_source":"wcag22","required_level":"A","failure_kind":"alt_text_missing","remediation":"Add alt text"}]}`),
	}
	for _, s := range adcperr.Vocabulary.Shapes() {
		raw, ok := inputs[s.Name]
		if !ok {
			continue
		}
		if err := s.Validate(raw); err != nil {
			b.Fatalf("%s: %v", s.Name, err)
		}
		b.Run("in="+s.Name+"/impl=schema", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if s.Validate(raw) != nil {
					b.Fatal("invalid")
				}
			}
		})
		b.Run("in="+s.Name+"/impl=typed", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if typedVerdict(s, raw) != nil {
					b.Fatal("invalid")
				}
			}
		})
	}
}
