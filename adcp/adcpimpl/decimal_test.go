package adcpimpl

import (
	"encoding/json"
	"math/big"
	"strconv"
	"strings"
	"testing"
)

// FuzzExactFloat holds exactFloat, with its answer for short integers, to
// the comparison of each number with its float64's shortest decimal.
func FuzzExactFloat(f *testing.F) {
	for _, s := range []string{"0", "-0", "5", "1.5", "1e2", "999999999999999", "9999999999999999", "9007199254740993", "-12"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, lit string) {
		x, err := strconv.ParseFloat(lit, 64)
		if _, ok := parseDecimal(lit); !ok || err != nil {
			return // exactFloat takes a JSON number a float64 holds
		}
		a, _ := parseDecimal(lit)
		b, _ := parseDecimal(strconv.FormatFloat(x, 'g', -1, 64))
		if got, want := exactFloat(lit, x), a.cmp(b) == 0; got != want {
			t.Fatalf("exactFloat(%q) = %v, want %v", lit, got, want)
		}
	})
}

func TestDecimal(t *testing.T) {
	nums := []string{"0", "-0", "0.0", "1", "1.0", "10", "1e1", "1E+1", "100e-1", "0.1", "0.10", "1e-1", "-1", "-0.5",
		"3600", "3600.0000000000000001", "3599.9999999999999999", "9223372036854775807", "9223372036854775808",
		"1e19", "1e400", "-1e400", "1e-400", "123456789012345678901234567890", "0.000001", "5e-7"}
	for _, a := range nums {
		da, ok := parseDecimal(a)
		if !ok {
			t.Fatalf("parseDecimal(%s) failed", a)
		}
		ra, _ := new(big.Rat).SetString(a)
		if got, want := da.isInteger(), ra.IsInt(); got != want {
			t.Errorf("isInteger(%s) = %v, want %v", a, got, want)
		}
		for _, b := range nums {
			db, _ := parseDecimal(b)
			rb, _ := new(big.Rat).SetString(b)
			if got, want := da.cmp(db), ra.Cmp(rb); got != want {
				t.Errorf("cmp(%s, %s) = %d, want %d", a, b, got, want)
			}
		}
	}
	for _, bad := range []string{"", "-", "01", "1.", ".5", "1e", "+1", "1e+", "0x10", "NaN", "1 "} {
		if _, ok := parseDecimal(bad); ok {
			t.Errorf("parseDecimal(%q) accepted", bad)
		}
	}
}

// FuzzDecimal checks the exact comparison against math/big on any two
// JSON numbers of moderate exponent.
func FuzzDecimal(f *testing.F) {
	f.Add("1", "1.0")
	f.Add("3600.0000000000000001", "3600")
	f.Add("-0", "0")
	f.Add("1e19", "9223372036854775808")
	f.Fuzz(func(t *testing.T, a, b string) {
		da, okA := parseDecimal(a)
		db, okB := parseDecimal(b)
		isNumber := a != "" && strings.TrimSpace(a) == a && json.Valid([]byte(a)) && (a[0] == '-' || a[0] >= '0' && a[0] <= '9')
		if okA != isNumber {
			t.Fatalf("parseDecimal(%q) = %v, JSON says %v", a, okA, isNumber)
		}
		if !okA || !okB || len(a) > 60 || len(b) > 60 {
			return
		}
		ra, _ := new(big.Rat).SetString(a)
		rb, _ := new(big.Rat).SetString(b)
		if ra == nil || rb == nil {
			return
		}
		if got, want := da.cmp(db), ra.Cmp(rb); got != want {
			t.Fatalf("cmp(%s, %s) = %d, want %d", a, b, got, want)
		}
		if da.isInteger() != ra.IsInt() {
			t.Fatalf("isInteger(%s) = %v", a, da.isInteger())
		}
	})
}

func TestExactFloat(t *testing.T) {
	for _, tt := range []struct {
		lit   string
		exact bool
	}{
		{"0.1", true}, {"1.10", true}, {"1e2", true}, {"-0", true}, {"0.30000000000000004", true},
		{"3600.0000000000000001", false}, {"0.10000000000000001", false}, {"9007199254740993", false},
		{"123456789012345678901234567890", false}, {"1e22", true},
		// Short integers, answered without formatting: up to 15 digits.
		{"0", true}, {"5", true}, {"-7", true}, {"999999999999999", true}, {"-999999999999999", true},
		{"9999999999999999", false}, {"9007199254740992", true}, {"-", false}, {"", false},
	} {
		f, _ := strconv.ParseFloat(tt.lit, 64)
		if got := exactFloat(tt.lit, f); got != tt.exact {
			t.Errorf("exactFloat(%s) = %v, want %v", tt.lit, got, tt.exact)
		}
	}
	// The codec keeps a number a float64 would round as raw JSON.
	d, _ := Begin([]byte(`{"a":3600.0000000000000001,"b":0.1,"c":1e400,"d":9223372036854775808,"e":1.0}`), "T")
	var a, b float64
	var c *float64
	var dd, e int64
	for d.Next() {
		switch d.Key {
		case "a":
			Value(&d, 0, &a, SliceFloat)
		case "b":
			Value(&d, 1, &b, SliceFloat)
		case "c":
			Ptr(&d, 2, &c, SliceFloat)
		case "d":
			Value(&d, 3, &dd, SliceInt)
		case "e":
			Value(&d, 4, &e, SliceInt)
		}
	}
	extra, _, _ := d.Finish()
	if _, ok := extra["a"]; !ok || b != 0.1 || c != nil || e != 1 {
		t.Errorf("a kept %v, b %v, c %v, e %v", ok, b, c, e)
	}
	for _, k := range []string{"a", "c", "d"} {
		if _, ok := extra[k]; !ok {
			t.Errorf("%s not kept raw: %v", k, extra)
		}
	}
}
