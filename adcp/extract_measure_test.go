package adcp_test

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
)

// errorOfSize returns an MCP error response whose adcp_error carries n
// copies of the number lit in details.
func errorOfSize(lit string, n int) []byte {
	nums := strings.TrimSuffix(strings.Repeat(lit+",", n), ",")
	return []byte(`{"isError":true,"structuredContent":{"adcp_error":{"code":"X_A_B","message":"m","details":{"n":[` + nums + `]}}}}`)
}

// TestOneSizeMeasure: Extract on the bytes and ExtractValue on the same
// response decoded by encoding/json measure the 4096-byte limit the same
// way (numbers as the float64 they decode to), so they agree at the limit
// whatever the numbers' spelling.
func TestOneSizeMeasure(t *testing.T) {
	for _, lit := range []string{"1.50e+3", "1.0", "1500", "1e20", "1E2", "0.000001", "1e-7", "-0.0", "123456789012345678"} {
		for n := 1; n < 1200; n += 7 {
			resp := errorOfSize(lit, n)
			_, okBytes := adcp.Extract(resp)
			var decoded any
			if err := json.Unmarshal(resp, &decoded); err != nil {
				t.Fatal(err)
			}
			_, okValue := adcp.ExtractValue(decoded)
			if okBytes != okValue {
				t.Fatalf("%d × %s: Extract %v, ExtractValue %v", n, lit, okBytes, okValue)
			}
		}
	}
	// The measure of the number as written would refuse this one: 600 ×
	// "1.000000" is 4,800 bytes written, 1,200 measured.
	if _, ok := adcp.Extract(errorOfSize("1.000000", 600)); !ok {
		t.Error("1.000000 measured as written")
	}
	// And accept this one: 250 × "1e20" is 1,250 bytes written, 5,500
	// measured.
	if _, ok := adcp.Extract(errorOfSize("1e20", 250)); ok {
		t.Error("1e20 measured as written")
	}
}

// TestDecodedNonFiniteRetryAfter: a retry_after that is NaN or infinite in
// a decoded response (JSON cannot hold it) counts as absent; the error is
// kept.
//
// checklist: 14
func TestDecodedNonFiniteRetryAfter(t *testing.T) {
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		resp := map[string]any{"isError": true, "structuredContent": map[string]any{
			"adcp_error": map[string]any{"code": "RATE_LIMITED", "message": "m", "recovery": "transient", "retry_after": f,
				"details": map[string]any{"window_seconds": f}}}}
		x, ok := adcp.ExtractValue(resp)
		if !ok {
			t.Fatalf("retry_after %v: the error was dropped", f)
		}
		if x.Err.RetryAfter != nil || x.Err.Code != "RATE_LIMITED" {
			t.Errorf("retry_after %v: %+v", f, x.Err)
		}
		if _, has := x.Err.RetryDelay(); has {
			t.Errorf("retry_after %v gives a delay", f)
		}
		d := adcp.Policy{}.Decide(x.Err, adcp.RequestContext{})
		if d.Action != adcp.ActionRetry || d.RetryAfter {
			t.Errorf("retry_after %v: decided %+v", f, d)
		}
	}
}

