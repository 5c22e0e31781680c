package emit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/dave/jennifer/jen"
)

// This file writes validation as Go functions of the generated package,
// one per schema: each (an adcpimpl.ValueCheck) checks a value decoded by
// encoding/json against its schema, the type first, then the keywords of
// each kind of value, then allOf, anyOf, oneOf, not and if/then/else, each
// alternative a function of its own. A struct's Validate runs its schema's
// function on its encoding (what is sent, members kept raw in Extra
// included), a details shape carries its function as
// adcp.DetailsShape.Check, and the vocabulary carries core/error.json's as
// adcp.VocabularyConfig.ErrorCheck.
//
// A type's schema is first built from the model as decoded JSON (draft-07
// keywords, Go patterns, recursive types through $defs; schemaWriter), so
// that a type and a constraint kept as written in the schema (which is
// JSON already) go through one translation into Go (checkCompiler). The
// JSON is also what each function's comment shows, and equal JSON is one
// function.

// valueChecks are the check functions of details.go.
type valueChecks struct {
	byKey     map[string]string // a schema's JSON (and its document, when it refers to $defs) → function
	used      map[string]bool   // function names taken
	decls     []jen.Code        // in first-use order
	typeNames map[string]string // the JSON of a named type's schema → the name its function takes
}

// nameType records that s, the schema written of the named type goName
// (null allowed when nullable), names its check function after it.
func (r *valueChecks) nameType(s any, goName string, nullable bool) {
	key := canonicalJSON(s)
	if strings.Contains(key, `"$ref"`) {
		return // its meaning depends on its document
	}
	if nullable {
		goName += "OrNull"
	}
	if _, ok := r.typeNames[key]; !ok {
		r.typeNames[key] = goName
	}
}

// endChecks declares the check functions.
func (g *gen) endChecks(f *jen.File) {
	for _, d := range g.checkFns.decls {
		f.Add(d)
		f.Line()
	}
}

// typeCheck returns the name of the check function of a value of the named
// type t, and the constraints the function leaves out, and why.
func (g *gen) typeCheck(t *schemaload.Type) (name string, skipped []string) {
	w := &schemaWriter{g: g, stack: map[*schemaload.Type]bool{}, defs: map[*schemaload.Type]string{}}
	root := w.write(t, false).(map[string]any)
	var defs map[string]any
	if len(w.order) > 0 {
		// Types reached recursively go in $defs, inside the root object.
		defs = w.writeDefs()
		root["$defs"] = defs
	}
	c := &checkCompiler{g: g, defs: map[string]string{}, doc: canonicalJSON(root)}
	names := slices.Sorted(maps.Keys(defs))
	for _, k := range names {
		c.defs[k] = g.checkName("check" + k)
	}
	for _, k := range names {
		c.declare(c.defs[k], defs[k])
	}
	return c.fn(root, "check"+t.GoName), w.skipped
}

// checkName returns base, or base and a number when base is taken, and
// takes it.
func (g *gen) checkName(base string) string {
	name := base
	for i := 2; g.checkFns.used[name]; i++ {
		name = base + strconv.Itoa(i)
	}
	g.checkFns.used[name] = true
	return name
}

// checkCompiler writes the check functions of one schema document.
type checkCompiler struct {
	g    *gen
	defs map[string]string // $defs name → its function
	doc  string            // the document's JSON, for schemas that refer to its $defs
}

// fn returns the function checking schema s, written on first use.
func (c *checkCompiler) fn(s any, base string) string {
	if m, ok := s.(map[string]any); ok && len(m) == 1 {
		if ref, ok := m["$ref"].(string); ok {
			return c.defs[strings.TrimPrefix(ref, "#/$defs/")]
		}
	}
	key := canonicalJSON(s)
	if strings.Contains(key, `"$ref"`) {
		key += "\x00" + c.doc
	}
	if name, ok := c.g.checkFns.byKey[key]; ok {
		return name
	}
	if t, ok := c.g.checkFns.typeNames[key]; ok {
		base = "check" + t // the schema of a named type
	} else if m, ok := s.(map[string]any); ok && len(m) == 1 && m["type"] != nil {
		base = "checkType" + typeName(m["type"]) // one function per type, named for it
	}
	name := c.g.checkName(base)
	c.g.checkFns.byKey[key] = name
	c.declare(name, s)
	return name
}

