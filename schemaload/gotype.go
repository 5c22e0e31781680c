package schemaload

import "slices"

// rawMessage holds what has no Go type of its own: unions, unnamed objects,
// nested arrays, and members where null and absent differ.
var rawMessage = GoType{Name: "RawMessage", Pkg: "encoding/json"}

// RuntimePkg is the import path of the runtime package that the generated
// code imports and that declares the Fixed types (Error, Code, Recovery and
// the error's own types).
const RuntimePkg = "github.com/adcp-gen/adcp-gen/adcp"

// SettleGoTypes sets the GoType of every type and field reachable from the
// spec, the Go names of each shape (Var, Accessor) and of each struct's
// member list (MembersVar) from its type's, and the check functions
// (Spec.Checks, Spec.Patterns, each object type's Check).
// Load calls it; a Spec built or changed by hand must call it again before
// it is handed to emit or to the reports. (Past the bounds of a spec Load
// refuses, the checks are left incomplete: see settleChecks.)
func (s *Spec) SettleGoTypes() { s.settle() }

// settle is SettleGoTypes, returning what settleChecks does.
func (s *Spec) settle() (*Type, string) {
	for _, sh := range s.Shapes {
		if sh.Type != nil && sh.Type.GoName != "" {
			sh.Var, sh.Accessor = "detailsShape"+sh.Type.GoName, sh.Type.GoName+"Of"
		}
	}
	var structs []*Type
	s.EachType(func(t *Type) {
		t.GoType = valueGoType(t)
		for _, f := range t.Fields {
			f.GoType = fieldGoType(f, t == s.Error)
		}
		if t.Kind == KindObject && t.GoName != "" && !t.Fixed {
			t.MembersVar = "members" + t.GoName
			structs = append(structs, t)
		}
	})
	breakValueCycles(structs)
	return s.settleChecks()
}

// breakValueCycles holds by pointer every field that would make a struct
// contain itself (a required object field whose type leads back to its own
// struct through fields held by value), which Go refuses as an invalid
// recursive type. Such a field is on a cycle of the graph of fields held by
// value: both ends are in one strongly connected component.
func breakValueCycles(structs []*Type) {
	byValue := func(f *Field) *Type {
		if g := f.GoType; f.Type != nil && f.Type.Kind == KindObject && !g.Pointer && !g.Slice && g.Pkg == "" && g.Name == f.Type.GoName {
			return f.Type
		}
		return nil
	}
	// Tarjan's algorithm. An edge t→u lies inside a component exactly when u
	// is still on the stack once followed: u's root is then on the path to t.
	index, low := map[*Type]int{}, map[*Type]int{}
	var stack []*Type
	onStack := map[*Type]bool{}
	var visit func(t *Type)
	visit = func(t *Type) {
		index[t], low[t] = len(index), len(index)
		stack = append(stack, t)
		onStack[t] = true
		for _, f := range t.Fields {
			u := byValue(f)
			if u == nil {
				continue
			}
			if _, seen := index[u]; !seen {
				visit(u)
				low[t] = min(low[t], low[u])
			} else if onStack[u] {
				low[t] = min(low[t], index[u])
			}
			if onStack[u] {
				f.GoType.Pointer = true
			}
		}
		if low[t] == index[t] {
			for {
				u := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[u] = false
				if u == t {
					break
				}
			}
		}
	}
	for _, t := range structs {
		if _, seen := index[t]; !seen {
			visit(t)
		}
	}
}

// fieldGoType is the Go type of field f of an object type. inError reports
// whether the object is the spec's Error, whose code, recovery and details
// have the fixed runtime's types.
func fieldGoType(f *Field, inError bool) GoType {
	if g, ok := errorMemberGoTypes[f.JSONName]; inError && ok {
		return g
	}
	t := f.Type
	if t == nil || f.Nullable && t.Kind != KindAny {
		return rawMessage
	}
	g := valueGoType(t)
	switch t.Kind {
	case KindNumber, KindInteger, KindBoolean:
		g.Pointer = !f.Required
	case KindObject:
		g.Pointer = !f.Required && t.GoName != ""
	}
	return g
}

// errorMemberGoTypes are the Go types the runtime fixes for the Error's members.
var errorMemberGoTypes = map[string]GoType{"code": {Name: "Code", Pkg: RuntimePkg},
	"recovery": {Name: "Recovery", Pkg: RuntimePkg}, "details": rawMessage}

// valueGoType is the Go type of a value of t held by value: its own name
// when it has one, else the built-in type of its kind, a slice of its items,
// or json.RawMessage.
func valueGoType(t *Type) GoType {
	switch {
	case t.Fixed:
		return GoType{Name: t.GoName, Pkg: RuntimePkg}
	case t.GoName != "" && slices.Contains([]Kind{KindString, KindObject, KindAny}, t.Kind):
		return GoType{Name: t.GoName}
	case t.Kind == KindArray && t.Elem != nil:
		g := rawMessage // nested arrays are held raw
		if t.Elem.Kind != KindArray {
			g = valueGoType(t.Elem)
		}
		g.Slice = true
		return g
	}
	if name, ok := builtinGoTypes[t.Kind]; ok {
		return GoType{Name: name}
	}
	return rawMessage
}

// builtinGoTypes are the Go types of the scalar kinds.
var builtinGoTypes = map[Kind]string{KindString: "string", KindNumber: "float64", KindInteger: "int64", KindBoolean: "bool"}
