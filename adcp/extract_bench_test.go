package adcp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/adcp-gen/adcp-gen/adcp/internal/sharedtest"
)

// The extraction benchmarks. Each input runs under several implementations,
// one after the other, named so that benchstat can set them side by side
// (`benchstat -col /impl`); make bench runs the benchmark binary once per
// round (-test.count 1), so the implementations alternate run by run:
//
//   - impl=fast: Extract (bytes) or ExtractValue (decoded);
//   - impl=any: json.Unmarshal into any, then ExtractValue on the decoded
//     value (for the decoded-values benchmark: the reference on the same
//     values, impl=reference);
//   - impl=narrow: json.Unmarshal of only the members the detection order
//     needs into small structs, then the rules on them, Validate and
//     json.Unmarshal of the error found (extract_narrow_test.go);
//   - impl=reference: the decode-then-look-up reference (extract_ref_test.go).
//
// The inputs are our own responses in testdata/perf (the 64 KB ones are the
// 1 KB ones with more products; error-small-mcp is a RATE_LIMITED error
// result with retry_after, error-issues-mcp a VALIDATION_ERROR with two
// issues, error-ja-mcp a RATE_LIMITED error result in Japanese).

// benchInputs are the response files of testdata/perf.
var benchInputs = []string{
	"error-1k-mcp", "error-1k-a2a", "error-small-mcp", "error-issues-mcp", "error-ja-mcp",
	"success-1k-mcp", "success-1k-a2a", "success-1k-mcp-jsontext",
	"success-64k-mcp", "success-64k-a2a", "success-64k-mcp-jsontext",
}

func readPerf(b testing.TB, name string) []byte {
	in, err := os.ReadFile(filepath.Join("testdata", "perf", name+".json"))
	if err != nil {
		b.Fatal(err)
	}
	return in
}

// BenchmarkExtract measures extraction from bytes.
func BenchmarkExtract(b *testing.B) {
	for _, name := range benchInputs {
		in := readPerf(b, name)
		impls := []struct {
			name string
			f    func([]byte) bool
		}{
			{"any", func(in []byte) bool {
				var v any
				if json.Unmarshal(in, &v) != nil {
					return false
				}
				_, ok := ExtractValue(v)
				return ok
			}},
			{"narrow", func(in []byte) bool { _, ok := narrowExtract(in); return ok }},
			{"fast", func(in []byte) bool { _, ok := Extract(in); return ok }},
			{"reference", func(in []byte) bool { _, ok := refExtract(in); return ok }},
		}
		want := name[:5] == "error"
		for _, impl := range impls {
			if impl.f(in) != want {
				b.Fatalf("%s/%s: found %v, want %v", name, impl.name, !want, want)
			}
			b.Run("in="+name+"/impl="+impl.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(in)))
				cpu := processCPU()
				for i := 0; i < b.N; i++ {
					impl.f(in)
				}
				if cpu >= 0 {
					b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
				}
			})
		}
	}
}

// BenchmarkExtractVectors measures Extract on the bytes of the 32 official
// transport vectors beside its baseline, json.Unmarshal into any and then
// ExtractValue (impl=any), each call the whole set: ns/vector, and cpu-ns/vector,
// the CPU time of the whole process per vector (the collector's included),
// which other processes on the machine disturb less than elapsed time.
func BenchmarkExtractVectors(b *testing.B) {
	vs := readVectorResponses(b, filepath.Join(sharedtest.Dir(b, "test-vectors"), "transport-error-mapping.json"))
	for _, impl := range []struct {
		name string
		f    func([]byte)
	}{
		{"any", func(in []byte) {
			var v any
			if json.Unmarshal(in, &v) == nil {
				ExtractValue(v)
			}
		}},
		{"fast", func(in []byte) { Extract(in) }},
	} {
		b.Run("in=vectors/impl="+impl.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := processCPU()
			for i := 0; i < b.N; i++ {
				for _, v := range vs {
					impl.f(v)
				}
			}
			if cpu >= 0 {
				b.ReportMetric(float64(processCPU()-cpu)/float64(b.N*len(vs)), "cpu-ns/vector")
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(vs)), "ns/vector")
		})
	}
}

// BenchmarkExtractValueVectors measures extraction from decoded values over
// the 32 official transport vectors (decoded as an SDK would, numbers as
// float64) and reports the time per vector.
func BenchmarkExtractValueVectors(b *testing.B) {
	file := filepath.Join(sharedtest.Dir(b, "test-vectors"), "transport-error-mapping.json")
	var vs []any
	for _, r := range readVectorResponses(b, file) {
		var x any
		if err := json.Unmarshal(r, &x); err != nil {
			b.Fatal(err)
		}
		vs = append(vs, x)
	}
	for _, impl := range []struct {
		name string
		f    func(any) (Extraction, bool)
	}{
		{"reference", refExtractValue},
		{"fast", ExtractValue},
	} {
		b.Run("in=vectors/impl="+impl.name, func(b *testing.B) {
			b.ReportAllocs()
			start := time.Now()
			for i := 0; i < b.N; i++ {
				for _, v := range vs {
					impl.f(v)
				}
			}
			b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N*len(vs)), "ns/vector")
		})
	}
}