// declare writes function name checking schema s.
func (c *checkCompiler) declare(name string, s any) {
	i := len(c.g.checkFns.decls)
	c.g.checkFns.decls = append(c.g.checkFns.decls, nil) // a function before those it calls
	body := c.body(s, name)
	c.g.checkFns.decls[i] = jen.Commentf("%s checks a value against the schema:", name).Line().
		Comment(oneLineSchema(s)).Line().
		Func().Id(name).Params(jen.Id("v").Op("*").Qual(implPkg, "Validator"), jen.Id("p").String(), jen.Id("x").Any()).Block(body...)
}

// jsonTypes lists, sorted, the JSON types of a "type" keyword.
func jsonTypes(t any) []string {
	types, ok := t.([]any)
	if !ok {
		types = []any{t}
	}
	out := make([]string, len(types))
	for i, e := range types {
		out[i] = e.(string)
	}
	sort.Strings(out)
	return out
}

// typeName names the JSON types of a "type" keyword: "StringOrNull".
func typeName(t any) string {
	var names []string
	for _, t := range jsonTypes(t) {
		names = append(names, exportName(t))
	}
	return strings.Join(names, "Or")
}

// oneLineSchema is s as JSON, cut for a comment.
func oneLineSchema(s any) string {
	const max = 200
	t := canonicalJSON(s)
	if len(t) > max {
		t = t[:max] + "…"
	}
	return t
}

// trivial reports whether s allows every value.
func trivial(s any) bool {
	if b, ok := s.(bool); ok {
		return b
	}
	m, ok := s.(map[string]any)
	if !ok {
		return false
	}
	for k := range m {
		if !schemaAnnotation(k) {
			return false
		}
	}
	return true
}

