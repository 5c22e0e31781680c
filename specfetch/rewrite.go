package specfetch

import (
	"bytes"
	"encoding/json"
	"strings"
)

// latestPath is what a reference to the moving latest schemas holds.
const latestPath = "/schemas/latest/"

// rewriteLatest returns data with every string value of a "$ref", "$id" or
// "$schema" member (at any depth) that contains /schemas/latest/ rewritten
// to /schemas/{version}/, re-encoded; every other byte is kept (a
// description or a member name is left alone). Data that is not valid JSON
// is returned unchanged.
func rewriteLatest(data []byte, version string) []byte {
	if !json.Valid(data) {
		return data
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // a number too large for a float64 is still valid JSON
	var out []byte
	copied := 0  // data[:copied] is in out
	var prev any // the token before: a member's key when a ':' follows it
	for {
		before := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			break // io.EOF: data is valid JSON
		}
		s, isString := tok.(string)
		key, afterString := prev.(string)
		prev = tok
		isRef := key == "$ref" || key == "$id" || key == "$schema"
		if isString && afterString && isRef && strings.Contains(s, latestPath) {
			// The string's bytes start at its opening quote, past the white
			// space and the ':' (after a key) or ',' since the last token.
			start := before + int64(bytes.IndexByte(data[before:], '"'))
			if bytes.IndexByte(data[before:start], ':') >= 0 {
				var b bytes.Buffer
				enc := json.NewEncoder(&b)
				enc.SetEscapeHTML(false)
				enc.Encode(strings.ReplaceAll(s, latestPath, "/schemas/"+version+"/"))
				out = append(append(out, data[copied:start]...), bytes.TrimSuffix(b.Bytes(), []byte("\n"))...)
				copied = int(dec.InputOffset())
			}
		}
	}
	return append(out, data[copied:]...)
}
