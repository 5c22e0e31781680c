package schemaload

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// checkNamer names the check functions and pattern variables of one spec.
type checkNamer struct {
	spec      *Spec
	byKey     map[string]*Check // a schema's JSON → its check
	recursive map[string]*Type  // the $ref of a type met inside its own schema → the type
	used      map[string]bool   // function names taken
	next      map[string]int    // a base name → the number take tries first
	patterns  map[string]string // a Go regexp → its variable
	written   int               // types the schemas written so far hold
	over      string            // what the schemas would hold past a bound, or ""
}

// settleChecks sets Spec.Checks and Spec.Patterns, and the Check and
// Unchecked of each object type of Types, in Types order, then of Error,
// and of each type met inside its own schema. Each type's schema is built
// from the model (schemaWriter), so a type and a constraint kept as
// written are checked alike.
//
// Each schema writes the types inside it where they are used: a type used
// twice inside a type used twice, and so on, exponentially often, and a
// chain of n types n²/2 times. So the writing stops past maxWrittenTypes
// types in all or maxDepth levels: settleChecks then returns the object
// type being checked and which bound it passed (its checks are
// incomplete); else nil.
func (s *Spec) settleChecks() (*Type, string) {
	n := &checkNamer{spec: s, byKey: map[string]*Check{}, recursive: map[string]*Type{}, used: map[string]bool{},
		next: map[string]int{}, patterns: map[string]string{}}
	s.Checks, s.Patterns = nil, nil
	s.EachType(func(t *Type) { t.Check, t.Unchecked = nil, nil })
	for _, t := range append(slices.Clip(s.Types), s.Error) {
		if t == nil || t.Kind != KindObject && t != s.Error {
			continue
		}
		if n.typeCheck(t, ""); n.over != "" {
			return t, n.over
		}
	}
	return nil, ""
}

// typeCheck returns the check of a value of type t, declared on first use
// with t's Check and Unchecked; base is its name when t has none (a named
// type's check is named for it).
func (n *checkNamer) typeCheck(t *Type, base string) *Check {
	if t.Check == nil {
		w := &schemaWriter{n: n, stack: map[*Type]bool{}}
		root := w.write(t, false)
		t.Unchecked = w.skipped
		n.fn(root, base, t)
	}
	return t.Check
}

// nameType names the check of s, the schema written of the named type
// goName (null allowed when nullable), after the type, unless s has a
// check already. It is named when written, before the checks of the
// schema it is written in are named, so that they leave its name to it:
// checkIssueDiscriminator checks an IssueDiscriminator, not the
// discriminator array of an Issue.
func (n *checkNamer) nameType(s any, goName string, nullable bool) {
	key := CanonicalJSON(s)
	if nullable {
		goName += "OrNull"
	}
	if n.byKey[key] == nil {
		n.byKey[key] = &Check{Name: n.take("check" + goName)}
	}
}

// take returns base, or base and the smallest number from 2 that makes a
// name not taken, and takes it. Names are never given back, so the numbers
// below the one it last gave base stay taken: it starts past it, and
// thousands of members named alike do not make it try each number again.
func (n *checkNamer) take(base string) string {
	name := base
	if n.used[name] {
		i := max(n.next[base], 2)
		for name = base + strconv.Itoa(i); n.used[name]; name = base + strconv.Itoa(i) {
			i++
		}
		n.next[base] = i + 1
	}
	n.used[name] = true
	return name
}

// pattern returns the variable holding the Go regexp re.
func (n *checkNamer) pattern(re string) string {
	v, ok := n.patterns[re]
	if !ok {
		v = "detailsPattern" + strconv.Itoa(len(n.spec.Patterns))
		n.patterns[re] = v
		n.spec.Patterns = append(n.spec.Patterns, Pattern{Var: v, Regexp: re})
	}
	return v
}

