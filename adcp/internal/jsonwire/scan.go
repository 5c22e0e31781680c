// Package jsonwire is the JSON scanner of the runtime: it validates exactly
// as json.Valid does (RFC 8259 grammar, strings may hold any byte but the
// ASCII control characters, at most MaxDepth nested arrays and objects)
// while it skips values, without building them, and decodes strings as
// encoding/json decodes them. Every function takes the index of a
// value's first byte and returns the index just past it, or -1 when the
// input is not valid JSON there; none of them panics on any input.
package jsonwire

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/bits"
	"strconv"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxDepth is encoding/json's nesting limit: 10000 arrays and objects.
const MaxDepth = 10000

// Space returns the index of the first byte at or after i that is not
// JSON white space.
func Space(b []byte, i int) int {
	for i < len(b) {
		// One comparison for the common case, a byte above the space.
		if c := b[i]; c > ' ' || c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return i
		}
		i++
	}
	return i
}

// Valid reports whether b is exactly one valid JSON value, surrounded by
// white space or not: json.Valid.
func Valid(b []byte) bool {
	i := Space(b, 0)
	if i == len(b) {
		return false
	}
	i = Value(b, i, 0)
	return i >= 0 && Space(b, i) == len(b)
}

// SWAR masks: a word holds 8 bytes of a string.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// special returns, for 8 string bytes in x (the first in the low
// byte), a mask whose lowest set bit is the high bit of the first quote,
// backslash or control character; 0 when there is none. (Bits above the
// lowest may be false alarms: a borrow only runs upwards.)
func special(x uint64) uint64 {
	q := x ^ ('"' * ones)
	s := x ^ ('\\' * ones)
	return ((q-ones)&^q | (s-ones)&^s | (x-0x20*ones)&^x) & highs
}

// String validates the string starting at b[i] (a quote) and returns the
// index past its closing quote.
func String(b []byte, i int) int { return stringFrom(b, i+1) }

// StringPlain is String that also reports whether the literal is plain:
// ASCII without a backslash, so that it decodes to its own bytes and
// encoding/json writes it back as it is (its encoded length is its own).
// The high bits of the bytes join String's mask of special bytes until the
// first that is not plain; from there it is String (whose loop stays as
// tight as it was for the callers that need no answer).
func StringPlain(b []byte, i int) (end int, plain bool) {
	i++
	for i+8 <= len(b) {
		x := binary.LittleEndian.Uint64(b[i : i+8])
		if m := special(x) | x&highs; m != 0 {
			i += bits.TrailingZeros64(m) >> 3 // the lowest bit is exact
			if b[i] == '"' {
				return i + 1, true
			}
			return stringFrom(b, i), false
		}
		i += 8
	}
	for ; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			return i + 1, true
		case c == '\\' || c < 0x20 || c >= utf8.RuneSelf:
			return stringFrom(b, i), false
		}
	}
	return -1, false
}

// stringFrom is String from b[i], inside the string.
func stringFrom(b []byte, i int) int {
	for {
		// Jump 8 bytes at a time to the next special byte.
		for i+8 <= len(b) {
			m := special(binary.LittleEndian.Uint64(b[i : i+8]))
			if m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				if b[i] == '"' {
					return i + 1 // the common case: no escape
				}
				break
			}
			i += 8
		}
		if i >= len(b) {
			return -1
		}
		switch c := b[i]; {
		case c == '"':
			return i + 1
		case c == '\\':
			if i+1 >= len(b) {
				return -1
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if Hex4(b, i+2) < 0 {
					return -1
				}
				i += 6
			default:
				return -1
			}
		case c < 0x20:
			return -1
		default:
			i++
		}
	}
}

// Hex4 decodes the four hexadecimal digits at b[i:], or returns -1.
func Hex4(b []byte, i int) rune {
	if i+4 > len(b) {
		return -1
	}
	var r rune
	for _, c := range b[i : i+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r<<4 | rune(c)
	}
	return r
}

// Digits returns the index past the decimal digits at b[i:].
func Digits(b []byte, i int) int {
	for i < len(b) && '0' <= b[i] && b[i] <= '9' {
		i++
	}
	return i
}

