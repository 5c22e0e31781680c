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
	for i := 0; i < len(data); {
		switch c := data[i]; c {
		case '{', '[':
			stack = append(stack, frame{object: c == '{', expectKey: c == '{'})
			i++
		case '}', ']':
			stack = stack[:len(stack)-1]
			i++
		case ',':
			if top := &stack[len(stack)-1]; top.object {
				top.expectKey = true
			}
			i++
		case '"':
			end := stringEnd(data, i)
			raw := data[i:end]
			if n := len(stack); n > 0 && stack[n-1].object {
				top := &stack[n-1]
				if top.expectKey {
					top.key, top.expectKey = decodeString(raw), false
				} else if refKeys[top.key] {
					if s := decodeString(raw); strings.Contains(s, latestPath) {
						out = append(out, data[copied:i]...)
						out = append(out, encodeString(strings.ReplaceAll(s, latestPath, "/schemas/"+version+"/"), raw)...)
						copied, changed = end, true
					}
				}
			}
			i = end
		default: // white space, ':', and the bytes of numbers, true, false, null
			i++
		}
	}
	if !changed {
		return data, false
	}
	return append(out, data[copied:]...), true
}

// stringEnd returns the index just past the JSON string starting at
// data[i] (data is valid JSON).
func stringEnd(data []byte, i int) int {
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(data)
}

func decodeString(raw []byte) string {
	var s string
	_ = json.Unmarshal(raw, &s) // valid: checked by json.Valid
	return s
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
