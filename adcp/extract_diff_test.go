package adcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
	"github.com/adcp-gen/adcp-gen/adcp/internal/sharedtest"
)

// diffExtraction reports how the fast extraction x differs from the
// reference y, or "" when they agree: found or not, Path, NonFatal, Raw as
// bytes (from bytes) or as a JSON value (decoded), and the decoded Err.
func diffExtraction(x Extraction, xok bool, y Extraction, yok bool) string {
	switch {
	case xok != yok:
		return "found differs"
	case !xok:
		return ""
	case x.Path != y.Path:
		return "path differs"
	case x.NonFatal != y.NonFatal:
		return "NonFatal differs"
	case !bytes.Equal(x.Raw(), y.Raw()):
		return "raw differs"
	case !reflect.DeepEqual(x.Err, y.Err):
		return "decoded error differs"
	}
	return ""
}

// checkDifferential compares the fast and the reference extraction of in,
// from bytes and, when in is JSON, from its decoded value (numbers as
// float64 and as json.Number).
func checkDifferential(t *testing.T, in []byte) {
	t.Helper()
	x, xok := Extract(in)
	y, yok := refExtract(in)
	if d := diffExtraction(x, xok, y, yok); d != "" {
		t.Fatalf("bytes: %s\ninput %q\nfast %v %+v raw %s\nref  %v %+v raw %s", d, in, xok, x, x.Raw(), yok, y, y.Raw())
	}
	if !json.Valid(in) && xok {
		t.Fatalf("found an error in invalid JSON %q", in)
	}
	var plain any
	if json.Unmarshal(in, &plain) == nil {
		x, xok := ExtractValue(plain)
		y, yok := refExtractValue(plain)
		if d := diffExtraction(x, xok, y, yok); d != "" {
			t.Fatalf("decoded: %s\ninput %q\nfast %v %+v raw %s\nref  %v %+v raw %s", d, in, xok, x, x.Raw(), yok, y, y.Raw())
		}
	}
	dec := json.NewDecoder(bytes.NewReader(in))
	dec.UseNumber()
	var num any
	if dec.Decode(&num) == nil {
		x, xok := ExtractValue(num)
		y, yok := refExtractValue(num)
		if d := diffExtraction(x, xok, y, yok); d != "" {
			t.Fatalf("decoded (json.Number): %s\ninput %q\nfast %v %+v\nref  %v %+v", d, in, xok, x, yok, y)
		}
	}
}

// vectorResponses returns the responses of our vector files and, when
// ../shared is present, of the official ones: the error vectors, and the
// MCP and A2A success vectors.
func vectorResponses(t testing.TB) [][]byte {
	t.Helper()
	var files []string
	for _, f := range []string{"errors.json", "mcp-data.json", "a2a-data.json"} {
		files = append(files, filepath.Join("testdata", "client", f))
	}
	if root := sharedtest.Root(); root != "" {
		for _, f := range []string{"transport-error-mapping.json", "mcp-response-extraction.json", "a2a-response-extraction.json"} {
			if p := filepath.Join(root, "test-vectors", f); fileExists(p) {
				files = append(files, p)
			}
		}
	}
	var out [][]byte
	for _, file := range files {
		out = append(out, readVectorResponses(t, file)...)
	}
	return out
}