// TestOversizedErrorAllocatesNothing: an oversized adcp_error is refused
// where it lies in the response, without copying it.
func TestOversizedErrorAllocatesNothing(t *testing.T) {
	big := `"` + strings.Repeat("a", 1<<20) + `"`
	var many strings.Builder
	for i := 0; i < 2000; i++ {
		if i > 0 {
			many.WriteByte(',')
		}
		many.WriteString(`"k` + strings.Repeat("x", 20) + string(rune('a'+i%26)) + strings.Repeat("y", i%7) + `":"` + strings.Repeat("v", 300) + `"`)
	}
	for name, adcpErr := range map[string]string{
		"one large member":            `{"code":"X_A_B","message":"m","details":{"blob":` + big + `}}`,
		"too many members to measure": `{"code":"X_A_B","message":"m","details":{` + many.String() + `}}`,
		"too deep to measure":         `{"code":"X_A_B","message":"m","details":` + strings.Repeat(`{"a":`, 40) + big + strings.Repeat(`}`, 40) + `}`,
	} {
		for _, resp := range [][]byte{
			[]byte(`{"isError":true,"structuredContent":{"adcp_error":` + adcpErr + `}}`),
			[]byte(`{"jsonrpc":"2.0","id":1,"error":{"code":-32029,"message":"m","data":{"adcp_error":` + adcpErr + `}}}`),
			[]byte(`{"status":{"state":"failed"},"artifacts":[{"parts":[{"kind":"data","data":{"adcp_error":` + adcpErr + `}}]}]}`),
		} {
			if _, ok := adcp.Extract(resp); ok {
				t.Fatalf("%s: extracted", name)
			}
			if n := testing.AllocsPerRun(5, func() { adcp.Extract(resp) }); n != 0 {
				t.Errorf("%s: %v allocations refusing an oversized error", name, n)
			}
		}
	}
}

// TestStringifyUnits: the size limit counts what JSON.stringify writes, in
// UTF-16 code units. An error of 1,300 U+2028 characters (3,936 bytes of
// UTF-8, 1,336 units: JSON.stringify leaves U+2028 as it is, where
// encoding/json writes the 6-byte \u2028) is valid, from bytes, raw or
// escaped, and from decoded values; the limit falls where the units, not
// the bytes, pass 4096.
func TestStringifyUnits(t *testing.T) {
	const overhead = len(`{"code":"RATE_LIMITED","message":""}`)
	errOf := func(msg string) string { return `{"code":"RATE_LIMITED","message":"` + msg + `"}` }
	tests := []struct {
		name string
		err  string
		ok   bool
	}{
		{"1,300 U+2028", errOf(strings.Repeat("\u2028", 1300)), true},
		{"1,300 U+2028 escaped", errOf(strings.Repeat(`\u2028`, 1300)), true},
		{"U+2029 up to the limit", errOf(strings.Repeat("\u2029", 4096-overhead)), true},
		{"U+2029 past the limit", errOf(strings.Repeat("\u2029", 4097-overhead)), false},
		{"é up to the limit", errOf(strings.Repeat("é", 4096-overhead)), true},
		{"é past the limit", errOf(strings.Repeat("é", 4097-overhead)), false},
		{"名 up to the limit", errOf(strings.Repeat("名", 4096-overhead)), true},
		{"a pair of units up to the limit", errOf(strings.Repeat("🙂", (4096-overhead)/2)), true},
		{"a pair of units past the limit", errOf(strings.Repeat("🙂", (4096-overhead)/2+1)), false},
		{"a control character is 6", errOf(strings.Repeat(`\u0001`, (4096-overhead)/6)), true},
		{"a control character past the limit", errOf(strings.Repeat(`\u0001`, (4096-overhead)/6+1)), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name == "1,300 U+2028" && len(tt.err) != 3936 {
				t.Fatalf("the error is %d bytes, want 3936", len(tt.err))
			}
			if err := adcp.Validate([]byte(tt.err)); (err == nil) != tt.ok {
				t.Errorf("Validate = %v, want ok %v", err, tt.ok)
			}
			resp := []byte(`{"isError":true,"structuredContent":{"adcp_error":` + tt.err + `}}`)
			if _, ok := adcp.Extract(resp); ok != tt.ok {
				t.Errorf("Extract: %v, want %v", ok, tt.ok)
			}
			var decoded any
			if err := json.Unmarshal(resp, &decoded); err != nil {
				t.Fatal(err)
			}
			if _, ok := adcp.ExtractValue(decoded); ok != tt.ok {
				t.Errorf("ExtractValue: %v, want %v", ok, tt.ok)
			}
		})
	}
}