// body renders the statements of the check of schema s.
func (c *checkCompiler) body(s any, name string) []jen.Code {
	v, p, x := jen.Id("v"), jen.Id("p"), jen.Id("x")
	add := func(path jen.Code, msg string) jen.Code { return v.Clone().Dot("Add").Call(path, jen.Lit(msg)) }
	if b, ok := s.(bool); ok {
		if !b {
			return []jen.Code{add(p, "no value is allowed")}
		}
		return nil
	}
	m := s.(map[string]any)
	var out []jen.Code
	call := func(fn string) jen.Code { return jen.Id(fn).Call(v, p, x) }
	typeAt := -1 // the type check in out
	only := ""   // the one JSON type the value has past the type check
	var typeArgs []jen.Code
	if ref, ok := m["$ref"].(string); ok {
		out = append(out, call(c.defs[strings.TrimPrefix(ref, "#/$defs/")]))
	}
	if t, ok := m["type"]; ok {
		types := jsonTypes(t)
		if len(types) == 1 {
			only = types[0]
		}
		typeArgs = []jen.Code{p, x}
		for _, t := range types {
			typeArgs = append(typeArgs, jen.Lit(t))
		}
		out = append(out, jen.If(jen.Op("!").Add(v.Clone().Dot("Type").Call(typeArgs...))).Block(jen.Return()))
		typeAt = len(out) - 1
	}
	if e, ok := m["enum"].([]any); ok {
		args := []jen.Code{p, x}
		for _, val := range e {
			args = append(args, jsonLit(val))
		}
		out = append(out, v.Clone().Dot("InJSON").Call(args...))
	}
	if k, ok := m["const"]; ok {
		out = append(out, v.Clone().Dot("ConstJSON").Call(p, x, jsonLit(k)))
	}

	// Strings.
	var str []jen.Code
	sv := jen.Id("s")
	for _, kw := range []string{"minLength", "maxLength"} {
		if n, ok := m[kw]; ok {
			str = append(str, v.Clone().Dot(exportName(kw)).Call(p, sv, jen.Lit(count(n))))
		}
	}
	pat, hasPat := m["pattern"].(string)
	not, hasNot := m["patternNot"].(string)
	switch {
	case hasPat && hasNot:
		str = append(str, v.Clone().Dot("PatternNot").Call(p, sv, c.g.patternVar(pat), c.g.patternVar(not)))
	case hasPat:
		str = append(str, v.Clone().Dot("Pattern").Call(p, sv, c.g.patternVar(pat)))
	case hasNot:
		str = append(str, jen.If(jen.Add(c.g.patternVar(not)).Dot("MatchString").Call(sv)).Block(
			add(p, "matches the excluded pattern "+strconv.Quote(not))))
	}
	if f, ok := m["format"].(string); ok {
		if method, ok := map[string]string{"uri": "URI", "date-time": "DateTime"}[f]; ok {
			str = append(str, v.Clone().Dot(method).Call(p, sv))
		} else {
			str = append(str, v.Clone().Dot("Format").Call(p, sv, jen.Lit(f)))
		}
	}
	out = group(out, str, sv, jen.String(), only == "string")

	// Numbers.
	var num []jen.Code
	for _, b := range []struct{ kw, op, msg string }{
		{"minimum", "<", "less than "}, {"maximum", ">", "greater than "},
		{"exclusiveMinimum", "<=", "not greater than "}, {"exclusiveMaximum", ">=", "not less than "},
	} {
		if n, ok := m[b.kw].(json.Number); ok {
			num = append(num, jen.If(jen.Qual(implPkg, "Compare").Call(jen.Id("n"), jen.Lit(n.String())).Op(b.op).Lit(0)).Block(
				add(p, b.msg+n.String())))
		}
	}
	out = group(out, num, jen.Id("n"), jen.Qual("encoding/json", "Number"), only == "number" || only == "integer")

	// Objects.
	var obj []jen.Code
	o := jen.Id("o")
	props, _ := m["properties"].(map[string]any)
	names := slices.Sorted(maps.Keys(props))
	for _, k := range names {
		if trivial(props[k]) {
			continue
		}
		fn := c.fn(props[k], name+exportName(k))
		obj = append(obj, jen.If(jen.List(jen.Id("m"), jen.Id("ok")).Op(":=").Add(o).Index(jen.Lit(k)), jen.Id("ok")).Block(
			jen.Id(fn).Call(v, jen.Id("p").Op("+").Lit("/"+adcpimpl.PointerToken(k)), jen.Id("m"))))
	}
	if ap, ok := m["additionalProperties"]; ok && !trivial(ap) {
		args := []jen.Code{o}
		for _, k := range names {
			args = append(args, jen.Lit(k))
		}
		member := jen.Id("p").Op("+").Lit("/").Op("+").Qual(implPkg, "PointerToken").Call(jen.Id("k"))
		var each jen.Code
		if b, ok := ap.(bool); ok && !b {
			each = add(member, "member not allowed")
		} else {
			each = jen.Id(c.fn(ap, name+"Other")).Call(v, member, o.Clone().Index(jen.Id("k")))
		}
		obj = append(obj, jen.For(jen.List(jen.Id("_"), jen.Id("k")).Op(":=").Range().Qual(implPkg, "Undeclared").Call(args...)).Block(each))
	}
	if req, ok := m["required"].([]any); ok && len(req) > 0 {
		args := []jen.Code{p, o}
		for _, r := range req {
			args = append(args, jen.Lit(r.(string)))
		}
		obj = append(obj, v.Clone().Dot("Required").Call(args...))
	}
	out = group(out, obj, o, jen.Map(jen.String()).Any(), only == "object")

	// Arrays.
	var arr []jen.Code
	a := jen.Id("a")
	for _, kw := range []string{"minItems", "maxItems"} {
		if n, ok := m[kw]; ok {
			arr = append(arr, v.Clone().Dot(exportName(kw)).Call(p, jen.Len(a), jen.Lit(count(n))))
		}
	}
	if u, ok := m["uniqueItems"].(bool); ok && u {
		arr = append(arr, jen.Qual(implPkg, "UniqueItems").Call(v, p, a))
	}
	if items, ok := m["items"]; ok && !trivial(items) {
		fn := c.fn(items, name+"Item")
		arr = append(arr, jen.For(jen.List(jen.Id("i"), jen.Id("e")).Op(":=").Range().Add(a)).Block(
			jen.Id(fn).Call(v, jen.Id("p").Op("+").Lit("/").Op("+").Qual("strconv", "Itoa").Call(jen.Id("i")), jen.Id("e"))))
	}
	out = group(out, arr, a, jen.Index().Any(), only == "array")

	// Combinations.
	list := func(kw, suffix string) []jen.Code {
		subs, _ := m[kw].([]any)
		fns := []jen.Code{x}
		for i, sub := range subs {
			fns = append(fns, jen.Id(c.fn(sub, name+suffix+strconv.Itoa(i))))
		}
		return fns
	}
	if subs, ok := m["allOf"].([]any); ok {
		for i, sub := range subs {
			if !trivial(sub) {
				out = append(out, call(c.fn(sub, name+"All"+strconv.Itoa(i))))
			}
		}
	}
	if subs, ok := m["anyOf"].([]any); ok {
		out = append(out, jen.If(jen.Qual(implPkg, "Matches").Call(list("anyOf", "Any")...).Op("==").Lit(0)).Block(
			add(p, fmt.Sprintf("matches none of the %d alternatives (anyOf)", len(subs)))))
	}
	if subs, ok := m["oneOf"].([]any); ok {
		out = append(out, jen.If(jen.Id("n").Op(":=").Qual(implPkg, "Matches").Call(list("oneOf", "One")...), jen.Id("n").Op("!=").Lit(1)).Block(
			v.Clone().Dot("Add").Call(p, jen.Lit("matches ").Op("+").Qual("strconv", "Itoa").Call(jen.Id("n")).Op("+").
				Lit(fmt.Sprintf(" of the %d alternatives, not exactly one (oneOf)", len(subs))))))
	}
	if sub, ok := m["not"]; ok {
		out = append(out, jen.If(jen.Qual(implPkg, "Matches").Call(x, jen.Id(c.fn(sub, name+"Not"))).Op("==").Lit(1)).Block(
			add(p, "matches a schema it must not match (not)")))
	}
	if cond, ok := m["if"]; ok {
		then, hasThen := m["then"]
		els, hasElse := m["else"]
		if hasThen || hasElse {
			test := jen.Qual(implPkg, "Matches").Call(x, jen.Id(c.fn(cond, name+"If"))).Op("==").Lit(1)
			var thenBlock, elseBlock []jen.Code
			if hasThen && !trivial(then) {
				thenBlock = append(thenBlock, call(c.fn(then, name+"Then")))
			}
			if hasElse && !trivial(els) {
				elseBlock = append(elseBlock, call(c.fn(els, name+"Else")))
			}
			switch {
			case len(elseBlock) == 0:
				out = append(out, jen.If(test).Block(thenBlock...))
			case len(thenBlock) == 0:
				out = append(out, jen.If(jen.Op("!").Parens(test)).Block(elseBlock...))
			default:
				out = append(out, jen.If(test).Block(thenBlock...).Else().Block(elseBlock...))
			}
		}
	}
	if typeAt >= 0 && typeAt == len(out)-1 {
		// Nothing follows the type check: no need to return.
		out[typeAt] = v.Clone().Dot("Type").Call(typeArgs...)
	}
	return out
}

