package emit

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/dave/jennifer/jen"
)

// endChecks declares one Go function per schemaload.Check (an
// adcpimpl.ValueCheck), its comment showing its schema cut to 200 bytes.
func (g *gen) endChecks(f *jen.File) {
	for _, ck := range g.spec.Checks {
		schema := schemaload.CanonicalJSON(ck.Schema)
		if len(schema) > 200 { // CanonicalJSON is valid UTF-8: only a cut character is dropped
			schema = strings.ToValidUTF8(schema[:200], "") + "…"
		}
		f.Commentf("%s checks a value against the schema:", ck.Name).Line().
			Comment(commentSafe.Replace(schema)).Line().
			Func().Id(ck.Name).Params(jen.Id("v").Op("*").Qual(implPkg, "Validator"), jen.Id("p").String(), jen.Id("x").Any()).Block(body(ck)...)
		f.Line()
	}
}

// endPatterns declares the file's compiled patterns, each one the model
// has checked that Go's regexp compiles.
func (g *gen) endPatterns(f *jen.File) {
	if len(g.spec.Patterns) == 0 {
		return
	}
	f.Comment("The patterns of the schema, translated for Go regexp.")
	f.Var().DefsFunc(func(grp *jen.Group) {
		for _, p := range g.spec.Patterns {
			grp.Id(p.Var).Op("=").Qual("regexp", "MustCompile").Call(jen.Lit(p.Regexp))
		}
	})
}

