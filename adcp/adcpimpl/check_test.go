package adcpimpl

import (
	"encoding/json"
	"strings"
	"testing"
)

func decoded(t *testing.T, s string) any {
	t.Helper()
	x, ok := decodeAny([]byte(s))
	if !ok {
		t.Fatalf("not JSON: %s", s)
	}
	return x
}

// TestValueChecks checks the helpers generated check functions call, on
// the values where JSON Schema's comparison differs from Go's or from
// encoding/json's text.
func TestValueChecks(t *testing.T) {
	for _, tt := range []struct {
		name, value string
		check       func(v *Validator, x any)
		ok          bool
	}{
		{"integer 1.0", `1.0`, func(v *Validator, x any) { v.Type("", x, "integer") }, true},
		{"integer 1e2", `1e2`, func(v *Validator, x any) { v.Type("", x, "integer") }, true},
		{"integer 1.5", `1.5`, func(v *Validator, x any) { v.Type("", x, "integer") }, false},
		{"number takes an integer", `7`, func(v *Validator, x any) { v.Type("", x, "number") }, true},
		{"null or string", `null`, func(v *Validator, x any) { v.Type("", x, "null", "string") }, true},
		{"not a string", `{}`, func(v *Validator, x any) { v.Type("", x, "string") }, false},
		{"enum by value", `1.0`, func(v *Validator, x any) { v.InJSON("", x, `"1"`, `1`) }, true},
		{"enum of objects", `{"b":[1],"a":2}`, func(v *Validator, x any) { v.InJSON("", x, `{"a":2,"b":[1.0]}`) }, true},
		{"enum miss", `"1"`, func(v *Validator, x any) { v.InJSON("", x, `1`) }, false},
		{"const beyond float64", `9007199254740993`, func(v *Validator, x any) { v.ConstJSON("", x, `9007199254740992`) }, false},
		{"required", `{"a":1}`, func(v *Validator, x any) { v.Required("", x.(map[string]any), "a", "b") }, false},
		{"unique numbers", `[1,1.0]`, func(v *Validator, x any) { UniqueItems(v, "", x.([]any)) }, false},
		{"unique objects", `[{"a":1,"b":2},{"b":2,"a":1}]`, func(v *Validator, x any) { UniqueItems(v, "", x.([]any)) }, false},
		{"unique zeros", `[0,-0.0]`, func(v *Validator, x any) { UniqueItems(v, "", x.([]any)) }, false},
		{"distinct", `["1",1,[1],{"1":1},true,null,"s1"]`, func(v *Validator, x any) { UniqueItems(v, "", x.([]any)) }, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var v Validator
			tt.check(&v, decoded(t, tt.value))
			if got := len(v.list) == 0; got != tt.ok {
				t.Errorf("valid %v, want %v: %v", got, tt.ok, v.list)
			}
		})
	}
}

// TestCompareExact checks that bounds compare as decimals, not as float64.
func TestCompareExact(t *testing.T) {
	for _, tt := range []struct {
		n, bound string
		want     int
	}{
		{"3600.0000000000000001", "3600", 1}, {"1e400", "99", 1}, {"-1e400", "0", -1}, {"1e-400", "0", 1},
		{"1.0", "1", 0}, {"0.5", "1e+0", -1}, {"9223372036854775808", "9223372036854775807", 1},
	} {
		if got := Compare(json.Number(tt.n), tt.bound); got != tt.want {
			t.Errorf("Compare(%s, %s) = %d, want %d", tt.n, tt.bound, got, tt.want)
		}
	}
}

// TestMatches checks Matches (anyOf, oneOf, not, if) and Undeclared.
func TestMatches(t *testing.T) {
	isString := func(v *Validator, p string, x any) { v.Type(p, x, "string") }
	isNumber := func(v *Validator, p string, x any) { v.Type(p, x, "number") }
	if n := Matches("a", isString, isNumber, isString); n != 2 {
		t.Errorf("Matches = %d, want 2", n)
	}
	if got := Undeclared(map[string]any{"b": 1, "a": 1, "c": 1}, "b"); strings.Join(got, ",") != "a,c" {
		t.Errorf("Undeclared = %v", got)
	}
}