// fn returns the check of schema s, declared on first use; base is its
// name unless it is a named type's schema (nameType) or nothing but a
// type. When s is the schema of type of, the check is of's Check, set
// before the checks of s's subschemas are declared (which may meet of
// again).
func (n *checkNamer) fn(s any, base string, of *Type) *Check {
	m, _ := s.(map[string]any)
	if ref, ok := m["$ref"].(string); ok && len(m) == 1 {
		return n.typeCheck(n.recursive[ref], base)
	}
	key := CanonicalJSON(s)
	c := n.byKey[key]
	if c == nil {
		if len(m) == 1 && m["type"] != nil {
			// One function per type, named for it: checkTypeStringOrNull.
			base = "checkType" + exportName(strings.Join(JSONTypes(m["type"]), " or "))
		}
		c = &Check{Name: n.take(base)}
		n.byKey[key] = c
	}
	if of != nil {
		of.Check = c
	}
	if c.Schema == nil {
		n.declare(c, s)
	}
	return c
}

// declare lists c, the check of schema s, and names the checks of its
// subschemas and its patterns, in the order the function uses them.
func (n *checkNamer) declare(c *Check, s any) {
	c.Schema = s
	n.spec.Checks = append(n.spec.Checks, c) // a function before those it calls
	m, ok := s.(map[string]any)
	if !ok {
		return
	}
	call := func(ptr string, sub any, suffix string) {
		if c.Calls == nil {
			c.Calls = map[string]string{}
		}
		c.Calls[ptr] = n.fn(sub, c.Name+suffix, nil).Name
	}
	if p, ok := m["pattern"].(string); ok {
		c.Pattern = n.pattern(p)
	}
	if p, ok := m["patternNot"].(string); ok {
		c.PatternNot = n.pattern(p)
	}
	props, _ := m["properties"].(map[string]any)
	for _, k := range slices.Sorted(maps.Keys(props)) {
		if !trivial(props[k]) {
			call(pointerJoin("/properties", k), props[k], exportName(k))
		}
	}
	if ap, ok := m["additionalProperties"]; ok && ap != false && !trivial(ap) {
		call("/additionalProperties", ap, "Other")
	}
	if items, ok := m["items"]; ok && !trivial(items) {
		call("/items", items, "Item")
	}
	for _, kw := range []struct{ name, suffix string }{{"allOf", "All"}, {"anyOf", "Any"}, {"oneOf", "One"}} {
		subs, _ := m[kw.name].([]any)
		for i, sub := range subs {
			if kw.name != "allOf" || !trivial(sub) {
				call("/"+kw.name+"/"+strconv.Itoa(i), sub, kw.suffix+strconv.Itoa(i))
			}
		}
	}
	if sub, ok := m["not"]; ok {
		call("/not", sub, "Not")
	}
	if cond, ok := m["if"]; ok && (m["then"] != nil || m["else"] != nil) {
		call("/if", cond, "If")
		for _, kw := range []string{"then", "else"} {
			if sub, ok := m[kw]; ok && !trivial(sub) {
				call("/"+kw, sub, exportName(kw))
			}
		}
	}
}

// JSONTypes lists, sorted, the JSON types of a "type" keyword of a
// Check's Schema.
func JSONTypes(t any) []string {
	types, ok := t.([]any)
	if !ok {
		types = []any{t}
	}
	out := mapped(types, func(e any) string { return e.(string) })
	sort.Strings(out)
	return out
}

// trivial reports whether s allows every value.
func trivial(s any) bool {
	m, ok := s.(map[string]any)
	if !ok {
		return s == true
	}
	for k := range m {
		if !schemaAnnotation(k) {
			return false
		}
	}
	return true
}

// schemaAnnotation reports whether keyword k carries no constraint.
func schemaAnnotation(k string) bool {
	switch k {
	case "description", "title", "$comment", "examples", "default", "deprecated", "readOnly", "writeOnly", "$schema", "$id":
		return true
	}
	return strings.HasPrefix(k, "x-")
}

