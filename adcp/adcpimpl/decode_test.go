package adcpimpl

import (
	"encoding/json"
	"testing"
)

// BenchmarkUnquote: a string literal with escapes, as Python's json.dumps
// writes non-ASCII text by default (ensure_ascii), decoded by the codec
// beside encoding/json.
func BenchmarkUnquote(b *testing.B) {
	lit := []byte(`"Caf\u00e9 cr\u00e8me: \u00ab no alcohol \u00bb \u2014 policy \"P-1\"\n"`)
	codec := func(lit []byte) string {
		var s string
		SliceString(lit, &s)
		return s
	}
	want := codec(lit)
	for _, impl := range []struct {
		name string
		f    func([]byte) string
	}{
		{"impl=codec", codec},
		{"impl=encoding-json", func(lit []byte) string {
			var s string
			_ = json.Unmarshal(lit, &s)
			return s
		}},
	} {
		b.Run(impl.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if impl.f(lit) != want {
					b.Fatal("different")
				}
			}
		})
	}
}
