package adcp

import (
	"encoding/json"
	"testing"
)

// FuzzAppendAdvisory checks, on any payload bytes, that AppendAdvisory
// never panics, returns valid JSON when it succeeds, and is idempotent: the
// same advisory appended again is a duplicate.
func FuzzAppendAdvisory(f *testing.F) {
	for _, s := range []string{
		`{}`, `{"errors":[]}`, `{"a":1,"errors":[{"code":"STALE_RESPONSE","message":"m"}]}`,
		`{"errors":null}`, `[]`, `{"errors":[1,"x",{}]}`, "{\"\\u0065rrors\":[]}", `{"errors":[{"code":"STALE_RESPONSE","field":7}]}`,
	} {
		f.Add([]byte(s), "STALE_RESPONSE", "")
	}
	f.Fuzz(func(t *testing.T, payload []byte, code, field string) {
		if code == "" {
			return
		}
		e := &Error{Code: Code(code), Message: "m", Field: field}
		out, added, err := AppendAdvisory(payload, "fuzz@1.0.0", e)
		if err != nil {
			return
		}
		if !json.Valid(out) {
			t.Fatalf("invalid output %q from %q", out, payload)
		}
		if !added && string(out) != string(payload) {
			t.Fatalf("payload changed without an append: %q", out)
		}
		again, added2, err := AppendAdvisory(out, "other@2.0.0", e)
		if err != nil || added2 || string(again) != string(out) {
			t.Fatalf("second append of %q: %q, %v, %v", out, again, added2, err)
		}
	})
}
