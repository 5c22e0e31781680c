package schemaload

import "testing"

func TestFieldGoType(t *testing.T) {
	str := &Type{Kind: KindString}
	enum := &Type{GoName: "Scope", Kind: KindString}
	num := &Type{Kind: KindNumber}
	obj := &Type{GoName: "Upstream", Kind: KindObject}
	anon := &Type{Kind: KindObject}
	union := &Type{Kind: KindAny, Union: []string{"string", "number"}}
	tests := []struct {
		name    string
		f       Field
		inError bool
		want    string
	}{
		{"string", Field{JSONName: "m", Type: str}, false, "string"},
		{"named string", Field{JSONName: "s", Type: enum}, false, "Scope"},
		{"optional number", Field{JSONName: "n", Type: num}, false, "*float64"},
		{"required number", Field{JSONName: "n", Type: num, Required: true}, false, "float64"},
		{"optional integer", Field{JSONName: "i", Type: &Type{Kind: KindInteger}}, false, "*int64"},
		{"required boolean", Field{JSONName: "b", Type: &Type{Kind: KindBoolean}, Required: true}, false, "bool"},
		{"optional object", Field{JSONName: "o", Type: obj}, false, "*Upstream"},
		{"required object", Field{JSONName: "o", Type: obj, Required: true}, false, "Upstream"},
		{"unnamed object", Field{JSONName: "o", Type: anon}, false, "json.RawMessage"},
		{"nullable string", Field{JSONName: "v", Type: str, Nullable: true}, false, "json.RawMessage"},
		{"union", Field{JSONName: "v", Type: union}, false, "json.RawMessage"},
		{"named union", Field{JSONName: "v", Type: &Type{GoName: "Version", Kind: KindAny}, Nullable: true}, false, "Version"},
		{"array of enums", Field{JSONName: "a", Type: &Type{Kind: KindArray, Elem: enum}}, false, "[]Scope"},
		{"array of numbers", Field{JSONName: "a", Type: &Type{Kind: KindArray, Elem: num}}, false, "[]float64"},
		{"array of arrays", Field{JSONName: "a", Type: &Type{Kind: KindArray, Elem: &Type{Kind: KindArray, Elem: str}}}, false, "[]json.RawMessage"},
		{"array of unnamed objects", Field{JSONName: "a", Type: &Type{Kind: KindArray, Elem: anon}}, false, "[]json.RawMessage"},
		{"array without items", Field{JSONName: "a", Type: &Type{Kind: KindArray}}, false, "json.RawMessage"},
		{"error code", Field{JSONName: "code", Type: str, Required: true}, true, "adcp.Code"},
		{"error recovery", Field{JSONName: "recovery", Type: enum}, true, "adcp.Recovery"},
		{"error details", Field{JSONName: "details", Type: obj}, true, "json.RawMessage"},
		{"code outside the error", Field{JSONName: "code", Type: str}, false, "string"},
		{"no type", Field{JSONName: "x"}, false, "json.RawMessage"},
	}
	for _, tt := range tests {
		if got := fieldGoType(&tt.f, tt.inError).String(); got != tt.want {
			t.Errorf("%s: fieldGoType = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestSettleGoTypes checks that every type and field reachable from a spec
// is settled, the error's own fields with the runtime's types.
func TestSettleGoTypes(t *testing.T) {
	item := &Type{GoName: "Item", Kind: KindObject}
	list := &Type{Kind: KindArray, Elem: item}
	code := &Field{JSONName: "code", Type: &Type{Kind: KindString}, Required: true}
	items := &Field{JSONName: "items", Type: list}
	spec := &Spec{
		Error:  &Type{GoName: "Error", Kind: KindObject, Fields: []*Field{code}},
		Shapes: []*Shape{{Type: &Type{GoName: "XDetails", Kind: KindObject, Fields: []*Field{items}}}},
	}
	spec.SettleGoTypes()
	for _, c := range []struct {
		what string
		got  GoType
		want string
	}{
		{"error code", code.GoType, "adcp.Code"},
		{"field", items.GoType, "[]Item"},
		{"array type", list.GoType, "[]Item"},
		{"array items", list.GoType.Elem(), "Item"},
		{"item type", item.GoType, "Item"},
		{"shape type", spec.Shapes[0].Type.GoType, "XDetails"},
	} {
		if c.got.String() != c.want {
			t.Errorf("%s: GoType %q, want %q", c.what, c.got, c.want)
		}
	}
}
