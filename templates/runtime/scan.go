package adcperr

import (
	"encoding/binary"
	"math/bits"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// A small JSON scanner over raw bytes, for the single-pass extractor
// (fast.go). It validates exactly as json.Valid does (RFC 8259 grammar,
// strings may hold any byte but the ASCII control characters, at most
// scanMaxDepth nested arrays and objects) while it skips values, without
// building them. Every function takes the index of a value's first byte and
// returns the index just past it, or -1 when the input is not valid JSON
// there; none of them panics on any input.

// scanMaxDepth is encoding/json's nesting limit: 10000 arrays and objects.
const scanMaxDepth = 10000

// scanSpace returns the index of the first byte at or after i that is not
// JSON white space.
func scanSpace(b []byte, i int) int {
	for i < len(b) {
		// One comparison for the common case, a byte above the space.
		if c := b[i]; c > ' ' || c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return i
		}
		i++
	}
	return i
}

// scanTrim removes JSON white space (only space, tab, line feed, carriage
// return) around b.
func scanTrim(b []byte) []byte {
	b = b[scanSpace(b, 0):]
	j := len(b)
	for j > 0 {
		switch b[j-1] {
		case ' ', '\t', '\n', '\r':
			j--
			continue
		}
		break
	}
	return b[:j]
}

// scanValid reports whether b is exactly one valid JSON value, surrounded by
// white space or not: json.Valid.
func scanValid(b []byte) bool {
	i := scanSpace(b, 0)
	if i == len(b) {
		return false
	}
	i = scanValue(b, i, 0)
	return i >= 0 && scanSpace(b, i) == len(b)
}

// SWAR masks: a word holds 8 bytes of a string.
const (
	scanOnes  = 0x0101010101010101
	scanHighs = 0x8080808080808080
)

// scanSpecial returns, for 8 string bytes in x (the first in the low
// byte), a mask whose lowest set bit is the high bit of the first quote,
// backslash or control character; 0 when there is none. (Bits above the
// lowest may be false alarms: a borrow only runs upwards.)
func scanSpecial(x uint64) uint64 {
	q := x ^ ('"' * scanOnes)
	s := x ^ ('\\' * scanOnes)
	return ((q-scanOnes)&^q | (s-scanOnes)&^s | (x-0x20*scanOnes)&^x) & scanHighs
}

