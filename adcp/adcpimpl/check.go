package adcpimpl

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// ValueCheck is a schema's check of a decoded JSON value (as encoding/json
// decodes into any with UseNumber): a function the generator writes for
// each schema a value held as raw JSON must match. It adds the violations
// of x, at path, to v.
type ValueCheck func(v *Validator, path string, x any)

// decodeAny decodes raw, one JSON value, as encoding/json decodes it into
// any with UseNumber: an object is a map[string]any (of a repeated member,
// the last), an array a []any, a number the json.Number written. It reports
// false for data that is not exactly one JSON value.
func decodeAny(raw []byte) (any, bool) {
	if !jsonwire.Valid(raw) {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var x any
	return x, dec.Decode(&x) == nil
}

// Value decodes raw, one JSON value, and checks it with check.
func (v *Validator) Value(path string, raw []byte, check ValueCheck) {
	x, ok := decodeAny(raw)
	if !ok {
		v.Add(path, "invalid JSON")
		return
	}
	check(v, path, x)
}

// Encoded checks the JSON encoding of m with check: for the constraints
// on a whole object (allOf: if/then, anyOf or oneOf over which members are
// present) that its Go type does not express.
func (v *Validator) Encoded(path string, m json.Marshaler, check ValueCheck) {
	raw, err := m.MarshalJSON()
	if err != nil {
		v.Add(path, "cannot encode: "+err.Error())
		return
	}
	v.Value(path, raw, check)
}

// Matches returns how many of checks x passes without a violation: for
// anyOf (at least one), oneOf (exactly one), not and if.
func Matches(x any, checks ...ValueCheck) int {
	n := 0
	for _, check := range checks {
		var scratch Validator
		check(&scratch, "", x)
		if len(scratch.list) == 0 {
			n++
		}
	}
	return n
}

// Type reports whether x is of one of the JSON types listed ("number"
// takes an integer; "integer" is a number without a fractional part), and
// adds the violation when it is not.
func (v *Validator) Type(path string, x any, types ...string) bool {
	got := typeOf(x)
	if slices.Contains(types, got) || got == "integer" && slices.Contains(types, "number") {
		return true
	}
	v.Add(path, "JSON "+got+" is not one of "+strings.Join(types, ", "))
	return false
}

// typeOf names the JSON type of a decoded value ("integer" for a number
// without a fractional part, as draft-07 counts 1.0 and 1e400).
func typeOf(x any) string {
	switch x := x.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case json.Number:
		if d, ok := parseDecimal(string(x)); ok && d.isInteger() {
			return "integer"
		}
		return "number"
	}
	return "unknown"
}

// Compare compares the number n with bound exactly (as decimals, not as
// float64 would round them): -1, 0 or +1.
func Compare(n json.Number, bound string) int {
	a, _ := parseDecimal(string(n))
	b, _ := parseDecimal(bound)
	return a.cmp(b)
}

// Required adds a violation for each of names that object o lacks.
func (v *Validator) Required(path string, o map[string]any, names ...string) {
	for _, name := range names {
		if _, ok := o[name]; !ok {
			v.Add(path+"/"+PointerToken(name), "required member missing")
		}
	}
}

// Undeclared returns the members of o not among names, sorted.
func Undeclared(o map[string]any, names ...string) []string {
	return slices.DeleteFunc(sortedKeys(o), func(k string) bool { return slices.Contains(names, k) })
}

// InJSON checks that x equals one of values, the JSON texts an enum lists,
// compared as JSON Schema compares values (numbers by value, object
// members in any order).
func (v *Validator) InJSON(path string, x any, values ...string) {
	for _, want := range values {
		if equalJSONText(x, want) {
			return
		}
	}
	b, _ := json.Marshal(x)
	v.Add(path, "value "+short(b)+" is not allowed")
}

// ConstJSON checks that x equals the JSON text want, as InJSON compares.
func (v *Validator) ConstJSON(path string, x any, want string) {
	if !equalJSONText(x, want) {
		v.Add(path, "must be "+want)
	}
}

// equalJSONText reports whether the decoded value x equals the JSON text
// want, as JSON Schema compares values: their keys (itemKey) are equal.
func equalJSONText(x any, want string) bool {
	y, ok := decodeAny([]byte(want))
	return ok && string(itemKey(nil, x)) == string(itemKey(nil, y))
}

// UniqueItems checks that no two of items, decoded JSON values, are equal
// (as InJSON compares them). Each item is written once as a key two items
// share exactly when they are equal (itemKey), so that the time grows with
// the items' size, not with their number squared.
func UniqueItems[T any](v *Validator, path string, items []T) {
	seen := make(map[string]int, len(items))
	var key []byte
	for i := range items {
		key = itemKey(key[:0], items[i])
		if a, dup := seen[string(key)]; dup {
			v.Add(path, "items "+strconv.Itoa(a)+" and "+strconv.Itoa(i)+" are equal")
			return
		}
		seen[string(key)] = i
	}
}

// itemKey appends a key of the decoded JSON value x: numbers as their
// exact decimal, objects with their members sorted, each part tagged and
// delimited, so that two values have the same key exactly when they are
// the same JSON value (numbers equal by value: 1 and 1.0 are equal).
func itemKey(b []byte, x any) []byte {
	switch t := x.(type) {
	case string:
		return strconv.AppendQuote(append(b, 's'), t)
	case json.Number:
		d, _ := parseDecimal(string(t))
		b = append(b, 'd')
		if d.digits != "" { // all zeros alike
			if d.sign < 0 {
				b = append(b, '-')
			}
			b = strconv.AppendInt(append(append(b, d.digits...), 'e'), d.exp, 10)
		}
		return append(b, ';')
	case []any:
		b = append(b, '[')
		for _, y := range t {
			b = itemKey(b, y)
		}
		return append(b, ']')
	case map[string]any:
		b = append(b, '{')
		for _, k := range sortedKeys(t) {
			b = itemKey(strconv.AppendQuote(b, k), t[k])
		}
		return append(b, '}')
	case bool:
		if t {
			return append(b, 't')
		}
		return append(b, 'f')
	}
	return append(b, 'n')
}