// jsonLit renders a decoded JSON value as a string literal of its JSON.
func jsonLit(x any) jen.Code {
	t := canonicalJSON(x)
	if strings.ContainsAny(t, "`\r") || !utf8.ValidString(t) {
		return jen.Lit(t)
	}
	return jen.Op("`" + t + "`")
}

// group appends to out the checks stmts of one kind of value, held in
// variable name of Go type typ: the value asserted to typ when the type
// check has made sure of it (sure), else the checks only for a value of
// that kind.
func group(out, stmts []jen.Code, name *jen.Statement, typ *jen.Statement, sure bool) []jen.Code {
	if len(stmts) == 0 {
		return out
	}
	if sure {
		out = append(out, jen.Add(name).Op(":=").Id("x").Assert(typ))
		return append(out, stmts...)
	}
	return append(out, jen.If(jen.List(name, jen.Id("ok")).Op(":=").Id("x").Assert(typ), jen.Id("ok")).Block(stmts...))
}

// count reads a keyword whose value is a non-negative integer (1.0 is one
// too, in JSON Schema).
func count(x any) int {
	n, _ := x.(json.Number).Float64()
	return int(n)
}

// schemaAnnotation reports whether keyword k carries no constraint.
func schemaAnnotation(k string) bool {
	switch k {
	case "description", "title", "$comment", "examples", "default", "deprecated", "readOnly", "writeOnly", "$schema", "$id", "$defs":
		return true
	}
	return strings.HasPrefix(k, "x-")
}

