package jsonwire

import (
	"encoding/json"
	"strconv"
)

// DecodeAny decodes b, one JSON value, as encoding/json decodes it into
// any: an object is a map[string]any (of a repeated member, the last), an
// array a []any (never nil), a string unquoted by encoding/json's rules
// (invalid UTF-8 and lone surrogates become U+FFFD), a number the
// json.Number written when useNumber is set (json.Decoder.UseNumber), else
// the float64 strconv.ParseFloat makes of it. It reports false for data
// Valid (json.Valid) refuses, and, without useNumber, for a number a
// float64 cannot hold (1e400), which encoding/json refuses too.
//
// It is one pass over bytes Valid has checked (their nesting depth is
// bounded), not encoding/json's reflective decoder, which scans the value
// twice more. The strings are slices of one copy of b, not a copy each.
func DecodeAny(b []byte, useNumber bool) (any, bool) {
	if !Valid(b) {
		return nil, false
	}
	d := anyDecoder{b: b, s: string(b), useNumber: useNumber, ok: true}
	v, _ := d.value(Space(b, 0))
	return v, d.ok
}

// anyDecoder is DecodeAny's state: s is b as a string.
type anyDecoder struct {
	b         []byte
	s         string
	useNumber bool
	ok        bool // false once a number did not fit a float64
}

// value decodes the value starting at b[i], in valid JSON, and returns it
// with the index just past it.
func (d *anyDecoder) value(i int) (any, int) {
	b := d.b
	switch b[i] {
	case '{':
		m := map[string]any{}
		if i = Space(b, i+1); b[i] == '}' {
			return m, i + 1
		}
		for {
			end := String(b, i)
			key := d.str(i, end)
			var val any
			val, i = d.value(Space(b, Space(b, end)+1)) // past ':'
			m[key] = val
			if i = Space(b, i); b[i] == '}' {
				return m, i + 1
			}
			i = Space(b, i+1) // past ','
		}
	case '[':
		arr := []any{}
		if i = Space(b, i+1); b[i] == ']' {
			return arr, i + 1
		}
		for {
			var val any
			val, i = d.value(i)
			arr = append(arr, val)
			if i = Space(b, i); b[i] == ']' {
				return arr, i + 1
			}
			i = Space(b, i+1) // past ','
		}
	case '"':
		end := String(b, i)
		return d.str(i, end), end
	case 't':
		return true, i + len("true")
	case 'f':
		return false, i + len("false")
	case 'n':
		return nil, i + len("null")
	default:
		end := Number(b, i)
		if d.useNumber {
			return json.Number(d.s[i:end]), end
		}
		f, err := strconv.ParseFloat(d.s[i:end], 64)
		if err != nil {
			d.ok = false
		}
		return f, end
	}
}

// str is the string literal b[i:end] unquoted, sliced from s when it needs
// no decoding.
func (d *anyDecoder) str(i, end int) string {
	if Plain(d.b[i:end]) {
		return d.s[i+1 : end-1]
	}
	return string(Unquote(make([]byte, 0, end-i), d.b[i:end]))
}
