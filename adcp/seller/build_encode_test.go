package seller

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
)

// checkBuildEncode holds buildEncode to encoding/json (compact, no HTML
// escaping): the same bytes, or the same error. Details valid and compact
// are passed as such (as finalize passes them), and then not scanned.
func checkBuildEncode(t *testing.T, e *adcp.Error) {
	t.Helper()
	var compact bytes.Buffer
	detailsChecked := json.Compact(&compact, e.Details) == nil && bytes.Equal(compact.Bytes(), e.Details)
	got, err := buildEncode(e, detailsChecked)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	werr := enc.Encode(e)
	want := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	if werr != nil {
		want = nil
	}
	if !bytes.Equal(got, want) || fmt.Sprint(err) != fmt.Sprint(werr) {
		t.Fatalf("buildEncode(%+v) = %s, %v; encoding/json: %s, %v", e, got, err, want, werr)
	}
}

func TestBuildEncodeMatchesMarshal(t *testing.T) {
	five := 5.5
	for name, e := range map[string]*adcp.Error{
		"plain":                   {Code: "RATE_LIMITED", Message: "m", Recovery: adcp.RecoveryTransient, RetryAfter: &five},
		"html and unicode":        {Code: "X", Message: "<b>&</b> \u2028 Café \xff \x01"},
		"compact details":         {Code: "X", Message: "m", Details: json.RawMessage(`{"a":[1,{"b":"c d"}]}`)},
		"compact details and <&>": {Code: "X", Message: "m", Details: json.RawMessage(`{"a":"<&>\u2028"}`), Suggestion: "<&>"},
		"empty details":           {Code: "X", Message: "m", Details: json.RawMessage{}},
		"spaced details":          {Code: "X", Message: "m", Details: json.RawMessage(" {\n\"a\" : [ 1 ] }\t")},
		"invalid details":         {Code: "X", Message: "m", Details: json.RawMessage(`{"a":}`)},
		"two values":              {Code: "X", Message: "m", Details: json.RawMessage(`{},"code":"Y"`)},
		"spaced extra":            {Code: "X", Message: "m", Extra: map[string]json.RawMessage{"k": json.RawMessage(` "v" `)}},
		"issues":                  {Code: "VALIDATION_ERROR", Message: "m", Issues: []adcp.Issue{{Pointer: "/a", Message: "bad", Keyword: "type"}}},
	} {
		t.Run(name, func(t *testing.T) { checkBuildEncode(t, e) })
	}
	// Decoded: members present written as they came, retry_after as written.
	for _, in := range []string{
		`{"code":"X","message":"m","retry_after":1.0000000000000000001,"field":""}`,
		`{"code":"X","message":"","retry_after":1E+2,"suggestion":"s\u00e9"}`,
	} {
		var e adcp.Error
		if err := e.UnmarshalJSON([]byte(in)); err != nil {
			t.Fatal(err)
		}
		t.Run(in, func(t *testing.T) { checkBuildEncode(t, &e) })
	}
}

func FuzzBuildEncodeMatchesMarshal(f *testing.F) {
	f.Add("RATE_LIMITED", "m", []byte(`{"a":1}`), "k", []byte(` 1 `))
	f.Add("X", "<&> \u2029", []byte(" { } "), "", []byte(nil))
	f.Add("X", "m", []byte(`{"a":}`), "k", []byte(`[1,`))
	f.Add("X", "\xff\u2028\"\\", []byte(nil), "", []byte(nil)) // no raw member: not scanned
	f.Fuzz(func(t *testing.T, code, msg string, details []byte, extraKey string, extra []byte) {
		e := &adcp.Error{Code: adcp.Code(code), Message: msg, Details: details, Suggestion: msg, Field: code}
		if len(details) == 0 {
			e.Details = nil // the encoder's output alone, not scanned
		}
		if extraKey != "" {
			e.Extra = map[string]json.RawMessage{extraKey: extra}
		}
		checkBuildEncode(t, e)
	})
}
