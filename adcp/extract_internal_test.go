package adcp

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestExtractDeepInput checks that deeply nested and huge input neither
// panics nor extracts.
func TestExtractDeepInput(t *testing.T) {
	deep := strings.Repeat(`{"a":`, 100000) + "1" + strings.Repeat("}", 100000)
	for _, in := range []string{
		deep,
		`{"isError":true,"structuredContent":{"adcp_error":` + deep + `}}`,
		`{"isError":true,"content":[{"type":"text","text":"` + strings.Repeat(`[`, 50000) + `"}]}`,
		`{"isError":true,"content":[{"type":"text","text":"{\"adcp_error\":{\"code\":\"` + strings.Repeat("A", textPoolMax) + `\"}}"}]}`,
	} {
		if x, ok := Extract([]byte(in)); ok {
			t.Errorf("extracted %s", x.Raw())
		}
	}
}

// TestDecodeErrorLenient checks the fallback decoding of ill-typed members.
func TestDecodeErrorLenient(t *testing.T) {
	e := extractDecodeError(json.RawMessage(`{"code":"X_A","message":7,"retry_after":"5","recovery":["a"],"details":{"k":1},"z":true}`))
	if e.Code != "X_A" || e.Message != "" || e.RetryAfter != nil || string(e.Details) != `{"k":1}` {
		t.Errorf("got %+v", e)
	}
	if got := (Policy{UnknownCodeRecovery: RecoveryTransient}).Classify(e); got != RecoveryTerminal {
		t.Errorf("classified %q, want terminal for a non-string recovery", got)
	}
	if _, ok := e.Extra["z"]; !ok {
		t.Errorf("unknown member lost: %+v", e.Extra)
	}
}

// TestRaw: from decoded values, Raw is encoding/json's bytes of the error
// found (members sorted, no HTML escaping), fresh on each call; from
// bytes, the copy of the error as received; the zero Extraction's is nil.
func TestRaw(t *testing.T) {
	ae := map[string]any{"code": "RATE_LIMITED", "message": "m <&>\u2028", "retry_after": 5.0, "details": map[string]any{"b": []any{1.5, nil, true}, "a": "x"}}
	resp := map[string]any{"isError": true, "structuredContent": map[string]any{"adcp_error": ae}}
	x, ok := ExtractValue(resp)
	if !ok {
		t.Fatal("not extracted")
	}
	const want = `{"code":"RATE_LIMITED","details":{"a":"x","b":[1.5,null,true]},"message":"m <&>\u2028","retry_after":5}`
	if got := string(x.Raw()); got != want {
		t.Fatalf("Raw %s, want %s", got, want)
	}
	a, b := x.Raw(), x.Raw()
	a[0] = 'X'
	if b[0] != '{' {
		t.Fatal("two calls of Raw share their bytes")
	}
	in := []byte(`{"isError":true,"structuredContent":{"adcp_error":` + want + `}}`)
	y, ok := Extract(in)
	if !ok || string(y.Raw()) != want {
		t.Fatalf("from bytes: %v %s", ok, y.Raw())
	}
	in[len(in)-3] = 'X'
	if string(y.Raw()) != want {
		t.Fatal("Raw shares the response's bytes")
	}
	if (Extraction{}).Raw() != nil {
		t.Fatal("the zero Extraction has a Raw")
	}
}
