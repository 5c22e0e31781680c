package adcp_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/sharedtest"
	"github.com/adcp-gen/adcp-gen/adcp/internal/testvocab"
)

// errorVector is one vector of transport-error-mapping.json, or of our own
// testdata/client/errors.json, which adds the optional members below.
type errorVector struct {
	ID             string          `json:"id"`
	Path           adcp.Path       `json:"path"`
	Response       json.RawMessage `json:"response"`
	ResponseText   string          `json:"response_text"`
	ExpectedError  json.RawMessage `json:"expected_error"`
	ExpectedAction adcp.Action     `json:"expected_action"`

	Policy                   adcp.Recovery `json:"policy"`
	CredentialsPresented     bool          `json:"credentials_presented"`
	SuggestedBillingTried    bool          `json:"suggested_billing_tried"`
	ExpectedErrorText        string        `json:"expected_error_text"`
	ExpectedRecovery         adcp.Recovery `json:"expected_recovery"`
	ExpectedDelaySeconds     *float64      `json:"expected_delay_seconds"`
	ExpectedNonFatal         *bool         `json:"expected_nonfatal"`
	ExpectedSuggestedBilling string        `json:"expected_suggested_billing"`
	ExpectedDisplay          *adcp.Display `json:"expected_display"`
	ExpectedReasonContains   string        `json:"expected_reason_contains"`

	hasDelay bool // expected_delay_seconds is present (null: backoff)
}

