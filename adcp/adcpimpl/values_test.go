package adcpimpl

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// TestConstAndIn checks the value comparisons of generated validation
// against JSON Schema's equality: numbers by value (exactly, not as
// float64), object members in any order, arrays in order, and no coercion
// between JSON types.
func TestConstAndIn(t *testing.T) {
	for _, c := range []struct {
		got    string
		values []string
		ok     bool
	}{
		{`1`, []string{`1`}, true},
		{`1.0`, []string{`1`}, true},
		{`1e0`, []string{`1.00`}, true},
		{`2`, []string{`1`, `3`, `2`}, true},
		{`2`, []string{`1`, `3`}, false},
		{`"1"`, []string{`1`}, false},
		{`true`, []string{`1`}, false},
		{`null`, []string{`null`}, true},
		{`0.10000000000000001`, []string{`0.1`}, false}, // equal as float64, not as numbers
		{`{"a":"x","b":[1,2]}`, []string{`{"b":[1,2.0],"a":"x"}`}, true},
		{`{"a":"x"}`, []string{`{"a":"x","b":1}`}, false},
		{`{"a":"x","b":1}`, []string{`{"a":"x"}`}, false},
		{`[1,2]`, []string{`[2,1]`}, false},
		{`[1,2]`, []string{`[["a"]]`, `[1,2]`}, true},
		{`[]`, []string{`{}`}, false},
		{`not json`, []string{`1`}, false},
	} {
		var in Validator
		in.In("/m", []byte(c.got), c.values...)
		if ok := in.Result("T") == nil; ok != c.ok {
			t.Errorf("In(%s, %s): valid %v, want %v", c.got, strings.Join(c.values, " "), ok, c.ok)
		}
		if len(c.values) != 1 {
			continue
		}
		var k Validator
		k.Const("/m", []byte(c.got), c.values[0])
		if ok := k.Result("T") == nil; ok != c.ok {
			t.Errorf("Const(%s, %s): valid %v, want %v", c.got, c.values[0], ok, c.ok)
		}
	}
}

type marshaler struct {
	b   string
	err error
}

func (m marshaler) MarshalJSON() ([]byte, error) { return []byte(m.b), m.err }

// TestEncodings checks that a value that cannot be encoded is reported, not
// taken for a value or dropped.
func TestEncodings(t *testing.T) {
	if got := string(Encoding(marshaler{b: `{"a":1}`})); got != `{"a":1}` {
		t.Errorf("Encoding = %s", got)
	}
	if got := Encoding(marshaler{err: errors.New("no")}); got != nil {
		t.Errorf("Encoding of a failing value = %q, want nil", got)
	}
	if got := string(SliceEncoding([]int64{1, -2}, EncInt)); got != `[1,-2]` {
		t.Errorf("SliceEncoding = %s", got)
	}
	if got := SliceEncoding([]float64{1, math.NaN()}, EncFloat); got != nil {
		t.Errorf("SliceEncoding of NaN = %q, want nil", got)
	}
	for _, check := range []func(v *Validator){
		func(v *Validator) { v.Const("/m", nil, `1`) },
		func(v *Validator) { v.In("/m", nil, `1`) },
	} {
		var v Validator
		check(&v)
		if err := v.Result("T"); err == nil || !strings.Contains(err.Error(), "cannot be encoded") {
			t.Errorf("a value that cannot be encoded: %v", err)
		}
	}
}