// checkSchema reports why s, a constraint kept as written, is not a schema
// a check function can check: a keyword it does not know, a $ref (relative
// to its own file), a pattern (ECMAScript, not translated), a format the
// runtime does not assert, or items as a list. The form of each keyword is
// draft-07's: every schema file is checked against its metaschema.
func checkSchema(s any) error {
	m, ok := s.(map[string]any)
	if !ok {
		if _, ok := s.(bool); ok {
			return nil
		}
		return fmt.Errorf("a schema must be an object or a boolean")
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		var subs []any
		var err error
		switch x := m[k]; k {
		case "$ref", "$defs", "pattern":
			err = fmt.Errorf("not in a constraint kept as written")
		case "type", "enum", "const", "minLength", "maxLength", "minItems", "maxItems", "uniqueItems", "required",
			"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
		case "format":
			if !formatAsserted(x.(string)) {
				err = fmt.Errorf("format %v is not checked", x)
			}
		case "items", "additionalProperties", "not", "if", "then", "else":
			subs = []any{x}
		case "properties":
			props := x.(map[string]any)
			subs = mapped(slices.Sorted(maps.Keys(props)), func(name string) any { return props[name] })
		case "allOf", "anyOf", "oneOf":
			subs = x.([]any)
		default:
			if !schemaAnnotation(k) {
				err = fmt.Errorf("keyword not supported")
			}
		}
		for _, sub := range subs {
			if err == nil {
				err = checkSchema(sub)
			}
		}
		if err != nil {
			return fmt.Errorf("%s: %v", k, err)
		}
	}
	return nil
}

