package adcpimpl

import (
	"bytes"
	"encoding/json"

	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// decodeAny decodes raw, one JSON value, as encoding/json decodes it into
// any with UseNumber: an object is a map[string]any (of a repeated member,
// the last), an array a []any, a number the json.Number written. It reports
// false for data that is not exactly one JSON value.
//
// The generated check functions (ValueCheck) get what they check from it.
func decodeAny(raw []byte) (any, bool) {
	if !jsonwire.Valid(raw) {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var x any
	return x, dec.Decode(&x) == nil
}
