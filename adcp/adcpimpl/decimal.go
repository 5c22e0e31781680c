package adcpimpl

import (
	"strconv"
	"strings"
)

// decimal is a JSON number held exactly: value = ±0.digits × 10^exp, digits
// without leading or trailing zeros ("" for zero). JSON Schema compares
// numbers by value, so 1e400, 9223372036854775808 and 3600.0000000000000001
// compare as written, not as a float64 would round them.
type decimal struct {
	neg    bool
	digits string
	exp    int64
}

// maxDecimalExp bounds the exponents kept; a larger one (1e999999999999)
// only needs to compare larger than every bound, which any exponent beyond
// the input's length does.
const maxDecimalExp = 1 << 40

// parseDecimal reads a JSON number.
func parseDecimal(s string) (decimal, bool) {
	var d decimal
	i := 0
	if i < len(s) && s[i] == '-' {
		d.neg = true
		i++
	}
	start := i
	var intPart, frac string
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	intPart = s[start:i]
	if intPart == "" || (len(intPart) > 1 && intPart[0] == '0') {
		return decimal{}, false
	}
	if i < len(s) && s[i] == '.' {
		i++
		fs := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		frac = s[fs:i]
		if frac == "" {
			return decimal{}, false
		}
	}
	var exp int64
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		eneg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			eneg = s[i] == '-'
			i++
		}
		es := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			if exp < maxDecimalExp {
				exp = exp*10 + int64(s[i]-'0')
			}
			i++
		}
		if es == i {
			return decimal{}, false
		}
		if eneg {
			exp = -exp
		}
	}
	if i != len(s) {
		return decimal{}, false
	}
	all := intPart + frac
	lead := len(all) - len(strings.TrimLeft(all, "0"))
	all = strings.TrimRight(all[lead:], "0")
	if all == "" {
		return decimal{}, true // zero, of either sign
	}
	d.digits = all
	d.exp = exp + int64(len(intPart)) - int64(lead)
	return d, true
}

// isInteger reports whether d has no fractional part.
func (d decimal) isInteger() bool {
	return d.digits == "" || int64(len(d.digits)) <= d.exp
}

// cmp compares a and b: -1, 0 or +1.
func (a decimal) cmp(b decimal) int {
	switch {
	case a.digits == "" && b.digits == "":
		return 0
	case a.digits == "":
		if b.neg {
			return 1
		}
		return -1
	case b.digits == "":
		if a.neg {
			return -1
		}
		return 1
	case a.neg != b.neg:
		if a.neg {
			return -1
		}
		return 1
	}
	c := a.cmpAbs(b)
	if a.neg {
		return -c
	}
	return c
}

// cmpAbs compares |a| and |b|, both non-zero.
func (a decimal) cmpAbs(b decimal) int {
	if a.exp != b.exp {
		if a.exp < b.exp {
			return -1
		}
		return 1
	}
	n := len(a.digits)
	if len(b.digits) > n {
		n = len(b.digits)
	}
	for i := 0; i < n; i++ {
		x, y := byte('0'), byte('0')
		if i < len(a.digits) {
			x = a.digits[i]
		}
		if i < len(b.digits) {
			y = b.digits[i]
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

// ExactFloat reports whether the JSON number lit is exactly the shortest
// decimal of the float64 f it parses to: a value a float64 holds without
// rounding it to another decimal ("0.1" yes, "3600.0000000000000001" no).
// An integer of at most 15 digits (below 2^53) always is: it is answered
// without formatting f.
func ExactFloat(lit string, f float64) bool {
	if shortInteger(lit) {
		return true
	}
	return exactFloatSlow(lit, f)
}

// shortInteger reports whether lit is an optional minus and 1 to 15
// digits.
func shortInteger(lit string) bool {
	digits := lit
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 15 {
		return false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	return true
}

// exactFloatSlow is ExactFloat by comparing lit with f's shortest decimal.
func exactFloatSlow(lit string, f float64) bool {
	a, ok1 := parseDecimal(lit)
	b, ok2 := parseDecimal(strconv.FormatFloat(f, 'g', -1, 64))
	return ok1 && ok2 && a.cmp(b) == 0
}