// CanonicalJSON writes a decoded JSON value (a Check's Schema or a part of
// it) with its object members sorted and without HTML escaping.
func CanonicalJSON(x any) string {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	_ = e.Encode(x) // decoded JSON always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// exportName turns a member name into a part of a check function's name:
// "current_account" → "CurrentAccount". Unlike goName it knows no
// initialisms and keeps only ASCII letters and digits.
func exportName(s string) string {
	var b strings.Builder
	notAlnum := func(r rune) bool { return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') }
	for _, w := range strings.FieldsFunc(s, notAlnum) {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

// schemaWriter builds the schema of a type from the model, as the values
// encoding/json decodes a schema into.
type schemaWriter struct {
	n       *checkNamer
	stack   map[*Type]bool // types being written: a revisit is recursion
	skipped []string       // constraints left out, and why
}

// write returns the schema of a value of type t (null allowed when nullable).
func (w *schemaWriter) write(t *Type, nullable bool) any {
	if t == nil || w.n.over != "" {
		return true
	}
	switch w.n.written++; {
	case w.n.written > maxWrittenTypes:
		w.n.over = fmt.Sprintf("more than %d types, each where it is used "+
			"(a type used twice inside a type used twice, and so on, is written exponentially often)", maxWrittenTypes)
		return true
	case len(w.stack) >= maxDepth: // the types being written hold t
		w.n.over = fmt.Sprintf("types nested more than %d deep (each check writes the types inside it, and is named after the path to it)", maxDepth)
		return true
	}
	if w.stack[t] {
		// A type met inside its own schema is referred to where it is
		// defined, and checked there by its own check.
		at := t.File + "#" + t.Pointer
		w.n.recursive[at] = t
		ref := map[string]any{"$ref": at}
		if nullable {
			return map[string]any{"anyOf": []any{map[string]any{"type": "null"}, ref}}
		}
		return ref
	}
	w.stack[t] = true
	defer delete(w.stack, t)
	o := map[string]any{}
	if t.GoName != "" {
		defer w.n.nameType(o, t.GoName, nullable)
	}

	if kind, ok := jsonKinds[t.Kind]; ok {
		// An untyped schema (Type.Untyped) constrains values of its kind
		// and allows every other JSON type.
		switch {
		case nullable:
			o["type"] = []any{kind, "null"}
		case !t.Untyped:
			o["type"] = kind
		}
	}
	switch t.Kind {
	case KindString:
		enum := mapped(t.Enum, func(v *EnumValue) any { return v.Value })
		kw := o // the schema its length, pattern and format go in
		switch {
		case len(enum) > 0 && t.OpenEnum:
			kw = map[string]any{}
			o[t.Alternatives] = []any{map[string]any{"enum": enum}, kw}
		case len(enum) > 0 && t.EnumJSON == nil:
			// A list with null in it is EnumJSON (written below).
			o["enum"] = enum
		}
		w.stringKeywords(kw, t)
	case KindNumber, KindInteger:
		bounds := map[string]*float64{"minimum": t.Minimum, "maximum": t.Maximum,
			"exclusiveMinimum": t.ExclusiveMinimum, "exclusiveMaximum": t.ExclusiveMaximum}
		for kw, v := range bounds {
			if v != nil {
				o[kw] = json.Number(adcpimpl.AppendFloat(nil, *v))
			}
		}
	case KindObject:
		if len(t.Fields) > 0 {
			props := map[string]any{}
			var req []any
			for _, f := range t.Fields {
				props[f.JSONName] = w.write(f.Type, f.Nullable)
				if f.Required {
					req = append(req, f.JSONName)
				}
			}
			o["properties"] = props
			if len(req) > 0 {
				o["required"] = req
			}
		}
		if t.Closed {
			o["additionalProperties"] = false
		}
		w.constraints(o, t)
	case KindArray:
		if t.Elem != nil {
			o["items"] = w.write(t.Elem, false)
		}
		counts(o, map[string]*int{"minItems": t.MinItems, "maxItems": t.MaxItems})
		if t.UniqueItems {
			o["uniqueItems"] = true
		}
	default: // KindAny
		if len(t.Union) > 0 {
			types := mapped(t.Union, func(u string) any { return u })
			if nullable && !slices.Contains(t.Union, "null") {
				types = append(types, "null")
			}
			o["type"] = types
		}
		if len(t.Variants) > 0 {
			vs := mapped(t.Variants, func(v *Type) any { return w.write(v, false) })
			if nullable && len(t.Union) == 0 {
				// null is allowed beside the alternatives.
				o["anyOf"] = []any{map[string]any{"type": "null"}, map[string]any{t.Alternatives: vs}}
			} else {
				o[t.Alternatives] = vs
			}
		}
		w.constraints(o, t)
	}
	if len(t.Const) > 0 {
		o["const"] = decodeJSON(t.Const)
	}
	if t.EnumJSON != nil {
		o["enum"] = mapped(t.EnumJSON, func(e json.RawMessage) any { return decodeJSON(e) })
	}
	return o
}

// constraints adds to o, as allOf, t's constraints kept as written that a
// check can express, and lists the others in w.skipped.
func (w *schemaWriter) constraints(o map[string]any, t *Type) {
	var all []any
	for _, c := range t.Constraints {
		s := decodeJSON(c.Schema)
		if err := checkSchema(s); err != nil {
			w.skipped = append(w.skipped, fmt.Sprintf("%s#%s (%v)", t.File, c.Pointer, err))
			continue
		}
		all = append(all, s)
	}
	if len(all) > 0 {
		o["allOf"] = all
	}
}

// stringKeywords adds the length, pattern and format keywords of t to o: a
// pattern Go regexp cannot express is listed in w.skipped instead, and a
// format the runtime does not assert is left out.
func (w *schemaWriter) stringKeywords(o map[string]any, t *Type) {
	counts(o, map[string]*int{"minLength": t.MinLength, "maxLength": t.MaxLength})
	if t.GoPattern != "" {
		o["pattern"] = t.GoPattern
		if t.GoPatternNot != "" {
			o["patternNot"] = t.GoPatternNot
		}
	} else if t.Pattern != "" {
		w.skipped = append(w.skipped, fmt.Sprintf("pattern %s (Go regexp cannot express it)", strconv.Quote(t.Pattern)))
	}
	if formatAsserted(t.Format) {
		o["format"] = t.Format
	}
}

// mapped returns what f gives for each element of s, in order (nil for
// none).
func mapped[E, R any](s []E, f func(E) R) []R {
	var out []R
	for _, e := range s {
		out = append(out, f(e))
	}
	return out
}

// counts adds to o each keyword of kws whose count is set.
func counts(o map[string]any, kws map[string]*int) {
	for kw, n := range kws {
		if n != nil {
			o[kw] = json.Number(strconv.Itoa(*n))
		}
	}
}

// decodeJSON decodes valid JSON as encoding/json does with UseNumber.
func decodeJSON(raw []byte) any {
	v, _ := jsonschema.UnmarshalJSON(bytes.NewReader(raw)) // the model holds valid JSON
	return v
}
