package specdiff

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/adcp-gen/adcp-gen/schemaload"
)

// types compares the named types of both versions, matched by Go name, and
// recursively the unnamed types of their fields. The type of a shape added
// or removed is reported with its shape; fixed types (Code, Recovery)
// always exist in the runtime, so they are never reported as added or
// removed.
func (c *comparer) types(old, new *schemaload.Spec) {
	match(namedTypes(old), namedTypes(new), func(t *schemaload.Type) string { return t.GoName }, func(o, n *schemaload.Type) {
		c.typ(n.GoName, n.GoName, o, n)
	}, func(n *schemaload.Type) {
		if !isShapeType(new, n) && !n.Fixed {
			c.add(TypeAdded, None, n.GoName, n.GoName, "", kindName(n))
		}
	}, func(o *schemaload.Type) {
		if !isShapeType(old, o) && !o.Fixed {
			c.add(TypeRemoved, Compile, o.GoName, o.GoName, kindName(o), "")
		}
	})
}

// isShapeType reports whether t is the type of a details shape of s.
func isShapeType(s *schemaload.Spec, t *schemaload.Type) bool {
	return slices.ContainsFunc(s.Shapes, func(sh *schemaload.Shape) bool { return sh.Type.GoName == t.GoName })
}

// namedTypes returns every named type reachable from the spec, once each (a
// Go name is one type's: the loader reports a collision).
func namedTypes(s *schemaload.Spec) []*schemaload.Type {
	var out []*schemaload.Type
	s.EachType(func(t *schemaload.Type) {
		if t.GoName != "" {
			out = append(out, t)
		}
	})
	return out
}

// typ compares two versions of one type. subject and goSubject name it in
// reports; for an unnamed type they are the field (or item) it belongs to.
func (c *comparer) typ(subject, goSubject string, o, n *schemaload.Type) {
	if o.Kind != n.Kind {
		c.add(TypeKindChanged, Compile, subject, goSubject, kindName(o), kindName(n))
		return
	}
	switch o.Kind {
	case schemaload.KindObject:
		c.fields(subject, goSubject, o, n)
		c.toggled(o.Closed, n.Closed, subject, goSubject, ObjectClosed, ObjectOpened, Validation, None,
			"unknown members kept", "unknown members rejected")
	case schemaload.KindArray:
		// Items of another Go type are a retyping, else compared in depth.
		if og, ng := o.GoType.Elem(), n.GoType.Elem(); og != ng {
			c.add(FieldRetyped, Compile, subject+"[]", goSubject, og.String(), ng.String())
		} else {
			c.deep(subject+"[]", goSubject, o.Elem, n.Elem)
		}
	case schemaload.KindAny: // the JSON types a union allows
		match(o.Union, n.Union, func(t string) string { return t }, nil,
			func(t string) { c.add(UnionMemberAdded, None, subject, goSubject, "", t) },
			func(t string) { c.add(UnionMemberRemoved, Validation, subject, goSubject, t, "") })
	}
	c.enum(subject, goSubject, o, n)
	c.constraints(subject, goSubject, o, n)
}

// deep compares two unnamed types of the same kind in depth: constraints,
// items, union members. Named types are compared once, under their own name,
// and a change of kind shows as a change of Go type.
func (c *comparer) deep(subject, goSubject string, o, n *schemaload.Type) {
	if o != nil && n != nil && o.GoName == "" && n.GoName == "" && o.Kind == n.Kind {
		c.typ(subject, goSubject, o, n)
	}
}

// fields compares the fields of two versions of an object, matched by JSON name.
func (c *comparer) fields(subject, goSubject string, o, n *schemaload.Type) {
	match(o.Fields, n.Fields, func(f *schemaload.Field) string { return f.JSONName }, func(of, nf *schemaload.Field) {
		s, g := subject+"."+nf.JSONName, goSubject+"."+nf.GoName
		og, ng := of.GoType, nf.GoType
		if og != ng {
			c.add(FieldRetyped, Compile, s, g, og.String(), ng.String())
		}
		og.Pointer, ng.Pointer = false, false
		if og == ng {
			// Same type, perhaps held by pointer now: compare in depth.
			c.deep(s, g, of.Type, nf.Type)
		}
		c.toggled(of.Required, nf.Required, s, g, FieldRequired, FieldOptional, Validation, None, "optional", "required")
		// When telling null from absent needs another Go type, a field made
		// nullable is also reported as retyped.
		c.toggled(of.Nullable, nf.Nullable, s, g, FieldNullable, FieldNotNullable, None, Validation, "", "null allowed")
		c.toggled(of.Deprecated, nf.Deprecated, s, g, FieldDeprecated, FieldUndeprecated, None, None, "", "")
	}, func(nf *schemaload.Field) {
		imp, desc := None, nf.GoType.String()
		if nf.Required {
			// Values built against the old version lack it.
			imp, desc = Validation, desc+", required"
		}
		c.add(FieldAdded, imp, subject+"."+nf.JSONName, goSubject+"."+nf.GoName, "", desc)
	}, func(of *schemaload.Field) {
		c.add(FieldRemoved, Compile, subject+"."+of.JSONName, goSubject+"."+of.GoName, of.GoType.String(), "")
	})
}

