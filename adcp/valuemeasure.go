package adcp

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// Measuring and writing decoded values whose encoding's length is the size
// Validate measures (exactErrorEncoding): map[string]any, []any, string
// (valid UTF-8), float64 (finite), bool and nil, nested at most
// maxValueDepth deep. The bytes are those encoding/json writes without HTML
// escaping (jsonwire.Marshal): object members sorted by name, strings
// escaped as valueWriter.str escapes them, numbers as jsonwire.AppendFloat
// writes them.

// measurer adds up the length of the encoding of decoded values; it stops
// once past limit.
type measurer struct {
	n, limit int
}

// value adds v's length to ms.n; it reports false for a value it leaves to
// valueWriter (see above). Past the limit it stops and reports true.
func (ms *measurer) value(v any, depth int) bool {
	if depth > maxValueDepth {
		return false
	}
	switch t := v.(type) {
	case nil:
		ms.n += 4
	case bool:
		if t {
			ms.n += 4
		} else {
			ms.n += 5
		}
	case string:
		n, _, ok := plainStringLen(t)
		if !ok {
			return false
		}
		ms.n += n
	case float64:
		n, ok := floatLen(t)
		if !ok {
			return false
		}
		ms.n += n
	case map[string]any:
		if t == nil {
			ms.n += 4
			return true
		}
		ms.n += 1 + 2*len(t) // the braces, the commas and the colons
		if len(t) == 0 {
			ms.n++
		}
		for k, x := range t {
			n, _, ok := plainStringLen(k)
			if !ok {
				return false
			}
			ms.n += n
			if ms.n > ms.limit {
				return true
			}
			if !ms.value(x, depth+1) {
				return false
			}
			if ms.n > ms.limit {
				return true
			}
		}
	case []any:
		if t == nil {
			ms.n += 4
			return true
		}
		ms.n += 1 + len(t) // the brackets and the commas
		if len(t) == 0 {
			ms.n++
		}
		for _, x := range t {
			if !ms.value(x, depth+1) {
				return false
			}
			if ms.n > ms.limit {
				return true
			}
		}
	default:
		return false
	}
	return true
}

// exactStringLen returns the length of s encoded, quotes included; false
// when s is not valid UTF-8 (its measure is not its encoding's length).
func exactStringLen(s string) (int, bool) {
	n := 2 + len(s)
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			n += int(jsonwire.EscapedLen[c]) - 1
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return 0, false
		}
		if r == '\u2028' || r == '\u2029' {
			n += 3 // 3 bytes written as 6
		}
		i += size
	}
	return n, true
}

// floatLen returns the length of f as jsonwire.AppendFloat writes it;
// false for NaN and infinities.
func floatLen(f float64) (int, bool) {
	if f != f || math.IsInf(f, 0) {
		return 0, false
	}
	if f > -1e15 && f < 1e15 {
		if i := int64(f); float64(i) == f {
			// A whole number: its digits ('f' format), and "-0" for -0.
			n := 1
			if i < 0 || i == 0 && math.Signbit(f) {
				n++
				i = -i
			}
			for ; i >= 10; i /= 10 {
				n++
			}
			return n, true
		}
	}
	var buf [32]byte
	return len(jsonwire.AppendFloat(buf[:0], f)), true
}

// appendExact appends v, measured by measurer, as encoding/json writes it.
func appendExact(b []byte, v any) []byte {
	switch t := v.(type) {
	case nil:
		return append(b, "null"...)
	case bool:
		if t {
			return append(b, "true"...)
		}
		return append(b, "false"...)
	case string:
		return jsonwire.AppendStringTo(b, t)
	case float64:
		return appendExactFloat(b, t)
	case map[string]any:
		if t == nil {
			return append(b, "null"...)
		}
		return appendExactObject(b, t)
	case []any:
		if t == nil {
			return append(b, "null"...)
		}
		b = append(b, '[')
		for i, x := range t {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendExact(b, x)
		}
		return append(b, ']')
	}
	panic("adcp: appendExact: unmeasured value") // measurer admits nothing else
}

// appendExactObject appends the non-nil object m, members sorted by name.
func appendExactObject(b []byte, m map[string]any) []byte {
	var memberBuf [12]member
	members := memberBuf[:0]
	for k, x := range m {
		members = append(members, member{key: k, val: x})
	}
	sortMembers(members)
	b, _ = appendExactSorted(b, members, nil)
	clear(members)
	return b
}

// appendExactSorted appends the object of the sorted members; with spans
// not nil, it appends to spans where each member's value was written.
func appendExactSorted(b []byte, members []member, spans []memberSpan) ([]byte, []memberSpan) {
	b = append(b, '{')
	for i, x := range members {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonwire.AppendStringTo(b, x.key)
		b = append(b, ':')
		start := len(b)
		b = appendExact(b, x.val)
		if spans != nil {
			spans = append(spans, memberSpan{x, start, len(b)})
		}
	}
	return append(b, '}'), spans
}

// appendExactFloat appends the finite f as jsonwire.AppendFloat does,
// whole numbers without strconv's float formatting.
func appendExactFloat(b []byte, f float64) []byte {
	if f > -1e15 && f < 1e15 {
		if i := int64(f); float64(i) == f {
			if i == 0 && math.Signbit(f) {
				return append(b, "-0"...)
			}
			return strconv.AppendInt(b, i, 10)
		}
	}
	return jsonwire.AppendFloat(b, f)
}
