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
// to /schemas/{version}/. Every other byte is kept: the scan is JSON-aware
// (a "/schemas/latest/" in a description or in a member name is left
// alone), and only the changed strings are re-encoded. Data that is not
// valid JSON is returned unchanged.
func rewriteLatest(data []byte, version string) []byte {
	if !json.Valid(data) {
		return data
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // a number too large for a float64 is still valid JSON
	var out []byte
	copied := 0 // data[:copied] is in out
	// value reads the next value, the member key's (or "" in an array).
	var value func(key string)
	value = func(key string) {
		before := dec.InputOffset()
		tok, _ := dec.Token() // no error: data is valid JSON
		switch tok := tok.(type) {
		case json.Delim: // { or [
			for dec.More() {
				k := ""
				if tok == '{' {
					kt, _ := dec.Token()
					k = kt.(string)
				}
				value(k)
			}
			dec.Token() // } or ]
		case string:
			if refKeys[key] && strings.Contains(tok, latestPath) {
				// The string's bytes start at its opening quote, past the
				// white space, ':' or ',' since the last token.
				start := before + int64(bytes.IndexByte(data[before:], '"'))
				var b bytes.Buffer
				enc := json.NewEncoder(&b)
				enc.SetEscapeHTML(false)
				enc.Encode(strings.ReplaceAll(tok, latestPath, "/schemas/"+version+"/"))
				out = append(append(out, data[copied:start]...), bytes.TrimSuffix(b.Bytes(), []byte("\n"))...)
				copied = int(dec.InputOffset())
			}
		}
	}
	value("")
	return append(out, data[copied:]...)
}
