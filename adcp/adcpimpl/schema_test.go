package adcpimpl

import (
	"encoding/json"
	"math/big"
	"strconv"
	"strings"
	"testing"
)

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
		if back, ok := parseDecimal(da.String()); !ok || back.cmp(da) != 0 {
			t.Errorf("%s: String() = %s does not read back", a, da.String())
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
		if got := ExactFloat(tt.lit, f); got != tt.exact {
			t.Errorf("ExactFloat(%s) = %v, want %v", tt.lit, got, tt.exact)
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
			Float(&d, 0, &a)
		case "b":
			Float(&d, 1, &b)
		case "c":
			FloatPtr(&d, 2, &c)
		case "d":
			Int(&d, 3, &dd)
		case "e":
			Int(&d, 4, &e)
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

func TestSchema(t *testing.T) {
	tests := []struct {
		schema string
		ok     []string
		bad    []string
	}{
		{`{"type":"integer","minimum":1}`, []string{`1`, `1.0`, `9223372036854775808`, `1e400`}, []string{`0`, `1.5`, `"1"`, `null`, `0.99999999999999999999`}},
		{`{"type":"number","maximum":3600}`, []string{`3600`, `-1e400`, `3599.9999999999999999`}, []string{`3600.0000000000000001`, `1e400`}},
		{`{"type":["number","string"]}`, []string{`1`, `"a"`}, []string{`null`, `true`, `[]`, `{}`}},
		{`{"type":["string","null"],"enum":["a","b"]}`, []string{`"a"`}, []string{`null`, `"c"`}},
		{`{"enum":[1,"a"]}`, []string{`1.0`, `"a"`}, []string{`2`, `"1"`}},
		{`{"const":true}`, []string{`true`}, []string{`false`, `1`}},
		// Both: a value must be listed and be the constant (emit writes the
		// two when a schema has both; FuzzLoadAndRender found it refused).
		{`{"type":"string","enum":["a","b"],"const":"a"}`, []string{`"a"`}, []string{`"b"`, `"c"`}},
		{`{"const":"c","enum":["a","b"]}`, nil, []string{`"a"`, `"c"`}},
		{`{"type":"string","minLength":2,"maxLength":3}`, []string{`"😀😀"`, `"abc"`}, []string{`"a"`, `"abcd"`}},
		{`{"type":"string","pattern":"^x_[a-z]+$","patternNot":"^x_ab$"}`, []string{`"x_a"`}, []string{`"x_ab"`, `"y"`}},
		{`{"type":"string","format":"uri"}`, []string{`"https://a.b/c"`, `"urn:x"`, `"http://[::1]/"`}, []string{`"rel/x"`, `"http://::1/"`, `"%zz"`}},
		{`{"type":"string","format":"date-time"}`, []string{`"2026-01-02T03:04:05Z"`, `"2026-06-30T23:59:60Z"`, `"2026-06-30T22:59:60-01:00"`},
			[]string{`"2026-02-30T00:00:00Z"`, `"2026-06-30T12:59:60Z"`, `"2026-01-02 03:04:05Z"`, `"2026-01-02T03:04:05"`}},
		{`{"type":"array","items":{"type":"integer"},"minItems":1,"maxItems":2,"uniqueItems":true}`,
			[]string{`[1]`, `[1,2]`}, []string{`[]`, `[1,2,3]`, `[1,1.0]`, `["a"]`}},
		{`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}`,
			[]string{`{"a":"x"}`}, []string{`{}`, `{"a":1}`, `{"a":"x","b":1}`, `[]`}},
		{`{"anyOf":[{"type":"object","required":["a"]},{"type":"object","required":["b"]}]}`,
			[]string{`{"a":1}`, `{"a":1,"b":2}`}, []string{`{}`, `"a"`}},
		{`{"oneOf":[{"type":"object","required":["a"]},{"type":"object","required":["b"]}]}`,
			[]string{`{"a":1}`, `{"b":1}`}, []string{`{"a":1,"b":2}`, `{}`}},
		{`{"if":{"properties":{"s":{"enum":["missing"]}},"required":["s"]},"then":{"anyOf":[{"required":["p"]},{"required":["u"]}]}}`,
			[]string{`{"s":"missing","p":1}`, `{"s":"ok"}`, `{}`}, []string{`{"s":"missing"}`}},
		{`{"not":{"required":["x"]}}`, []string{`{}`}, []string{`{"x":1}`}},
		{`{"$defs":{"N":{"type":"object","properties":{"next":{"$ref":"#/$defs/N"}},"additionalProperties":false}},"$ref":"#/$defs/N"}`,
			[]string{`{"next":{"next":{}}}`}, []string{`{"next":{"x":1}}`}},
		{`false`, nil, []string{`1`}},
		// additionalProperties as a schema applies to the members properties
		// does not name, and only to them.
		{`{"properties":{"a":true},"additionalProperties":{"type":"string","maxLength":1}}`,
			[]string{`{}`, `{"a":5,"b":"x"}`, `{"b":"x","c":"y"}`, `3`}, []string{`{"b":1}`, `{"a":1,"b":"xy"}`}},
		{`{"enum":[]}`, nil, []string{`1`, `null`}},
	}
	for _, tt := range tests {
		if err := CompileSchema(tt.schema); err != nil {
			t.Fatalf("%s: %v", tt.schema, err)
		}
		s := NewSchema(tt.schema)
		for _, inst := range tt.ok {
			var v Validator
			v.Schema("", []byte(inst), s, "")
			if err := v.Result("T"); err != nil {
				t.Errorf("%s refused %s: %v", tt.schema, inst, err)
			}
		}
		for _, inst := range tt.bad {
			var v Validator
			v.Schema("", []byte(inst), s, "")
			if v.Result("T") == nil {
				t.Errorf("%s accepted %s", tt.schema, inst)
			}
		}
	}
	for _, bad := range []string{`{"type":"strng"}`, `{"pattern":"\\u0041"}`, `{"format":"email"}`, `{"$ref":"other.json"}`,
		`{"additionalProperties":{"type":"strng"}}`, `{"items":[{}]}`, `{"unknownKeyword":1}`, `{"minLength":-1}`, `[]`} {
		if CompileSchema(bad) == nil {
			t.Errorf("CompileSchema(%s) accepted", bad)
		}
	}
}

// TestSchemaViolationPaths checks the JSON pointers of violations: member
// names with "/" and "~" escaped (RFC 6901), under the path given, through
// nested objects, arrays, undeclared and missing members.
func TestSchemaViolationPaths(t *testing.T) {
	schema := `{"properties":{"a/b":{"type":"string"},"~x":{"properties":{"y":{"type":"integer"}}},` +
		`"arr":{"items":{"type":"integer"}}},"required":["r/s"],"additionalProperties":false}`
	if err := CompileSchema(schema); err != nil {
		t.Fatal(err)
	}
	var v Validator
	v.Schema("/details", []byte(`{"a/b":1,"~x":{"y":"no"},"arr":[1,"z"],"q~":1}`), NewSchema(schema), "")
	err, _ := v.Result("T").(*ValidationError)
	if err == nil {
		t.Fatal("no violation")
	}
	var got []string
	for _, s := range err.Violations {
		got = append(got, s[:strings.Index(s, ":")])
	}
	want := []string{"/details/a~1b", "/details/arr/1", "/details/~0x/y", "/details/q~0", "/details/r~1s"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("violations at %q, want %q (%v)", got, want, err.Violations)
	}
}

// TestExtraSchemaAndConditions checks the two calls generated validate
// methods make with a type's schema.
func TestExtraSchemaAndConditions(t *testing.T) {
	s := NewSchema(`{"properties":{"n":{"type":"integer","minimum":1}},"allOf":[{"if":{"required":["a"]},"then":{"required":["b"]}}]}`)
	var v Validator
	v.ExtraSchema("", map[string]json.RawMessage{"n": json.RawMessage(`1e30`), "m": json.RawMessage(`"x"`), "z": json.RawMessage(`1`)},
		[]string{"n", "m"}, true, s)
	got := v.list
	want := []string{`/m: invalid value "x"`, `/z: member not allowed`}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("ExtraSchema: %q, want %q", got, want)
	}
	v = Validator{}
	v.Conditions("/x", rawMarshaler(`{"a":1}`), s)
	if len(v.list) != 1 || v.list[0] != "/x/b: required member missing" {
		t.Errorf("Conditions: %q", v.list)
	}
}

type rawMarshaler string

func (r rawMarshaler) MarshalJSON() ([]byte, error) { return []byte(r), nil }
