package adcp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp/internal/sharedtest"
)

// BenchmarkExtractValueCommon measures ExtractValue on the three common
// official vectors, on the two official vectors of those paths whose error
// has details, and on a VALIDATION_ERROR with issues (ours: no official
// vector has issues), decoded as an SDK hands them over (numbers as
// float64).
func BenchmarkExtractValueCommon(b *testing.B) {
	for _, v := range append(append(commonVectors(b), detailsVectors(b)...), issuesVector()) {
		resp, path := v.resp, v.path
		if x, ok := ExtractValue(resp); !ok || x.Path != path {
			b.Fatalf("%s: %v %v, want %s", v.id, x.Path, ok, path)
		}
		b.Run("in="+v.id+"/impl=fast", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				ExtractValue(resp)
			}
		})
	}
}

// BenchmarkExtractValueJS is the Go side of make bench-js (bench/js): on
// each of the three common official vectors and over all 32, decoded as an
// SDK hands them over (numbers as float64), ExtractValue (api=ExtractValue),
// reporting ns/vector, and cpu-ns/vector: the CPU time of the whole process
// (the collector's included) per vector, which other processes on the
// machine disturb less than elapsed time. The Node side times the spec's
// reference extractor and @adcp/sdk on the same vectors parsed by
// JSON.parse, both ways.
func BenchmarkExtractValueJS(b *testing.B) {
	type input struct {
		name string
		vs   []any
	}
	var ins []input
	for _, v := range commonVectors(b) {
		ins = append(ins, input{v.id, []any{v.resp}})
	}
	var all []any
	for _, r := range readVectorResponses(b, vectorFile(b)) {
		var x any
		if err := json.Unmarshal(r, &x); err != nil {
			b.Fatal(err)
		}
		all = append(all, x)
	}
	ins = append(ins, input{"all-32", all})
	for _, in := range ins {
		for _, api := range []struct {
			name string
			f    func(any) (Extraction, bool)
		}{
			{"ExtractValue", ExtractValue},
		} {
			b.Run("in="+in.name+"/api="+api.name, func(b *testing.B) {
				b.ReportAllocs()
				cpu := processCPU()
				for i := 0; i < b.N; i++ {
					for _, v := range in.vs {
						api.f(v)
					}
				}
				if cpu >= 0 {
					cpu = processCPU() - cpu
					b.ReportMetric(float64(cpu)/float64(b.N*len(in.vs)), "cpu-ns/vector")
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(in.vs)), "ns/vector")
			})
		}
	}
}

// vectorFile is the official transport vectors' file (the benchmark skips
// without ../shared).
func vectorFile(b testing.TB) string {
	return filepath.Join(sharedtest.Dir(b, "test-vectors"), "transport-error-mapping.json")
}

// commonVector is one of the three common official vectors, decoded.
type commonVector struct {
	id   string
	resp any
	path Path
}

// commonVectors returns the MCP structuredContent, A2A failed-task and
// JSON-RPC error vectors, decoded by json.Unmarshal into any.
func commonVectors(b testing.TB) []commonVector {
	return namedVectors(b, []commonVector{
		{id: "mcp-structured-content", path: PathStructuredContent},
		{id: "a2a-failed-task", path: PathArtifact},
		{id: "mcp-jsonrpc-rate-limit", path: PathJSONRPCError},
	})
}

// detailsVectors returns the official vectors of the common paths whose
// error has details, decoded by json.Unmarshal into any.
func detailsVectors(b *testing.B) []commonVector {
	return namedVectors(b, []commonVector{
		{id: "mcp-structured-content-correctable", path: PathStructuredContent},
		{id: "a2a-failed-task-correctable", path: PathArtifact},
	})
}

// issuesVector is an MCP error result holding a VALIDATION_ERROR with two
// issues, as json.Unmarshal decodes it.
func issuesVector() commonVector {
	var resp any
	if err := json.Unmarshal([]byte(`{"content":[{"type":"text","text":"Request failed schema validation."}],"isError":true,
		"structuredContent":{"adcp_error":{"code":"VALIDATION_ERROR","message":"Request failed schema validation","recovery":"correctable",
		"field":"packages[0].budget","issues":[{"pointer":"/packages/0/budget","message":"must be >= 0","keyword":"minimum"},
		{"pointer":"/packages/0/pricing_option_id","message":"is required","keyword":"required"}]}}}`), &resp); err != nil {
		panic(err)
	}
	return commonVector{id: "validation-error-issues", resp: resp, path: PathStructuredContent}
}

// officialVector is one vector of the official transport vectors' file.
type officialVector struct {
	ID       string          `json:"id"`
	Response json.RawMessage `json:"response"`
}

// officialVectors returns the official transport vectors.
func officialVectors(b testing.TB) []officialVector {
	data, err := os.ReadFile(vectorFile(b))
	if err != nil {
		b.Fatal(err)
	}
	var doc struct {
		Vectors []officialVector `json:"vectors"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		b.Fatal(err)
	}
	return doc.Vectors
}

// namedVectors fills in the responses of the official vectors out names.
func namedVectors(b testing.TB, out []commonVector) []commonVector {
	vectors := officialVectors(b)
	for i := range out {
		for _, v := range vectors {
			if v.ID == out[i].id {
				if err := json.Unmarshal(v.Response, &out[i].resp); err != nil {
					b.Fatal(err)
				}
			}
		}
		if out[i].resp == nil {
			b.Fatalf("vector %s missing", out[i].id)
		}
	}
	return out
}
