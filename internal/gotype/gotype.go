// Package gotype names the Go type the generated package gives a schema field,
// for reports and documentation (specdiff, catalog). It mirrors the rule emit
// applies when it declares struct fields (emit/types.go, members and goType);
// emit's TestGoTypeAgreesWithEmit fails when the two disagree on any field of
// any spec version.
package gotype

import "github.com/adcp-gen/adcp-gen/schemaload"

const raw = "json.RawMessage"

// Field returns the Go type of field f of an object type; inError reports
// whether the object is the spec's Error type, whose code, recovery and
// details fields have fixed runtime types.
func Field(f *schemaload.Field, inError bool) string {
	if inError {
		switch f.JSONName {
		case "code":
			return "Code"
		case "recovery":
			return "Recovery"
		case "details":
			return raw
		}
	}
	t := f.Type
	if t == nil {
		return raw
	}
	if f.Nullable && t.Kind != schemaload.KindAny {
		// null and absent differ: the raw value keeps the difference.
		return raw
	}
	switch t.Kind {
	case schemaload.KindArray:
		if t.Elem == nil {
			return raw
		}
		return "[]" + Elem(t.Elem)
	case schemaload.KindNumber, schemaload.KindInteger, schemaload.KindBoolean:
		if !f.Required {
			return "*" + Value(t)
		}
	case schemaload.KindObject:
		if !f.Required && t.GoName != "" {
			return "*" + Value(t)
		}
	}
	return Value(t)
}

// Elem returns the Go type of the items of an array of t. Nested arrays and
// unnamed objects are held raw.
func Elem(t *schemaload.Type) string {
	if t == nil || t.Kind == schemaload.KindArray {
		return raw
	}
	return Value(t)
}

// Value returns the Go type of a value of t held by value: its own name when
// it has one, else the built-in type of its kind.
func Value(t *schemaload.Type) string {
	if t == nil {
		return raw
	}
	switch t.Kind {
	case schemaload.KindString:
		if t.GoName != "" {
			return t.GoName
		}
		return "string"
	case schemaload.KindNumber:
		return "float64"
	case schemaload.KindInteger:
		return "int64"
	case schemaload.KindBoolean:
		return "bool"
	case schemaload.KindObject, schemaload.KindAny:
		if t.GoName != "" {
			return t.GoName
		}
	case schemaload.KindArray:
		if t.GoName != "" {
			return t.GoName
		}
		if t.Elem != nil {
			return "[]" + Elem(t.Elem)
		}
	}
	return raw
}
