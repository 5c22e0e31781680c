package emit

import (
	"encoding/json"

	"github.com/adcp-gen/adcp-gen/schemaload"
)

// contractVersion is the generated-code contract version spec's package
// needs (adcpimpl.GenVersion's history): GenVersion when it uses what
// version 5 added (the value checks of a typed enum of numbers or
// booleans, and of a const or enum on an object or an array; the formats
// date, time and uuid; nullable members of the error's rules;
// additionalProperties as a schema in a constraint), else baseContract, so that a package that needs no more
// still builds with a runtime of version 4. The spec's model decides it,
// before anything is rendered (codes.go, which records it, renders beside
// details.go).
func contractVersion(spec *schemaload.Spec) int {
	r := spec.ErrorRules
	if len(r.Nullable) > 0 || len(r.Issue.Nullable) > 0 || len(r.Issue.Discriminator.Nullable) > 0 {
		return GenVersion
	}
	seen := map[*schemaload.Type]bool{}
	var needs func(t *schemaload.Type) bool
	needs = func(t *schemaload.Type) bool {
		if t == nil || seen[t] {
			return false
		}
		seen[t] = true
		switch t.Kind {
		case schemaload.KindString:
			if genericFormat(t.Format) {
				return true
			}
		case schemaload.KindNumber, schemaload.KindInteger, schemaload.KindBoolean:
			if t.EnumJSON != nil {
				return true
			}
		case schemaload.KindObject, schemaload.KindArray:
			if t.EnumJSON != nil || t.Const != nil {
				return true
			}
		}
		for _, c := range t.Constraints {
			if schemaAdditionalProperties(c.Schema) {
				return true
			}
		}
		for _, f := range t.Fields {
			if needs(f.Type) {
				return true
			}
		}
		for _, v := range t.Variants {
			if needs(v) {
				return true
			}
		}
		return needs(t.Elem)
	}
	if needs(spec.Error) {
		return GenVersion
	}
	for _, t := range spec.Types {
		if needs(t) {
			return GenVersion
		}
	}
	for _, s := range spec.Shapes {
		if needs(s.Type) {
			return GenVersion
		}
	}
	return baseContract
}

// schemaAdditionalProperties reports whether the schema raw holds
// additionalProperties as a schema anywhere (the dialect of version 4 took
// only a boolean there).
func schemaAdditionalProperties(raw json.RawMessage) bool {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return true // not reached: a constraint is valid JSON; assume the newer dialect
	}
	var walk func(any) bool
	walk = func(v any) bool {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if _, isBool := e.(bool); k == "additionalProperties" && !isBool {
					return true
				}
				if walk(e) {
					return true
				}
			}
		case []any:
			for _, e := range x {
				if walk(e) {
					return true
				}
			}
		}
		return false
	}
	return walk(v)
}

// genericFormat reports whether format f is one the runtime asserts
// (schemaload.FormatAsserted) through Validator.Format, which contract
// version 5 added: any but "uri" and "date-time", which have checks of
// their own.
func genericFormat(f string) bool {
	return f != "" && f != "uri" && f != "date-time" && schemaload.FormatAsserted(f)
}