// scanString validates the string starting at b[i] (a quote) and returns the
// index past its closing quote.
func scanString(b []byte, i int) int {
	i++
	for {
		// Jump 8 bytes at a time to the next special byte.
		for i+8 <= len(b) {
			m := scanSpecial(binary.LittleEndian.Uint64(b[i : i+8]))
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
				if scanHex4(b, i+2) < 0 {
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

// scanHex4 decodes the four hexadecimal digits at b[i:], or returns -1.
func scanHex4(b []byte, i int) rune {
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

// scanDigits returns the index past the decimal digits at b[i:].
func scanDigits(b []byte, i int) int {
	for i < len(b) && '0' <= b[i] && b[i] <= '9' {
		i++
	}
	return i
}

// scanNumber validates the number starting at b[i]:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func scanNumber(b []byte, i int) int {
	if b[i] == '-' {
		i++
	}
	switch {
	case i >= len(b):
		return -1
	case b[i] == '0':
		i++
	case '1' <= b[i] && b[i] <= '9':
		i = scanDigits(b, i+1)
	default:
		return -1
	}
	if i < len(b) && b[i] == '.' {
		j := scanDigits(b, i+1)
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
		j := scanDigits(b, i)
		if j == i {
			return -1
		}
		i = j
	}
	return i
}

// scanLiteral validates the literal lit (true, false, null) at b[i:].
func scanLiteral(b []byte, i int, lit string) int {
	if len(b)-i < len(lit) || string(b[i:i+len(lit)]) != lit {
		return -1
	}
	return i + len(lit)
}

// scanScalar validates the string, number or literal starting at b[i]; it
// returns -1 for anything else (a container included).
func scanScalar(b []byte, i int) int {
	switch b[i] {
	case '"':
		return scanString(b, i)
	case 't':
		return scanLiteral(b, i, "true")
	case 'f':
		return scanLiteral(b, i, "false")
	case 'n':
		return scanLiteral(b, i, "null")
	}
	return scanNumber(b, i)
}

// scanKey validates an object member's key at b[i] and the colon after it;
// it returns the index of the member's value.
func scanKey(b []byte, i int) int {
	if i >= len(b) || b[i] != '"' {
		return -1
	}
	i = scanString(b, i)
	if i < 0 {
		return -1
	}
	i = scanSpace(b, i)
	if i >= len(b) || b[i] != ':' {
		return -1
	}
	return scanSpace(b, i+1)
}

// scanValue validates the value starting at b[i] and returns the index past
// it; depth is the number of arrays and objects around it. It runs without
// recursion for up to 64 nested levels, with one recursive call per further
// 64 levels.
func scanValue(b []byte, i, depth int) int {
	// (The shifts take n&63 so that they need no range checks: n is below
	// 64 where a container opens, and at most 64 where one closes.)
	var objects uint64 // bit n: the open container n is an object
	n := 0             // open containers
	object := false    // the innermost open container is an object
	for {
		if i >= len(b) {
			return -1
		}
		switch c := b[i]; c {
		case '{', '[':
			if n == 64 {
				i = scanValue(b, i, depth+n)
				break
			}
			if depth+n >= scanMaxDepth {
				return -1
			}
			i = scanSpace(b, i+1)
			if i >= len(b) {
				return -1
			}
			if c == '{' {
				if b[i] == '}' {
					i++
					break
				}
				objects |= 1 << (n & 63)
				n++
				object = true
				if i = scanKey(b, i); i < 0 {
					return -1
				}
				continue
			}
			if b[i] == ']' {
				i++
				break
			}
			objects &^= 1 << (n & 63)
			n++
			object = false
			continue
		case '"':
			i = scanString(b, i)
		default:
			i = scanScalar(b, i)
		}
		if i < 0 {
			return -1
		}
		// After a value: close containers until a comma or the end.
		for {
			if n == 0 {
				return i
			}
			i = scanSpace(b, i)
			if i >= len(b) {
				return -1
			}
			if c := b[i]; c == ',' {
				i = scanSpace(b, i+1)
				if object {
					if i = scanKey(b, i); i < 0 {
						return -1
					}
				}
				break
			} else if object && c == '}' || !object && c == ']' {
				i++
				n--
				object = n > 0 && objects>>((n-1)&63)&1 == 1
				continue
			}
			return -1
		}
	}
}

// scanIter walks the members of an object or the elements of an array,
// validating its syntax; the caller validates each value (scanValue or a
// parser of its own) and stores the index past it in pos.
//
//	it := scanOpen(b, i, depth, '{')
//	for it.next() {
//		it.pos = scanValue(b, it.pos, it.depth) // it.key is the raw key
//	}
//	end := it.end() // -1 when invalid
type scanIter struct {
	b      []byte
	pos    int    // the current value, then the index past it
	depth  int    // nesting depth of the values
	key    []byte // the current member's key, quotes included (objects)
	object bool
	more   bool // a value has been read: a comma or the end comes next
	done   bool
}

// scanOpen starts walking the container at b[i], which must be an object
// (open '{') or an array (open '['); it fails (end -1) for anything else.
func scanOpen(b []byte, i, depth int, open byte) scanIter {
	it := scanIter{b: b, pos: -1, depth: depth + 1, object: open == '{'}
	if i >= 0 && i < len(b) && b[i] == open && depth < scanMaxDepth {
		it.pos = i + 1
	}
	return it
}

// next advances to the next value; it returns false at the end or on
// invalid input.
func (it *scanIter) next() bool {
	if it.done || it.pos < 0 {
		it.done = true
		return false
	}
	b, i := it.b, scanSpace(it.b, it.pos)
	closer := byte(']')
	if it.object {
		closer = '}'
	}
	if i >= len(b) {
		it.pos, it.done = -1, true
		return false
	}
	if b[i] == closer {
		it.pos, it.done = i+1, true
		return false
	}
	if it.more {
		if b[i] != ',' {
			it.pos, it.done = -1, true
			return false
		}
		i = scanSpace(b, i+1)
	}
	it.more = true
	if it.object {
		k := i
		if i >= len(b) || b[i] != '"' {
			it.pos, it.done = -1, true
			return false
		}
		if i = scanString(b, i); i < 0 {
			it.pos, it.done = -1, true
			return false
		}
		it.key = b[k:i]
		if i = scanSpace(b, i); i >= len(b) || b[i] != ':' {
			it.pos, it.done = -1, true
			return false
		}
		i = scanSpace(b, i+1)
	}
	if i >= len(b) {
		it.pos, it.done = -1, true
		return false
	}
	it.pos = i
	return true
}

// skip validates the current value and moves past it.
func (it *scanIter) skip() {
	it.pos = scanValue(it.b, it.pos, it.depth)
}

// end returns the index past the container, or -1 when it is invalid. It
// drains the remaining values.
func (it *scanIter) end() int {
	for it.next() {
		it.skip()
	}
	return it.pos
}

// scanStringIs reports whether the valid JSON string literal lit (quotes
// included) decodes, as encoding/json decodes it, to the ASCII text s.
// Escapes are decoded (`"adcp\u005ferror"` is adcp_error); any non-ASCII
// character, including the U+FFFD that replaces invalid UTF-8 or a lone
// surrogate, never matches.
func scanStringIs(lit []byte, s string) bool {
	if len(lit) < 2 || lit[0] != '"' {
		return false
	}
	body := lit[1 : len(lit)-1]
	if len(body) == len(s) {
		return string(body) == s
	}
	if len(body) < len(s) {
		return false
	}
	j := 0
	for i := 0; i < len(body); {
		c := body[i]
		if c == '\\' && i+1 < len(body) {
			i++
			switch body[i] {
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case 'u':
				r := scanHex4(body, i+1)
				if r < 0 || r >= utf8.RuneSelf {
					return false
				}
				c = byte(r)
				i += 4
			default:
				c = body[i]
			}
		}
		i++
		if j >= len(s) || c != s[j] {
			return false
		}
		j++
	}
	return j == len(s)
}

// scanRune decodes the character at body[i] of a valid JSON string literal's
// body, as encoding/json decodes it: escapes, a surrogate pair as one
// character, a lone surrogate or a byte of invalid UTF-8 as U+FFFD. It
// returns the character and the index of the next one.
func scanRune(body []byte, i int) (rune, int) {
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
		r := scanHex4(body, i+2)
		if !utf16.IsSurrogate(r) {
			return r, i + 6
		}
		r2 := rune(-1)
		if i+7 < len(body) && body[i+6] == '\\' && body[i+7] == 'u' {
			r2 = scanHex4(body, i+8)
		}
		if d := utf16.DecodeRune(r, r2); d != unicode.ReplacementChar {
			return d, i + 12
		}
		return unicode.ReplacementChar, i + 6
	default:
		return rune(e), i + 2
	}
}

// scanKeyText returns the text of the valid JSON string literal key, as
// encoding/json decodes it, for comparing with ASCII names: its bytes when it
// has no escape, else its decoding into buf; nil, which matches no name,
// when the decoded text is not ASCII or is longer than buf. Comparing the
// result in a switch on string(…) does not allocate.
func scanKeyText(key []byte, buf *[32]byte) []byte {
	body := key[1 : len(key)-1]
	plain := true
	for _, c := range body {
		if c == '\\' {
			plain = false
			break
		}
	}
	if plain {
		return body
	}
	n := 0
	for i := 0; i < len(body); {
		var r rune
		r, i = scanRune(body, i)
		if r >= utf8.RuneSelf || n == len(buf) {
			return nil
		}
		buf[n] = byte(r)
		n++
	}
	return buf[:n]
}

// scanUnquote appends the valid JSON string literal lit (quotes included),
// decoded exactly as encoding/json decodes it, to dst.
func scanUnquote(dst, lit []byte) []byte {
	dst, _ = scanUnquoteMax(dst, lit, -1)
	return dst
}

// scanUnquoteMax is scanUnquote that gives up (false) as soon as dst grows
// longer than max bytes, unless max is negative.
func scanUnquoteMax(dst, lit []byte, max int) ([]byte, bool) {
	body := lit[1 : len(lit)-1]
	for i := 0; i < len(body); {
		if max >= 0 && len(dst) > max {
			return dst, false
		}
		if c := body[i]; c != '\\' && c < utf8.RuneSelf {
			dst = append(dst, c)
			i++
			continue
		}
		var r rune
		r, i = scanRune(body, i)
		dst = utf8.AppendRune(dst, r)
	}
	return dst, max < 0 || len(dst) <= max
}

// scanRuneCount returns the number of characters of the valid JSON string
// literal lit, decoded.
func scanRuneCount(lit []byte) int {
	body := lit[1 : len(lit)-1]
	n := 0
	for i := 0; i < len(body); n++ {
		_, i = scanRune(body, i)
	}
	return n
}

// scanSameString reports whether two valid JSON string literals decode to
// the same text.
func scanSameString(a, b []byte) bool {
	if string(a) == string(b) {
		return true
	}
	x, y := a[1:len(a)-1], b[1:len(b)-1]
	i, j := 0, 0
	for i < len(x) && j < len(y) {
		var r, s rune
		r, i = scanRune(x, i)
		s, j = scanRune(y, j)
		if r != s {
			return false
		}
	}
	return i == len(x) && j == len(y)
}

// scanEncodedRuneLen returns the length of r in a string encoded by
// encoding/json without HTML escaping.
func scanEncodedRuneLen(r rune) int {
	switch {
	case r == '"' || r == '\\':
		return 2
	case r == '\b' || r == '\f' || r == '\n' || r == '\r' || r == '\t':
		return 2
	case r < 0x20:
		return 6
	case r < utf8.RuneSelf:
		return 1
	case r == '\u2028' || r == '\u2029':
		return 6
	}
	return utf8.RuneLen(r)
}

// scanEncodedStringLen returns the length of the valid JSON string literal
// lit once decoded and encoded again by encoding/json, quotes included.
func scanEncodedStringLen(lit []byte) int {
	body := lit[1 : len(lit)-1]
	n := 2
	for i := 0; i < len(body); {
		if c := body[i]; c >= 0x20 && c < utf8.RuneSelf && c != '"' && c != '\\' {
			n++
			i++
			continue
		}
		var r rune
		r, i = scanRune(body, i)
		n += scanEncodedRuneLen(r)
	}
	return n
}

// scanMaxMembers and scanMaxSizeDepth bound the work of scanMeasure, which
// keeps the members of each object on the stack to drop duplicates.
const (
	scanMaxMembers   = 32
	scanMaxSizeDepth = 32
)

// scanTooComplex is the end scanMeasure returns for a value it leaves to
// the caller to measure otherwise.
const scanTooComplex = -2

// scanMeasure validates the JSON value at b[i] and measures two lengths:
// enc, its length once decoded into any (numbers as json.Number) and
// encoded again compactly by encoding/json without HTML escaping (strings
// re-escaped, numbers as written, of duplicate keys only the last); and
// compact, its length without white space (json.Compact). When code is not
// nil, it receives the value of the object's last "code" member. It returns
// the index past the value, -1 when the value is not valid JSON, or
// scanTooComplex when an object has more than scanMaxMembers members or the
// value nests deeper than scanMaxSizeDepth.
func scanMeasure(b []byte, i, depth int, code *[]byte) (enc, compact, end int) {
	switch b[i] {
	case '"':
		end = scanString(b, i)
		if end < 0 {
			return 0, 0, -1
		}
		return scanEncodedStringLen(b[i:end]), end - i, end
	case '{', '[':
	default:
		end = scanScalar(b, i)
		return end - i, end - i, end
	}
	if depth >= scanMaxSizeDepth {
		return 0, 0, scanTooComplex
	}
	if b[i] == '[' {
		it := scanOpen(b, i, depth, '[')
		enc, compact = 1, 1
		for it.next() {
			e, c, end := scanMeasure(b, it.pos, depth+1, nil)
			if end < 0 {
				return 0, 0, end
			}
			enc += e + 1 // the element and a comma, or the closing bracket
			compact += c + 1
			it.pos = end
		}
		if enc == 1 {
			enc, compact = 2, 2
		}
		return enc, compact, it.end()
	}
	var keys [scanMaxMembers][]byte
	var sizes [scanMaxMembers]int
	k := 0
	it := scanOpen(b, i, depth, '{')
	compact = 1
	for it.next() {
		if k == scanMaxMembers {
			return 0, 0, scanTooComplex
		}
		start := it.pos
		e, c, end := scanMeasure(b, it.pos, depth+1, nil)
		if end < 0 {
			return 0, 0, end
		}
		keys[k], sizes[k] = it.key, e
		k++
		compact += len(it.key) + 1 + c + 1
		it.pos = end
		if code != nil && scanStringIs(it.key, "code") {
			*code = b[start:end]
		}
	}
	if end = it.end(); end < 0 {
		return 0, 0, -1
	}
	enc = 1
	for x := 0; x < k; x++ {
		dup := false
		for y := x + 1; y < k && !dup; y++ {
			dup = scanSameString(keys[x], keys[y])
		}
		if !dup {
			enc += scanEncodedStringLen(keys[x]) + 1 + sizes[x] + 1
		}
	}
	if enc == 1 {
		enc, compact = 2, 2
	}
	return enc, compact, end
}

// scanCompactLen returns the length of the valid JSON b without the white
// space outside its strings (json.Compact).
func scanCompactLen(b []byte) int {
	n := 0
	for i := 0; i < len(b); {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
			i++
		case '"':
			e := scanString(b, i)
			n += e - i
			i = e
		default:
			n++
			i++
		}
	}
	return n
}

// scanPlain reports whether the valid JSON string literal lit decodes to its
// own bytes: no escape, and valid UTF-8.
func scanPlain(lit []byte) bool {
	body := lit[1 : len(lit)-1]
	for _, c := range body {
		if c == '\\' {
			return false
		}
	}
	return utf8.Valid(body)
}
