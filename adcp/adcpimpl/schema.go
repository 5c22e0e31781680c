package adcpimpl

import (
	"encoding/json"
	"fmt"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Schema is the part of a JSON Schema that a generated Validate cannot
// check through Go types, written by the generator as JSON and compiled on
// first use: the schema of a member held as raw JSON (a union of JSON types,
// an anyOf or oneOf over objects, a nullable member), of a number whose
// value does not fit its Go type (an integer beyond int64, a decimal a
// float64 cannot hold exactly), and the object's if/then and presence
// constraints. Validation follows JSON Schema draft-07 as
// santhosh-tekuri/jsonschema does: numbers compared exactly as decimals,
// strings measured in code points, formats asserted.
//
// The dialect is draft-07's keywords, resolved: no $ref but to "$defs" of
// the same document (recursive types), and "pattern" / "patternNot" in Go
// regexp syntax (the generator translates the schema's ECMAScript patterns;
// patternNot is a pattern the string must not match, the Go form of a
// lookahead).
type Schema struct {
	src  string
	once sync.Once
	root *schemaNode
}

// NewSchema returns the schema src, compiled on first use. The generator
// checks src with CompileSchema, so compiling never fails at run time.
func NewSchema(src string) *Schema { return &Schema{src: src} }

// CompileSchema reports why src is not a schema of the dialect Schema
// documents.
func CompileSchema(src string) error {
	_, err := compileSchema(src)
	return err
}

func (s *Schema) node() *schemaNode {
	s.once.Do(func() {
		root, err := compileSchema(s.src)
		if err != nil {
			panic("adcpimpl: generated schema does not compile: " + err.Error())
		}
		s.root = root
	})
	return s.root
}

// at returns the subschema at a JSON pointer made of "properties/<name>",
// "items" and "$defs/<name>" steps; nil when there is none.
func (s *Schema) at(ptr string) *schemaNode {
	n := s.node()
	if ptr == "" {
		return n
	}
	// The tokens of strings.Split(ptr[1:], "/"), cut one by one (Split
	// links more code).
	for rest, more := ptr[1:], true; n != nil && more; {
		var tok string
		tok, rest, more = strings.Cut(rest, "/")
		n = n.resolve()
		switch tok {
		case "items":
			n = n.items
		case "properties":
			if !more {
				return nil
			}
			tok, rest, more = strings.Cut(rest, "/")
			n = n.props[unescapeToken(tok)]
		default:
			return nil
		}
	}
	return n
}

// unescapeToken undoes PointerToken: it returns
// strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~"), in one
// pass (ReplaceAll links more code; a "~" the first replacement leaves is
// followed by what followed it in t, so one pass reads the same pairs).
func unescapeToken(t string) string {
	if strings.IndexByte(t, '~') < 0 {
		return t
	}
	b := make([]byte, 0, len(t))
	for i := 0; i < len(t); i++ {
		if t[i] == '~' && i+1 < len(t) && (t[i+1] == '0' || t[i+1] == '1') {
			b = append(b, "~/"[t[i+1]-'0'])
			i++
			continue
		}
		b = append(b, t[i])
	}
	return string(b)
}

// Schema validates the raw JSON value raw, at path, against the subschema
// of s at the pointer at ("" for s itself).
func (v *Validator) Schema(path string, raw []byte, s *Schema, at string) {
	n := s.at(at)
	if n == nil {
		return
	}
	if !jsonwire.Valid(raw) {
		v.Add(path, "invalid JSON")
		return
	}
	t := rawText{b: raw, s: string(raw)}
	n.validate(v, path, &t, jsonwire.Space(raw, 0))
}

// ExtraSchema is Extra for an object whose schema is s: a declared member
// kept raw because its value did not fit its Go type is validated against
// s's schema of that member when s has one (a number beyond the Go type may
// be valid), and reported as an invalid value otherwise.
func (v *Validator) ExtraSchema(path string, extra map[string]json.RawMessage, names []string, closed bool, s *Schema) {
	root := s.node()
	v.extra(path, extra, names, closed, func(p, name string, raw json.RawMessage) bool {
		if root.props[name] == nil {
			return false
		}
		v.Schema(p, raw, s, "/properties/"+PointerToken(name))
		return true
	})
}

// Conditions validates the encoding of x, at path, against the constraints
// of s that the Go type does not express (its allOf: if/then, and anyOf or
// oneOf over which members are present).
func (v *Validator) Conditions(path string, x json.Marshaler, s *Schema) {
	root := s.node()
	if len(root.allOf) == 0 {
		return
	}
	raw, err := x.MarshalJSON()
	if err != nil {
		v.Add(path, "cannot encode: "+err.Error())
		return
	}
	if !jsonwire.Valid(raw) {
		v.Add(path, "invalid JSON")
		return
	}
	t := rawText{b: raw, s: string(raw)}
	for _, c := range root.allOf {
		c.validate(v, path, &t, jsonwire.Space(raw, 0))
	}
}

// schemaNode is one compiled schema.
type schemaNode struct {
	types      []string // nil: any
	enum       []any    // the values enum allows, when hasEnum
	hasEnum    bool
	konst      any // the value const requires, when hasConst
	hasConst   bool
	minLength  int // -1: none
	maxLength  int
	pattern    Matcher
	patternNot Matcher
	format     string
	minimum    *decimal
	maximum    *decimal
	exclMin    *decimal
	exclMax    *decimal
	items      *schemaNode
	minItems   int // -1: none
	maxItems   int
	unique     bool
	props      map[string]*schemaNode
	propOrder  []string
	propPaths  []string      // "/" and the pointer token of each of propOrder
	propNodes  []*schemaNode // the schema of each of propOrder
	required   []string
	closed     bool
	additional *schemaNode // what the members props does not name must match
	allOf      []*schemaNode
	anyOf      []*schemaNode
	oneOf      []*schemaNode
	not        *schemaNode
	ifS        *schemaNode
	thenS      *schemaNode
	elseS      *schemaNode
	ref        *schemaNode // resolved $ref
	boolean    *bool       // a true or false schema
}

// resolve follows a $ref.
func (n *schemaNode) resolve() *schemaNode {
	for i := 0; n != nil && n.ref != nil && i < 64; i++ {
		n = n.ref
	}
	return n
}

// schemaAnnotations are keywords that carry no constraint.
var schemaAnnotations = map[string]bool{
	"description": true, "title": true, "$comment": true, "examples": true, "default": true,
	"deprecated": true, "readOnly": true, "writeOnly": true, "$schema": true, "$id": true,
}

func compileSchema(src string) (*schemaNode, error) {
	val, ok := decodeAny([]byte(src))
	if !ok {
		return nil, fmt.Errorf("not valid JSON")
	}
	c := &schemaCompiler{defs: map[string]*schemaNode{}}
	if m, ok := val.(map[string]any); ok {
		if defs, ok := m["$defs"].(map[string]any); ok {
			for k := range defs {
				c.defs[k] = &schemaNode{}
			}
			for k, d := range defs {
				n, err := c.compile(d, "/$defs/"+k)
				if err != nil {
					return nil, err
				}
				*c.defs[k] = *n
			}
		}
	}
	return c.compile(val, "")
}

type schemaCompiler struct {
	defs map[string]*schemaNode
}

// schemaFail is the compiler's error for keyword k of the schema at at. It
// is not inlined, so the compiler's many failures share its code.
//
//go:noinline
func schemaFail(at, k, why string) error {
	return fmt.Errorf("%s/%s: %s", at, k, why)
}

// schemaCount reads keyword k (at at) as a non-negative integer. It is not
// inlined: the compiler calls it for four keywords.
//
//go:noinline
func schemaCount(at, k string, x any) (int, error) {
	d, ok := x.(json.Number)
	if !ok {
		return 0, schemaFail(at, k, "must be a number")
	}
	i, err := strconv.Atoi(d.String())
	if err != nil || i < 0 {
		return 0, schemaFail(at, k, "must be a non-negative integer")
	}
	return i, nil
}

// schemaBound reads keyword k (at at) as a number. It is not inlined: the
// compiler calls it for four keywords.
//
//go:noinline
func schemaBound(at, k string, x any) (*decimal, error) {
	d, ok := x.(json.Number)
	if !ok {
		return nil, schemaFail(at, k, "must be a number")
	}
	dec, ok := parseDecimal(d.String())
	if !ok {
		return nil, schemaFail(at, k, "must be a number")
	}
	return &dec, nil
}

func (c *schemaCompiler) compile(val any, at string) (*schemaNode, error) {
	n := &schemaNode{minLength: -1, maxLength: -1, minItems: -1, maxItems: -1}
	if b, ok := val.(bool); ok {
		n.boolean = &b
		return n, nil
	}
	m, ok := val.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s: a schema must be an object or a boolean", at)
	}
	fail := func(k, why string) error { return schemaFail(at, k, why) }
	sub := func(k string, x any) (*schemaNode, error) { return c.compile(x, at+"/"+k) }
	list := func(k string, x any) ([]*schemaNode, error) {
		xs, ok := x.([]any)
		if !ok || len(xs) == 0 {
			return nil, fail(k, "must be a non-empty array")
		}
		out := make([]*schemaNode, len(xs))
		for i, e := range xs {
			var err error
			if out[i], err = c.compile(e, at+"/"+k+"/"+strconv.Itoa(i)); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	count := func(k string, x any) (int, error) { return schemaCount(at, k, x) }
	bound := func(k string, x any) (*decimal, error) { return schemaBound(at, k, x) }
	var err error
	for k, x := range m {
		switch {
		case schemaAnnotations[k], strings.HasPrefix(k, "x-"), k == "$defs":
			continue
		}
		switch k {
		case "$ref":
			s, _ := x.(string)
			name, ok := strings.CutPrefix(s, "#/$defs/")
			if !ok || c.defs[name] == nil {
				return nil, fail(k, "only #/$defs/<name> references are supported")
			}
			n.ref = c.defs[name]
		case "type":
			switch t := x.(type) {
			case string:
				n.types = []string{t}
			case []any:
				for _, e := range t {
					s, ok := e.(string)
					if !ok {
						return nil, fail(k, "must list strings")
					}
					n.types = append(n.types, s)
				}
			default:
				return nil, fail(k, "must be a string or an array")
			}
			for _, t := range n.types {
				switch t {
				case "null", "boolean", "object", "array", "number", "integer", "string":
				default:
					return nil, fail(k, "unknown type "+strconv.Quote(t))
				}
			}
			slices.Sort(n.types) // as typeOK's violation lists them
		case "enum":
			xs, ok := x.([]any)
			if !ok {
				return nil, fail(k, "must be an array")
			}
			n.enum, n.hasEnum = xs, true
		case "const":
			n.konst, n.hasConst = x, true
		case "minLength":
			n.minLength, err = count(k, x)
		case "maxLength":
			n.maxLength, err = count(k, x)
		case "minItems":
			n.minItems, err = count(k, x)
		case "maxItems":
			n.maxItems, err = count(k, x)
		case "pattern", "patternNot":
			s, ok := x.(string)
			if !ok {
				return nil, fail(k, "must be a string")
			}
			re, rerr := regexp.Compile(s)
			if rerr != nil {
				return nil, fail(k, rerr.Error())
			}
			if k == "pattern" {
				n.pattern = re
			} else {
				n.patternNot = re
			}
		case "format":
			s, ok := x.(string)
			if !ok {
				return nil, fail(k, "must be a string")
			}
			if formatCheck(s) == nil {
				return nil, fail(k, "format "+strconv.Quote(s)+" is not checked by this runtime")
			}
			n.format = s
		case "minimum":
			n.minimum, err = bound(k, x)
		case "maximum":
			n.maximum, err = bound(k, x)
		case "exclusiveMinimum":
			n.exclMin, err = bound(k, x)
		case "exclusiveMaximum":
			n.exclMax, err = bound(k, x)
		case "uniqueItems":
			b, ok := x.(bool)
			if !ok {
				return nil, fail(k, "must be a boolean")
			}
			n.unique = b
		case "items":
			if _, tuple := x.([]any); tuple {
				return nil, fail(k, "tuple items are not supported")
			}
			n.items, err = sub(k, x)
		case "properties":
			ps, ok := x.(map[string]any)
			if !ok {
				return nil, fail(k, "must be an object")
			}
			n.props = make(map[string]*schemaNode, len(ps))
			for name, p := range ps {
				if n.props[name], err = c.compile(p, at+"/properties/"+PointerToken(name)); err != nil {
					return nil, err
				}
				n.propOrder = append(n.propOrder, name)
			}
			slices.Sort(n.propOrder)
			n.propPaths = make([]string, len(n.propOrder))
			n.propNodes = make([]*schemaNode, len(n.propOrder))
			for i, name := range n.propOrder {
				n.propPaths[i] = "/" + PointerToken(name)
				n.propNodes[i] = n.props[name]
			}
		case "required":
			xs, ok := x.([]any)
			if !ok {
				return nil, fail(k, "must be an array")
			}
			for _, e := range xs {
				s, ok := e.(string)
				if !ok {
					return nil, fail(k, "must list strings")
				}
				n.required = append(n.required, s)
			}
		case "additionalProperties":
			if b, ok := x.(bool); ok {
				n.closed = !b
				break
			}
			n.additional, err = sub(k, x)
		case "allOf":
			n.allOf, err = list(k, x)
		case "anyOf":
			n.anyOf, err = list(k, x)
		case "oneOf":
			n.oneOf, err = list(k, x)
		case "not":
			n.not, err = sub(k, x)
		case "if":
			n.ifS, err = sub(k, x)
		case "then":
			n.thenS, err = sub(k, x)
		case "else":
			n.elseS, err = sub(k, x)
		default:
			return nil, fail(k, "keyword not supported")
		}
		if err != nil {
			return nil, err
		}
	}
	return n, nil
}

// typeOK reports whether n's types (not nil; sorted) allow a value of the
// JSON type got ("integer" for a number with no fractional part), and adds
// the violation when they do not.
func (n *schemaNode) typeOK(v *Validator, path, got string) bool {
	for _, t := range n.types {
		if t == got || (t == "number" && got == "integer") {
			return true
		}
	}
	v.Add(path, "JSON "+got+" is not one of "+strings.Join(n.types, ", "))
	return false
}

func (n *schemaNode) validateString(v *Validator, path, s string) {
	if n.minLength >= 0 {
		v.MinLength(path, s, n.minLength)
	}
	if n.maxLength >= 0 {
		v.MaxLength(path, s, n.maxLength)
	}
	switch {
	case n.pattern != nil && n.patternNot != nil:
		v.PatternNot(path, s, n.pattern, n.patternNot)
	case n.pattern != nil:
		v.Pattern(path, s, n.pattern)
	case n.patternNot != nil && n.patternNot.MatchString(s):
		v.Add(path, "matches the excluded pattern "+strconv.Quote(n.patternNot.String()))
	}
	if n.format != "" {
		if err := formatCheck(n.format)(s); err != nil {
			v.Add(path, "not a valid "+n.format+": "+err.Error())
		}
	}
}

// validateNumber checks a number parseDecimal has read (ok false: it
// could not).
func (n *schemaNode) validateNumber(v *Validator, path string, d decimal, ok bool) {
	if !ok {
		v.Add(path, "invalid number")
		return
	}
	if n.minimum != nil && d.cmp(*n.minimum) < 0 {
		v.Add(path, "less than "+n.minimum.String())
	}
	if n.maximum != nil && d.cmp(*n.maximum) > 0 {
		v.Add(path, "greater than "+n.maximum.String())
	}
	if n.exclMin != nil && d.cmp(*n.exclMin) <= 0 {
		v.Add(path, "not greater than "+n.exclMin.String())
	}
	if n.exclMax != nil && d.cmp(*n.exclMax) >= 0 {
		v.Add(path, "not less than "+n.exclMax.String())
	}
}

// equalJSON reports whether two decoded values are the same JSON value
// (numbers equal by value: 1 and 1.0 are equal).
func equalJSON(a, b any) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case string:
		y, ok := b.(string)
		return ok && x == y
	case json.Number:
		y, ok := b.(json.Number)
		if !ok {
			return false
		}
		dx, ok1 := parseDecimal(x.String())
		dy, ok2 := parseDecimal(y.String())
		return ok1 && ok2 && dx.cmp(dy) == 0
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equalJSON(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, xv := range x {
			yv, ok := y[k]
			if !ok || !equalJSON(xv, yv) {
				return false
			}
		}
		return true
	}
	return false
}
