package adcp

import (
	"encoding/json"
	"strings"
	"testing"
)

// The success-data benchmarks: ExtractMCPData and ExtractA2AData on the
// success responses of testdata/perf, from bytes and from the decoded value
// (json.Unmarshal into any, as an SDK hands it over; the decoding is not
// timed), under two implementations named so that benchstat can set them
// side by side (`benchstat -col /impl`):
//
//   - impl=prod: ExtractMCPData and ExtractA2AData (navigate.go);
//   - impl=reference: the implementation over the decoded tree they had
//     before (success_ref_test.go).
//
// The "-textonly" inputs are the "-jsontext" ones without their
// structuredContent, so that the payload is the JSON text item.

// successBenchInputs are the success responses, by extractor.
var successBenchInputs = []struct {
	name string
	a2a  bool
}{
	{"success-1k-mcp", false}, {"success-1k-mcp-jsontext", false}, {"success-1k-mcp-textonly", false},
	{"success-64k-mcp", false}, {"success-64k-mcp-jsontext", false}, {"success-64k-mcp-textonly", false},
	{"success-1k-a2a", true}, {"success-64k-a2a", true},
}

// readSuccessBench returns one input of successBenchInputs.
func readSuccessBench(b *testing.B, name string) []byte {
	base, textOnly := strings.CutSuffix(name, "-textonly")
	if !textOnly {
		return readPerf(b, name)
	}
	var doc struct {
		Result map[string]json.RawMessage `json:"result"`
	}
	if err := json.Unmarshal(readPerf(b, base+"-jsontext"), &doc); err != nil {
		b.Fatal(err)
	}
	delete(doc.Result, "structuredContent")
	out, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 42, "result": doc.Result})
	if err != nil {
		b.Fatal(err)
	}
	return out
}

// BenchmarkExtractData measures ExtractMCPData and ExtractA2AData.
func BenchmarkExtractData(b *testing.B) {
	for _, in := range successBenchInputs {
		raw := readSuccessBench(b, in.name)
		var decoded any
		if err := json.Unmarshal(raw, &decoded); err != nil {
			b.Fatal(err)
		}
		impls := []struct {
			name string
			f    func(any) bool
		}{
			{"prod", func(v any) bool { _, ok := ExtractMCPData(v); return ok }},
			{"reference", func(v any) bool { _, ok := refExtractMCPData(v); return ok }},
		}
		if in.a2a {
			impls = []struct {
				name string
				f    func(any) bool
			}{
				{"prod", func(v any) bool { _, ok, err := ExtractA2AData(v); return ok && err == nil }},
				{"reference", func(v any) bool { _, ok, err := refExtractA2AData(v); return ok && err == nil }},
			}
		}
		for _, form := range []struct {
			name string
			v    any
		}{{"bytes", raw}, {"decoded", decoded}} {
			for _, impl := range impls {
				if !impl.f(form.v) {
					b.Fatalf("%s/%s/%s: no data", in.name, form.name, impl.name)
				}
				b.Run("in="+in.name+"/from="+form.name+"/impl="+impl.name, func(b *testing.B) {
					b.ReportAllocs()
					b.SetBytes(int64(len(raw)))
					for i := 0; i < b.N; i++ {
						impl.f(form.v)
					}
				})
			}
		}
	}
}
