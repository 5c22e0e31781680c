package jsonwire

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// Marshal encodes v as the specification measures and sends it: compact
// JSON, UTF-8, with <, > and & left as they are (encoding/json without HTML
// escaping, so no \u003c inflation).
func Marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// FloatNumbers replaces, in place, each number of a value decoded with
// UseNumber that a float64 holds by that float64, as a decoder into any
// holds it (and as Validate measures it); a number no float64 holds (1e400)
// stays as written.
func FloatNumbers(v any) any {
	switch t := v.(type) {
	case json.Number:
		if f, err := strconv.ParseFloat(string(t), 64); err == nil {
			return f
		}
	case map[string]any:
		for k, x := range t {
			t[k] = FloatNumbers(x)
		}
	case []any:
		for i, x := range t {
			t[i] = FloatNumbers(x)
		}
	}
	return v
}
