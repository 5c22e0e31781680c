package adcp

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// The reference extraction: the straightforward decode-then-look-up
// implementation over jnode (extract_node_test.go), which decodes each
// object it looks into with encoding/json. Extract and ExtractValue
// (navigate.go) must return exactly what it returns, for every input: the
// vector tests run both and FuzzExtractDifferential compares them on
// arbitrary bytes. It lives in a test file so that the shipped package
// carries one implementation; so do the jnode tree and the reference success
// extraction (success_ref_test.go) whose payload selection it shares.

// refExtract is the reference Extract.
func refExtract(response []byte) (Extraction, bool) {
	return extractFrom(rawJNode(response))
}

// refExtractValue is the reference ExtractValue.
func refExtractValue(response any) (Extraction, bool) {
	return extractFrom(newJNode(response))
}

// extract runs the detection order over one response.
func extractFrom(n jnode) (Extraction, bool) {
	root, ok := n.object()
	if !ok {
		return Extraction{}, false
	}
	resp := extractUnwrap(root)
	isError := false
	if v, ok := resp.get("isError"); ok {
		isError = v.isTrue()
	}
	// 1. MCP structuredContent, only on an error result.
	if isError {
		if sc, ok := resp.obj("structuredContent"); ok {
			if v, ok := extractAdcpError(sc); ok {
				return extractDecided(PathStructuredContent, v, false)
			}
		}
	}
	// 2. and 3. A2A data parts: artifacts, then the status message.
	for _, a := range extractArray(resp, "artifacts") {
		art, ok := a.object()
		if !ok {
			continue
		}
		if v, ok := extractPartsError(extractArray(art, "parts")); ok {
			return extractDecided(PathArtifact, v, false)
		}
	}
	if v, ok := extractPartsError(extractStatusParts(resp)); ok {
		return extractDecided(PathStatusMessage, v, false)
	}
	// 4. JSON-RPC error.data.adcp_error (on the outer response).
	if e, ok := root.obj("error"); ok {
		if d, ok := e.obj("data"); ok {
			if v, ok := extractAdcpError(d); ok {
				return extractDecided(PathJSONRPCError, v, false)
			}
		}
	}
	// 5. Text fallback, only on an error result.
	if isError {
		for _, item := range extractArray(resp, "content") {
			o, ok := extractTextJSON(item)
			if !ok {
				continue
			}
			if v, ok := extractAdcpError(o); ok {
				return extractDecided(PathTextFallback, v, false)
			}
		}
	}
	// 6. The payload layer.
	if v, ok := extractPayloadError(root, resp); ok {
		return extractDecided(PathPayload, v, !extractFailed(root, resp, isError))
	}
	return Extraction{}, false
}

// partsError returns the adcp_error of the first data part carrying one.
func extractPartsError(parts []jnode) (jnode, bool) {
	for _, p := range parts {
		d, ok := extractDataPart(p)
		if !ok {
			continue
		}
		if o, ok := d.object(); ok {
			if v, ok := extractAdcpError(o); ok {
				return v, true
			}
		}
	}
	return jnode{}, false
}

// adcpError returns the adcp_error member of o when it is present and
// truthy, as the reference code tests it (`o.adcp_error &&`). A path that
// carries one decides the extraction, valid or not.
func extractAdcpError(o jobject) (jnode, bool) {
	v, ok := o.get("adcp_error")
	if !ok || !v.truthy() {
		return jnode{}, false
	}
	return v, true
}

// payloadError returns payload.errors[0] or errors[0] of the first object
// that carries one: the MCP structuredContent, the first JSON object of the
// MCP text items, the A2A data part success extraction would return, then
// the response itself.
func extractPayloadError(root, resp jobject) (jnode, bool) {
	var holders []jobject
	if sc, ok := resp.obj("structuredContent"); ok {
		holders = append(holders, sc)
	}
	for _, item := range extractArray(resp, "content") {
		if o, ok := extractTextJSON(item); ok {
			holders = append(holders, o)
			break
		}
	}
	if d, _, ok := refA2AData(resp); ok {
		if o, ok := d.object(); ok {
			holders = append(holders, o)
		}
	}
	holders = append(holders, resp)
	if _, ok := root.get("result"); ok {
		holders = append(holders, root)
	}
	for _, h := range holders {
		if p, ok := h.obj("payload"); ok {
			if v, ok := extractFirstError(p); ok {
				return v, true
			}
		}
		if v, ok := extractFirstError(h); ok {
			return v, true
		}
	}
	return jnode{}, false
}

// firstError returns errors[0] of o.
func extractFirstError(o jobject) (jnode, bool) {
	errs := extractArray(o, "errors")
	if len(errs) == 0 {
		return jnode{}, false
	}
	return errs[0], true
}

// failed reports whether a response carries a transport failure marker.
func extractFailed(root, resp jobject, isError bool) bool {
	if isError {
		return true
	}
	if _, ok := root.get("error"); ok {
		return true
	}
	switch refA2AState(resp) {
	case "failed", "rejected":
		return true
	}
	return false
}

