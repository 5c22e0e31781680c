package specfetch

import (
	"bytes"
	"encoding/json"
	"strings"
)

// latestPath is what a reference to the moving latest schemas holds.
const latestPath = "/schemas/latest/"

// refKeys are the members whose string values are references.
var refKeys = map[string]bool{"$ref": true, "$id": true, "$schema": true}

// rewriteLatest returns data with every string value of a "$ref", "$id" or
// "$schema" member (at any depth) that contains /schemas/latest/ rewritten
// to /schemas/{version}/, and whether anything changed. Every other byte is
// kept: the scan is JSON-aware (a "/schemas/latest/" in a description or in
// a member name is left alone), and only the changed strings are re-encoded.
// Data that is not valid JSON is returned unchanged.
func rewriteLatest(data []byte, version string) ([]byte, bool) {
	if !json.Valid(data) {
		return data, false
	}
	type frame struct {
		object    bool
		expectKey bool
		key       string
	}
	var (
		stack   []frame
		out     []byte
		copied  int // data[:copied] is in out
		changed bool
	)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // a number too large for a float64 is still valid JSON
	for {
		before := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			break // io.EOF: data is valid JSON
		}
		var top *frame
		if n := len(stack); n > 0 && stack[n-1].object {
			top = &stack[n-1]
		}
		switch tok := tok.(type) {
		case json.Delim:
			if tok == '{' || tok == '[' {
				if top != nil {
					top.expectKey = true // the object or array is the member's value
				}
				stack = append(stack, frame{object: tok == '{', expectKey: tok == '{'})
			} else {
				stack = stack[:len(stack)-1]
			}
		case string:
			switch {
			case top == nil:
			case top.expectKey:
				top.key, top.expectKey = tok, false
			default:
				top.expectKey = true
				if refKeys[top.key] && strings.Contains(tok, latestPath) {
					// The string's bytes: from its opening quote, past the
					// white space, ':' or ',' since the last token.
					start := before + int64(bytes.IndexByte(data[before:], '"'))
					end := dec.InputOffset()
					out = append(out, data[copied:start]...)
					out = append(out, encodeString(strings.ReplaceAll(tok, latestPath, "/schemas/"+version+"/"), data[start:end])...)
					copied, changed = int(end), true
				}
			}
		default: // a number, true, false or null
			if top != nil {
				top.expectKey = true
			}
		}
	}
	if !changed {
		return data, false
	}
	return append(out, data[copied:]...), true
}

// encodeString encodes s as a JSON string in the style of raw, the string
// it replaces: when raw has no escapes, s is written as it is (it holds no
// quote, backslash or control character either, since only a path changed).
func encodeString(s string, raw []byte) []byte {
	if !bytes.ContainsRune(raw, '\\') {
		return []byte(`"` + s + `"`)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}
