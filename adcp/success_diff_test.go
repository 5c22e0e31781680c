package adcp

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// The success-data differential: ExtractMCPData and ExtractA2AData, which
// run on the navigator (navigate.go), against the reference implementation
// over the decoded tree (success_ref_test.go), on every vector and edge case
// and on arbitrary bytes (FuzzExtractDataDifferential), from bytes and from
// decoded values. NormalizeA2AState is compared with its reference too.

// diffData reports how the data x differs from the reference's y, or ""
// when they agree: found or not, the error, Path, State, and Raw as bytes.
func diffData(x Data, xok bool, xerr error, y Data, yok bool, yerr error) string {
	switch {
	case xerr != yerr:
		return "error differs"
	case xok != yok:
		return "found differs"
	case x.Path != y.Path:
		return "path differs"
	case x.State != y.State:
		return "state differs"
	case !bytes.Equal(x.Raw, y.Raw):
		return "raw differs"
	}
	return ""
}

// checkDataValue compares both success extractions of one response value.
func checkDataValue(t *testing.T, form string, in any) {
	t.Helper()
	x, xok := ExtractMCPData(in)
	y, yok := refExtractMCPData(in)
	if d := diffData(x, xok, nil, y, yok, nil); d != "" {
		t.Fatalf("MCP, %s: %s\ninput %#v\nnew %v %+v raw %q\nref %v %+v raw %q", form, d, in, xok, x, x.Raw, yok, y, y.Raw)
	}
	a, aok, aerr := ExtractA2AData(in)
	b, bok, berr := refExtractA2AData(in)
	if d := diffData(a, aok, aerr, b, bok, berr); d != "" {
		t.Fatalf("A2A, %s: %s\ninput %#v\nnew %v %v %+v raw %q\nref %v %v %+v raw %q", form, d, in, aok, aerr, a, a.Raw, bok, berr, b, b.Raw)
	}
}

// checkDataDifferential compares the success extractions of in from bytes
// ([]byte and json.RawMessage) and, when in is JSON, from its decoded value
// (numbers as float64 and as json.Number).
func checkDataDifferential(t *testing.T, in []byte) {
	t.Helper()
	checkDataValue(t, "bytes", in)
	checkDataValue(t, "json.RawMessage", json.RawMessage(in))
	var plain any
	if json.Unmarshal(in, &plain) == nil {
		checkDataValue(t, "decoded", plain)
	}
	dec := json.NewDecoder(bytes.NewReader(in))
	dec.UseNumber()
	var num any
	if dec.Decode(&num) == nil {
		checkDataValue(t, "decoded (json.Number)", num)
	}
}

// checkStateRule compares NormalizeA2AState with its reference on s, and
// knownA2AState with the reference's result restricted to a2aStates.
func checkStateRule(t *testing.T, s string) {
	t.Helper()
	want := refNormalizeA2AState(s)
	if got := NormalizeA2AState(s); got != want {
		t.Fatalf("NormalizeA2AState(%q) = %q, reference %q", s, got, want)
	}
	known := ""
	for _, k := range a2aStates {
		if want == k {
			known = k
		}
	}
	if got := knownA2AState(s); got != known {
		t.Fatalf("knownA2AState(%q) = %q, want %q", s, got, known)
	}
}

