package mcpsdk

import (
	"encoding/json"
	"testing"
)

// TestWithContext: the member is appended to an object that lacks it, given
// as raw JSON, as a string of JSON or as a value; anything else is refused.
func TestWithContext(t *testing.T) {
	const ctx = `{"correlation_id":"c-1"}`
	for _, tt := range []struct {
		in   any
		want string // "" when refused
	}{
		{json.RawMessage(`{}`), `{"context":` + ctx + `}`},
		{` { } `, `{ "context":` + ctx + `}`},
		{json.RawMessage(`{"a":1}`), `{"a":1,"context":` + ctx + `}`},
		{`{"a":"context"}`, `{"a":"context","context":` + ctx + `}`},
		{json.RawMessage(`{"a":{"context":1}}`), `{"a":{"context":1},"context":` + ctx + `}`},
		{map[string]any{"b": 1, "a": "<&>"}, `{"a":"\u003c\u0026\u003e","b":1,"context":` + ctx + `}`},
		{json.RawMessage(`{"context":null}`), ""},
		{`{"cont\u0065xt":1}`, ""},
		{`{"context":1,"context":2}`, ""},
		{json.RawMessage(`[]`), ""},
		{`"x"`, ""},
		{``, ""},
		{`{`, ""},
		{`{"a":1} x`, ""},
		{"\u00a0{}", ""},
		{`{"a":1,}`, ""},
		{[]any{1}, ""},
		{func() {}, ""},
	} {
		got, ok := withContext(tt.in, json.RawMessage(ctx))
		if ok != (tt.want != "") || string(got) != tt.want {
			t.Errorf("withContext(%#v) = %s, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
}