// Number validates the number starting at b[i]:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func Number(b []byte, i int) int {
	if b[i] == '-' {
		i++
	}
	switch {
	case i >= len(b):
		return -1
	case b[i] == '0':
		i++
	case '1' <= b[i] && b[i] <= '9':
		i = Digits(b, i+1)
	default:
		return -1
	}
	if i < len(b) && b[i] == '.' {
		j := Digits(b, i+1)
		if j == i+1 {
			return -1
		}
		i = j
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := Digits(b, i)
		if j == i {
			return -1
		}
		i = j
	}
	return i
}

// Literal validates the literal lit (true, false, null) at b[i:].
func Literal(b []byte, i int, lit string) int {
	if len(b)-i < len(lit) || string(b[i:i+len(lit)]) != lit {
		return -1
	}
	return i + len(lit)
}

// Value validates the value starting at b[i] and returns the index past
// it; depth is the number of arrays and objects around it.
func Value(b []byte, i, depth int) int {
	if i < 0 || i >= len(b) {
		return -1
	}
	switch c := b[i]; c {
	case '"':
		return String(b, i)
	case 't':
		return Literal(b, i, "true")
	case 'f':
		return Literal(b, i, "false")
	case 'n':
		return Literal(b, i, "null")
	case '{', '[':
		if depth >= MaxDepth {
			return -1
		}
		closer := c + 2 // '}' or ']'
		if i = Space(b, i+1); i < len(b) && b[i] == closer {
			return i + 1
		}
		for {
			if c == '{' { // the key and the colon
				if i >= len(b) || b[i] != '"' {
					return -1
				}
				if i = String(b, i); i < 0 {
					return -1
				}
				if i = Space(b, i); i >= len(b) || b[i] != ':' {
					return -1
				}
				i = Space(b, i+1)
			}
			if i = Value(b, i, depth+1); i < 0 {
				return -1
			}
			if i = Space(b, i); i >= len(b) {
				return -1
			}
			switch b[i] {
			case ',':
				i = Space(b, i+1)
			case closer:
				return i + 1
			default:
				return -1
			}
		}
	}
	return Number(b, i)
}

// Iter walks the members of an object or the elements of an array,
// validating its syntax; the caller validates each value (Value or a
// parser of its own) and stores the index past it in pos.
//
//	it := Open(b, i, depth, '{')
//	for it.Next() {
//		it.Pos = Value(b, it.Pos, it.Depth) // it.Key is the raw key
//	}
//	end := it.End() // -1 when invalid
type Iter struct {
	b     []byte
	Pos   int    // the current value, then the index past it
	Depth int    // nesting depth of the values
	Key   []byte // the current member's key, quotes included (objects)
	// KeyPlain reports whether Key is plain (StringPlain): ASCII without
	// a backslash.
	KeyPlain bool
	object   bool
	more     bool // a value has been read: a comma or the end comes next
	done     bool
	other    bool // the value at Pos is not the container Open was asked for
}

// Open starts walking the container at b[i], an object (open '{') or an
// array (open '['). A value of another kind has no members or elements: Next
// returns false at once, and End validates the value and returns the index
// past it.
func Open(b []byte, i, depth int, open byte) Iter {
	it := Iter{b: b, Pos: -1, Depth: depth + 1, object: open == '{'}
	switch {
	case i < 0 || i >= len(b):
	case b[i] != open:
		it.Pos, it.other, it.done = i, true, true
	case depth < MaxDepth:
		it.Pos = i + 1
	}
	return it
}

// Next advances to the next value; it returns false at the end or on
// invalid input.
func (it *Iter) Next() bool {
	if it.done || it.Pos < 0 {
		it.done = true
		return false
	}
	b, i := it.b, Space(it.b, it.Pos)
	closer := byte(']')
	if it.object {
		closer = '}'
	}
	if i < len(b) && b[i] == closer {
		it.Pos, it.done = i+1, true
		return false
	}
	if it.more {
		if i >= len(b) || b[i] != ',' {
			return it.fail()
		}
		i = Space(b, i+1)
	}
	it.more = true
	if it.object {
		k := i
		if i >= len(b) || b[i] != '"' {
			return it.fail()
		}
		if i, it.KeyPlain = StringPlain(b, i); i < 0 {
			return it.fail()
		}
		it.Key = b[k:i]
		if i = Space(b, i); i >= len(b) || b[i] != ':' {
			return it.fail()
		}
		i = Space(b, i+1)
	}
	if i >= len(b) {
		return it.fail()
	}
	it.Pos = i
	return true
}

