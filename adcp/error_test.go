package adcp

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp/internal/sharedtest"
)

// TestCodecVectorRoundTrip decodes every expected_error object of the
// official transport vectors into Error and re-encodes it: the JSON value
// must be the same (86400, "deferred", a missing message and all).
func TestCodecVectorRoundTrip(t *testing.T) {
	dir := sharedtest.Dir(t, "test-vectors")
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
			if got, want := sharedtest.ParseJSON(t, out), sharedtest.ParseJSON(t, v.ExpectedError); !reflect.DeepEqual(got, want) {
				t.Errorf("round trip changed the object:\n got %s\nwant %s", out, v.ExpectedError)
			}
		})
	}
	if n == 0 {
		t.Fatal("no vector has an expected_error object")
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
		if got, want := sharedtest.ParseJSON(t, out), sharedtest.ParseJSON(t, data); !reflect.DeepEqual(got, want) {
			t.Fatalf("round trip of %q gave %q", data, out)
		}
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

// TestCloneRetryAfterAsWritten checks that a clone encodes retry_after as
// the original was written, and that changing the clone's value changes
// neither the original nor the clone's encoding into the old text.
func TestCloneRetryAfterAsWritten(t *testing.T) {
	for _, tc := range []struct {
		in     string
		change bool // set the clone's retry_after to 7
		want   string
	}{
		{`{"code":"X","retry_after":3600.0000000000000001}`, false, `{"code":"X","retry_after":3600.0000000000000001}`},
		{`{"code":"X","retry_after":3600.0000000000000001}`, true, `{"code":"X","retry_after":7}`},
		{`{"code":"X","retry_after":5}`, false, `{"code":"X","retry_after":5}`},
		{`{"code":"X"}`, false, `{"code":"X"}`},
	} {
		var e Error
		if err := json.Unmarshal([]byte(tc.in), &e); err != nil {
			t.Fatal(err)
		}
		c := e.Clone()
		if tc.change {
			*c.RetryAfter = 7
		}
		got, err := json.Marshal(c)
		if err != nil || string(got) != tc.want {
			t.Errorf("%s: clone encodes %s, %v; want %s", tc.in, got, err, tc.want)
		}
		if orig, _ := json.Marshal(&e); string(orig) != tc.in {
			t.Errorf("%s: original encodes %s after the clone changed", tc.in, orig)
		}
	}
}

// TestMarshalAllocs: encoding an Error, Issue or IssueDiscriminator
// allocates its output only (MarshalJSON's copy of its receiver stays on
// the stack).
func TestMarshalAllocs(t *testing.T) {
	retry := 5.0
	for _, v := range []json.Marshaler{
		Error{Code: "RATE_LIMITED", Message: "slow down", RetryAfter: &retry},
		Issue{Pointer: "/budget", Message: "must be >= 0"},
		IssueDiscriminator{},
	} {
		if n := testing.AllocsPerRun(10, func() { v.MarshalJSON() }); n != 1 {
			t.Errorf("%T: %v allocations, want 1 (the output)", v, n)
		}
	}
}
