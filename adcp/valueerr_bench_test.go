package adcp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp/internal/sharedtest"
)

// BenchmarkExtractValueCommon measures ExtractValue on the three common
// official vectors, decoded as an SDK hands them over (numbers as float64),
// under the new decoded-value path (impl=new) and the former
// encode-then-validate-then-decode path (impl=old, valueerr_old_test.go),
// side by side in one binary: with -count, the two alternate run by run
// (`benchstat -col /impl`).
func BenchmarkExtractValueCommon(b *testing.B) {
	file := filepath.Join(sharedtest.Dir(b, "test-vectors"), "transport-error-mapping.json")
	data, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	var doc struct {
		Vectors []struct {
			ID       string          `json:"id"`
			Response json.RawMessage `json:"response"`
		} `json:"vectors"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		b.Fatal(err)
	}
	want := map[string]Path{
		"mcp-structured-content": PathStructuredContent,
		"a2a-failed-task":        PathArtifact,
		"mcp-jsonrpc-rate-limit": PathJSONRPCError,
	}
	found := 0
	for _, v := range doc.Vectors {
		path, ok := want[v.ID]
		if !ok {
			continue
		}
		found++
		var resp any
		if err := json.Unmarshal(v.Response, &resp); err != nil {
			b.Fatal(err)
		}
		for _, impl := range []struct {
			name string
			f    func(any) (Extraction, bool)
		}{
			{"old", extractValueOld},
			{"new", ExtractValue},
		} {
			if x, ok := impl.f(resp); !ok || x.Path != path {
				b.Fatalf("%s/%s: %v %v, want %s", v.ID, impl.name, x.Path, ok, path)
			}
			b.Run("in="+v.ID+"/impl="+impl.name, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					impl.f(resp)
				}
			})
		}
	}
	if found != len(want) {
		b.Fatalf("found %d of the %d common vectors", found, len(want))
	}
}