// body renders the statements of check ck, which checks a value decoded
// by encoding/json: the type first, then the keywords of each kind of
// value, then allOf, anyOf, oneOf, not and if/then/else.
func body(ck *schemaload.Check) []jen.Code {
	v, p, x := jen.Id("v"), jen.Id("p"), jen.Id("x")
	add := func(path jen.Code, msg string) jen.Code { return v.Clone().Dot("Add").Call(path, jen.Lit(msg)) }
	if b, ok := ck.Schema.(bool); ok {
		if !b {
			return []jen.Code{add(p, "no value is allowed")}
		}
		return nil
	}
	m := ck.Schema.(map[string]any)
	var out []jen.Code
	// calls is the call of the check of the subschema at ptr, if it has one.
	calls := func(ptr string) []jen.Code {
		if fn, ok := ck.Calls[ptr]; ok {
			return []jen.Code{jen.Id(fn).Call(v, p, x)}
		}
		return nil
	}
	only := ""              // the one JSON type the value has past the type check
	var typeArgs []jen.Code // the type check's, which is out[0]
	if t, ok := m["type"]; ok {
		types := schemaload.JSONTypes(t)
		if len(types) == 1 {
			only = types[0]
		}
		typeArgs = appendEach([]jen.Code{p, x}, types, lit)
		out = append(out, jen.If(jen.Op("!").Add(v.Clone().Dot("Type").Call(typeArgs...))).Block(jen.Return()))
	}
	if e, ok := m["enum"].([]any); ok {
		out = append(out, v.Clone().Dot("InJSON").Call(appendEach([]jen.Code{p, x}, e, jsonLit)...))
	}
	if k, ok := m["const"]; ok {
		out = append(out, v.Clone().Dot("ConstJSON").Call(p, x, jsonLit(k)))
	}

	// Strings.
	var str []jen.Code
	sv := jen.Id("s")
	for _, kw := range []string{"minLength", "maxLength"} {
		if n, ok := m[kw]; ok {
			str = append(str, v.Clone().Dot(upperFirst(kw)).Call(p, sv, jen.Lit(count(n))))
		}
	}
	switch { // the model writes a patternNot only beside its pattern
	case ck.PatternNot != "":
		str = append(str, v.Clone().Dot("PatternNot").Call(p, sv, jen.Id(ck.Pattern), jen.Id(ck.PatternNot)))
	case ck.Pattern != "":
		str = append(str, v.Clone().Dot("Pattern").Call(p, sv, jen.Id(ck.Pattern)))
	}
	if f, ok := m["format"].(string); ok {
		str = append(str, v.Clone().Dot("Format").Call(p, sv, jen.Lit(f)))
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
	out = group(out, num, jen.Id("n"), jen.Qual(jsonPkg, "Number"), only == "number" || only == "integer")

	// Objects.
	var obj []jen.Code
	o := jen.Id("o")
	props, _ := m["properties"].(map[string]any)
	names := slices.Sorted(maps.Keys(props))
	for _, k := range names {
		if fn, ok := ck.Calls["/properties/"+adcpimpl.PointerToken(k)]; ok {
			obj = append(obj, jen.If(jen.List(jen.Id("m"), jen.Id("ok")).Op(":=").Add(o).Index(jen.Lit(k)), jen.Id("ok")).Block(
				jen.Id(fn).Call(v, jen.Id("p").Op("+").Lit("/"+adcpimpl.PointerToken(k)), jen.Id("m"))))
		}
	}
	if other, ok := ck.Calls["/additionalProperties"]; ok || m["additionalProperties"] == false {
		member := jen.Id("p").Op("+").Lit("/").Op("+").Qual(implPkg, "PointerToken").Call(jen.Id("k"))
		each := add(member, "member not allowed")
		if ok {
			each = jen.Id(other).Call(v, member, o.Clone().Index(jen.Id("k")))
		}
		undeclared := jen.Qual(implPkg, "Undeclared").Call(appendEach([]jen.Code{o}, names, lit)...)
		obj = append(obj, jen.For(jen.List(jen.Id("_"), jen.Id("k")).Op(":=").Range().Add(undeclared)).Block(each))
	}
	if req, ok := m["required"].([]any); ok && len(req) > 0 {
		obj = append(obj, v.Clone().Dot("Required").Call(appendEach([]jen.Code{p, o}, req, lit)...))
	}
	out = group(out, obj, o, jen.Map(jen.String()).Any(), only == "object")

	// Arrays.
	var arr []jen.Code
	a := jen.Id("a")
	for _, kw := range []string{"minItems", "maxItems"} {
		if n, ok := m[kw]; ok {
			arr = append(arr, v.Clone().Dot(upperFirst(kw)).Call(p, jen.Len(a), jen.Lit(count(n))))
		}
	}
	if u, ok := m["uniqueItems"].(bool); ok && u {
		arr = append(arr, jen.Qual(implPkg, "UniqueItems").Call(v, p, a))
	}
	if fn, ok := ck.Calls["/items"]; ok {
		arr = append(arr, jen.For(jen.List(jen.Id("i"), jen.Id("e")).Op(":=").Range().Add(a)).Block(
			jen.Id(fn).Call(v, jen.Id("p").Op("+").Lit("/").Op("+").Qual("strconv", "Itoa").Call(jen.Id("i")), jen.Id("e"))))
	}
	out = group(out, arr, a, jen.Index().Any(), only == "array")

	// Combinations.
	list := func(kw string) []jen.Code {
		subs, _ := m[kw].([]any)
		fns := []jen.Code{x}
		for i := range subs {
			fns = append(fns, jen.Id(ck.Calls["/"+kw+"/"+strconv.Itoa(i)]))
		}
		return fns
	}
	subs, _ := m["allOf"].([]any)
	for i := range subs {
		out = append(out, calls("/allOf/"+strconv.Itoa(i))...)
	}
	if subs, ok := m["anyOf"].([]any); ok {
		out = append(out, jen.If(jen.Qual(implPkg, "Matches").Call(list("anyOf")...).Op("==").Lit(0)).Block(
			add(p, fmt.Sprintf("matches none of the %d alternatives (anyOf)", len(subs)))))
	}
	if subs, ok := m["oneOf"].([]any); ok {
		out = append(out, jen.If(jen.Id("n").Op(":=").Qual(implPkg, "Matches").Call(list("oneOf")...), jen.Id("n").Op("!=").Lit(1)).Block(
			v.Clone().Dot("Add").Call(p, jen.Lit("matches ").Op("+").Qual("strconv", "Itoa").Call(jen.Id("n")).Op("+").
				Lit(fmt.Sprintf(" of the %d alternatives, not exactly one (oneOf)", len(subs))))))
	}
	if fn, ok := ck.Calls["/not"]; ok {
		out = append(out, jen.If(jen.Qual(implPkg, "Matches").Call(x, jen.Id(fn)).Op("==").Lit(1)).Block(
			add(p, "matches a schema it must not match (not)")))
	}
	if cond, ok := ck.Calls["/if"]; ok {
		test := jen.Qual(implPkg, "Matches").Call(x, jen.Id(cond)).Op("==").Lit(1)
		thenBlock, elseBlock := calls("/then"), calls("/else")
		switch {
		case len(elseBlock) == 0:
			out = append(out, jen.If(test).Block(thenBlock...))
		case len(thenBlock) == 0:
			out = append(out, jen.If(jen.Op("!").Parens(test)).Block(elseBlock...))
		default:
			out = append(out, jen.If(test).Block(thenBlock...).Else().Block(elseBlock...))
		}
	}
	if typeArgs != nil && len(out) == 1 {
		// Nothing follows the type check: no need to return.
		out[0] = v.Clone().Dot("Type").Call(typeArgs...)
	}
	return out
}

// jsonLit renders a decoded JSON value as a string literal of its JSON: a
// raw one unless the JSON holds what a raw string cannot (a backquote, a
// carriage return, which Go drops, or a byte order mark, which it refuses).
func jsonLit(x any) jen.Code {
	t := schemaload.CanonicalJSON(x)
	if strings.ContainsAny(t, "`\r\uFEFF") {
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
