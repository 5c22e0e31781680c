package adcpimpl

import (
	"errors"
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
	} {
		x := decoded(t, c.got)
		var in Validator
		in.InJSON("/m", x, c.values...)
		if ok := in.Result("T") == nil; ok != c.ok {
			t.Errorf("InJSON(%s, %s): valid %v, want %v", c.got, strings.Join(c.values, " "), ok, c.ok)
		}
		if len(c.values) != 1 {
			continue
		}
		var k Validator
		k.ConstJSON("/m", x, c.values[0])
		if ok := k.Result("T") == nil; ok != c.ok {
			t.Errorf("ConstJSON(%s, %s): valid %v, want %v", c.got, c.values[0], ok, c.ok)
		}
	}
}

type marshaler struct {
	b   string
	err error
}

func (m marshaler) MarshalJSON() ([]byte, error) { return []byte(m.b), m.err }

// TestEncodedFailure checks that a value that cannot be encoded is
// reported, not taken for a value or dropped, and that an encoded value is
// checked.
func TestEncodedFailure(t *testing.T) {
	never := func(v *Validator, p string, x any) { v.Add(p, "checked") }
	var v Validator
	v.Encoded("/m", marshaler{err: errors.New("no")}, never)
	if err := v.Result("T"); err == nil || !strings.Contains(err.Error(), "cannot encode") {
		t.Errorf("a value that cannot be encoded: %v", err)
	}
	var w Validator
	w.Encoded("/m", marshaler{b: `{"a":1}`}, never)
	if err := w.Result("T"); err == nil || !strings.Contains(err.Error(), "/m: checked") {
		t.Errorf("an encoded value: %v", err)
	}
}
