package emit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/dave/jennifer/jen"
)

// This file writes the schemas a generated Validate checks at run time with
// adcpimpl.Schema: what Go types cannot check (see adcpimpl.Schema), written
// from the model as JSON in adcpimpl's dialect (draft-07 keywords, Go
// patterns, recursive types through $defs).

// schemaWriter writes the schema of one object type's members.
type schemaWriter struct {
	g       *gen
	stack   map[*schemaload.Type]bool // types being written: a revisit is recursion
	defs    map[*schemaload.Type]string
	order   []*schemaload.Type
	skipped []string // constraints left out, and why
}

// objectSchema returns the schema of object type t in adcpimpl's dialect,
// with the members named in props (in schema order) and t's constraints
// (allOf), or "" when there is neither. A constraint the run-time dialect
// cannot check is left out and listed in skipped (the generated code says
// so, as it does for a pattern Go regexp cannot express, and schemaload
// warns about every constraint the Go type does not express).
func (g *gen) objectSchema(t *schemaload.Type, props map[string]bool) (src string, skipped []string) {
	if len(props) == 0 && len(t.Constraints) == 0 {
		return "", nil
	}
	w := &schemaWriter{g: g, stack: map[*schemaload.Type]bool{t: true}, defs: map[*schemaload.Type]string{}}
	var body bytes.Buffer
	body.WriteByte('{')
	comma := false
	if len(props) > 0 {
		body.WriteString(`"properties":{`)
		n := 0
		for _, f := range t.Fields {
			if !props[f.JSONName] {
				continue
			}
			if n > 0 {
				body.WriteByte(',')
			}
			n++
			schemaString(&body, f.JSONName)
			body.WriteByte(':')
			w.write(&body, f.Type, f.Nullable)
		}
		body.WriteByte('}')
		comma = true
	}
	if kept := w.checkedConstraints(t); len(kept) > 0 {
		if comma {
			body.WriteByte(',')
		}
		body.WriteString(`"allOf":[`)
		for i, c := range kept {
			if i > 0 {
				body.WriteByte(',')
			}
			body.Write(c.Schema)
		}
		body.WriteByte(']')
	}
	w.writeDefs(&body)
	body.WriteByte('}')
	src = body.String()
	if err := adcpimpl.CompileSchema(src); err != nil {
		// Not reached: every keyword written is one the dialect has.
		return "", append(w.skipped, fmt.Sprintf("the schema of %s: %v", t.GoName, err))
	}
	if src == "{}" {
		src = ""
	}
	return src, w.skipped
}

// shapeSchema returns the whole schema of a details shape's type t in
// adcpimpl's dialect: what the runtime validates details with
// (adcp.DetailsShape.Validate), so that it needs no Go type. It holds what
// t's Go type and its validate check, and leaves out what they leave out (a
// pattern Go regexp cannot express, a constraint the dialect cannot
// check), listed in skipped.
func (g *gen) shapeSchema(t *schemaload.Type) (src string, skipped []string, err error) {
	w := &schemaWriter{g: g, stack: map[*schemaload.Type]bool{}, defs: map[*schemaload.Type]string{}}
	var body bytes.Buffer
	w.write(&body, t, false)
	if len(w.order) > 0 {
		// Types reached recursively go in $defs, inside the root object.
		body.Truncate(body.Len() - 1)
		w.writeDefs(&body)
		body.WriteByte('}')
	}
	src = body.String()
	if err := adcpimpl.CompileSchema(src); err != nil {
		// Not reached: every keyword written is one the dialect has.
		return "", nil, fmt.Errorf("the schema of %s written for the runtime does not compile: %v", t.GoName, err)
	}
	return src, w.skipped, nil
}

// shapeSchemaSrc is a shape's schema and the constraints it leaves out.
type shapeSchemaSrc struct {
	src     string
	skipped []string
}

// shapeSchemaExpr renders adcpimpl.NewSchema of t's shapeSchema.
func (g *gen) shapeSchemaExpr(t *schemaload.Type) jen.Code {
	src := g.shapeSchemas[t].src
	lit := jen.Lit(src)
	if !strings.ContainsAny(src, "`\r") {
		lit = jen.Op("`" + src + "`") // the JSON as written, readable
	}
	return jen.Qual(implPkg, "NewSchema").Call(lit)
}

// checkedConstraints returns the constraints of t the run-time dialect can
// check, and lists the others in w.skipped.
func (w *schemaWriter) checkedConstraints(t *schemaload.Type) []schemaload.Constraint {
	var kept []schemaload.Constraint
	for _, c := range t.Constraints {
		if err := checkConstraint(c.Schema); err != nil {
			w.skipped = append(w.skipped, fmt.Sprintf("%s#%s (%v)", t.File, c.Pointer, err))
			continue
		}
		kept = append(kept, c)
	}
	return kept
}

