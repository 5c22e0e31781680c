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
