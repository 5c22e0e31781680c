package adcpimpl

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
	"github.com/adcp-gen/adcp-gen/adcp/internal/smallsort"
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

// decode returns the value at b[i] as decodeAny decodes it.
func (t *rawText) decode(i int) any {
	val, _ := decodeAny(t.b[i:t.end(i)])
	return val
}

// scalar returns the scalar b[i:end] as decodeAny decodes it.
func (t *rawText) scalar(i, end int) any {
	switch t.b[i] {
	case '"':
		return t.str(i, end)
	case 't':
		return true
	case 'f':
		return false
	case 'n':
		return nil
	}
	return json.Number(t.s[i:end])
}

// validateRaw is validate of the value at t.b[i], without decoding it into
// maps and slices: the members and items of an object or array are checked
// where they lie in the text, each string and number as a slice of t.s. It
// adds the same violations in the same order as validate of the decoded
// value (FuzzSchemaRawMatchesDecoded). A schema that compares or combines
// whole values (enum, const, allOf, anyOf, oneOf, not, if) has validate
// check the value decoded: a scalar read in place, an object or array by
// decodeAny.
func (n *schemaNode) validateRaw(v *Validator, path string, t *rawText, i int) {
	n = n.resolve()
	whole := n.boolean != nil || n.hasEnum || n.hasConst || n.allOf != nil || n.anyOf != nil ||
		n.oneOf != nil || n.not != nil || n.ifS != nil
	switch c := t.b[i]; {
	case c == '{':
		switch {
		case whole:
			n.validate(v, path, t.decode(i))
		case n.types == nil || n.typeOK(v, path, "object"):
			n.validateObjectRaw(v, path, t, i)
		}
	case c == '[':
		switch {
		case whole || n.unique:
			n.validate(v, path, t.decode(i))
		case n.types == nil || n.typeOK(v, path, "array"):
			n.validateArrayRaw(v, path, t, i)
		}
	case whole:
		n.validate(v, path, t.scalar(i, t.end(i)))
	case c == '"':
		if n.types == nil || n.typeOK(v, path, "string") {
			n.validateString(v, path, t.str(i, t.end(i)))
		}
	case c == 't' || c == 'f':
		if n.types != nil {
			n.typeOK(v, path, "boolean")
		}
	case c == 'n':
		if n.types != nil {
			n.typeOK(v, path, "null")
		}
	default:
		// Read once for both checks (jsonTypeOf and validateNumber read it
		// each).
		d, ok := parseDecimal(t.s[i:t.end(i)])
		got := "number"
		if ok && d.isInteger() {
			got = "integer"
		}
		if n.types == nil || n.typeOK(v, path, got) {
			n.validateDecimal(v, path, d, ok)
		}
	}
}

// rawMember is a member of an object in rawText: its name, unquoted, and
// where its value starts.
type rawMember struct {
	_     [0]func() // not comparable: no equality function is linked
	name  string
	value int
}

// validateObjectRaw is validateObject of the object at t.b[i]. Of a
// repeated name, the last member counts, as decodeAny keeps it.
func (n *schemaNode) validateObjectRaw(v *Validator, path string, t *rawText, i int) {
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
			n.propNodes[p].validateRaw(v, path+n.propPaths[p], t, at[p])
		}
	}
	if len(others) > 0 && (n.closed || n.additional != nil) {
		// By name, and of a repeated name the last (by position) first.
		smallsort.Func(others, func(a, b rawMember) int {
			if c := strings.Compare(a.name, b.name); c != 0 {
				return c
			}
			return b.value - a.value
		})
		for j, m := range others {
			if j > 0 && others[j-1].name == m.name {
				continue
			}
			if n.closed {
				v.Add(path+"/"+PointerToken(m.name), "member not allowed")
			} else {
				n.additional.validateRaw(v, path+"/"+PointerToken(m.name), t, m.value)
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

// rawHas reports whether the object validateObjectRaw read has a member
// named name.
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

// validateArrayRaw is validateArray of the array at t.b[i] for a schema
// without uniqueItems.
func (n *schemaNode) validateArrayRaw(v *Validator, path string, t *rawText, i int) {
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
	if n.items == nil {
		return
	}
	j := 0
	for it := jsonwire.Open(t.b, i, 0, '['); it.Next(); it.Skip() {
		n.items.validateRaw(v, path+"/"+strconv.Itoa(j), t, it.Pos)
		j++
	}
}
