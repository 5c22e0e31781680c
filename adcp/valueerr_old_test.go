package adcp

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// oldDecodedErrorEncoding is the decoded-value half of decided before
// issue 14, kept verbatim as the reference: encode the found error with
// encoding/json (extractEncodeCompact), then validate the bytes.
func oldDecodedErrorEncoding(val any) (decodedError, bool) {
	raw, ok := extractEncodeCompact(val)
	if !ok || extractProblem(raw) != "" {
		return decodedError{}, false
	}
	return decodedError{raw: raw, err: extractDecodeError(raw)}, true
}

// extractValueOld is ExtractValue as it was before issue 14: the found
// error encoded, validated and decoded back.
func extractValueOld(response any) (Extraction, bool) {
	return extractValueWith(response, oldDecodedErrorEncoding)
}

// checkOldNew compares the new and the old decoded-value path on response,
// and decodedErrorEncoding with the old encoding on each candidate error.
func checkOldNew(t *testing.T, response any, errs ...any) {
	t.Helper()
	x, xok := ExtractValue(response)
	y, yok := extractValueOld(response)
	if d := diffExtraction(x, xok, y, yok); d != "" {
		t.Fatalf("%s\nresponse %#v\nnew %v %+v raw %s\nold %v %+v raw %s", d, response, xok, x, x.Raw(), yok, y, y.Raw())
	}
	var ex Extractor
	ex.e.Message = "left from a former call" // overwritten
	if z, zok := ex.ExtractValue(response); diffExtraction(z, zok, y, yok) != "" {
		t.Fatalf("Extractor: %s\nresponse %#v\nnew %v %+v raw %s\nold %v %+v raw %s", diffExtraction(z, zok, y, yok), response, zok, z, z.Raw(), yok, y, y.Raw())
	}
	checkMeasure(t, response)
	for _, e := range errs {
		checkMeasure(t, e)
		a, aok := decodedErrorEncoding(e)
		b, bok := oldDecodedErrorEncoding(e)
		if aok != bok {
			t.Fatalf("error %#v: new %v, old %v", e, aok, bok)
		}
		if !aok {
			continue
		}
		// Raw as the caller gets it (written when asked, or at once).
		x, y := a.extraction(PathPayload, false), b.extraction(PathPayload, false)
		if !bytes.Equal(x.Raw(), y.Raw()) {
			t.Fatalf("error %#v: new %q, old %q", e, x.Raw(), y.Raw())
		}
		if !reflect.DeepEqual(x.Err, y.Err) {
			t.Fatalf("error %#v: new %+v, old %+v", e, x.Err, y.Err)
		}
	}
}

// checkMeasure: a value the measurer takes (valuemeasure.go) is written by
// appendExact as encoding/json writes it, and measured as long as that.
func checkMeasure(t *testing.T, v any) {
	t.Helper()
	ms := measurer{limit: math.MaxInt}
	if !ms.value(v, 0) {
		return
	}
	want, err := jsonwire.Marshal(v)
	if err != nil {
		t.Fatalf("%#v: measured, but encoding/json: %v", v, err)
	}
	if got := appendExact(nil, v); !bytes.Equal(got, want) || ms.n != len(want) {
		t.Fatalf("%#v: measured %d, wrote %q, encoding/json %q", v, ms.n, got, want)
	}
}

// decodeBoth decodes in as an SDK would: numbers as float64, and with
// UseNumber; nil for what does not decode.
func decodeBoth(in []byte) []any {
	var out []any
	var plain any
	if json.Unmarshal(in, &plain) == nil {
		out = append(out, plain)
	}
	dec := json.NewDecoder(bytes.NewReader(in))
	dec.UseNumber()
	var num any
	if dec.Decode(&num) == nil {
		out = append(out, num)
	}
	return out
}

// wrapError places e where each common path looks for an error.
func wrapError(e any) []any {
	return []any{
		map[string]any{"isError": true, "structuredContent": map[string]any{"adcp_error": e}},
		map[string]any{"status": map[string]any{"state": "failed"}, "artifacts": []any{map[string]any{"parts": []any{map[string]any{"kind": "data", "data": map[string]any{"adcp_error": e}}}}}},
		map[string]any{"jsonrpc": "2.0", "id": 1.0, "error": map[string]any{"code": -32029.0, "message": "x", "data": map[string]any{"adcp_error": e}}},
		map[string]any{"payload": map[string]any{"errors": []any{e}}},
	}
}