// fail ends the walk on invalid input.
func (it *Iter) fail() bool {
	it.Pos, it.done = -1, true
	return false
}

// Skip validates the current value and moves past it.
func (it *Iter) Skip() {
	it.Pos = Value(it.b, it.Pos, it.Depth)
}

// End returns the index past the container, or -1 when it is invalid. It
// drains the remaining values.
func (it *Iter) End() int {
	if it.other {
		return Value(it.b, it.Pos, it.Depth-1)
	}
	for it.Next() {
		it.Skip()
	}
	return it.Pos
}

// Rune decodes the character at body[i] of a valid JSON string literal's
// body, as encoding/json decodes it: escapes, a surrogate pair as one
// character, a lone surrogate or a byte of invalid UTF-8 as U+FFFD. It
// returns the character and the index of the next one.
func Rune(body []byte, i int) (rune, int) {
	c := body[i]
	if c >= utf8.RuneSelf {
		r, size := utf8.DecodeRune(body[i:])
		return r, i + size
	}
	if c != '\\' {
		return rune(c), i + 1
	}
	switch e := body[i+1]; e {
	case 'b':
		return '\b', i + 2
	case 'f':
		return '\f', i + 2
	case 'n':
		return '\n', i + 2
	case 'r':
		return '\r', i + 2
	case 't':
		return '\t', i + 2
	case 'u':
		r := Hex4(body, i+2)
		if !utf16.IsSurrogate(r) {
			return r, i + 6
		}
		r2 := rune(-1)
		if i+7 < len(body) && body[i+6] == '\\' && body[i+7] == 'u' {
			r2 = Hex4(body, i+8)
		}
		if d := utf16.DecodeRune(r, r2); d != unicode.ReplacementChar {
			return d, i + 12
		}
		return unicode.ReplacementChar, i + 6
	default:
		return rune(e), i + 2
	}
}

// KeyText is the package function KeyText for the current member's key,
// which it knows to be its own text when the scan found it plain.
func (it *Iter) KeyText(buf *[32]byte) []byte {
	if it.KeyPlain {
		return it.Key[1 : len(it.Key)-1]
	}
	return KeyText(it.Key, buf)
}

// KeyText returns the text of the valid JSON string literal key, as
// encoding/json decodes it, for comparing with ASCII names: its bytes when it
// has no escape, else its decoding into buf; nil, which matches no name,
// when the decoded text is not ASCII or is longer than buf. Comparing the
// result in a switch on string(…) does not allocate.
func KeyText(key []byte, buf *[32]byte) []byte {
	body := key[1 : len(key)-1]
	if bytes.IndexByte(body, '\\') < 0 {
		return body
	}
	n := 0
	for i := 0; i < len(body); {
		var r rune
		r, i = Rune(body, i)
		if r >= utf8.RuneSelf || n == len(buf) {
			return nil
		}
		buf[n] = byte(r)
		n++
	}
	return buf[:n]
}

// Unquote appends the valid JSON string literal lit (quotes included),
// decoded exactly as encoding/json decodes it, to dst.
func Unquote(dst, lit []byte) []byte {
	body := lit[1 : len(lit)-1]
	for i := 0; i < len(body); {
		if c := body[i]; c != '\\' && c < utf8.RuneSelf {
			dst = append(dst, c)
			i++
			continue
		}
		var r rune
		r, i = Rune(body, i)
		dst = utf8.AppendRune(dst, r)
	}
	return dst
}

// AppendFloat appends f as encoding/json writes a float64: 'f' format, or
// 'e' below 1e-6 and from 1e21, with a two-digit negative exponent
// shortened (e-07 → e-7).
func AppendFloat(b []byte, f float64) []byte {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// CompactLen returns the length of the valid JSON b without the white
// space outside its strings (json.Compact).
func CompactLen(b []byte) int {
	n := 0
	for i := 0; i < len(b); {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
			i++
		case '"':
			e := String(b, i)
			n += e - i
			i = e
		default:
			n++
			i++
		}
	}
	return n
}

// Plain reports whether the valid JSON string literal lit decodes to its
// own bytes: no escape, and valid UTF-8.
func Plain(lit []byte) bool {
	body := lit[1 : len(lit)-1]
	return bytes.IndexByte(body, '\\') < 0 && utf8.Valid(body)
}