// loadErrorVectors reads a vector file.
func loadErrorVectors(t testing.TB, file string) []errorVector {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Vectors []json.RawMessage `json:"vectors"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	out := make([]errorVector, len(doc.Vectors))
	for i, raw := range doc.Vectors {
		if err := json.Unmarshal(raw, &out[i]); err != nil {
			t.Fatalf("%s: vector %d: %v", file, i, err)
		}
		var m map[string]json.RawMessage
		_ = json.Unmarshal(raw, &m)
		_, out[i].hasDelay = m["expected_delay_seconds"]
	}
	return out
}

// responseBytes returns the vector's response as encoded JSON.
func (v errorVector) responseBytes() []byte {
	if v.ResponseText != "" {
		return []byte(v.ResponseText)
	}
	return v.Response
}

// jsonEqual reports whether a and b encode equal JSON values.
func jsonEqual(t testing.TB, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatalf("%s: %v", a, err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return reflect.DeepEqual(x, y)
}

// decodeAny decodes b the way an SDK hands a response over (numbers kept as
// json.Number, so that 1e400 survives).
func decodeAny(t testing.TB, b []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// checkErrorVector extracts and decides one vector, from bytes and from a
// decoded value, and compares every expectation it states. Standard codes
// are classified with the test vocabulary, whose codes have the recoveries
// of AdCP 3.2.0-beta.5.
func checkErrorVector(t *testing.T, v errorVector) {
	for _, form := range []string{"bytes", "decoded"} {
		var x adcp.Extraction
		var ok bool
		if form == "bytes" {
			x, ok = adcp.Extract(v.responseBytes())
		} else {
			x, ok = adcp.ExtractValue(decodeAny(t, v.responseBytes()))
		}
		wantFound := v.ExpectedErrorText != "" || string(v.ExpectedError) != "null" && len(v.ExpectedError) > 0
		if ok != wantFound {
			t.Fatalf("%s: found = %v, want %v (raw %s)", form, ok, wantFound, x.Raw())
		}
		var e *adcp.Error
		if ok {
			e = x.Err
			if e == nil {
				t.Fatalf("%s: Extraction.Err is nil", form)
			}
			if v.Path != "" && x.Path != v.Path {
				t.Errorf("%s: path = %q, want %q", form, x.Path, v.Path)
			}
			if v.ExpectedErrorText != "" {
				var c bytes.Buffer
				_ = json.Compact(&c, x.Raw())
				if c.String() != v.ExpectedErrorText {
					t.Errorf("%s: raw = %s, want %s", form, c.Bytes(), v.ExpectedErrorText)
				}
			} else if !jsonEqual(t, x.Raw(), v.ExpectedError) {
				t.Errorf("%s: raw = %s, want %s", form, x.Raw(), v.ExpectedError)
			}
			if v.ExpectedNonFatal != nil && x.NonFatal != *v.ExpectedNonFatal {
				t.Errorf("%s: NonFatal = %v, want %v", form, x.NonFatal, *v.ExpectedNonFatal)
			}
		}
		p := adcp.Policy{Vocabulary: testvocab.Vocabulary, UnknownCodeRecovery: v.Policy}
		d := p.Decide(e, adcp.RequestContext{
			CredentialsPresented:  v.CredentialsPresented,
			SuggestedBillingTried: v.SuggestedBillingTried,
			NonFatal:              x.NonFatal,
		})
		if d.Action != v.ExpectedAction {
			t.Errorf("%s: action = %q (%s), want %q", form, d.Action, d.Reason, v.ExpectedAction)
		}
		if v.ExpectedRecovery != "" && d.Recovery != v.ExpectedRecovery {
			t.Errorf("%s: recovery = %q, want %q", form, d.Recovery, v.ExpectedRecovery)
		}
		if v.hasDelay {
			if v.ExpectedDelaySeconds == nil {
				if d.RetryAfter {
					t.Errorf("%s: delay = %v from retry_after, want backoff", form, d.Delay)
				}
			} else if !d.RetryAfter || d.Delay.Seconds() != *v.ExpectedDelaySeconds {
				t.Errorf("%s: delay = %v (retry_after %v), want %vs", form, d.Delay, d.RetryAfter, *v.ExpectedDelaySeconds)
			}
		}
		if d.SuggestedBilling != v.ExpectedSuggestedBilling {
			t.Errorf("%s: suggested billing = %q, want %q", form, d.SuggestedBilling, v.ExpectedSuggestedBilling)
		}
		if !strings.Contains(d.Reason, v.ExpectedReasonContains) {
			t.Errorf("%s: reason %q lacks %q", form, d.Reason, v.ExpectedReasonContains)
		}
		if v.ExpectedDisplay != nil {
			if got := e.Display(); got != *v.ExpectedDisplay {
				t.Errorf("%s: display = %+q, want %+q", form, got, *v.ExpectedDisplay)
			}
		}
	}
}

// TestOfficialTransportVectors runs all 32 official vectors.
//
// checklist: 1, 2, 3, 4, 5, 6, 10, 11, 12, 14, 18, 33
func TestOfficialTransportVectors(t *testing.T) {
	file := filepath.Join(sharedtest.Dir(t, "test-vectors"), "transport-error-mapping.json")
	vs := loadErrorVectors(t, file)
	if len(vs) != 32 {
		t.Errorf("%d vectors, want 32", len(vs))
	}
	for _, v := range vs {
		t.Run(v.ID, func(t *testing.T) { checkErrorVector(t, v) })
	}
}

// TestOwnErrorVectors runs our own vectors (testdata/client/errors.json).
//
// checklist: 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 14, 19, 20, 21, 22, 23, 24, 26, 27, 28, 30, 32, 33, 34, 35, 36, 37
func TestOwnErrorVectors(t *testing.T) {
	vs := loadErrorVectors(t, filepath.Join("testdata", "client", "errors.json"))
	if len(vs) < 60 {
		t.Errorf("only %d vectors", len(vs))
	}
	ids := map[string]bool{}
	for _, v := range vs {
		if ids[v.ID] {
			t.Errorf("duplicate id %q", v.ID)
		}
		ids[v.ID] = true
		t.Run(v.ID, func(t *testing.T) { checkErrorVector(t, v) })
	}
}

// TestValidateSize checks the 4096-byte bound at its edge, measured without
// HTML escaping and in UTF-8 bytes.
//
// checklist: 4, 36
func TestValidateSize(t *testing.T) {
	// {"code":"X","message":"…"} is 25 units plus the message.
	object := func(msg string) []byte {
		return []byte(`{"code":"X","message":"` + msg + `"}`)
	}
	tests := []struct {
		name string
		raw  []byte
		ok   bool
	}{
		{"exactly 4096", object(strings.Repeat("a", 4096-25)), true},
		{"4097", object(strings.Repeat("a", 4097-25)), false},
		{"html characters count once", object(strings.Repeat("<", 4096-25)), true},
		{"escapes count decoded", object(strings.Repeat(`\u0061`, 4096-25)), true},
		{"escapes beyond", object(strings.Repeat(`\u0061`, 4097-25)), false},
		{"white space is not counted", []byte(`{ "code" : "X" , "message" : "` + strings.Repeat("a", 4096-25) + `" }`), true},
		{"non-ASCII counts its UTF-16 code units", object(strings.Repeat("é", 4096-25)), true},
		{"non-ASCII beyond", object(strings.Repeat("é", 4097-25)), false},
		{"huge", object(strings.Repeat("a", 1<<20)), false},
		{"not an object", []byte(`["code"]`), false},
		{"code not a string", []byte(`{"code":1}`), false},
		{"empty code", []byte(`{"code":""}`), false},
		{"64 runes of 2 bytes", []byte(`{"code":"` + strings.Repeat("é", 64) + `"}`), true},
		{"65 runes", []byte(`{"code":"` + strings.Repeat("é", 65) + `"}`), false},
		{"invalid JSON", []byte(`{"code":"X"`), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := adcp.Validate(tt.raw); (err == nil) != tt.ok {
				t.Errorf("Validate = %v, want ok %v", err, tt.ok)
			}
		})
	}
}

// TestExtractValueForms checks the decoded forms SDKs hand over.
func TestExtractValueForms(t *testing.T) {
	errObj := map[string]any{"code": "RATE_LIMITED", "retry_after": 5.0}
	type part struct {
		Kind string         `json:"kind"`
		Data map[string]any `json:"data"`
	}
	tests := []struct {
		name string
		in   any
		path adcp.Path
	}{
		{"map", map[string]any{"isError": true, "structuredContent": map[string]any{"adcp_error": errObj}}, adcp.PathStructuredContent},
		{"raw message", json.RawMessage(`{"isError":true,"structuredContent":{"adcp_error":{"code":"RATE_LIMITED"}}}`), adcp.PathStructuredContent},
		{"bytes", []byte(`{"error":{"data":{"adcp_error":{"code":"RATE_LIMITED"}}}}`), adcp.PathJSONRPCError},
		{"raw member in a map", map[string]any{"isError": true, "structuredContent": json.RawMessage(`{"adcp_error":{"code":"RATE_LIMITED"}}`)}, adcp.PathStructuredContent},
		{"struct values", map[string]any{"status": map[string]any{"state": "failed"}, "artifacts": []any{map[string]any{"parts": []part{{Kind: "data", Data: map[string]any{"adcp_error": errObj}}}}}}, adcp.PathArtifact},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, ok := adcp.ExtractValue(tt.in)
			if !ok || x.Path != tt.path || x.Err.Code != testvocab.CodeRateLimited {
				t.Errorf("got %+v, %v; want %s RATE_LIMITED", x, ok, tt.path)
			}
		})
	}
	for _, in := range []any{nil, 42, "text", []any{1}, map[string]any{}, make(chan int)} {
		if x, ok := adcp.ExtractValue(in); ok {
			t.Errorf("ExtractValue(%T) = %+v, want nothing", in, x)
		}
	}
}
