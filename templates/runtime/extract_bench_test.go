package adcperr

import (
	"encoding/json"
	"testing"
)

var (
	benchErrorResponse = []byte(`{"jsonrpc":"2.0","id":"r1","result":{"content":[{"type":"text","text":"Rate limited."}],"isError":true,` +
		`"structuredContent":{"adcp_error":{"code":"RATE_LIMITED","message":"Request rate exceeded","retry_after":5,"recovery":"transient",` +
		`"details":{"limit":100,"remaining":0,"window_seconds":60,"scope":"account"}}}}}`)
	benchSuccessResponse = []byte(`{"id":"task_1","status":{"state":"completed"},"artifacts":[{"artifactId":"result","parts":[` +
		`{"kind":"text","text":"Found 3 products."},{"kind":"data","data":{"status":"completed","products":[` +
		`{"product_id":"p1","name":"Premium CTV","cpm":35},{"product_id":"p2","name":"News CTV","cpm":22.5},` +
		`{"product_id":"p3","name":"Run of site","cpm":8}]}}]}]}`)
)

// baselineLookup is the baseline: the lookups extraction does for these two
// responses, on a value json.Unmarshal decoded into any.
func baselineLookup(v any) any {
	m, _ := v.(map[string]any)
	if r, ok := m["result"].(map[string]any); ok {
		m = r
	}
	if m["isError"] == true {
		if sc, ok := m["structuredContent"].(map[string]any); ok {
			if e, ok := sc["adcp_error"].(map[string]any); ok {
				return e
			}
		}
	}
	arts, _ := m["artifacts"].([]any)
	for _, a := range arts {
		am, _ := a.(map[string]any)
		parts, _ := am["parts"].([]any)
		for _, p := range parts {
			pm, _ := p.(map[string]any)
			if d, ok := pm["data"].(map[string]any); ok {
				if e, ok := d["adcp_error"]; ok {
					return e
				}
			}
		}
	}
	return nil
}

func benchBytes(b *testing.B, in []byte, f func([]byte)) {
	b.ReportAllocs()
	b.SetBytes(int64(len(in)))
	for i := 0; i < b.N; i++ {
		f(in)
	}
}

func decoded(b *testing.B, in []byte) any {
	var v any
	if err := json.Unmarshal(in, &v); err != nil {
		b.Fatal(err)
	}
	return v
}

func BenchmarkExtract(b *testing.B) {
	for _, c := range []struct {
		name string
		in   []byte
	}{{"error", benchErrorResponse}, {"success", benchSuccessResponse}} {
		b.Run(c.name+"/bytes", func(b *testing.B) { benchBytes(b, c.in, func(in []byte) { Extract(in) }) })
		b.Run(c.name+"/bytes-baseline", func(b *testing.B) {
			benchBytes(b, c.in, func(in []byte) {
				var v any
				_ = json.Unmarshal(in, &v)
				baselineLookup(v)
			})
		})
		v := decoded(b, c.in)
		b.Run(c.name+"/decoded", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				ExtractValue(v)
			}
		})
		b.Run(c.name+"/decoded-baseline", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				baselineLookup(v)
			}
		})
	}
	b.Run("success-data/bytes", func(b *testing.B) {
		benchBytes(b, benchSuccessResponse, func(in []byte) { _, _, _ = ExtractA2AData(in) })
	})
}