// oldNewErrors are adcp_error values written to probe where a hand-written
// encoder may part from encoding/json and from the size Validate measures.
func oldNewErrors() []any {
	pad := func(n int) string { return strings.Repeat("a", n) }
	many := map[string]any{"code": "X"}
	for i := 0; i < 40; i++ {
		many["k"+strings.Repeat("x", i)] = float64(i)
	}
	deep := any(map[string]any{"a": 1.0})
	for i := 0; i < 70; i++ {
		deep = map[string]any{"a": deep}
	}
	deepArr := any([]any{1.0})
	for i := 0; i < 40; i++ {
		deepArr = []any{deepArr}
	}
	var nilMap map[string]any
	var nilSlice []any
	errs := []any{
		map[string]any{"code": "X"},
		map[string]any{"code": ""},
		map[string]any{"code": strings.Repeat("é", 64)},
		map[string]any{"code": strings.Repeat("é", 65)},
		map[string]any{"code": strings.Repeat("\xff", 64)},
		map[string]any{"code": strings.Repeat("\xff", 65)},
		map[string]any{"code": 1.0},
		map[string]any{"code": json.Number("1")},
		map[string]any{"code": json.RawMessage(`"X"`)},
		map[string]any{"code": nil},
		map[string]any{"message": "no code"},
		map[string]any{},
		nilMap,
		map[string]json.RawMessage{"code": json.RawMessage(`"X"`)},
		map[string]any{"code": "X", "message": pad(4096 - 27)},
		map[string]any{"code": "X", "message": pad(4096 - 26)},
		map[string]any{"code": "X", "message": pad(4096 - 25)},
		map[string]any{"code": "X", "message": strings.Repeat("<>&", 1400)},
		map[string]any{"code": "X", "message": strings.Repeat("\xff", 700)},  // 4200 bytes encoded, 2100 measured
		map[string]any{"code": "X", "message": strings.Repeat("\xff", 2000)}, // over in both
		map[string]any{"code": "X", "message": "\x00\x01\x1f\b\f\n\r\t\"\\/\u2028\u2029\u00e9\U0001F600\x7f"},
		map[string]any{"code": "X", "\xffkey\u2028": "v", "k\"": "v", "Z": 1.0, "a": 2.0, "é": 3.0},
		map[string]any{"code": "X", "retry_after": 5.0},
		map[string]any{"code": "X", "retry_after": math.NaN()},
		map[string]any{"code": "X", "retry_after": math.Inf(1)},
		map[string]any{"code": "X", "retry_after": math.Copysign(0, -1)},
		map[string]any{"code": "X", "retry_after": 1e21, "b": 1e-7, "c": 1e20, "d": 1e-6, "e": 123456789.125, "f": -5e-324, "g": math.MaxFloat64},
		map[string]any{"code": "X", "retry_after": json.Number("1.50e+3")},
		map[string]any{"code": "X", "retry_after": json.Number("")},
		map[string]any{"code": "X", "retry_after": json.Number("1e400")},
		map[string]any{"code": "X", "retry_after": json.Number("01")},
		map[string]any{"code": "X", "retry_after": json.Number("x")},
		map[string]any{"code": "X", "retry_after": json.Number("3600.0000000000000001")},
		map[string]any{"code": "X", "message": pad(4080), "n": json.Number("1.000000000000000000000000000000000")},
		map[string]any{"code": "X", "message": pad(4070), "n": json.Number("1.000000000000000000000000000000000")},
		map[string]any{"code": "X", "details": json.RawMessage(` {"a" : 1, "a": 2} `)},
		map[string]any{"code": "X", "details": json.RawMessage(`{"a":`)},
		map[string]any{"code": "X", "details": map[string]json.RawMessage{"a": json.RawMessage(`1`)}},
		map[string]any{"code": "X", "details": []json.RawMessage{json.RawMessage(`1`)}},
		map[string]any{"code": "X", "details": nilMap, "more": nilSlice, "e": []any{}, "o": map[string]any{}},
		map[string]any{"code": "X", "details": []any{nil, true, false, "s", 1.5, []any{}, map[string]any{"x": []any{1.0}}}},
		map[string]any{"code": "X", "details": struct{ A int }{1}},
		map[string]any{"code": "X", "details": float32(1.5)},
		map[string]any{"code": "X", "details": 3},
		map[string]any{"code": "X", "issues": []any{map[string]any{"pointer": "/a", "message": "m", "keyword": "type", "discriminator": []any{map[string]any{"k": "v"}}}}},
		map[string]any{"code": "X", "issues": "not an array", "retry_after": "5", "recovery": 1.0, "extra": map[string]any{"z": 1.0}},
		map[string]any{"code": "X", "message": 1.0, "field": nil, "suggestion": []any{"s"}, "retry_after": true, "details": nil, "recovery": map[string]any{}, "source": false, "sdk_id": 2.0},
		map[string]any{"code": "X", "message": "m\n\"<\u2028", "field": "f", "suggestion": "s", "retry_after": 0.1 + 0.2, "details": map[string]any{"a": []any{"b"}}, "recovery": "transient", "source": "sdk", "sdk_id": "a@1", "x": nil, "y": "z"},
		map[string]any{"code": "X", "retry_after": "5"},
		map[string]any{"code": "X", "retry_after": nil},
		map[string]any{"code": "X", "retry_after": -1e-7},
		map[string]any{"code": "X", "retry_after": 86400.0, "details": "text"},
		map[string]any{"code": "X", "issues": []any{}},
		map[string]any{"code": "X", "issues": nil},
		many,
		map[string]any{"code": "X", "deep": deep},
		map[string]any{"code": "X", "deep": deepArr},
	}
	return errs
}

