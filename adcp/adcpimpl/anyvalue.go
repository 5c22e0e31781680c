package adcpimpl

import (
	"encoding/json"

	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// decodeAny decodes one JSON value as encoding/json decodes it into any with
// UseNumber: an object is a map[string]any (of a repeated member, the last),
// an array a []any (never nil), a number the json.Number written, a string
// unquoted by encoding/json's rules (invalid UTF-8 and lone surrogates
// become U+FFFD). It reports false for data json.Valid refuses.
//
// The schema interpreter decodes every value it checks (a details object, a
// member held raw), so this is one pass over bytes jsonwire.Valid (equal to
// json.Valid: TestScanValid) has checked
// (its nesting depth is bounded), not encoding/json's reflective decoder,
// which scans the value twice more. The strings and numbers are slices of
// one copy of raw, not a copy each.
func decodeAny(raw []byte) (any, bool) {
	if !jsonwire.Valid(raw) {
		return nil, false
	}
	val, _ := anyValue(raw, string(raw), skipSpace(raw, 0))
	return val, true
}

// anyValue decodes the value starting at b[i], in valid JSON, and returns
// it with the index just past it; s is b as a string.
func anyValue(b []byte, s string, i int) (any, int) {
	switch b[i] {
	case '{':
		m := map[string]any{}
		if i = skipSpace(b, i+1); b[i] == '}' {
			return m, i + 1
		}
		for {
			end := skipString(b, i)
			key := unquoteIn(b, s, i, end)
			var val any
			val, i = anyValue(b, s, skipSpace(b, skipSpace(b, end)+1)) // past ':'
			m[key] = val
			if i = skipSpace(b, i); b[i] == '}' {
				return m, i + 1
			}
			i = skipSpace(b, i+1) // past ','
		}
	case '[':
		arr := []any{}
		if i = skipSpace(b, i+1); b[i] == ']' {
			return arr, i + 1
		}
		for {
			var val any
			val, i = anyValue(b, s, i)
			arr = append(arr, val)
			if i = skipSpace(b, i); b[i] == ']' {
				return arr, i + 1
			}
			i = skipSpace(b, i+1) // past ','
		}
	case '"':
		end := skipString(b, i)
		return unquoteIn(b, s, i, end), end
	case 't':
		return true, i + len("true")
	case 'f':
		return false, i + len("false")
	case 'n':
		return nil, i + len("null")
	default:
		end := skipValue(b, i)
		return json.Number(s[i:end]), end
	}
}

// unquoteIn is unquote of the string literal b[i:end], sliced from s when it
// needs no decoding.
func unquoteIn(b []byte, s string, i, end int) string {
	if jsonwire.Plain(b[i:end]) {
		return s[i+1 : end-1]
	}
	return unquote(b[i:end])
}
