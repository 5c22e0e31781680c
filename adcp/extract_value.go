package adcp

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// The check and decoding of an adcp_error that ExtractValue finds as a
// decoded value; the differential tests hold them to those of its encoding
// by encoding/json.

// errorBlock is the one allocation behind an Error decoded from values: the
// Error and the float64 its RetryAfter points to.
type errorBlock struct {
	e          Error
	retryAfter float64
}

// valueError checks and decodes the common error m (the members the schema
// declares but issues, each of its type; values of the types encoding/json
// decodes into, floats finite) as Validate checks, and UnmarshalValidJSON
// decodes, its encoding by encoding/json. decided is false for any other
// error.
func valueError(m map[string]any) (e *Error, ok, decided bool) {
	if len(m) > len(errorMemberNames) {
		return nil, false, false
	}
	// Filled in place: an error given up on here (rare: issues, members
	// the schema does not declare, an invalid error) leaves it unused.
	blk := new(errorBlock)
	fields := blk.e.members()
	var present uint64
	var details any
	size := max(2, 1+len(m)) // the braces and the commas
	for k, x := range m {
		bit := slices.Index(errorMemberNames, k)
		if bit < 0 {
			return nil, false, false // members the schema does not declare
		}
		n, exact := 0, true // n: a string's bound, else measured below
		switch dst := fields[bit].(type) {
		case *string:
			s, isStr := x.(string)
			if !isStr {
				return nil, false, false
			}
			*dst = s
			n = 2 + 6*len(s) // at most: a byte measures at most 6 (a control character)
		case *Error: // retry_after
			f, isFloat := x.(float64)
			if !isFloat || math.IsNaN(f) || math.IsInf(f, 0) {
				return nil, false, false
			}
			blk.retryAfter = f
		case *json.RawMessage:
			details = x
		default:
			return nil, false, false // issues
		}
		present |= 1 << bit
		if n == 0 {
			n, exact = valueUnits(x, MaxErrorSize)
		}
		if !exact {
			return nil, false, false
		}
		size += len(k) + 3 + n // quotes and colon
	}
	// size bounds the strings' sizes: measure exactly only when it may be
	// too large.
	if size > MaxErrorSize {
		if n, _ := valueUnits(m, MaxErrorSize); n > MaxErrorSize {
			return nil, false, true
		}
	}
	if present&1 == 0 || !codeLengthOK(string(blk.e.Code)) {
		return nil, false, true
	}
	if present&(1<<6) != 0 {
		blk.e.Details, _ = jsonwire.Marshal(details)
	}
	blk.e.codec = adcpimpl.DecodedState(present)
	if present&(1<<4) != 0 {
		blk.e.RetryAfter = &blk.retryAfter
	}
	return &blk.e, true, true
}

// valueUnits returns the size Validate measures of the encoding of v, or,
// once past limit, a size over limit. It is exact when v holds only values
// of the types encoding/json decodes into, floats finite; a json.Number
// counts as Validate measures the number, and any other value 1, so that
// the size is then a lower bound. Each level of nesting takes at least 2
// from limit: a value that holds itself ends past it.
func valueUnits(v any, limit int) (n int, exact bool) {
	switch t := v.(type) {
	case string:
		return stringUnits(t), true
	case float64:
		if math.IsNaN(t) || math.IsInf(t, 0) {
			return 1, false
		}
		if a := math.Abs(t); a < 1e15 && a == math.Trunc(a) {
			// An integer: its digits, and its sign ("-0" too).
			n := 1
			if math.Signbit(t) {
				n++
			}
			for i := int64(a); i >= 10; i /= 10 {
				n++
			}
			return n, true
		}
		var buf [32]byte
		return len(jsonwire.AppendFloat(buf[:0], t)), true
	case json.Number:
		// The float64 it parses to, or as written when no float64 holds it.
		if f, err := strconv.ParseFloat(string(t), 64); err == nil {
			n, _ := valueUnits(f, limit)
			return n, false
		}
		return len(t), false
	case bool:
		if t {
			return len("true"), true
		}
		return len("false"), true
	case nil:
		return len("null"), true
	case map[string]any:
		n, exact = max(2, 1+len(t)), true // the braces and the commas
		for k, x := range t {
			if n > limit {
				break
			}
			m, ok := valueUnits(x, limit-n)
			n, exact = n+stringUnits(k)+1+m, exact && ok
		}
		return n, exact
	case []any:
		n, exact = max(2, 1+len(t)), true
		for _, x := range t {
			if n > limit {
				break
			}
			m, ok := valueUnits(x, limit-n)
			n, exact = n+m, exact && ok
		}
		return n, exact
	}
	return 1, false
}

// stringUnits returns the size Validate measures of the encoding of s,
// quotes included, each character counted as Validate says; an invalid
// byte counts as the U+FFFD encoding/json writes for it.
func stringUnits(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' {
			n := 2 + i
			for _, r := range s[i:] {
				switch {
				case r == '"' || r == '\\' || r == '\b' || r == '\f' || r == '\n' || r == '\r' || r == '\t':
					n += 2
				case r < 0x20:
					n += 6
				case r > 0xFFFF:
					n += 2
				default:
					n++
				}
			}
			return n
		}
	}
	return 2 + len(s) // printable ASCII without a quote or a backslash
}