// checkConstraint refuses a constraint kept as written that the run-time
// dialect would read differently: one with a $ref (relative to its own
// file) or a pattern (ECMAScript, not translated).
func checkConstraint(raw json.RawMessage) error {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return err
	}
	var walk func(any) error
	walk = func(v any) error {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				switch k {
				case "$ref", "pattern", "patternProperties", "dependencies", "propertyNames", "contains":
					return fmt.Errorf("a constraint with %q", k)
				case "properties", "$defs", "definitions":
					// Names, not keywords: walk the schemas they name.
					if m, ok := e.(map[string]any); ok {
						for _, sub := range m {
							if err := walk(sub); err != nil {
								return err
							}
						}
						continue
					}
				}
				if err := walk(e); err != nil {
					return err
				}
			}
		case []any:
			for _, e := range x {
				if err := walk(e); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := walk(v); err != nil {
		return err
	}
	return adcpimpl.CompileSchema(string(raw))
}

// write writes the schema of a value of type t (null allowed when nullable).
func (w *schemaWriter) write(b *bytes.Buffer, t *schemaload.Type, nullable bool) {
	if t == nil {
		b.WriteString("true")
		return
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
		if nullable {
			b.WriteString(`{"anyOf":[{"type":"null"},{"$ref":`)
			schemaString(b, "#/$defs/"+name)
			b.WriteString(`}]}`)
			return
		}
		b.WriteString(`{"$ref":`)
		schemaString(b, "#/$defs/"+name)
		b.WriteByte('}')
		return
	}
	w.stack[t] = true
	defer delete(w.stack, t)

	o := &schemaObj{b: b}
	b.WriteByte('{')
	switch t.Kind {
	case schemaload.KindString:
		o.types(t.Untyped, nullable, "string")
		if len(t.Enum) > 0 && t.OpenEnum {
			alt := t.Alternatives
			if alt == "" {
				alt = "anyOf" // a model built without its schema: a listed value, or any other
			}
			o.key(alt)
			b.WriteString(`[{"enum":`)
			schemaEnum(b, t.Enum)
			b.WriteString(`},{`)
			free := &schemaObj{b: b}
			w.stringKeywords(free, t)
			b.WriteString(`}]`)
		} else {
			// A list with null in it is EnumJSON (written below).
			if len(t.Enum) > 0 && t.EnumJSON == nil {
				o.key("enum")
				schemaEnum(b, t.Enum)
			}
			w.stringKeywords(o, t)
		}
	case schemaload.KindNumber, schemaload.KindInteger:
		if t.Kind == schemaload.KindInteger {
			o.types(t.Untyped, nullable, "integer")
		} else {
			o.types(t.Untyped, nullable, "number")
		}
		for _, kw := range []struct {
			name string
			v    *float64
		}{{"minimum", t.Minimum}, {"maximum", t.Maximum}, {"exclusiveMinimum", t.ExclusiveMinimum}, {"exclusiveMaximum", t.ExclusiveMaximum}} {
			if kw.v != nil {
				o.key(kw.name)
				b.WriteString(schemaNumber(*kw.v))
			}
		}
	case schemaload.KindBoolean:
		o.types(t.Untyped, nullable, "boolean")
	case schemaload.KindObject:
		o.types(t.Untyped, nullable, "object")
		if len(t.Fields) > 0 {
			o.key("properties")
			b.WriteByte('{')
			for i, f := range t.Fields {
				if i > 0 {
					b.WriteByte(',')
				}
				schemaString(b, f.JSONName)
				b.WriteByte(':')
				w.write(b, f.Type, f.Nullable)
			}
			b.WriteByte('}')
			var req []string
			for _, f := range t.Fields {
				if f.Required {
					req = append(req, f.JSONName)
				}
			}
			if len(req) > 0 {
				o.key("required")
				schemaStrings(b, req)
			}
		}
		if t.Closed {
			o.key("additionalProperties")
			b.WriteString("false")
		}
		w.constraints(o, t)
	case schemaload.KindArray:
		o.types(t.Untyped, nullable, "array")
		if t.Elem != nil {
			o.key("items")
			w.write(b, t.Elem, false)
		}
		if t.MinItems != nil {
			o.key("minItems")
			b.WriteString(strconv.Itoa(*t.MinItems))
		}
		if t.MaxItems != nil {
			o.key("maxItems")
			b.WriteString(strconv.Itoa(*t.MaxItems))
		}
		if t.UniqueItems {
			o.key("uniqueItems")
			b.WriteString("true")
		}
	default: // KindAny
		if len(t.Union) > 0 {
			types := append([]string(nil), t.Union...)
			if nullable && !schemaContains(types, "null") {
				types = append(types, "null")
			}
			o.key("type")
			schemaStrings(b, types)
		}
		if len(t.Variants) > 0 {
			alt := t.Alternatives
			if alt == "" {
				alt = "anyOf"
			}
			if nullable && len(t.Union) == 0 {
				// null is allowed beside the alternatives.
				o.key("anyOf")
				b.WriteString(`[{"type":"null"},{`)
				inner := &schemaObj{b: b}
				inner.key(alt)
				w.variants(b, t.Variants)
				b.WriteString(`}]`)
			} else {
				o.key(alt)
				w.variants(b, t.Variants)
			}
		}
		w.constraints(o, t)
	}
	if len(t.Const) > 0 {
		o.key("const")
		b.Write(t.Const)
	}
	if t.EnumJSON != nil {
		o.key("enum")
		b.WriteByte('[')
		for i, e := range t.EnumJSON {
			if i > 0 {
				b.WriteByte(',')
			}
			b.Write(e)
		}
		b.WriteByte(']')
	}
	b.WriteByte('}')
}

