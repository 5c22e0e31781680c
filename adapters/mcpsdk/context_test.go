package mcpsdk

import (
	"bytes"
	"encoding/json"
	"testing"
)

// withMemberRef is the former withMember: every object validated twice
// and decoded, and encoding/json's isObjectJSON.
func withMemberRef(v any, key string, val json.RawMessage) (json.RawMessage, bool) {
	var raw []byte
	switch x := v.(type) {
	case json.RawMessage:
		raw = x
	case string:
		raw = []byte(x)
	default:
		b, err := json.Marshal(x)
		if err != nil {
			return nil, false
		}
		raw = b
	}
	var obj map[string]json.RawMessage
	if !isObjectJSONRef(raw) || json.Unmarshal(raw, &obj) != nil {
		return nil, false
	}
	if _, ok := obj[key]; ok {
		return nil, false
	}
	raw = bytes.TrimSpace(raw)
	out := make([]byte, 0, len(raw)+len(key)+len(val)+4)
	out = append(out, raw[:len(raw)-1]...)
	if len(obj) > 0 {
		out = append(out, ',')
	}
	k, _ := json.Marshal(key)
	out = append(out, k...)
	out = append(out, ':')
	out = append(out, val...)
	return append(out, '}'), true
}

func isObjectJSONRef(raw []byte) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) > 1 && raw[0] == '{' && json.Valid(raw)
}

var withMemberCases = []string{
	`{}`, ` { } `, `{"a":1}`, ` {"a":{"context":1}} `, `{"context":null}`, `{"cont\u0065xt":1}`, `{"a":"\u0063"}`,
	`{"a":"context"}`, `{"context":1,"context":2}`, `[]`, `"x"`, ``, `{`, `{"a":1} x`, "\u00a0{}", "{\"a\":1}\u0085",
	`{"a":1,}`, `{"a":"<&>"}`, "{\"\xff\":1}",
}

// checkWithMember holds withMember to the former one, on raw JSON, on the
// same text as a string, and on it decoded into a Go value.
func checkWithMember(t *testing.T, raw []byte) {
	t.Helper()
	val := json.RawMessage(`{"correlation_id":"c-1"}`)
	inputs := []any{json.RawMessage(raw), string(raw)}
	var decoded any
	if json.Unmarshal(raw, &decoded) == nil {
		inputs = append(inputs, decoded)
	}
	for _, v := range inputs {
		got, ok := withMember(v, "context", val)
		want, wok := withMemberRef(v, "context", val)
		if ok != wok || !bytes.Equal(got, want) {
			t.Fatalf("withMember(%#v) = %s, %v; the former: %s, %v", v, got, ok, want, wok)
		}
	}
}

func TestWithMemberMatchesRef(t *testing.T) {
	for _, c := range withMemberCases {
		checkWithMember(t, []byte(c))
	}
}

func FuzzWithMemberMatchesRef(f *testing.F) {
	for _, c := range withMemberCases {
		f.Add([]byte(c))
	}
	f.Fuzz(checkWithMember)
}
