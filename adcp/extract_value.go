package adcp

import (
	"encoding/json"
	"math"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// The check and decoding of an adcp_error that ExtractValue finds as a
// decoded value. The common error (an object of the members the schema
// declares, each of its type, but issues; values of the types encoding/json
// decodes into, floats finite) is measured and decoded from the values
// themselves (valueError); any other is encoded by encoding/json, and the
// bytes are checked and decoded as Extract checks and decodes what it finds
// (encodedValueError). Both give what the second gives for every value:
// the differential tests and FuzzExtractDifferential compare ExtractValue
// with the encode-then-extract reference.

// decodedError checks and decodes the adcp_error val: the Extraction's
// error and raw (nil when the error was decoded from the values: Raw writes
// them), or false when it is not a valid AdCP error.
func decodedError(val any) (*Error, json.RawMessage, bool) {
	if m, isMap := val.(map[string]any); isMap {
		if e, ok, decided := valueError(m); decided {
			return e, nil, ok
		}
	}
	raw, ok := encodedValueError(val)
	if !ok {
		return nil, nil, false
	}
	return extractDecodeError(raw), raw, true
}

// errorBlock is the one allocation behind an Error decoded from values: the
// Error and the float64 its RetryAfter points to.
type errorBlock struct {
	e          Error
	retryAfter float64
}

// valueError checks and decodes the common error m (see the top of the
// file) as Validate checks, and UnmarshalValidJSON decodes, its encoding by
// encoding/json. decided is false for any other error.
func valueError(m map[string]any) (e *Error, ok, decided bool) {
	if len(m) > len(errorMemberNames) {
		return nil, false, false
	}
	// Filled in place: an error given up on here (rare: issues, members
	// the schema does not declare, an invalid error) leaves it unused.
	blk := new(errorBlock)
	var present uint64
	var details any
	size := 1 + len(m) // the braces and the commas
	if len(m) == 0 {
		size = 2
	}
	for k, x := range m {
		dst, bit := stringMember(&blk.e, k)
		switch {
		case dst != nil:
			s, isStr := x.(string)
			if !isStr {
				return nil, false, false
			}
			*dst = s
		case k == "retry_after":
			f, isFloat := x.(float64)
			if !isFloat || math.IsNaN(f) || math.IsInf(f, 0) {
				return nil, false, false
			}
			blk.retryAfter, bit = f, 4
		case k == "details":
			details, bit = x, 6
		default:
			return nil, false, false // issues, and members the schema does not declare
		}
		present |= 1 << bit
		n, measured := valueUnits(x, 0, MaxErrorSize)
		if !measured {
			return nil, false, false
		}
		if size += len(k) + 3 + n; size > MaxErrorSize { // quotes and colon
			return nil, false, true
		}
	}
	if n := utf8.RuneCountInString(string(blk.e.Code)); present&1 == 0 || n == 0 || n > MaxCodeLength {
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

// maxValueDepth bounds the nesting valueUnits measures; a deeper value is
// left to encoding/json.
const maxValueDepth = 32

// valueUnits returns the size Validate measures of the encoding of v, a
// value of the types encoding/json decodes into (floats finite), or false
// for any other value or one nested deeper than maxValueDepth. Past
// limit it stops: the size it returns is then only more than limit.
func valueUnits(v any, depth, limit int) (int, bool) {
	switch t := v.(type) {
	case string:
		return stringUnits(t), true
	case float64:
		if math.IsNaN(t) || math.IsInf(t, 0) {
			return 0, false
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
	case bool:
		if t {
			return len("true"), true
		}
		return len("false"), true
	case nil:
		return len("null"), true
	case map[string]any:
		if depth >= maxValueDepth {
			return 0, false
		}
		n := 1 + len(t)
		if len(t) == 0 {
			n = 2
		}
		for k, x := range t {
			m, ok := valueUnits(x, depth+1, limit)
			if !ok {
				return 0, false
			}
			if n += stringUnits(k) + 1 + m; n > limit {
				return n, true
			}
		}
		return n, true
	case []any:
		if depth >= maxValueDepth {
			return 0, false
		}
		n := 1 + len(t)
		if len(t) == 0 {
			n = 2
		}
		for _, x := range t {
			m, ok := valueUnits(x, depth+1, limit)
			if !ok {
				return 0, false
			}
			if n += m; n > limit {
				return n, true
			}
		}
		return n, true
	}
	return 0, false
}

// stringUnits returns the size Validate measures of the encoding of s,
// quotes included: jsonwire.StringifyRuneLen of each character, an invalid
// byte counting as the U+FFFD encoding/json writes for it.
func stringUnits(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' {
			n := 2 + i
			for _, r := range s[i:] {
				n += jsonwire.StringifyRuneLen(r)
			}
			return n
		}
	}
	return 2 + len(s) // printable ASCII without a quote or a backslash
}

// encodedValueError encodes an adcp_error found as a decoded value and
// validates the bytes (extractProblem), or reports false when it is not a
// valid AdCP error. A value with more than MaxErrorSize values in it, or
// whose strings are too long for any of them to fit, is refused before it
// is encoded: each value writes at least one character, and a string of n
// bytes at least n/3 code units (stringMin).
func encodedValueError(val any) (json.RawMessage, bool) {
	if _, ok := valuesWithin(val, MaxErrorSize); !ok {
		return nil, false
	}
	raw, ok := extractEncodeCompact(val)
	if !ok || extractProblem(raw) != "" {
		return nil, false
	}
	return raw, true
}

// valuesWithin counts against budget, in the units Validate measures, a
// lower bound of the encoding of v (each value, member and item one unit,
// each string and key its stringMin), and reports false once v is past it.
// It returns what is left of budget. The walk is as deep as budget at most,
// so a value that holds itself is refused.
func valuesWithin(v any, budget int) (int, bool) {
	if budget--; budget < 0 {
		return 0, false
	}
	ok := true
	switch t := v.(type) {
	case string:
		budget -= stringMin(t)
	case map[string]any:
		for k, x := range t {
			if budget -= stringMin(k); budget < 0 {
				return 0, false
			}
			if budget, ok = valuesWithin(x, budget); !ok {
				return 0, false
			}
		}
	case []any:
		for _, x := range t {
			if budget, ok = valuesWithin(x, budget); !ok {
				return 0, false
			}
		}
	}
	return budget, budget >= 0
}

// stringMin is a lower bound of the units Validate counts for a string of
// len(s) bytes, quotes aside: a character takes at most 3 bytes of UTF-8
// per UTF-16 code unit.
func stringMin(s string) int { return len(s) / 3 }
