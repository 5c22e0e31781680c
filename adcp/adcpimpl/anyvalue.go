package adcpimpl

import "github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"

// decodeAny decodes one JSON value as encoding/json decodes it into any with
// UseNumber (jsonwire.DecodeAny): an object is a map[string]any (of a
// repeated member, the last), an array a []any (never nil), a number the
// json.Number written, a string unquoted by encoding/json's rules. It
// reports false for data json.Valid refuses.
//
// The generated check functions (ValueCheck) get what they check from it:
// one pass over bytes jsonwire.Valid has checked, not encoding/json's
// reflective decoder, which scans the value twice more.
func decodeAny(raw []byte) (any, bool) {
	return jsonwire.DecodeAny(raw, true)
}
