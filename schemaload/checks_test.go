package schemaload

import "testing"

// TestCheckConstraint checks which constraints kept as written are given
// a check function: a keyword checks lack refuses the constraint (validate
// then says it does not check it), a member named like that keyword does
// not. The constraints are valid draft-07, as schemaload makes sure.
func TestCheckConstraint(t *testing.T) {
	for _, c := range []struct {
		schema string
		ok     bool
	}{
		{`{"properties":{"pattern":true,"$ref":true,"contains":true},"additionalProperties":false}`, true},
		{`{"anyOf":[{"required":["pattern"]},{"required":["b"]}]}`, true},
		{`{"properties":{"a":{"type":"string","pattern":"^x"}}}`, false},
		{`{"properties":{"pattern":{"$ref":"#/x"}}}`, false},
		{`{"if":{"required":["a"]},"then":{"patternProperties":{"x":true}}}`, false},
		{`{"additionalProperties":{"type":"integer"}}`, true},
		{`{"items":[{"type":"integer"}]}`, false},
		{`{"properties":{"a":{"format":"date-time"},"b":{"format":"color"}}}`, false},
	} {
		if err := checkSchema(decodeJSON([]byte(c.schema))); (err == nil) != c.ok {
			t.Errorf("checkSchema(%s) = %v, want ok %v", c.schema, err, c.ok)
		}
	}
}

// TestSettleChecks checks the names SettleGoTypes gives check functions
// and pattern variables: a named type's schema is named for the type
// wherever it is met, a schema of nothing but a type for the type, any
// other for the member that leads to it; a type met inside its own schema
// is referred to where it is defined and checked there by its own check;
// settling again gives the same checks.
func TestSettleChecks(t *testing.T) {
	tag := &Type{Kind: KindString, Pattern: "^a", GoPattern: "^a"}
	item := &Type{GoName: "Item", Kind: KindObject, Fields: []*Field{{JSONName: "tag", Type: tag}}}
	node := &Type{GoName: "Node", Kind: KindObject}
	node.Fields = []*Field{{JSONName: "next", Type: node}}
	// XDetailsTags is also the name the tags array's check would take.
	tagT := &Type{GoName: "XDetailsTags", Kind: KindObject, Fields: []*Field{{JSONName: "n", Type: &Type{Kind: KindInteger}}}}
	details := &Type{GoName: "XDetails", Kind: KindObject, Fields: []*Field{
		{JSONName: "items", Type: &Type{Kind: KindArray, Elem: item}},
		{JSONName: "tags", Type: &Type{Kind: KindArray, Elem: tagT}},
		{JSONName: "on", Type: &Type{Kind: KindBoolean}},
		{JSONName: "off", Type: &Type{Kind: KindBoolean}},
	}}
	spec := &Spec{Shapes: []*Shape{{Type: details}}, Types: []*Type{details, item, tagT, node}}
	for range 2 {
		spec.SettleGoTypes()
		checks := map[string]*Check{}
		for _, c := range spec.Checks {
			if checks[c.Name] != nil {
				t.Fatalf("two checks named %s", c.Name)
			}
			checks[c.Name] = c
		}
		for _, c := range []struct {
			check, ptr, want string
		}{
			{"checkXDetails", "/properties/items", "checkXDetailsItems"},
			{"checkXDetails", "/properties/on", "checkTypeBoolean"},
			{"checkXDetails", "/properties/off", "checkTypeBoolean"},
			{"checkXDetailsItems", "/items", "checkItem"},
			{"checkXDetails", "/properties/tags", "checkXDetailsTags2"},
			{"checkXDetailsTags2", "/items", "checkXDetailsTags"},
			{"checkItem", "/properties/tag", "checkItemTag"},
			{"checkNode", "/properties/next", "checkNode"},
		} {
			if checks[c.check] == nil {
				t.Fatalf("no check %s among %d", c.check, len(spec.Checks))
			}
			if got := checks[c.check].Calls[c.ptr]; got != c.want {
				t.Errorf("%s calls %q at %s, want %q", c.check, got, c.ptr, c.want)
			}
		}
		if details.Check != spec.Checks[0] || item.Check != checks["checkItem"] || node.Check != checks["checkNode"] {
			t.Errorf("the types' checks are %s, %s, %s", details.Check.Name, item.Check.Name, node.Check.Name)
		}
		if got, want := CanonicalJSON(node.Check.Schema), `{"properties":{"next":{"$ref":"#"}},"type":"object"}`; got != want {
			t.Errorf("recursive type's schema %s, want %s", got, want)
		}
		if got := checks["checkItemTag"].Pattern; got != "detailsPattern0" || len(spec.Patterns) != 1 || spec.Patterns[0] != (Pattern{got, "^a"}) {
			t.Errorf("pattern %q, patterns %v", got, spec.Patterns)
		}
		if len(spec.Checks) != 9 {
			t.Errorf("%d checks, want 9", len(spec.Checks))
		}
	}
}
