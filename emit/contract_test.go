package emit

import (
	"encoding/json"
	"testing"

	"github.com/adcp-gen/adcp-gen/schemaload"
)

// TestContractVersion checks which packages need the runtime's contract
// version 5: only those that use what it added, so that every other
// package (every published version's) still builds with a runtime of
// version 4.
func TestContractVersion(t *testing.T) {
	if got := contractVersion(fixtureSpec()); got != baseContract {
		t.Errorf("the fixture: contract %d, want %d", got, baseContract)
	}
	// The first object type of the fixture with fields, to hang a construct on.
	edit := func(change func(s *schemaload.Spec, obj *schemaload.Type)) int {
		s := fixtureSpec()
		for _, typ := range s.Types {
			if typ.Kind == schemaload.KindObject && len(typ.Fields) > 0 {
				change(s, typ)
				return contractVersion(s)
			}
		}
		t.Fatal("the fixture has no object type")
		return 0
	}
	for _, c := range []struct {
		name   string
		change func(s *schemaload.Spec, obj *schemaload.Type)
		want   int
	}{
		{"const on an object", func(_ *schemaload.Spec, obj *schemaload.Type) { obj.Const = json.RawMessage(`{}`) }, GenVersion},
		{"enum of numbers on a member", func(_ *schemaload.Spec, obj *schemaload.Type) {
			obj.Fields[0].Type = &schemaload.Type{Kind: schemaload.KindInteger, EnumJSON: []json.RawMessage{json.RawMessage(`1`)}}
		}, GenVersion},
		{"a nullable member of the error", func(s *schemaload.Spec, _ *schemaload.Type) { s.ErrorRules.Nullable = []string{"sdk_id"} }, GenVersion},
		{"additionalProperties as a schema", func(_ *schemaload.Spec, obj *schemaload.Type) {
			obj.Constraints = append(obj.Constraints, schemaload.Constraint{Schema: json.RawMessage(`{"properties":{"a":true},"additionalProperties":{"type":"string"}}`)})
		}, GenVersion},
		{"additionalProperties false", func(_ *schemaload.Spec, obj *schemaload.Type) {
			obj.Constraints = append(obj.Constraints, schemaload.Constraint{Schema: json.RawMessage(`{"properties":{"a":true},"additionalProperties":false}`)})
		}, baseContract},
		{"format uuid", func(_ *schemaload.Spec, obj *schemaload.Type) {
			obj.Fields[0].Type = &schemaload.Type{Kind: schemaload.KindString, Format: "uuid"}
		}, GenVersion},
		{"format date-time", func(_ *schemaload.Spec, obj *schemaload.Type) {
			obj.Fields[0].Type = &schemaload.Type{Kind: schemaload.KindString, Format: "date-time"}
		}, baseContract},
		{"an enum of strings", func(_ *schemaload.Spec, obj *schemaload.Type) {
			obj.Fields[0].Type = &schemaload.Type{Kind: schemaload.KindString, Enum: []*schemaload.EnumValue{{Value: "a", GoName: "A"}}}
		}, baseContract},
	} {
		if got := edit(c.change); got != c.want {
			t.Errorf("%s: contract %d, want %d", c.name, got, c.want)
		}
	}
}