func (w *schemaWriter) variants(b *bytes.Buffer, vs []*schemaload.Type) {
	b.WriteByte('[')
	for i, v := range vs {
		if i > 0 {
			b.WriteByte(',')
		}
		w.write(b, v, false)
	}
	b.WriteByte(']')
}

// constraints writes t's constraints kept as written, as allOf.
func (w *schemaWriter) constraints(o *schemaObj, t *schemaload.Type) {
	kept := w.checkedConstraints(t)
	if len(kept) == 0 {
		return
	}
	o.key("allOf")
	o.b.WriteByte('[')
	for i, c := range kept {
		if i > 0 {
			o.b.WriteByte(',')
		}
		o.b.Write(c.Schema)
	}
	o.b.WriteByte(']')
}

// stringKeywords writes the length, pattern and format keywords of t. A
// pattern Go regexp cannot express is left out, as the typed checks leave it
// out (schemaload warns about it); a format the runtime does not assert
// likewise.
func (w *schemaWriter) stringKeywords(o *schemaObj, t *schemaload.Type) {
	if t.MinLength != nil {
		o.key("minLength")
		o.b.WriteString(strconv.Itoa(*t.MinLength))
	}
	if t.MaxLength != nil {
		o.key("maxLength")
		o.b.WriteString(strconv.Itoa(*t.MaxLength))
	}
	good := t.Pattern != "" && t.GoPattern != "" && w.g.goodPattern[t.GoPattern] &&
		(t.GoPatternNot == "" || w.g.goodPattern[t.GoPatternNot])
	if good && !(w.g.matcherPattern[t.GoPattern] && (t.GoPatternNot == "" || w.g.matcherPattern[t.GoPatternNot])) {
		// Not reached for the published versions.
		w.skipped = append(w.skipped, fmt.Sprintf("pattern %s: the runtime's matcher does not support it", strconv.Quote(t.Pattern)))
		good = false
	}
	if good {
		o.key("pattern")
		schemaString(o.b, t.GoPattern)
		if t.GoPatternNot != "" {
			o.key("patternNot")
			schemaString(o.b, t.GoPatternNot)
		}
	}
	if schemaload.FormatAsserted(t.Format) {
		o.key("format")
		schemaString(o.b, t.Format)
	}
}

// writeDefs writes the types reached recursively as $defs.
func (w *schemaWriter) writeDefs(b *bytes.Buffer) {
	if len(w.order) == 0 {
		return
	}
	b.WriteString(`,"$defs":{`)
	for i := 0; i < len(w.order); i++ { // writing a def may add another
		t := w.order[i]
		if i > 0 {
			b.WriteByte(',')
		}
		schemaString(b, w.defs[t])
		b.WriteByte(':')
		saved := w.stack
		w.stack = map[*schemaload.Type]bool{}
		for _, d := range w.order {
			w.stack[d] = true
		}
		delete(w.stack, t)
		w.write(b, t, false)
		w.stack = saved
	}
	b.WriteByte('}')
}

// schemaObj writes the members of one JSON object.
type schemaObj struct {
	b *bytes.Buffer
	n int
}

func (o *schemaObj) key(k string) {
	if o.n > 0 {
		o.b.WriteByte(',')
	}
	o.n++
	schemaString(o.b, k)
	o.b.WriteByte(':')
}

// types writes "type": the kind, and null when nullable; none for an
// untyped schema (schemaload.Type.Untyped), whose keywords constrain values
// of kind and allow every other JSON type.
func (o *schemaObj) types(untyped, nullable bool, kind string) {
	if untyped && !nullable {
		return
	}
	o.key("type")
	if nullable {
		schemaStrings(o.b, []string{kind, "null"})
		return
	}
	schemaString(o.b, kind)
}

func schemaEnum(b *bytes.Buffer, vs []*schemaload.EnumValue) {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = v.Value
	}
	schemaStrings(b, s)
}

func schemaStrings(b *bytes.Buffer, s []string) {
	b.WriteByte('[')
	for i, x := range s {
		if i > 0 {
			b.WriteByte(',')
		}
		schemaString(b, x)
	}
	b.WriteByte(']')
}

func schemaString(b *bytes.Buffer, s string) {
	b.Write(adcpimpl.AppendString(nil, s))
}

// number writes a bound as JSON.
func schemaNumber(f float64) string { return string(adcpimpl.AppendFloat(nil, f)) }

func schemaContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
