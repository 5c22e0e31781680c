package jsonwire

import (
	"bytes"
	"encoding/json"
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