// readVectorResponses returns the responses of one vector file: response,
// or response_text when the vector gives its response as text.
func readVectorResponses(t testing.TB, file string) [][]byte {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Vectors []struct {
			Response     json.RawMessage `json:"response"`
			ResponseText string          `json:"response_text"`
		} `json:"vectors"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if len(doc.Vectors) == 0 {
		t.Fatalf("%s: no vectors", file)
	}
	out := make([][]byte, 0, len(doc.Vectors))
	for _, v := range doc.Vectors {
		if v.ResponseText != "" {
			out = append(out, []byte(v.ResponseText))
		} else {
			out = append(out, v.Response)
		}
	}
	return out
}

// fileExists reports whether a regular file is at p.
func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// diffEdgeCases are inputs written to probe where a hand-written scanner
// may part from encoding/json.
var diffEdgeCases = []string{
	// Keys written with escapes, and keys that only look alike.
	`{"isError":true,"structuredContent":{"adcp\u005ferror":{"code":"X"}}}`,
	`{"is\u0045rror":true,"structured\u0043ontent":{"adcp_error":{"code":"X"}}}`,
	`{"isError":true,"structuredContent":{"adcp_error\u0000":{"code":"X"}}}`,
	`{"isError":true,"structuredContent":{"ADCP_ERROR":{"code":"X"}}}`,
	"{\"isError\":true,\"structuredContent\":{\"adcp_error\xff\":{\"code\":\"X\"}}}",
	`{"isError":true,"structuredContent":{"adcp_error\ud800":{"code":"X"}}}`,
	// Duplicate keys: the last one wins, at every level.
	`{"isError":true,"structuredContent":{"adcp_error":{"code":"A"},"adcp_error":{"code":"B"}}}`,
	`{"isError":true,"structuredContent":{"adcp_error":{"code":"A"}},"structuredContent":{}}`,
	`{"isError":true,"isError":false,"structuredContent":{"adcp_error":{"code":"A"}}}`,
	`{"status":{"state":"failed"},"artifacts":[{"parts":[{"data":{"adcp_error":{"code":"A"}}}],"parts":[]}]}`,
	`{"status":{"state":"failed"},"artifacts":[{"parts":[{"data":{"adcp_error":{"code":"A"}},"kind":"text"}]}]}`,
	`{"status":{"state":"failed"},"artifacts":[{"parts":[{"kind":"text","kind":"data","data":{"adcp_error":{"code":"A"}}}]}]}`,
	`{"result":{"isError":true,"structuredContent":{"adcp_error":{"code":"A"}}},"result":7}`,
	`{"error":{"data":{"adcp_error":{"code":"A"}}},"error":null}`,
	`{"payload":{"errors":[{"code":"A"}]},"payload":{"errors":[]},"errors":[{"code":"B"}]}`,
	// Truthiness of adcp_error.
	`{"isError":true,"structuredContent":{"adcp_error":0},"content":[{"type":"text","text":"{\"adcp_error\":{\"code\":\"T\"}}"}]}`,
	`{"isError":true,"structuredContent":{"adcp_error":-0.0e7}}`,
	`{"isError":true,"structuredContent":{"adcp_error":1e400}}`,
	`{"isError":true,"structuredContent":{"adcp_error":1e-400},"errors":[{"code":"E"}]}`,
	`{"isError":true,"structuredContent":{"adcp_error":""},"errors":[{"code":"E"}]}`,
	`{"isError":true,"structuredContent":{"adcp_error":"x"},"errors":[{"code":"E"}]}`,
	`{"isError":true,"structuredContent":{"adcp_error":[]}}`,
	// Text items: escapes, white space, size, a second item.
	`{"isError":true,"content":[{"type":"text","text":" \n\t{\"adcp_error\":{\"code\":\"T\"}} "}]}`,
	`{"isError":true,"content":[{"type":"text","text":"\u007b\"adcp_error\":{\"code\":\"T\"}}"}]}`,
	`{"isError":true,"content":[{"type":"text","text":"\u0020{\"adcp_error\":{\"code\":\"T\"}}"}]}`,
	"{\"isError\":true,\"content\":[{\"type\":\"text\",\"text\":\"\u00a0{\\\"adcp_error\\\":{\\\"code\\\":\\\"T\\\"}}\"}]}",
	`{"isError":true,"content":[{"type":"text","text":"{\"adcp_error\":{\"code\":\"T\"}} x"}]}`,
	`{"isError":true,"content":[{"type":"text","text":"{}"},{"type":"text","text":"{\"adcp_error\":{\"code\":\"T\"}}"}]}`,
	`{"isError":true,"content":[{"type":"t\u0065xt","text":"{\"adcp_error\":{\"code\":\"T\"}}"}]}`,
	`{"isError":false,"content":[{"type":"text","text":"{\"errors\":[{\"code\":\"W\"}]}"}]}`,
	`{"content":[{"type":"text","text":"nope"},{"type":"text","text":"{\"payload\":{\"errors\":[{\"code\":\"W\"}]}}"}]}`,
	// The first text item that is a JSON object is the holder, though it
	// cannot hold errors; one that is not leaves the place to the next.
	`{"content":[{"type":"text","text":"{\"a\":1}"},{"type":"text","text":"{\"errors\":[{\"code\":\"W\"}]}"}]}`,
	`{"content":[{"type":"text","text":"{\"a\":1"},{"type":"text","text":"{\"errors\":[{\"code\":\"W\"}]}"}]}`,
	`{"content":[{"type":"text","text":"{\"a\":1"},{"type":"image"},{"type":"text","text":"{\"a\":2}"},{"type":"text","text":"{\"errors\":[{\"code\":\"W\"}]}"}]}`,
	`{"content":[{"type":"text","text":"{\"a\":1}"},{"type":"text","text":"{\"a\":2}"},{"type":"text","text":"{\"errors\":[{\"code\":\"W\"}]}"}]}`,
	`{"content":[{"type":"text","text":"{\"\\u0065rrors\":[{\"code\":\"W\"}]}"}]}`,
	`{"content":[{"type":"text","text":"{\"\u0065rrors\":[{\"code\":\"W\"}]}"}]}`,
	`{"content":[{"type":"text","text":"{\"note\":\"no errors here\"}"},{"type":"text","text":"{\"errors\":[{\"code\":\"W\"}]}"}]}`,
	`{"isError":true,"content":[{"type":"text","text":"{\"adcp_error\":{\"code\":\"\ud83d\ude00\ud800\"}}"}]}`,
	// A2A states, spellings and envelopes.
	`{"task":{"status":{"state":"TASK_STATE_REJECTED"},"artifacts":[{"parts":[{"data":{"errors":[{"code":"R"}]}}]}]}}`,
	`{"statusUpdate":{"status":{"state":"TASK_STATE_\u212aORKING","message":{"parts":[{"data":{"errors":[{"code":"R"}]}}]}}}}`,
	`{"status":{"state":"TASK_STATE_CANCELLED"},"artifacts":[{"parts":[{"data":{"errors":[{"code":"C"}]}}]}]}`,
	`{"status":{"state":"cancelled"},"artifacts":[{"parts":[{"data":{"errors":[{"code":"C"}]}}]}]}`,
	`{"status":{"state":"Completed"},"artifacts":[{"parts":[{"data":{"errors":[{"code":"C"}]}}]}]}`,
	`{"status":{"state":"fail\u0065d"},"artifacts":[{"parts":[{"data":{"errors":[{"code":"C"}]}}]}]}`,
	`{"status":7,"task":{"status":{"state":"failed"},"artifacts":[{"parts":[{"data":{"adcp_error":{"code":"C"}}}]}]}}`,
	`{"result":{"task":{"status":{"state":"failed"},"artifacts":[{"parts":[{"data":{"errors":[{"code":"C"}]}}]}]}},"errors":[{"code":"D"}]}`,
	// Both envelopes (task wins, whichever comes first), repeated ones
	// (the last wins, also when it is not an object), envelopes beside a
	// status (the response's own), and in a JSON-RPC result.
	`{"statusUpdate":{"status":{"state":"failed"},"artifacts":[{"parts":[{"data":{"adcp_error":{"code":"U"}}}]}]},"task":{"status":{"state":"failed"},"artifacts":[{"parts":[{"data":{"adcp_error":{"code":"T"}}}]}]}}`,
	`{"task":{"status":{"state":"failed"},"artifacts":[{"parts":[{"data":{"adcp_error":{"code":"T"}}}]}]},"statusUpdate":{"status":{"state":"failed"},"artifacts":[{"parts":[{"data":{"adcp_error":{"code":"U"}}}]}]}}`,
	`{"task":{"status":{"state":"failed"},"artifacts":[{"parts":[{"data":{"adcp_error":{"code":"A"}}}]}]},"task":{"status":{"state":"failed"},"artifacts":[{"parts":[{"data":{"adcp_error":{"code":"B"}}}]}]}}`,
	`{"task":{"status":{"state":"failed"},"artifacts":[{"parts":[{"data":{"adcp_error":{"code":"A"}}}]}]},"task":7,"statusUpdate":{"status":{"state":"failed"},"artifacts":[{"parts":[{"data":{"adcp_error":{"code":"U"}}}]}]}}`,
	`{"task":[],"statusUpdate":{"status":{"state":"failed"},"artifacts":[{"parts":[{"data":{"adcp_error":{"code":"U"}}}]}]}}`,
	`{"status":{"state":"working"},"task":{"status":{"state":"failed"},"artifacts":[{"parts":[{"data":{"adcp_error":{"code":"T"}}}]}]}}`,
	`{"result":{"statusUpdate":{"status":{"state":"failed"},"artifacts":[{"parts":[{"data":{"adcp_error":{"code":"U"}}}]}]},"task":{"status":{"state":"failed"},"artifacts":[{"parts":[{"data":{"adcp_error":{"code":"T"}}}]}]}},"task":{"status":{"state":"failed"},"artifacts":[{"parts":[{"data":{"adcp_error":{"code":"R"}}}]}]}}`,
	`{"task":{"status":{"state":"failed"},"artifacts":[{"parts":[{"data":{"adcp_error":{"code":"T"}}}]}]},"x":[1,}`,
	// Invalid JSON, in places a lazy scanner would not look.
	`{"isError":true,"structuredContent":{"adcp_error":{"code":"X"}},"x":[1,2,}`,
	`{"isError":true,"structuredContent":{"adcp_error":{"code":"X"}}} x`,
	`{"isError":true,"structuredContent":{"adcp_error":{"code":"X"}},"x":01}`,
	`{"isError":true,"structuredContent":{"adcp_error":{"code":"X"}},"x":"\x"}`,
	"{\"isError\":true,\"structuredContent\":{\"adcp_error\":{\"code\":\"X\"}},\"x\":\"\x01\"}",
	"\xc2\xa0{\"isError\":true,\"structuredContent\":{\"adcp_error\":{\"code\":\"X\"}}}",
	`{"isError":true,"structuredContent":{"adcp_error":{"code":"X"}},"x":tru}`,
	`{"isError":true,"structuredContent":{"adcp_error":{"code":"X"}},"x":-}`,
	`{"isError":true,"structuredContent":{"adcp_error":{"code":"X"}},"x":1.}`,
	`{"isError":true,"structuredContent":{"adcp_error":{"code":"X"}},"x":1e}`,
	`{"isError":true,"structuredContent":{"adcp_error":{"code":"X"}},"x":{"a"}}`,
	`{"isError":true,"structuredContent":{"adcp_error":{"code":"X"}},"x":{"a":1,}}`,
	`{"isError":true,"structuredContent":{"adcp_error":{"code":"X"}},}`,
	` {"isError":true,"structuredContent":{"adcp_error":{"code":"X"}}}` + "\r\n\t ",
	``, ` `, `{`, `}`, `{}`, `[]`, `null`, `"x"`, `[{"isError":true}]`,
}

// TestExtractDifferential compares the fast and the reference extraction on
// every vector and on the edge cases.
func TestExtractDifferential(t *testing.T) {
	ins := vectorResponses(t)
	for _, s := range diffEdgeCases {
		ins = append(ins, []byte(s))
	}
	for _, in := range ins {
		checkDifferential(t, in)
	}
}

// TestExtractDepth checks the nesting limit of encoding/json (10000 levels)
// at its edge, in a skipped member and under adcp_error.
func TestExtractDepth(t *testing.T) {
	nest := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	obj := func(n int) string { return strings.Repeat(`{"a":`, n) + "1" + strings.Repeat("}", n) }
	for _, tt := range []struct {
		name  string
		in    string
		found bool
	}{
		// The root and the error object count: 10000 levels in all.
		{"skipped array at the limit", `{"isError":true,"structuredContent":{"adcp_error":{"code":"X"}},"x":` + nest(9999) + `}`, true},
		{"skipped array beyond", `{"isError":true,"structuredContent":{"adcp_error":{"code":"X"}},"x":` + nest(10000) + `}`, false},
		{"error member at the limit", `{"isError":true,"structuredContent":{"adcp_error":{"code":"X","d":` + nest(9997) + `}}}`, false},
		{"objects beyond", `{"isError":true,"structuredContent":{"adcp_error":{"code":"X"}},"x":` + obj(10000) + `}`, false},
		{"objects at the limit", `{"isError":true,"structuredContent":{"adcp_error":{"code":"X"}},"x":` + obj(9999) + `}`, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			in := []byte(tt.in)
			if json.Valid(in) != tt.found && tt.name != "error member at the limit" {
				t.Fatalf("json.Valid = %v: the case is miswritten", !tt.found)
			}
			if _, ok := Extract(in); ok != tt.found {
				t.Errorf("found = %v, want %v", ok, tt.found)
			}
			checkDifferential(t, in)
		})
	}
}

// TestScanValid compares jsonwire.Valid with json.Valid on the edge cases and on
// every prefix of a vector (truncated input).
func TestScanValid(t *testing.T) {
	ins := vectorResponses(t)
	for _, s := range diffEdgeCases {
		ins = append(ins, []byte(s))
	}
	for _, in := range ins {
		if got, want := jsonwire.Valid(in), json.Valid(in); got != want {
			t.Errorf("jsonwire.Valid(%q) = %v, want %v", in, got, want)
		}
	}
	in := ins[0]
	for i := range in {
		if got, want := jsonwire.Valid(in[:i]), json.Valid(in[:i]); got != want {
			t.Errorf("jsonwire.Valid(%q) = %v, want %v", in[:i], got, want)
		}
	}
}

// FuzzExtractDifferential checks, on arbitrary bytes seeded with every
// vector, that the fast extraction returns exactly what the reference
// returns (from bytes and from the decoded value), that it never finds an
// error in invalid JSON, and that jsonwire.Valid is json.Valid.
func FuzzExtractDifferential(f *testing.F) {
	for _, in := range vectorResponses(f) {
		f.Add(in)
	}
	for _, s := range diffEdgeCases {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if got, want := jsonwire.Valid(in), json.Valid(in); got != want {
			t.Fatalf("jsonwire.Valid(%q) = %v, json.Valid %v", in, got, want)
		}
		checkDifferential(t, in)
	})
}

// TestExtractValueDifferential compares the fast and the reference
// extraction on decoded values that mix in encoded JSON and Go values, as
// SDKs hand them over: json.RawMessage members (valid, padded, invalid),
// map[string]json.RawMessage, []json.RawMessage, structs, typed nil maps.
func TestExtractValueDifferential(t *testing.T) {
	raw := func(s string) json.RawMessage { return json.RawMessage(s) }
	errObj := map[string]any{"code": "RATE_LIMITED", "retry_after": 5.0}
	type part struct {
		Kind string         `json:"kind"`
		Data map[string]any `json:"data"`
	}
	type item struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	ins := []any{
		map[string]any{"isError": true, "structuredContent": raw(` {"adcp_error":{"code":"A"}} `)},
		// Text items as decoded strings: an escape spelling errors, and a
		// first holder that cannot hold them.
		map[string]any{"content": []any{map[string]any{"type": "text", "text": `{"\u0065rrors":[{"code":"W"}]}`}}},
		map[string]any{"content": []any{map[string]any{"type": "text", "text": `{"a":1}`},
			map[string]any{"type": "text", "text": `{"errors":[{"code":"W"}]}`}}},
		map[string]any{"content": []any{map[string]any{"type": "text", "text": `{"a":1`},
			map[string]any{"type": "text", "text": `{"errors":[{"code":"W"}]}`}}},
		map[string]any{"isError": true, "structuredContent": raw(`{"adcp_error":{"code":"A"}`)},
		map[string]any{"isError": true, "structuredContent": map[string]any{"adcp_error": raw(`{"code":"A"} x`)}},
		map[string]any{"isError": true, "structuredContent": map[string]any{"adcp_error": raw(`1x`)}, "errors": []any{errObj}},
		map[string]any{"isError": true, "structuredContent": map[string]any{"adcp_error": raw(`"x`)}, "errors": []any{errObj}},
		map[string]any{"isError": raw(`tru`), "structuredContent": map[string]any{"adcp_error": errObj}},
		map[string]any{"isError": raw(` true `), "structuredContent": map[string]json.RawMessage{"adcp_error": raw(`{"code":"B"}`)}},
		map[string]any{"isError": true, "structuredContent": map[string]any{"adcp_error": raw("")}, "errors": []json.RawMessage{raw(`{"code":"E"}`)}},
		map[string]any{"isError": true, "content": []item{{"text", `{"adcp_error":{"code":"T"}}`}}},
		map[string]any{"isError": true, "content": raw(`[{"type":"text","text":"{\"adcp_error\":{\"code\":\"T\"}}"}]`)},
		map[string]any{"isError": true, "content": []json.RawMessage{raw(`{"type":"text","text":"{\"adcp_error\":{\"code\":\"T\"}}"}`)}},
		map[string]any{"isError": true, "content": []any{raw(`{"type":"text","text":"{\"adcp_error\":{\"code\":\"T\"}}"`)}},
		map[string]any{"status": map[string]any{"state": "failed"}, "artifacts": []any{map[string]any{"parts": []part{{Kind: "data", Data: map[string]any{"adcp_error": errObj}}}}}},
		map[string]any{"status": raw(`{"state":"failed","message":{"parts":[{"data":{"adcp_error":{"code":"S"}}}]}}`)},
		map[string]any{"status": map[string]any{"state": raw(`"TASK_STATE_FAILED"`), "message": raw(`{"parts":[{"data":{"errors":[{"code":"S"}]}}]}`)}},
		map[string]any{"status": map[string]any{"state": "failed"}, "artifacts": raw(`[{"parts":[{"data":{"adcp_error":{"code":"R"}}}]}]`)},
		map[string]any{"status": map[string]any{"state": "failed"}, "artifacts": []any{raw(`{"parts":[{"data":{"adcp_error":{"code":"R"}}}]}`)}},
		map[string]any{"status": map[string]any{"state": "failed"}, "artifacts": []any{map[string]any{"parts": []any{raw(`{"kind":"data","data":{"adcp_error":{"code":"R"}}}`)}}}},
		map[string]any{"status": map[string]any{"state": "failed"}, "artifacts": []any{map[string]any{"parts": []any{raw(`{"kind":"data","data":{"adcp_error":{"code":"R"}}`)}}}},
		// A data part whose data is an embedded json.RawMessage starting
		// with '{' but not valid JSON is selected as the payload's data
		// part, and holds nothing.
		map[string]any{"status": map[string]any{"state": "completed"}, "artifacts": []any{map[string]any{"parts": []any{map[string]any{"data": map[string]any{"errors": []any{errObj}}}, map[string]any{"data": raw(`{bad`)}}}}},
		map[string]any{"status": map[string]any{"state": "working", "message": map[string]any{"parts": []any{map[string]any{"data": raw(`{bad`)}, map[string]any{"data": map[string]any{"errors": []any{errObj}}}}}}},
		map[string]any{"status": map[string]any{"state": "failed"}, "artifacts": []any{map[string]any{"parts": []any{map[string]any{"data": raw(`{"adcp_error":{"code":"R"}`)}, map[string]any{"data": map[string]any{"adcp_error": errObj}}}}}},
		map[string]any{"result": raw(`{"isError":true,"structuredContent":{"adcp_error":{"code":"J"}}}`)},
		map[string]any{"result": raw(`{"isError":true,"structuredContent":{"adcp_error":{"code":"J"}}`), "errors": []any{errObj}},
		map[string]any{"task": raw(`{"status":{"state":"failed"},"artifacts":[{"parts":[{"data":{"adcp_error":{"code":"K"}}}]}]}`)},
		map[string]any{"error": raw(`{"data":{"adcp_error":{"code":"E"}}}`)},
		map[string]any{"error": map[string]any{"data": raw(`{"adcp_error":{"code":"E"}}`)}},
		map[string]any{"payload": raw(`{"errors":[{"code":"P"}]}`), "isError": false},
		map[string]any{"payload": map[string]any{"errors": raw(`[{"code":"P"}]`)}},
		map[string]any{"errors": []map[string]any{{"code": "P"}}},
		map[string]any{"isError": true, "structuredContent": map[string]any(nil), "errors": []any{errObj}},
		map[string]any{"isError": true, "structuredContent": map[string]any{"adcp_error": map[string]any(nil)}},
		map[string]any{"isError": true, "structuredContent": map[string]any{"adcp_error": json.Number("0")}, "errors": []any{errObj}},
		map[string]any{"isError": true, "structuredContent": map[string]any{"adcp_error": json.Number("1e400")}},
		map[string]any{"isError": true, "structuredContent": map[string]any{"adcp_error": 3}},
		map[string]any{"isError": true, "structuredContent": map[string]any{"adcp_error": []byte(`{"code":"Y"}`)}},
		map[string]json.RawMessage{"isError": raw(`true`), "structuredContent": raw(`{"adcp_error":{"code":"M"}}`)},
		raw(` {"isError":true,"structuredContent":{"adcp_error":{"code":"M"}}} `),
		[]byte(`{"error":{"data":{"adcp_error":{"code":"M"}}}}`),
		struct {
			IsError bool           `json:"isError"`
			SC      map[string]any `json:"structuredContent"`
		}{true, map[string]any{"adcp_error": errObj}},
		nil, 42, "text", []any{1}, map[string]any{}, make(chan int), raw(""), raw("  "),
	}
	for i, in := range ins {
		x, xok := ExtractValue(in)
		y, yok := refExtractValue(in)
		if d := diffExtraction(x, xok, y, yok); d != "" {
			t.Errorf("%d: %s\nfast %v %+v raw %s\nref  %v %+v raw %s", i, d, xok, x, x.Raw(), yok, y, y.Raw())
		}
	}
}

// TestExtractValueRootForms: the response object and a JSON-RPC result
// are read from map[string]any and from map[string]json.RawMessage, small
// and padded with unknown members. On every vector
// (ours and the official ones, all in testdata/client and ../shared) and on
// TestExtractValueDifferential's kind of inputs, each form of the response,
// padded with unknown members or not, gives what the reference gives.
func TestExtractValueRootForms(t *testing.T) {
	pad := func(m map[string]any) map[string]any {
		out := map[string]any{}
		for k, v := range m {
			out[k] = v
		}
		for i := 0; i < 12; i++ {
			out[fmt.Sprintf("x_pad_%d", i)] = "v"
		}
		return out
	}
	padRaw := func(m map[string]json.RawMessage) map[string]json.RawMessage {
		out := map[string]json.RawMessage{}
		for k, v := range m {
			out[k] = v
		}
		for i := 0; i < 12; i++ {
			out[fmt.Sprintf("x_pad_%d", i)] = json.RawMessage(`"v"`)
		}
		return out
	}
	n := 0
	for _, in := range vectorResponses(t) {
		var m map[string]any
		var r map[string]json.RawMessage
		if json.Unmarshal(in, &m) != nil || json.Unmarshal(in, &r) != nil {
			continue
		}
		forms := []any{m, pad(m), r, padRaw(r)}
		if res, ok := m["result"].(map[string]any); ok {
			// The result read by look-ups, the root in one pass, and
			// the other way round.
			inner := map[string]any{}
			for k, v := range m {
				inner[k] = v
			}
			inner["result"] = pad(res)
			forms = append(forms, inner, pad(inner))
			var rr map[string]json.RawMessage
			if json.Unmarshal(r["result"], &rr) == nil {
				forms = append(forms, map[string]any{"result": padRaw(rr)}, pad(map[string]any{"result": rr}))
			}
		}
		for i, f := range forms {
			x, xok := ExtractValue(f)
			y, yok := refExtractValue(f)
			if d := diffExtraction(x, xok, y, yok); d != "" {
				t.Errorf("%s, form %d: %s\nfast %v %+v\nref  %v %+v", m["code"], i, d, xok, x, yok, y)
			}
			n++
		}
	}
	if n < 100 {
		t.Fatalf("only %d forms checked", n)
	}
}

// TestExtractTextSize checks that a text item is parsed whatever its size:
// over 1 MiB (where the reference client stops), a small valid error inside
// is found, with the padding written plain, escaped, or as invalid UTF-8.
func TestExtractTextSize(t *testing.T) {
	if testing.Short() {
		t.Skip("1 MiB inputs")
	}
	// {"adcp_error":{"code":"T"},"p":""} is 34 bytes decoded.
	const before, after = `{\"adcp_error\":{\"code\":\"T\"},\"p\":\"`, `\"}`
	for _, tt := range []struct {
		name  string
		pad   string // one unit of padding, as written in the text
		width int    // its decoded length
	}{
		{"plain", "a", 1},
		{"escaped", `\u0061`, 1},
		{"invalid UTF-8", "\xff", 3},
	} {
		for _, size := range []int{1 << 20, 1<<20 + 1, 3 << 20} {
			n := (size-34)/tt.width + 1
			in := []byte(`{"isError":true,"content":[{"type":"text","text":"` + before + strings.Repeat(tt.pad, n) + after + `"}]}`)
			t.Run(tt.name, func(t *testing.T) {
				x, ok := Extract(in)
				if !ok || x.Err.Code != "T" || x.Path != PathTextFallback {
					t.Errorf("%d bytes: found = %v, %+v", size, ok, x.Err)
				}
				y, yok := refExtract(in)
				if d := diffExtraction(x, ok, y, yok); d != "" {
					t.Errorf("%s: fast %v, reference %v", d, ok, yok)
				}
				var decoded any
				if err := json.Unmarshal(in, &decoded); err != nil {
					t.Fatal(err)
				}
				if v, vok := ExtractValue(decoded); !vok || v.Err.Code != "T" {
					t.Errorf("%d bytes decoded: found = %v", size, vok)
				}
			})
		}
	}
}
