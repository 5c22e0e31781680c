package adcpimpl

import (
	"cmp"
	"strconv"
	"strings"

	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// decimal is a JSON number held exactly: value = ±0.digits × 10^exp, digits
// without leading or trailing zeros ("" for zero). JSON Schema compares
// numbers by value, so 1e400, 9223372036854775808 and 3600.0000000000000001
// compare as written, not as a float64 would round them (math/big.Rat
// would too, but refuses the exponents beyond ±1e6 a number may have).
type decimal struct {
	sign   int // -1, 0 or +1
	digits string
	exp    int64
}

// maxDecimalExp bounds the exponents kept; a larger one (1e999999999999)
// only needs to compare larger than every bound, which any exponent beyond
// the input's length does.
const maxDecimalExp = 1 << 40

// parseDecimal reads a JSON number.
func parseDecimal(s string) (decimal, bool) {
	if s == "" || jsonwire.Number([]byte(s), 0) != len(s) {
		return decimal{}, false
	}
	d := decimal{sign: 1}
	if rest, neg := strings.CutPrefix(s, "-"); neg {
		s, d.sign = rest, -1
	}
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		exp, _ := strconv.ParseInt(s[i+1:], 10, 64) // ±MaxInt64 when out of range
		s, d.exp = s[:i], min(max(exp, -maxDecimalExp), maxDecimalExp)
	}
	intPart, frac, _ := strings.Cut(s, ".")
	digits := strings.TrimLeft(intPart+frac, "0")
	d.exp += int64(len(digits) - len(frac))
	if d.digits = strings.TrimRight(digits, "0"); d.digits == "" {
		return decimal{}, true // zero, of either sign
	}
	return d, true
}

// isInteger reports whether d has no fractional part.
func (d decimal) isInteger() bool {
	return d.digits == "" || int64(len(d.digits)) <= d.exp
}

// cmp compares a and b: -1, 0 or +1. Of two numbers of one sign, the one
// of the larger exponent is the larger in magnitude, and of one exponent,
// the one of the larger digits (compared as strings: digits end in no
// zero, so a longer one is larger past a common prefix).
func (a decimal) cmp(b decimal) int {
	if a.sign != b.sign || a.sign == 0 {
		return cmp.Compare(a.sign, b.sign)
	}
	c := cmp.Compare(a.exp, b.exp)
	if c == 0 {
		c = strings.Compare(a.digits, b.digits)
	}
	return a.sign * c
}

// exactFloat reports whether the JSON number lit is exactly the shortest
// decimal of the float64 f it parses to: a value a float64 holds without
// rounding it to another decimal ("0.1" yes, "3600.0000000000000001" no).
// An integer of at most 15 digits (below 2^53) always is: it is answered
// without formatting f.
func exactFloat(lit string, f float64) bool {
	if len(strings.TrimPrefix(lit, "-")) <= 15 {
		if _, err := strconv.ParseInt(lit, 10, 64); err == nil {
			return true
		}
	}
	d, ok := parseDecimal(lit)
	shortest, _ := parseDecimal(strconv.FormatFloat(f, 'g', -1, 64))
	return ok && d.cmp(shortest) == 0
}
