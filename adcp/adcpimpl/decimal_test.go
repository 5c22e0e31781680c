package adcpimpl

import (
	"strconv"
	"testing"
)

// FuzzExactFloat holds ExactFloat, with its answer for short integers, to
// the comparison of each number with its float64's shortest decimal.
func FuzzExactFloat(f *testing.F) {
	for _, s := range []string{"0", "-0", "5", "1.5", "1e2", "999999999999999", "9999999999999999", "9007199254740993", "-12"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, lit string) {
		x, err := strconv.ParseFloat(lit, 64)
		if _, ok := parseDecimal(lit); !ok || err != nil {
			return // ExactFloat takes a JSON number a float64 holds
		}
		if got, want := ExactFloat(lit, x), exactFloatSlow(lit, x); got != want {
			t.Fatalf("ExactFloat(%q) = %v, want %v", lit, got, want)
		}
	})
}
