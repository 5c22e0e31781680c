package jsonwire

import (
	"bytes"
	"encoding/json"
	"testing"
)

// BenchmarkAppendString measures AppendString beside encoding/json's
// encoder (HTML escaping off, as AppendString writes) on what sellers'
// errors hold: a member name, prose, the JSON text of an error (an MCP text
// item), and prose that is not ASCII.
func BenchmarkAppendString(b *testing.B) {
	for _, in := range []struct{ name, s string }{
		{"name", "message"},
		{"prose", "Budget is below the seller's minimum for this product"},
		{"json", `{"code":"RATE_LIMITED","message":"Request rate exceeded","recovery":"transient","retry_after":5}`},
		{"accents", "Le budget est inférieur au minimum du vendeur pour ce produit"},
	} {
		b.Run("in="+in.name+"/impl=baseline", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.s)))
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			for i := 0; i < b.N; i++ {
				buf.Reset()
				if err := enc.Encode(in.s); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("in="+in.name+"/impl=fast", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.s)))
			buf := make([]byte, 0, 256)
			for i := 0; i < b.N; i++ {
				buf, _ = AppendString(buf[:0], in.s)
			}
		})
	}
}
