package adcperr

import (
	"encoding/json"
	"testing"
)

// BenchmarkScanValid measures the validating scanner alone beside
// json.Valid, on the benchmark inputs.
func BenchmarkScanValid(b *testing.B) {
	for _, name := range []string{"success-1k-mcp", "success-64k-a2a"} {
		in := readPerf(b, name)
		for _, impl := range []struct {
			name string
			f    func([]byte) bool
		}{{"baseline", json.Valid}, {"fast", scanValid}} {
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