// checkSchema reports why s, a constraint kept as written, is not a schema
// checkCompiler can write: a keyword it does not know, a $ref (relative to
// its own file), a pattern (ECMAScript, not translated), a format the
// runtime does not assert, or items as a list. The form of each keyword is
// draft-07's: schemaload checks every schema file against its metaschema.
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
			if !schemaload.FormatAsserted(x.(string)) {
				err = fmt.Errorf("format %v is not checked", x)
			}
		case "items", "additionalProperties", "not", "if", "then", "else":
			subs = []any{x}
		case "properties":
			props := x.(map[string]any)
			for _, name := range slices.Sorted(maps.Keys(props)) {
				subs = append(subs, props[name])
			}
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

// canonicalJSON writes a decoded JSON value with its object members
// sorted and without HTML escaping.
func canonicalJSON(x any) string {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	_ = e.Encode(x) // decoded JSON always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// exportName turns a member name into a part of a Go name: "current_account"
// → "CurrentAccount".
func exportName(s string) string {
	var b strings.Builder
	up := true
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9':
			if up && r >= 'a' && r <= 'z' {
				r -= 'a' - 'A'
			}
			b.WriteRune(r)
			up = false
		default:
			up = true
		}
	}
	return b.String()
}

// schemaWriter builds the schema of a type from the model, as the values
// encoding/json decodes a schema into.
type schemaWriter struct {
	g       *gen
	stack   map[*schemaload.Type]bool // types being written: a revisit is recursion
	defs    map[*schemaload.Type]string
	order   []*schemaload.Type
	skipped []string // constraints left out, and why
}