// enum compares known values, matched by value. A string with an enum is
// a named type, and its constants are named after it and their values, so
// a removed value loses its constant (compile). Fixed types are skipped:
// the runtime declares their constants (the recovery classes the loader requires).
func (c *comparer) enum(subject, goSubject string, o, n *schemaload.Type) {
	if o.Fixed && n.Fixed {
		return
	}
	match(o.Enum, n.Enum, func(v *schemaload.EnumValue) string { return v.Value }, nil, func(nv *schemaload.EnumValue) {
		c.add(EnumValueAdded, None, subject, nv.GoName, "", nv.Value)
	}, func(ov *schemaload.EnumValue) {
		c.add(EnumValueRemoved, Compile, subject, ov.GoName, ov.Value, "")
	})
	if len(n.Enum) > 0 {
		c.toggled(o.OpenEnum, n.OpenEnum, subject, goSubject, EnumOpened, EnumClosed, None, Validation,
			"known values only", "known values or extension pattern")
	}
}

// toggled reports a yes/no property of subject that was turned on (a
// change of kind on, with impact onImp) or off (kind off, impact offImp).
// unset and set describe the property in either state.
func (c *comparer) toggled(o, n bool, subject, goSubject string, on, off Kind, onImp, offImp Impact, unset, set string) {
	switch {
	case !o && n:
		c.add(on, onImp, subject, goSubject, unset, set)
	case o && !n:
		c.add(off, offImp, subject, goSubject, set, unset)
	}
}

// constraints compares validation keywords. A change that may reject a value
// the old version accepted (a tighter bound, a new or different pattern) is
// Validation; a relaxation is None.
func (c *comparer) constraints(subject, goSubject string, o, n *schemaload.Type) {
	bound(c, subject, goSubject, "minLength", o.MinLength, n.MinLength, true)
	bound(c, subject, goSubject, "maxLength", o.MaxLength, n.MaxLength, false)
	bound(c, subject, goSubject, "minItems", o.MinItems, n.MinItems, true)
	bound(c, subject, goSubject, "maxItems", o.MaxItems, n.MaxItems, false)
	bound(c, subject, goSubject, "minimum", o.Minimum, n.Minimum, true)
	bound(c, subject, goSubject, "maximum", o.Maximum, n.Maximum, false)
	bound(c, subject, goSubject, "exclusiveMinimum", o.ExclusiveMinimum, n.ExclusiveMinimum, true)
	bound(c, subject, goSubject, "exclusiveMaximum", o.ExclusiveMaximum, n.ExclusiveMaximum, false)
	strs := []struct{ name, old, new string }{
		{"pattern", o.Pattern, n.Pattern},
		{"format", o.Format, n.Format},
		{"const", string(o.Const), string(n.Const)},
	}
	for _, s := range strs {
		if s.old != s.new {
			c.add(ConstraintChanged, validationIf(s.new != ""), subject, goSubject, s.name+" "+orNone(s.old), s.name+" "+orNone(s.new))
		}
	}
	c.toggled(o.UniqueItems, n.UniqueItems, subject, goSubject, ConstraintChanged, ConstraintChanged, Validation, None,
		"uniqueItems false", "uniqueItems true")
	// An enum not typed as constants (numbers, objects, ...), compared as
	// its list. A string's is compared value by value (enums), also when
	// its list, holding null, is kept whole too.
	if oe, ne := jsonList(o.EnumJSON), jsonList(n.EnumJSON); oe != ne && o.Kind != schemaload.KindString && n.Kind != schemaload.KindString {
		c.add(ConstraintChanged, validationIf(n.EnumJSON != nil), subject, goSubject, "enum "+orNone(oe), "enum "+orNone(ne))
	}
	// A schema without type allows every JSON type; one with it, one.
	c.toggled(o.Untyped, n.Untyped, subject, goSubject, ConstraintChanged, ConstraintChanged, None, Validation,
		"its type only", "any JSON type (no type keyword)")
	// Constraints kept as written (conditionals, member-presence rules,
	// additionalProperties, required names no property declares), as a
	// set: one added may reject a value the old version accepted.
	schema := func(k schemaload.Constraint) string { return string(k.Schema) }
	match(o.Constraints, n.Constraints, schema, nil,
		func(k schemaload.Constraint) {
			c.add(ConstraintChanged, Validation, subject, goSubject, "none", "constraint "+schema(k))
		},
		func(k schemaload.Constraint) {
			c.add(ConstraintChanged, None, subject, goSubject, "constraint "+schema(k), "none")
		})
}

// jsonList writes a list of JSON values as one ("" for nil).
func jsonList(vs []json.RawMessage) string {
	if vs == nil {
		return ""
	}
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = string(v)
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// bound compares a lower or upper bound: one added or tightened may reject
// a value the old version accepted, one dropped or relaxed cannot.
func bound[T int | float64](c *comparer, subject, goSubject, name string, o, n *T, lower bool) {
	if o == nil && n == nil || o != nil && n != nil && *o == *n {
		return
	}
	imp := validationIf(n != nil && (o == nil || lower && *n > *o || !lower && *n < *o))
	c.add(ConstraintChanged, imp, subject, goSubject, name+" "+boundText(o), name+" "+boundText(n))
}

func boundText[T int | float64](p *T) string {
	if p == nil {
		return "(none)"
	}
	return strconv.FormatFloat(float64(*p), 'g', -1, 64)
}

// validationIf is the impact of a change that may reject values the old
// version accepted when it does (cond), else None.
func validationIf(cond bool) Impact {
	if cond {
		return Validation
	}
	return None
}

var kindNames = map[schemaload.Kind]string{
	schemaload.KindString: "string", schemaload.KindNumber: "number", schemaload.KindInteger: "integer",
	schemaload.KindBoolean: "boolean", schemaload.KindObject: "object", schemaload.KindArray: "array",
	schemaload.KindAny: "union",
}

// kindName describes a type's kind (the loader gives every type one of the
// seven) for rows that name it.
func kindName(t *schemaload.Type) string {
	if t.Kind == schemaload.KindString && len(t.Enum) > 0 {
		return "enum"
	}
	return kindNames[t.Kind]
}
