package jsonwire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
)

// BenchmarkMarshalPlain measures Marshal on plain values (AppendPlain's)
// beside encoding/json's encoder (HTML escaping off, as Marshal writes):
// details as a seller writes them in a map, and a get_products-like payload
// of 200 products as a decoder into any makes it (36 KB).
func BenchmarkMarshalPlain(b *testing.B) {
	products := make([]any, 200)
	for i := range products {
		products[i] = map[string]any{
			"product_id": fmt.Sprintf("p%d", i), "name": fmt.Sprintf("Display %d", i),
			"formats": []any{"a", "b", "c"}, "price": map[string]any{"cpm": float64(i) + 0.5, "currency": "USD"},
			"description": "A product with a longer description that goes on for a while",
		}
	}
	payload := map[string]any{"products": products}
	for _, in := range []struct {
		name string
		v    any
	}{
		{"details", map[string]any{"limit": 100, "remaining": 0, "window_seconds": 60, "scope": "account"}},
		{"payload", payload},
	} {
		b.Run("in="+in.name+"/impl=baseline", func(b *testing.B) {
			b.ReportAllocs()
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			for i := 0; i < b.N; i++ {
				buf.Reset()
				if err := enc.Encode(in.v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("in="+in.name+"/impl=fast", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := Marshal(in.v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
