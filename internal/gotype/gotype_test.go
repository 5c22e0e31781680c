package gotype

import (
	"testing"

	"github.com/adcp-gen/adcp-gen/schemaload"
)

func TestField(t *testing.T) {
	str := &schemaload.Type{Kind: schemaload.KindString}
	enum := &schemaload.Type{GoName: "Scope", Kind: schemaload.KindString}
	num := &schemaload.Type{Kind: schemaload.KindNumber}
	obj := &schemaload.Type{GoName: "Upstream", Kind: schemaload.KindObject}
	anon := &schemaload.Type{Kind: schemaload.KindObject}
	union := &schemaload.Type{Kind: schemaload.KindAny, Union: []string{"string", "number"}}
	tests := []struct {
		name    string
		f       schemaload.Field
		inError bool
		want    string
	}{
		{"string", schemaload.Field{JSONName: "m", Type: str}, false, "string"},
		{"named string", schemaload.Field{JSONName: "s", Type: enum}, false, "Scope"},
		{"optional number", schemaload.Field{JSONName: "n", Type: num}, false, "*float64"},
		{"required number", schemaload.Field{JSONName: "n", Type: num, Required: true}, false, "float64"},
		{"optional integer", schemaload.Field{JSONName: "i", Type: &schemaload.Type{Kind: schemaload.KindInteger}}, false, "*int64"},
		{"required boolean", schemaload.Field{JSONName: "b", Type: &schemaload.Type{Kind: schemaload.KindBoolean}, Required: true}, false, "bool"},
		{"optional object", schemaload.Field{JSONName: "o", Type: obj}, false, "*Upstream"},
		{"required object", schemaload.Field{JSONName: "o", Type: obj, Required: true}, false, "Upstream"},
		{"unnamed object", schemaload.Field{JSONName: "o", Type: anon}, false, "json.RawMessage"},
		{"nullable string", schemaload.Field{JSONName: "v", Type: str, Nullable: true}, false, "json.RawMessage"},
		{"union", schemaload.Field{JSONName: "v", Type: union}, false, "json.RawMessage"},
		{"named union", schemaload.Field{JSONName: "v", Type: &schemaload.Type{GoName: "Version", Kind: schemaload.KindAny}, Nullable: true}, false, "Version"},
		{"array of enums", schemaload.Field{JSONName: "a", Type: &schemaload.Type{Kind: schemaload.KindArray, Elem: enum}}, false, "[]Scope"},
		{"array of numbers", schemaload.Field{JSONName: "a", Type: &schemaload.Type{Kind: schemaload.KindArray, Elem: num}}, false, "[]float64"},
		{"array of arrays", schemaload.Field{JSONName: "a", Type: &schemaload.Type{Kind: schemaload.KindArray, Elem: &schemaload.Type{Kind: schemaload.KindArray, Elem: str}}}, false, "[]json.RawMessage"},
		{"array of unnamed objects", schemaload.Field{JSONName: "a", Type: &schemaload.Type{Kind: schemaload.KindArray, Elem: anon}}, false, "[]json.RawMessage"},
		{"array without items", schemaload.Field{JSONName: "a", Type: &schemaload.Type{Kind: schemaload.KindArray}}, false, "json.RawMessage"},
		{"error code", schemaload.Field{JSONName: "code", Type: str, Required: true}, true, "Code"},
		{"error recovery", schemaload.Field{JSONName: "recovery", Type: enum}, true, "Recovery"},
		{"error details", schemaload.Field{JSONName: "details", Type: obj}, true, "json.RawMessage"},
		{"code outside the error", schemaload.Field{JSONName: "code", Type: str}, false, "string"},
		{"no type", schemaload.Field{JSONName: "x"}, false, "json.RawMessage"},
	}
	for _, tt := range tests {
		f := tt.f
		if got := Field(&f, tt.inError); got != tt.want {
			t.Errorf("%s: Field = %q, want %q", tt.name, got, tt.want)
		}
	}
}
