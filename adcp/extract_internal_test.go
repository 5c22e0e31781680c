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

// TestRawWrittenWhenAsked: from decoded values, ExtractValue leaves the
// error unwritten (exact errors) and Raw writes encoding/json's bytes on
// each call, as fresh slices; from bytes, Raw is the copy made once; the
// zero Extraction's is nil.
func TestRawWrittenWhenAsked(t *testing.T) {
	ae := map[string]any{"code": "RATE_LIMITED", "message": "m <&>\u2028", "retry_after": 5.0, "details": map[string]any{"b": []any{1.5, nil, true}, "a": "x"}}
	resp := map[string]any{"isError": true, "structuredContent": map[string]any{"adcp_error": ae}}
	x, ok := ExtractValue(resp)
	if !ok {
		t.Fatal("not extracted")
	}
	if x.raw != nil || x.val == nil {
		t.Fatalf("ExtractValue wrote the error (raw %q)", x.raw)
	}
	want, encoded := extractEncodeCompact(ae)
	if !encoded {
		t.Fatal("cannot encode")
	}
	a, b := x.Raw(), x.Raw()
	if string(a) != string(want) || string(b) != string(want) {
		t.Fatalf("Raw %s, want %s", a, want)
	}
	a[0] = 'X'
	if b[0] != '{' {
		t.Fatal("two calls of Raw share their bytes")
	}
	y, ok := Extract([]byte(`{"isError":true,"structuredContent":{"adcp_error":` + string(want) + `}}`))
	if !ok || string(y.Raw()) != string(want) || y.val != nil {
		t.Fatalf("from bytes: %v %s", ok, y.Raw())
	}
	if (Extraction{}).Raw() != nil {
		t.Fatal("the zero Extraction has a Raw")
	}
}
