package jsonwire

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// readPerf reads a response of the runtime's benchmark inputs
// (adcp/testdata/perf).
func readPerf(b *testing.B, name string) []byte {
	in, err := os.ReadFile(filepath.Join("..", "..", "testdata", "perf", name+".json"))
	if err != nil {
		b.Fatal(err)
	}
	return in
}

// BenchmarkScanValid measures the validating scanner alone beside
// json.Valid, on the benchmark inputs.
func BenchmarkScanValid(b *testing.B) {
	for _, name := range []string{"success-1k-mcp", "success-64k-a2a"} {
		in := readPerf(b, name)
		for _, impl := range []struct {
			name string
			f    func([]byte) bool
		}{{"baseline", json.Valid}, {"fast", Valid}} {
			b.Run("in="+name+"/impl="+impl.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(in)))
				for i := 0; i < b.N; i++ {
					if !impl.f(in) {
						b.Fatal("invalid")
					}
				}
			})
		}
	}
}