// write returns the schema of a value of type t (null allowed when
// nullable), as encoding/json decodes JSON (json.Number for numbers).
func (w *schemaWriter) write(t *schemaload.Type, nullable bool) any {
	if t == nil {
		return true
	}
	if w.stack[t] {
		name, ok := w.defs[t]
		if !ok {
			name = t.GoName
			if name == "" {
				name = "T" + strconv.Itoa(len(w.order))
			}
			w.defs[t] = name
			w.order = append(w.order, t)
		}
		ref := map[string]any{"$ref": "#/$defs/" + name}
		if nullable {
			return map[string]any{"anyOf": []any{map[string]any{"type": "null"}, ref}}
		}
		return ref
	}
	w.stack[t] = true
	defer delete(w.stack, t)
	o := map[string]any{}
	if t.GoName != "" {
		defer w.g.checkFns.nameType(o, t.GoName, nullable)
	}

	if kind, ok := jsonKinds[t.Kind]; ok {
		// An untyped schema (schemaload.Type.Untyped) constrains values of
		// its kind and allows every other JSON type.
		switch {
		case nullable:
			o["type"] = []any{kind, "null"}
		case !t.Untyped:
			o["type"] = kind
		}
	}
	switch t.Kind {
	case schemaload.KindString:
		if len(t.Enum) > 0 && t.OpenEnum {
			free := map[string]any{}
			w.stringKeywords(free, t)
			o[t.Alternatives] = []any{map[string]any{"enum": schemaEnum(t.Enum)}, free}
		} else {
			// A list with null in it is EnumJSON (written below).
			if len(t.Enum) > 0 && t.EnumJSON == nil {
				o["enum"] = schemaEnum(t.Enum)
			}
			w.stringKeywords(o, t)
		}
	case schemaload.KindNumber, schemaload.KindInteger:
		for _, kw := range []struct {
			name string
			v    *float64
		}{{"minimum", t.Minimum}, {"maximum", t.Maximum}, {"exclusiveMinimum", t.ExclusiveMinimum}, {"exclusiveMaximum", t.ExclusiveMaximum}} {
			if kw.v != nil {
				o[kw.name] = json.Number(adcpimpl.AppendFloat(nil, *kw.v))
			}
		}
	case schemaload.KindObject:
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
	case schemaload.KindArray:
		if t.Elem != nil {
			o["items"] = w.write(t.Elem, false)
		}
		counts(o, map[string]*int{"minItems": t.MinItems, "maxItems": t.MaxItems})
		if t.UniqueItems {
			o["uniqueItems"] = true
		}
	default: // KindAny
		if len(t.Union) > 0 {
			var types []any
			for _, u := range t.Union {
				types = append(types, u)
			}
			if nullable && !slices.Contains(t.Union, "null") {
				types = append(types, "null")
			}
			o["type"] = types
		}
		if len(t.Variants) > 0 {
			var vs []any
			for _, v := range t.Variants {
				vs = append(vs, w.write(v, false))
			}
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
		var vs []any
		for _, e := range t.EnumJSON {
			vs = append(vs, decodeJSON(e))
		}
		o["enum"] = vs
	}
	return o
}

// constraints adds to o, as allOf, t's constraints kept as written that a
// check can express, and lists the others in w.skipped.
func (w *schemaWriter) constraints(o map[string]any, t *schemaload.Type) {
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

// stringKeywords adds the length, pattern and format keywords of t to o. A
// pattern Go regexp cannot express is left out and listed in w.skipped
// (schemaload warns about it too); a format the runtime does not assert is
// left out.
func (w *schemaWriter) stringKeywords(o map[string]any, t *schemaload.Type) {
	counts(o, map[string]*int{"minLength": t.MinLength, "maxLength": t.MaxLength})
	if t.Pattern != "" && t.GoPattern == "" {
		w.skipped = append(w.skipped, fmt.Sprintf("pattern %s (Go regexp cannot express it)", strconv.Quote(t.Pattern)))
	}
	if t.GoPattern != "" {
		o["pattern"] = t.GoPattern
		if t.GoPatternNot != "" {
			o["patternNot"] = t.GoPatternNot
		}
	}
	if schemaload.FormatAsserted(t.Format) {
		o["format"] = t.Format
	}
}

// writeDefs returns the types reached recursively, as $defs.
func (w *schemaWriter) writeDefs() map[string]any {
	defs := map[string]any{}
	for i := 0; i < len(w.order); i++ { // writing a def may add another
		// The other defs known so far are referred to, as if being written.
		t := w.order[i]
		w.stack = map[*schemaload.Type]bool{}
		for _, d := range w.order {
			w.stack[d] = d != t
		}
		defs[w.defs[t]] = w.write(t, false)
	}
	return defs
}

// jsonKinds are the JSON types of the kinds that have one.
var jsonKinds = map[schemaload.Kind]string{schemaload.KindString: "string", schemaload.KindNumber: "number",
	schemaload.KindInteger: "integer", schemaload.KindBoolean: "boolean", schemaload.KindObject: "object", schemaload.KindArray: "array"}

// counts adds to o each keyword of kws whose count is set.
func counts(o map[string]any, kws map[string]*int) {
	for kw, n := range kws {
		if n != nil {
			o[kw] = json.Number(strconv.Itoa(*n))
		}
	}
}

func schemaEnum(vs []*schemaload.EnumValue) []any {
	s := make([]any, len(vs))
	for i, v := range vs {
		s[i] = v.Value
	}
	return s
}

// decodeJSON decodes JSON the model holds as written (valid JSON) as
// encoding/json does with UseNumber.
func decodeJSON(raw []byte) any {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	_ = d.Decode(&v) // the model holds valid JSON
	return v
}