// TestExtractValueOldNew compares the decoded-value path with the old
// encode-then-validate-then-decode path on every vector (official and
// ours, decoded with float64 and with json.Number numbers), on the
// differential edge cases, and on errors built to probe the encoder.
func TestExtractValueOldNew(t *testing.T) {
	ins := vectorResponses(t)
	for _, s := range diffEdgeCases {
		ins = append(ins, []byte(s))
	}
	n := 0
	for _, in := range ins {
		for _, v := range decodeBoth(in) {
			checkOldNew(t, v)
			n++
		}
	}
	for _, e := range oldNewErrors() {
		for _, r := range wrapError(e) {
			checkOldNew(t, r, e)
			n++
		}
	}
	t.Logf("%d responses compared", n)
}

// FuzzExtractValueOldNew compares the two decoded-value paths on arbitrary
// JSON, decoded both ways, as a whole response and as an adcp_error on each
// common path, and on errors whose code, message, member name and number
// come from the fuzzer as Go strings (invalid UTF-8 included, which no
// decoder produces).
func FuzzExtractValueOldNew(f *testing.F) {
	for _, in := range vectorResponses(f) {
		f.Add(in, "RATE_LIMITED", "m", "k", "1.5", 1.5)
	}
	for _, s := range diffEdgeCases {
		f.Add([]byte(s), "X", "\xff", "\u2028", "1e400", math.Copysign(0, -1))
	}
	f.Add([]byte(`{"code":"X","message":"`+strings.Repeat("a", 4070)+`"}`), "", "<>&", "code", "", 1e21)
	f.Add([]byte(`[{"pointer":"/a","message":"m","keyword":"required"},{"schemaPath":"#/x","schema_id":"/s"}]`), "VALIDATION_ERROR", "é", "schema_id", "2", 2.0)
	f.Add([]byte(`{"pointer":"/a","discriminator":[{"property_name":"k","value":1}]}`), "X", "m", "keyword", "1", 1.0)
	f.Fuzz(func(t *testing.T, in []byte, code, msg, key, num string, x float64) {
		for _, v := range decodeBoth(in) {
			checkOldNew(t, v)
			for _, r := range wrapError(v) {
				checkOldNew(t, r, v)
			}
		}
		var detail any
		if vs := decodeBoth(in); len(vs) > 0 {
			detail = vs[len(vs)-1]
		}
		errs := []any{
			map[string]any{"code": code, "message": msg, key: x, "details": detail},
			map[string]any{"code": code, key: json.Number(num), "m": strings.Repeat(msg, 64)},
			map[string]any{key: code, "message": []any{msg, x, json.Number(num), detail}},
			map[string]any{"code": code, "retry_after": x, "message": msg},
			map[string]any{"code": "X", "retry_after": x, "details": detail},
			map[string]any{"code": code, "issues": []any{map[string]any{"pointer": msg, key: msg}, map[string]any{"keyword": code}}},
			map[string]any{"code": code, "issues": []any{map[string]any{key: x}, detail}},
			map[string]any{"code": code, "issues": detail},
		}
		for _, e := range errs {
			checkOldNew(t, wrapError(e)[0], e)
		}
	})
}