// dataResponses returns the responses of every vector file of ours
// (testdata/client/*.json) and of the official ones, when present.
func dataResponses(t testing.TB) [][]byte {
	t.Helper()
	out := vectorResponses(t) // errors, mcp-data and a2a-data, ours and official
	files, err := filepath.Glob(filepath.Join("testdata", "client", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		switch filepath.Base(f) {
		case "errors.json", "mcp-data.json", "a2a-data.json":
			continue // in vectorResponses already
		}
		out = append(out, readVectorResponses(t, f)...)
	}
	return out
}

// dataEdgeCases probe the success rules: the only-adcp_error object, the
// {"response": …} wrapper, the part selection, the states, the envelopes
// and the text items.
var dataEdgeCases = []string{
	// structuredContent.
	`{"structuredContent":{"adcp_error":{"code":"X"}},"content":[{"type":"text","text":"{\"a\":1}"}]}`,
	`{"structuredContent":{"adcp_error":1,"adcp\u005ferror":2}}`,
	`{"structuredContent":{"adcp_error":1,"adcp_error":null}}`,
	`{"structuredContent":{"adcp_error":1,"a":1}}`,
	`{"structuredContent":{"adcp_error\u0000":1}}`,
	"{\"structuredContent\":{\"adcp_error\xff\":1}}",
	`{"structuredContent":{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\u0061":1}}`,
	`{"structuredContent":{}}`,
	`{"structuredContent" : { "a" : [ 1 , 2 ] } , "x":1}`,
	`{"structuredContent":[],"content":[{"type":"text","text":"{\"a\":1}"}]}`,
	`{"structuredContent":null,"content":[{"type":"text","text":"{\"a\":1}"}]}`,
	`{"structuredContent":{"a":1},"structuredContent":7,"content":[{"type":"text","text":"{\"b\":1}"}]}`,
	`{"isError":true,"structuredContent":{"a":1}}`,
	`{"isError":"true","structuredContent":{"a":1}}`,
	`{"isError":true,"isError":false,"structuredContent":{"a":1}}`,
	`{"result":{"structuredContent":{"a":1}},"structuredContent":{"b":2}}`,
	`{"result":7,"structuredContent":{"b":2}}`,
	`{"result":{"isError":true},"structuredContent":{"b":2}}`,
	// Text items.
	`{"content":[{"type":"text","text":" {\"adcp_error\":1} "},{"type":"text","text":"\n{\"a\":1}\t"}]}`,
	`{"content":[{"type":"text","text":"\u00a0{\"a\":1}"},{"type":"text","text":"{\"b\":1}\r\n"}]}`,
	`{"content":[{"type":"text","text":"\u000b{\"a\":1}"}]}`,
	`{"content":[{"type":"text","text":"{\"a\":1} x"},{"type":"text","text":"[1]"},{"type":"text","text":"\"s\""}]}`,
	`{"content":[{"type":"text","text":"\u007b\"a\":\"\\u00e9\ud83d\ude00\"}"}]}`,
	"{\"content\":[{\"type\":\"text\",\"text\":\"{\\\"a\\\":\\\"\xff\\\"}\"}]}",
	`{"content":[{"type":"image","text":"{\"a\":1}"},{"text":"{\"b\":1}"},{"type":"text"},{"type":"text","text":7}]}`,
	`{"content":[{"type":"text","text":"{\"a\":1}","text":"{\"b\":2}"}]}`,
	`{"content":{"type":"text","text":"{\"a\":1}"}}`,
	`{"content":[{"type":"text","text":""},{"type":"text","text":"{}"}]}`,
	// The wrapper.
	`{"status":{"state":"completed"},"artifacts":[{"parts":[{"kind":"data","data":{"response":{"a":1}}}]}]}`,
	`{"status":{"state":"completed"},"artifacts":[{"parts":[{"kind":"data","data":{"response":null}}]}]}`,
	`{"status":{"state":"completed"},"artifacts":[{"parts":[{"kind":"data","data":{"response":[1]}}]}]}`,
	`{"status":{"state":"completed"},"artifacts":[{"parts":[{"kind":"data","data":{"response":"x"}}]}]}`,
	`{"status":{"state":"completed"},"artifacts":[{"parts":[{"kind":"data","data":{"response":1}}]}]}`,
	`{"status":{"state":"completed"},"artifacts":[{"parts":[{"kind":"data","data":{"response":{},"a":1}}]}]}`,
	`{"status":{"state":"completed"},"artifacts":[{"parts":[{"kind":"data","data":{"response":{},"response":1}}]}]}`,
	`{"status":{"state":"completed"},"artifacts":[{"parts":[{"kind":"data","data":{"response":1,"response":{}}}]}]}`,
	`{"status":{"state":"completed"},"artifacts":[{"parts":[{"kind":"data","data":{"respons\u0065":{}}}]}]}`,
	`{"status":{"state":"working","message":{"parts":[{"kind":"data","data":{"response":{}}}]}}}`,
	`{"status":{"state":"failed","message":{"parts":[{"kind":"data","data":{"response":{}}}]}}}`,
	`{"status":{"state":"completed"},"artifacts":[{"parts":[{"kind":"data","data":{"adcp_error":{"code":"X"}}}]}]}`,
	// Part selection.
	`{"status":{"state":"completed"},"artifacts":[{"parts":[{"data":{"a":1}},{"kind":"data","data":{"a":2}},{"kind":"text","data":{"a":3}},{"data":5}]}]}`,
	`{"status":{"state":"completed"},"artifacts":[7,{"parts":[{"data":{"a":1}}]}],"status":{"state":"completed","message":{"parts":[{"data":{"m":1}}]}}}`,
	`{"status":{"state":"completed","message":{"parts":[{"data":null},{"data":{"m":1}},{"data":{"m":2}}]}},"artifacts":[{"parts":[]}]}`,
	`{"status":{"state":"completed","message":{"parts":[{"data":{"m":1}}]}},"artifacts":[]}`,
	`{"status":{"state":"completed","message":{"parts":[{"data":{"m":1}}]}},"artifacts":[{"parts":[{"data":{"a":1}}],"parts":[{"kind":"text"}]}]}`,
	`{"status":{"state":"completed"},"artifacts":[{"parts":[{"data":{"a":1},"data":[1]}]}]}`,
	`{"status":{"state":"completed"},"artifacts":[{"parts":[{"data":[1],"data":{"a":1}}]}]}`,
	`{"status":{"state":"completed"},"artifacts":[{"parts":[{"kind":"data","kind":"text","data":{"a":1}}]}]}`,
	`{"status":{"state":"completed"},"artifacts":[{"parts":[{"kind":"d\u0061ta","data":{"a":1}}]}]}`,
	`{"status":{"state":"completed"},"artifacts":[{"parts":[{"kind":null,"data":{"a":1}}]}]}`,
	`{"status":{"state":"working","message":{"parts":[{"data":{"m":1}}]}},"artifacts":[{"parts":[{"data":{"a":1}}]}]}`,
	`{"status":{"state":"working","message":{"parts":[{"data":{"m":1}}],"parts":[{"data":{"m":2}}]}}}`,
	`{"status":{"state":"working","message":7}}`,
	`{"status":{"state":"working","message":{"parts":{"data":{"m":1}}}}}`,
	// States.
	`{"status":{"state":"TASK_STATE_COMPLETED"},"artifacts":[{"parts":[{"data":{"a":1}}]}]}`,
	`{"status":{"state":"TASK_STATE_CANCELLED"},"artifacts":[{"parts":[{"data":{"a":1}}]}]}`,
	`{"status":{"state":"cancelled"},"artifacts":[{"parts":[{"data":{"a":1}}]}]}`,
	`{"status":{"state":"Completed"},"artifacts":[{"parts":[{"data":{"a":1}}]}]}`,
	`{"status":{"state":"TASK_STATE_WOR\u212aING","message":{"parts":[{"data":{"m":1}}]}}}`,
	`{"status":{"state":"TASK_STATE_\u0130NPUT_REQUIRED","message":{"parts":[{"data":{"m":1}}]}}}`,
	`{"status":{"state":"TASK_STATE_auth_required","message":{"parts":[{"data":{"m":1}}]}}}`,
	`{"status":{"state":"TASK_STATE_INPUT-REQUIRED","message":{"parts":[{"data":{"m":1}}]}}}`,
	`{"status":{"state":"TASK_STATE_SUBMITTED\u0000","message":{"parts":[{"data":{"m":1}}]}}}`,
	"{\"status\":{\"state\":\"TASK_STATE_SUBMITTED\xff\",\"message\":{\"parts\":[{\"data\":{\"m\":1}}]}}}",
	`{"status":{"state":"\u0054ASK_STATE_FAILED"},"artifacts":[{"parts":[{"data":{"a":1}}]}]}`,
	`{"status":{"state":"TASK_STATE_"},"artifacts":[{"parts":[{"data":{"a":1}}]}]}`,
	`{"status":{"state":7},"artifacts":[{"parts":[{"data":{"a":1}}]}]}`,
	`{"status":{"state":"rejected","state":"paused"},"artifacts":[{"parts":[{"data":{"a":1}}]}]}`,
	`{"status":"completed","artifacts":[{"parts":[{"data":{"a":1}}]}]}`,
	// Envelopes.
	`{"task":{"status":{"state":"completed"},"artifacts":[{"parts":[{"data":{"a":1}}]}]}}`,
	`{"statusUpdate":{"status":{"state":"working","message":{"parts":[{"data":{"m":1}}]}}}}`,
	`{"task":7,"statusUpdate":{"status":{"state":"working","message":{"parts":[{"data":{"m":1}}]}}}}`,
	`{"status":null,"task":{"status":{"state":"completed"},"artifacts":[{"parts":[{"data":{"a":1}}]}]}}`,
	`{"result":{"task":{"status":{"state":"completed"},"artifacts":[{"parts":[{"data":{"a":1}}]}]}}}`,
	`{"result":{"task":{"structuredContent":{"a":1}}},"result":{"structuredContent":{"b":1}}}`,
	`{"task":{"status":{"state":"completed"},"artifacts":[{"parts":[{"data":{"a":1}}]}]},"task":{"status":{"state":"working"}}}`,
	// Not a response.
	``, ` `, `{`, `[]`, `null`, `"x"`, `{"structuredContent":{"a":1}} x`, `{"structuredContent":{"a":01}}`,
}

// dataStates are the states the rule test checks, beside the edge cases'.
var dataStates = []string{
	"", "completed", "Completed", "cancelled", "canceled", "TASK_STATE_CANCELLED", "TASK_STATE_CANCELED",
	"TASK_STATE_INPUT_REQUIRED", "TASK_STATE_AUTH_REQUIRED", "TASK_STATE_auth_required", "TASK_STATE_",
	"TASK_STATE_WOR\u212aING", "TASK_STATE_\u0130NPUT_REQUIRED", "TASK_STATE_\u0130\u0130", "TASK_STATE_\xff",
	"TASK_STATE_SUBMITTED\xff", "TASK_STATE_A\xe2\x84", "TASK_STATE_\u023a_\ufffd", "TASK_STATE_FAILED ",
	"TASK_STATE_" + strings.Repeat("\u212a", 20), "TASK_STATE_" + strings.Repeat("\xff", 60),
	"TASK_STATE_INPUT_" + strings.Repeat("\u0130", 40), "task_state_failed", "TASK_STATE_TASK_STATE_FAILED",
}

// TestExtractDataDifferential compares the success extractions with their
// reference on every vector and edge case, and the A2A state rule.
func TestExtractDataDifferential(t *testing.T) {
	ins := dataResponses(t)
	for _, s := range append(append([]string(nil), diffEdgeCases...), dataEdgeCases...) {
		ins = append(ins, []byte(s))
	}
	// Nesting at encoding/json's limit (10000 levels, the root counting),
	// in structuredContent and in a text item (whose JSON counts from 1).
	nest := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	for _, n := range []int{9997, 9998, 9999} {
		ins = append(ins,
			[]byte(`{"structuredContent":{"a":`+nest(n)+`}}`),
			[]byte(`{"content":[{"type":"text","text":"{\"a\":`+nest(n+2)+`}"}]}`),
			[]byte(`{"status":{"state":"completed"},"artifacts":[{"parts":[{"data":{"a":`+nest(n-4)+`}}]}]}`))
	}
	for _, in := range ins {
		checkDataDifferential(t, in)
	}
	for _, s := range dataStates {
		checkStateRule(t, s)
	}
}

// TestExtractDataValueDifferential compares the success extractions with
// their reference on decoded values that mix in encoded JSON and Go values,
// as SDKs hand them over.
func TestExtractDataValueDifferential(t *testing.T) {
	raw := func(s string) json.RawMessage { return json.RawMessage(s) }
	completed := map[string]any{"state": "completed"}
	type part struct {
		Kind string         `json:"kind"`
		Data map[string]any `json:"data"`
	}
	type item struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	parts := func(ps ...any) []any { return []any{map[string]any{"parts": ps}} }
	data := func(d any) map[string]any { return map[string]any{"kind": "data", "data": d} }
	ins := []any{
		map[string]any{"structuredContent": raw(` {"a":1} `)},
		map[string]any{"structuredContent": raw(`{"a":1`), "content": []any{map[string]any{"type": "text", "text": `{"b":1}`}}},
		map[string]any{"structuredContent": raw(`{"adcp_error":1}`)},
		map[string]any{"structuredContent": map[string]any{"adcp_error": 1}},
		map[string]any{"structuredContent": map[string]json.RawMessage{"adcp_error": raw(`1`)}},
		map[string]any{"structuredContent": map[string]json.RawMessage{"a": raw(`1`), "b": raw(` 2 `)}},
		map[string]any{"structuredContent": map[string]any{"a": raw(`{"z":1,"y":2}`), "h": "<&>"}},
		map[string]any{"structuredContent": map[string]any{"c": make(chan int)}},
		map[string]any{"structuredContent": map[string]any(nil)},
		map[string]any{"structuredContent": struct{ A int }{1}},
		map[string]any{"structuredContent": []byte(`{"a":1}`)},
		map[string]any{"isError": raw(`tru`), "structuredContent": map[string]any{"a": 1}},
		map[string]any{"content": []item{{"text", `{"a":1}`}}},
		map[string]any{"content": raw(`[{"type":"text","text":" {\"a\":1}\n"}]`)},
		map[string]any{"content": []json.RawMessage{raw(`{"type":"text","text":"{\"a\":1}"}`)}},
		map[string]any{"content": []any{raw(`{"type":"text","text":"{\"a\":1}"`), map[string]any{"type": "text", "text": " {\"b\":1} "}}},
		map[string]any{"content": []any{map[string]any{"type": "text", "text": "{\"a\":\"\xff\"}"}}},
		map[string]any{"content": []any{map[string]any{"type": "text", "text": "\u00a0{}"}}},
		map[string]any{"content": []any{map[string]any{"type": raw(`"text"`), "text": raw(`"{\"a\":1}"`)}}},
		map[string]any{"status": completed, "artifacts": parts(data(map[string]any{"a": 1}), data(raw(`{bad`)))},
		map[string]any{"status": completed, "artifacts": parts(data(raw(`{bad`)), data(map[string]any{"a": 1}))},
		map[string]any{"status": completed, "artifacts": parts(data(raw(`{"response":{}}`)))},
		map[string]any{"status": completed, "artifacts": parts(data(raw(`{"response":{}`)))},
		map[string]any{"status": completed, "artifacts": parts(data(map[string]any{"response": raw(``)}))},
		map[string]any{"status": completed, "artifacts": parts(data(map[string]any{"response": raw(`[x`)}))},
		map[string]any{"status": completed, "artifacts": parts(data(map[string]any{"response": nil}))},
		map[string]any{"status": completed, "artifacts": parts(data(map[string]any{"response": "x"}))},
		map[string]any{"status": completed, "artifacts": parts(data(map[string]any{"response": []int{1}}))},
		map[string]any{"status": completed, "artifacts": parts(data(map[string]json.RawMessage{"response": raw(`{}`)}))},
		map[string]any{"status": completed, "artifacts": parts(data(map[string]any{"response": map[string]any{}, "a": 1}))},
		map[string]any{"status": completed, "artifacts": parts(data(map[string]any(nil)))},
		map[string]any{"status": completed, "artifacts": parts(data(struct{ Response []int }{}))},
		map[string]any{"status": completed, "artifacts": parts(part{"data", map[string]any{"a": 1}}, part{"text", map[string]any{"b": 1}})},
		map[string]any{"status": completed, "artifacts": []any{raw(`{"parts":[{"data":{"a":1}}]}`)}},
		map[string]any{"status": completed, "artifacts": []any{raw(`{"parts":[{"data":{"a":1}}]`), map[string]any{"parts": []any{data(map[string]any{"b": 1})}}}},
		map[string]any{"status": completed, "artifacts": raw(`[{"parts":[{"data":{"response":{}}}]}]`)},
		map[string]any{"status": completed, "artifacts": parts(raw(`{"kind":"data","data":{"a":1}}`), raw(`{"data":{"b":1}`))},
		map[string]any{"status": map[string]any{"state": raw(`"TASK_STATE_COMPLETED"`)}, "artifacts": parts(data(map[string]any{"a": 1}))},
		map[string]any{"status": map[string]any{"state": raw(`"TASK_STATE_\u212aORKING"`), "message": raw(`{"parts":[{"data":{"m":1}}]}`)}},
		map[string]any{"status": map[string]any{"state": "TASK_STATE_WOR\u212aING", "message": map[string]any{"parts": []any{data(map[string]any{"m": 1})}}}},
		map[string]any{"status": map[string]any{"state": "TASK_STATE_WORKING\xff", "message": map[string]any{"parts": []any{data(map[string]any{"m": 1})}}}},
		map[string]any{"status": map[string]any{"state": raw(`"working`), "message": map[string]any{"parts": []any{data(map[string]any{"m": 1})}}}},
		map[string]any{"status": raw(`{"state":"working","message":{"parts":[{"data":{"m":1}}]}}`)},
		map[string]any{"status": raw(`{"state":"working","message":{"parts":[{"data":{"m":1}}]}`)},
		map[string]any{"status": map[string]any{"state": "working", "message": map[string]any{"parts": []any{data(raw(`{bad`)), data(map[string]any{"m": 1})}}}},
		map[string]any{"status": map[string]any{"state": "working", "message": map[string]any{"parts": raw(`[{"data":{"m":1}}]`)}}},
		map[string]any{"result": raw(`{"structuredContent":{"a":1}}`)},
		map[string]any{"result": raw(`{"structuredContent":{"a":1}`), "structuredContent": map[string]any{"b": 1}},
		map[string]any{"task": raw(`{"status":{"state":"completed"},"artifacts":[{"parts":[{"data":{"a":1}}]}]}`)},
		map[string]any{"task": raw(`{"status":{"state":"completed"}`), "statusUpdate": map[string]any{"status": map[string]any{"state": "working", "message": map[string]any{"parts": []any{data(map[string]any{"m": 1})}}}}},
		map[string]json.RawMessage{"structuredContent": raw(`{"a":1}`)},
		raw(` {"structuredContent":{"a":1}} `),
		[]byte(`{"structuredContent":{"a":1}}`),
		struct {
			SC map[string]any `json:"structuredContent"`
		}{map[string]any{"a": 1}},
		nil, 42, "text", []any{1}, map[string]any{}, make(chan int), raw(""), raw("  "), raw("{bad"),
	}
	for i, in := range ins {
		checkDataValue(t, "value "+strconv.Itoa(i), in)
	}
}

// FuzzExtractDataDifferential checks, on arbitrary bytes seeded with every
// vector and edge case, that the success extractions return exactly what
// the reference returns (from bytes and from the decoded value), and that
// the A2A state rule is the reference's on the input taken as a state.
func FuzzExtractDataDifferential(f *testing.F) {
	for _, in := range dataResponses(f) {
		f.Add(in)
	}
	for _, s := range append(append([]string(nil), diffEdgeCases...), dataEdgeCases...) {
		f.Add([]byte(s))
	}
	for _, s := range dataStates {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		checkDataDifferential(t, in)
		s := string(in)
		checkStateRule(t, s)
		if utf8.ValidString(s) {
			// The state as the value of a task, from bytes and decoded.
			b, _ := json.Marshal(map[string]any{
				"status":    map[string]any{"state": s, "message": map[string]any{"parts": []any{map[string]any{"data": map[string]any{"m": 1}}}}},
				"artifacts": []any{map[string]any{"parts": []any{map[string]any{"data": map[string]any{"a": 1}}}}},
			})
			checkDataDifferential(t, b)
		}
	})
}
