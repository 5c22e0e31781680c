package jsonwire

import (
	"math/bits"
	"unicode/utf8"
)

// EscapedLen is the length of each ASCII byte inside a string as
// encoding/json writes it: 1, 2 for the short escapes, 6 for \u00XX.
var EscapedLen = func() (t [utf8.RuneSelf]uint8) {
	for c := range t {
		switch {
		case c == '"' || c == '\\' || c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t':
			t[c] = 2
		case c < 0x20:
			t[c] = 6
		default:
			t[c] = 1
		}
	}
	return t
}()

const hexDigits = "0123456789abcdef"

// AppendString appends s as encoding/json writes it without HTML escaping:
// the short escapes, \u00XX for other control bytes, \u2028 and \u2029
// escaped, and invalid UTF-8 as \ufffd; replaced reports whether any was.
func AppendString(b []byte, s string) (_ []byte, replaced bool) {
	b = append(b, '"')
	start, i := 0, 0
	if len(s) < 8 && shortPlain(s) {
		// A member name or a short value, too short for a word, with
		// nothing to escape: copied whole below.
		i = len(s)
	}
	for i < len(s) {
		// Pass over eight bytes at a time while none needs a look (a
		// quote, backslash, control or non-ASCII byte), then to the first
		// that does: Special's lowest bit is exact.
		for i+8 <= len(s) {
			w := Word(s[i : i+8])
			if m := (Special(w) | w) & Highs; m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				break
			}
			i += 8
		}
		if i == len(s) {
			break
		}
		if c := s[i]; c < utf8.RuneSelf {
			if EscapedLen[c] == 1 {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			replaced = true
			start = i + size
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			start = i + size
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"'), replaced
}

// shortPlain reports whether no byte of s needs a look from AppendString
// (a quote, backslash, control or non-ASCII byte).
func shortPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// AppendStringTo is AppendString for callers that need not know whether
// invalid UTF-8 was replaced.
func AppendStringTo(b []byte, s string) []byte {
	b, _ = AppendString(b, s)
	return b
}
