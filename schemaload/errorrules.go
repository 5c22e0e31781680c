package schemaload

import (
	"fmt"
	"sort"
)

// ErrorRules are the constraints core/error.json puts on an error, in the
// terms of the runtime's own Error type (adcp.ErrorRules): the runtime owns
// Error, and each generated vocabulary carries only these facts.
type ErrorRules struct {
	ObjectRules
	// CodeMinLength and CodeMaxLength: 0 means no bound.
	CodeMinLength, CodeMaxLength         int
	RetryAfterMinimum, RetryAfterMaximum *float64
	Recoveries, Sources                  []string // nil: no enum
	DetailsObject                        bool
	Issue                                IssueRules
}

// IssueRules are the constraints on an issues[] entry.
type IssueRules struct {
	ObjectRules
	Discriminator ObjectRules
}

// ObjectRules are the members an object declares and requires.
type ObjectRules struct {
	Members, Required []string
	Closed            bool
	Nullable          []string // modelled members the schema lets be null too
}

// The members the runtime's Error, Issue and IssueDiscriminator model, with
// the JSON kind each holds.
var (
	runtimeErrorMembers = map[string]Kind{"code": KindString, "message": KindString, "field": KindString,
		"suggestion": KindString, "retry_after": KindNumber, "issues": KindArray, "details": KindAny,
		"recovery": KindString, "source": KindString, "sdk_id": KindString}
	runtimeIssueMembers = map[string]Kind{"pointer": KindString, "message": KindString, "keyword": KindString,
		"schemaPath": KindString, "schema_id": KindString, "discriminator": KindArray}
	runtimeDiscriminatorMembers = map[string]Kind{"property_name": KindString, "value": KindAny}
)

// DeriveErrorRules derives the ErrorRules of t, the type of core/error.json.
// A member the runtime does not model is a warning (it stays in Error.Extra
// and re-encodes unchanged, unchecked); a constraint on a modelled member
// that ErrorRules cannot express is an error, so that validation never
// silently loosens.
func DeriveErrorRules(t *Type) (r ErrorRules, warnings []Diagnostic, err error) {
	if r.ObjectRules, err = objectRules(t, "", runtimeErrorMembers, &warnings); err != nil {
		return r, warnings, err
	}
	for _, f := range t.Fields {
		if _, ok := runtimeErrorMembers[f.JSONName]; !ok {
			continue
		}
		ft, ptr := f.Type, pointerJoin("/properties", f.JSONName)
		switch f.JSONName {
		case "code":
			if ft.MinLength != nil {
				r.CodeMinLength = *ft.MinLength
			}
			if ft.MaxLength != nil {
				r.CodeMaxLength = *ft.MaxLength
			}
		case "retry_after":
			r.RetryAfterMinimum, r.RetryAfterMaximum = ft.Minimum, ft.Maximum
		case "recovery":
			r.Recoveries = enumValues(ft)
		case "source":
			r.Sources = enumValues(ft)
		case "details":
			r.DetailsObject = ft.Kind == KindObject || len(ft.Union) == 1 && ft.Union[0] == "object"
		case "issues":
			if ft.Elem == nil || ft.Elem.Kind != KindObject {
				return r, warnings, errorf(errorFile, ptr, "issues items that are not objects are not a constraint the runtime's Error can check")
			}
			if r.Issue.ObjectRules, err = objectRules(ft.Elem, ptr+"/items", runtimeIssueMembers, &warnings); err != nil {
				return r, warnings, err
			}
			if d := fieldOf(ft.Elem, "discriminator"); d != nil {
				dp := ptr + "/items/properties/discriminator"
				if d.Type.Elem == nil || d.Type.Elem.Kind != KindObject {
					return r, warnings, errorf(errorFile, dp, "discriminator items that are not objects are not a constraint the runtime's Error can check")
				}
				if r.Issue.Discriminator, err = objectRules(d.Type.Elem, dp+"/items", runtimeDiscriminatorMembers, &warnings); err != nil {
					return r, warnings, err
				}
			}
		}
	}
	return r, warnings, nil
}

// objectRules reads the members of an object of the error, checking that
// each member the runtime models has the JSON kind it models, and warning
// about members it does not model.
func objectRules(t *Type, ptr string, modelled map[string]Kind, warnings *[]Diagnostic) (ObjectRules, error) {
	r := ObjectRules{Closed: t.Closed}
	var unmodelled []string
	for _, f := range t.Fields {
		r.Members = append(r.Members, f.JSONName)
		if f.Required {
			r.Required = append(r.Required, f.JSONName)
		}
		k, ok := modelled[f.JSONName]
		if !ok {
			unmodelled = append(unmodelled, f.JSONName)
			continue
		}
		at := pointerJoin(ptr+"/properties", f.JSONName)
		if k != KindAny && f.Type.Kind != k && !(k == KindNumber && f.Type.Kind == KindInteger) {
			return r, errorf(errorFile, at, fmt.Sprintf("the runtime's Error models %q as a JSON %s", f.JSONName, kindName(k)))
		}
		if what := uncheckable(f.Type, ptr == "" && (f.JSONName == "code" || f.JSONName == "retry_after")); what != "" {
			return r, errorf(errorFile, at, what+" is not a constraint the runtime's Error can check")
		}
		if f.Nullable && k != KindAny {
			// The typed field cannot hold null: a null is kept raw, and
			// the rules say it is valid.
			r.Nullable = append(r.Nullable, f.JSONName)
		}
	}
	sort.Strings(unmodelled)
	for _, m := range unmodelled {
		*warnings = append(*warnings, Diagnostic{File: errorFile, Pointer: pointerJoin(ptr+"/properties", m),
			Msg: fmt.Sprintf("member %q is not modelled by the runtime's Error: it is kept in Extra, re-encoded unchanged and not validated", m)})
	}
	return r, nil
}

// uncheckable names a constraint of t that ErrorRules cannot express, or
// returns "". bounded members (code, retry_after) may carry length and
// numeric bounds, which ErrorRules holds.
func uncheckable(t *Type, bounded bool) string {
	switch {
	case !bounded && (t.MinLength != nil || t.MaxLength != nil || t.Minimum != nil || t.Maximum != nil):
		return "a bound"
	case t.ExclusiveMinimum != nil || t.ExclusiveMaximum != nil:
		return "an exclusive bound"
	case t.Pattern != "" || t.Format != "" || t.Const != nil:
		return "a pattern, format or const"
	case t.MinItems != nil || t.MaxItems != nil || t.UniqueItems:
		return "an item bound"
	}
	return ""
}

func enumValues(t *Type) []string {
	if len(t.Enum) == 0 {
		return nil
	}
	out := make([]string, len(t.Enum))
	for i, v := range t.Enum {
		out[i] = v.Value
	}
	return out
}

func kindName(k Kind) string {
	return map[Kind]string{KindString: "string", KindNumber: "number", KindInteger: "integer", KindBoolean: "boolean",
		KindObject: "object", KindArray: "array", KindAny: "value"}[k]
}