// decided validates the error a path found and decodes it.
func extractDecided(p Path, v jnode, nonFatal bool) (Extraction, bool) {
	raw, ok := v.encode()
	if !ok || refValidate(raw) != nil {
		return Extraction{}, false
	}
	return Extraction{Path: p, Err: extractDecodeError(raw), NonFatal: nonFatal, raw: raw}, true
}

// refValidate is the reference Validate: json.Compact, a decoding into a
// map for the code, and a decoding into any re-encoded for the size, which
// refStringifyLen counts. It differs from the first version of Validate
// only in trimming JSON white space rather than every Unicode space, and
// in counting UTF-16 code units rather than bytes.
func refValidate(raw json.RawMessage) error {
	raw = bytes.Trim(raw, jsonSpace)
	if len(raw) == 0 || raw[0] != '{' {
		return extractInvalid("not a JSON object")
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, raw); err != nil {
		return extractInvalid("not valid JSON")
	}
	if compact.Len() > 6*MaxErrorSize {
		return extractInvalid("larger than " + strconv.Itoa(MaxErrorSize) + " characters serialized")
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return extractInvalid("not a JSON object")
	}
	c, ok := m["code"]
	if !ok {
		return extractInvalid("no code")
	}
	var code string
	if len(c) == 0 || c[0] != '"' || json.Unmarshal(c, &code) != nil {
		return extractInvalid("code is not a string")
	}
	if n := utf8.RuneCountInString(code); n == 0 || n > MaxCodeLength {
		return extractInvalid("code is not 1 to " + strconv.Itoa(MaxCodeLength) + " characters")
	}
	if n, ok := refSerializedSize(raw); !ok || n > MaxErrorSize {
		return extractInvalid("larger than " + strconv.Itoa(MaxErrorSize) + " characters serialized")
	}
	return nil
}

// refSerializedSize is the size the reference measures: raw decoded into
// any (numbers as the float64 they parse to, unless no float64 holds
// them), encoded by encoding/json without HTML escaping, then counted as
// JSON.stringify would have written it (refStringifyLen).
func refSerializedSize(raw json.RawMessage) (int, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return 0, false
	}
	v = floatNumbers(v)
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if enc.Encode(v) != nil {
		return 0, false
	}
	return refStringifyLen(bytes.TrimSuffix(b.Bytes(), []byte("\n")), v), true
}

// floatNumbers replaces, in place, each number of a value decoded with
// UseNumber that a float64 holds by that float64, as a decoder into any
// holds it (and as Validate measures it); a number no float64 holds (1e400)
// stays as written.
func floatNumbers(v any) any {
	switch t := v.(type) {
	case json.Number:
		if f, err := strconv.ParseFloat(string(t), 64); err == nil {
			return f
		}
	case map[string]any:
		for k, x := range t {
			t[k] = floatNumbers(x)
		}
	case []any:
		for i, x := range t {
			t[i] = floatNumbers(x)
		}
	}
	return v
}

// FuzzValidateSizeBound checks the bound the size check of Validate relies
// on when it refuses an object whose compact form is over six times the
// limit without decoding it: the size Validate measures (the value decoded,
// each number as the float64 it parses to, and encoded compactly without
// HTML escaping) is at most six times the input.
func FuzzValidateSizeBound(f *testing.F) {
	for _, s := range []string{
		`{"code":"X","message":"\u2028\u2029"}`,
		"{\"code\":\"X\",\"message\":\"\xff\xfe\xfd\"}",
		`{"code":"X","m":"\ud800\udc00\ud800"}`,
		`{"a":[1.50e+3,{"b":"<>&"}],"a":2}`,
		`{"k":"\u0041\/"}`,
		`[1e20,-1e20,1E20,9e20]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		dec := json.NewDecoder(bytes.NewReader(in))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) != nil || dec.More() {
			return
		}
		out, err := jsonwire.Marshal(floatNumbers(v))
		if err != nil {
			t.Fatal(err)
		}
		if len(out) > 6*len(in) {
			t.Fatalf("%q re-encodes to %d bytes, more than 6 × %d", in, len(out), len(in))
		}
	})
}

// refStringifyLen returns the length in UTF-16 code units of what
// JSON.stringify writes for v, given enc, encoding/json's encoding of v
// without HTML escaping: the two escape the same characters the same way
// but for U+2028 and U+2029, which encoding/json writes as a 6-unit
// escape and JSON.stringify as they are.
func refStringifyLen(enc []byte, v any) int {
	n := len(utf16.Encode([]rune(string(enc))))
	var walk func(any)
	seps := func(s string) {
		n -= 5 * (strings.Count(s, "\u2028") + strings.Count(s, "\u2029"))
	}
	walk = func(v any) {
		switch t := v.(type) {
		case string:
			seps(t)
		case map[string]any:
			for k, x := range t {
				seps(k)
				walk(x)
			}
		case []any:
			for _, x := range t {
				walk(x)
			}
		}
	}
	walk(v)
	return n
}
