package adcpimpl

import (
	"encoding/json"
	"slices"
	"sort"
	"strconv"

	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// rawText is valid JSON text with its string form: the strings and numbers
// in it that need no unquoting are slices of s, not copies.
type rawText struct {
	b []byte
	s string
}

// end returns the index just past the value at b[i].
func (t *rawText) end(i int) int { return jsonwire.Value(t.b, i, 0) }

// str returns the string literal b[i:end] unquoted as encoding/json
// unquotes it.
func (t *rawText) str(i, end int) string {
	if lit := t.b[i:end]; rawASCII(lit) || jsonwire.Plain(lit) {
		return t.s[i+1 : end-1]
	}
	return string(jsonwire.Unquote(make([]byte, 0, end-i), t.b[i:end]))
}

// number reads the number at b[i] as a decimal, and names its JSON type
// ("integer" when it has no fractional part).
func (t *rawText) number(i int) (d decimal, ok bool, typ string) {
	d, ok = parseDecimal(t.s[i:t.end(i)])
	if ok && d.isInteger() {
		return d, ok, "integer"
	}
	return d, ok, "number"
}

// decode returns the value at b[i] as decodeAny decodes it: what enum,
// const and uniqueItems compare.
func (t *rawText) decode(i int) any {
	val, _ := decodeAny(t.b[i:t.end(i)])
	return val
}

// valid reports whether the value at t.b[i] is valid against n, without
// reporting.
func (n *schemaNode) valid(t *rawText, i int) bool {
	var scratch Validator
	n.validate(&scratch, "", t, i)
	return len(scratch.list) == 0
}

// validate adds the violations of the value at t.b[i] against n. It checks
// the value where it lies in the text: the members and items of an object
// or array in place, each string and number as a slice of t.s; only what
// enum, const and uniqueItems compare is decoded. It adds what draft-07
// validation of the value decoded by encoding/json finds (of a repeated
// member, the last counts), in a fixed order (FuzzSchemaMatchesDecoded holds
// it to an interpreter of decoded values). An object's members are found
// before any is checked (in the schema's order), so each value is read once
// to find its end and again to check it: the time is the text's length times
// the nesting of the schema, not of the data (a recursive $ref would make
// it the data's; no schema the generator has written has one).
func (n *schemaNode) validate(v *Validator, path string, t *rawText, i int) {
	n = n.resolve()
	if n.boolean != nil {
		if !*n.boolean {
			v.Add(path, "no value is allowed")
		}
		return
	}
	// A number is read once, for its type and its bounds.
	var d decimal
	var numOK bool
	typ := "number"
	switch t.b[i] {
	case '{':
		typ = "object"
	case '[':
		typ = "array"
	case '"':
		typ = "string"
	case 't', 'f':
		typ = "boolean"
	case 'n':
		typ = "null"
	default:
		d, numOK, typ = t.number(i)
	}
	if n.types != nil && !n.typeOK(v, path, typ) {
		return
	}
	switch {
	case !n.hasEnum && !n.hasConst:
	case t.b[i] == '"':
		n.enumConstString(v, path, t.str(i, t.end(i)))
	default:
		val := t.decode(i)
		if n.hasEnum && !n.inEnum(val) {
			b, _ := json.Marshal(val)
			v.Add(path, "value "+short(b)+" is not allowed")
		}
		if n.hasConst && !equalJSON(n.konst, val) {
			b, _ := json.Marshal(n.konst)
			v.Add(path, "must be "+string(b))
		}
	}
	switch t.b[i] {
	case '"':
		n.validateString(v, path, t.str(i, t.end(i)))
	case '{':
		n.validateObject(v, path, t, i)
	case '[':
		n.validateArray(v, path, t, i)
	case 't', 'f', 'n':
	default:
		n.validateNumber(v, path, d, numOK)
	}
	for _, s := range n.allOf {
		s.validate(v, path, t, i)
	}
	if len(n.anyOf) > 0 {
		ok := false
		for _, s := range n.anyOf {
			if s.valid(t, i) {
				ok = true
				break
			}
		}
		if !ok {
			v.Add(path, "matches none of the "+strconv.Itoa(len(n.anyOf))+" alternatives (anyOf)")
		}
	}
	if len(n.oneOf) > 0 {
		matched := 0
		for _, s := range n.oneOf {
			if s.valid(t, i) {
				matched++
			}
		}
		if matched != 1 {
			v.Add(path, "matches "+strconv.Itoa(matched)+" of the "+strconv.Itoa(len(n.oneOf))+" alternatives, not exactly one (oneOf)")
		}
	}
	if n.not != nil && n.not.valid(t, i) {
		v.Add(path, "matches a schema it must not match (not)")
	}
	if n.ifS != nil {
		if n.ifS.valid(t, i) {
			if n.thenS != nil {
				n.thenS.validate(v, path, t, i)
			}
		} else if n.elseS != nil {
			n.elseS.validate(v, path, t, i)
		}
	}
}

// inEnum reports whether the decoded value val is one of n's enum.
func (n *schemaNode) inEnum(val any) bool {
	for _, e := range n.enum {
		if equalJSON(e, val) {
			return true
		}
	}
	return false
}

// enumConstString is the enum and const check of a string value, s being
// what it decodes to (rawText.str, decodeAny's string): compared as a
// string, not decoded into an interface (two allocations), with the same
// verdicts and messages.
func (n *schemaNode) enumConstString(v *Validator, path, s string) {
	if n.hasEnum && !n.inEnumString(s) {
		b, _ := json.Marshal(s)
		v.Add(path, "value "+short(b)+" is not allowed")
	}
	if k, isStr := n.konst.(string); n.hasConst && (!isStr || k != s) {
		b, _ := json.Marshal(n.konst)
		v.Add(path, "must be "+string(b))
	}
}

// inEnumString is inEnum for a string.
func (n *schemaNode) inEnumString(s string) bool {
	for _, e := range n.enum {
		if es, ok := e.(string); ok && es == s {
			return true
		}
	}
	return false
}

// rawMember is a member of an object in rawText: its name, unquoted, and
// where its value starts.
type rawMember struct {
	_     [0]func() // not comparable: no equality function is linked
	name  string
	value int
}

// validateObject checks the members of the object at t.b[i]. Of a
// repeated name, the last member counts, as encoding/json decodes it.
func (n *schemaNode) validateObject(v *Validator, path string, t *rawText, i int) {
	// Where the value of each of propOrder is (0: absent; a value is never
	// at 0, inside an object), and the members that are not properties.
	var atBuf [16]int
	at := atBuf[:0]
	if len(n.propOrder) <= len(atBuf) {
		at = atBuf[:len(n.propOrder)]
	} else {
		at = make([]int, len(n.propOrder))
	}
	var others []rawMember
	it := jsonwire.Open(t.b, i, 0, '{')
	for it.Next() {
		name := t.memberName(it.Key)
		found := false
		for p, prop := range n.propOrder {
			if prop == name {
				at[p], found = it.Pos, true
				break
			}
		}
		if !found {
			others = append(others, rawMember{name: name, value: it.Pos})
		}
		it.Skip()
	}
	for p := range n.propOrder {
		if at[p] != 0 {
			n.propNodes[p].validate(v, path+n.propPaths[p], t, at[p])
		}
	}
	if len(others) > 0 && (n.closed || n.additional != nil) {
		// By name, and of a repeated name the last (by position) first.
		sort.Slice(others, func(a, b int) bool {
			x, y := &others[a], &others[b]
			return x.name < y.name || x.name == y.name && x.value > y.value
		})
		for j, m := range others {
			if j > 0 && others[j-1].name == m.name {
				continue
			}
			if n.closed {
				v.Add(path+"/"+PointerToken(m.name), "member not allowed")
			} else {
				n.additional.validate(v, path+"/"+PointerToken(m.name), t, m.value)
			}
		}
	}
	for _, r := range n.required {
		if !rawHas(n.propOrder, at, others, r) {
			v.Add(path+"/"+PointerToken(r), "required member missing")
		}
	}
}

// memberName is the name of the member whose key literal is key (a slice
// of t.b, as jsonwire.Iter gives it), unquoted.
func (t *rawText) memberName(key []byte) string {
	if rawASCII(key) || jsonwire.Plain(key) {
		// key is t.b[start:start+len(key)]: the same bytes of t.s.
		start := cap(t.b) - cap(key)
		return t.s[start+1 : start+len(key)-1]
	}
	return string(jsonwire.Unquote(make([]byte, 0, len(key)), key))
}

// rawASCII reports whether the string literal lit is ASCII without an
// escape: for names and short strings, the quick case of jsonwire.Plain.
func rawASCII(lit []byte) bool {
	for _, c := range lit[1 : len(lit)-1] {
		if c == '\\' || c >= 0x80 {
			return false
		}
	}
	return true
}

// rawHas reports whether the object validateObject read has a member named
// name.
func rawHas(props []string, at []int, others []rawMember, name string) bool {
	for p, prop := range props {
		if prop == name {
			return at[p] != 0
		}
	}
	for _, m := range others {
		if m.name == name {
			return true
		}
	}
	return false
}

// validateArray checks the items of the array at t.b[i].
func (n *schemaNode) validateArray(v *Validator, path string, t *rawText, i int) {
	if n.minItems >= 0 || n.maxItems >= 0 {
		count := 0
		for it := jsonwire.Open(t.b, i, 0, '['); it.Next(); it.Skip() {
			count++
		}
		if n.minItems >= 0 {
			v.MinItems(path, count, n.minItems)
		}
		if n.maxItems >= 0 {
			v.MaxItems(path, count, n.maxItems)
		}
	}
	if n.unique {
		if a, b, ok := duplicateItems(t.decode(i)); ok {
			v.Add(path, "items "+strconv.Itoa(a)+" and "+strconv.Itoa(b)+" are equal")
		}
	}
	if n.items == nil {
		return
	}
	j := 0
	for it := jsonwire.Open(t.b, i, 0, '['); it.Next(); it.Skip() {
		n.items.validate(v, path+"/"+strconv.Itoa(j), t, it.Pos)
		j++
	}
}

// duplicateItems returns the first pair of equal items (equalJSON) of the
// decoded array x: the smallest b with an equal item before it, and the
// first such a. A few items are compared pairwise; more are each written
// once as their canonicalKey, so the time is the array's size (with its
// objects' keys sorted), not its length squared: 1,000 strings (4 KB, an
// error's limit) compared pairwise took 3.3 ms (BenchmarkUniqueItems).
func duplicateItems(x any) (a, b int, ok bool) {
	xs, _ := x.([]any)
	if len(xs) <= 8 {
		for b := range xs {
			for a := 0; a < b; a++ {
				if equalJSON(xs[a], xs[b]) {
					return a, b, true
				}
			}
		}
		return 0, 0, false
	}
	seen := make(map[string]int, len(xs))
	var key []byte
	for b, item := range xs {
		key = canonicalKey(key[:0], item)
		if a, dup := seen[string(key)]; dup {
			return a, b, true
		}
		seen[string(key)] = b
	}
	return 0, 0, false
}

// canonicalKey appends a key of the decoded JSON value x (decodeAny's
// types) such that two values have the same key exactly when equalJSON
// holds: numbers as their exact decimal, objects with their members
// sorted. Each part is tagged and delimited, so that no key is the prefix
// of another.
func canonicalKey(b []byte, x any) []byte {
	switch t := x.(type) {
	case string:
		return canonicalString(b, t)
	case json.Number:
		// equalJSON compares the decimals: sign, digits and exponent, all
		// zeros alike. (decodeAny's numbers all parse.)
		d, _ := parseDecimal(string(t))
		b = append(b, 'd')
		if d.digits != "" {
			if d.neg {
				b = append(b, '-')
			}
			b = appendInt(append(append(b, d.digits...), 'e'), d.exp)
		}
		return append(b, ';')
	case []any:
		b = append(b, '[')
		for _, y := range t {
			b = canonicalKey(b, y)
		}
		return append(b, ']')
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = append(b, '{')
		for _, k := range keys {
			b = canonicalKey(canonicalString(b, k), t[k])
		}
		return append(b, '}')
	}
	tag := byte('?') // no other type is decoded
	switch x {
	case nil:
		tag = 'n'
	case true:
		tag = 't'
	case false:
		tag = 'f'
	}
	return append(b, tag)
}

// canonicalString appends the key of the string s: its length, then s.
//
//go:noinline
func canonicalString(b []byte, s string) []byte {
	return append(append(appendInt(append(b, 's'), int64(len(s))), ':'), s...)
}

// appendInt appends n in decimal (strconv.AppendInt, not inlined twice).
//
//go:noinline
func appendInt(b []byte, n int64) []byte { return strconv.AppendInt(b, n, 10) }
