package schemaload

import (
	"strconv"
	"testing"
	"time"
)

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

// TestSettleChecksRecursion checks types that recur through one another
// and through an unnamed array: every $ref in a check's schema is checked
// by the Check of the type it refers to, and every function called is
// declared.
func TestSettleChecksRecursion(t *testing.T) {
	a := &Type{GoName: "A", File: "x.json", Pointer: "/definitions/a", Kind: KindObject}
	b := &Type{GoName: "B", File: "x.json", Pointer: "/definitions/b", Kind: KindObject, Fields: []*Field{{JSONName: "a", Type: a}}}
	list := &Type{File: "x.json", Pointer: "/definitions/list", Kind: KindArray, Elem: a}
	a.Fields = []*Field{{JSONName: "b", Type: b}, {JSONName: "list", Type: list}}
	root := &Type{GoName: "Root", Kind: KindObject, Fields: []*Field{{JSONName: "list", Type: list}}}
	spec := &Spec{Types: []*Type{root, a, b}}
	spec.SettleGoTypes()
	byAt := map[string]*Type{}
	for _, ty := range []*Type{a, b, list} {
		byAt[ty.File+"#"+ty.Pointer] = ty
	}
	declared := map[string]bool{}
	for _, c := range spec.Checks {
		declared[c.Name] = true
	}
	refs := 0
	for _, c := range spec.Checks {
		for ptr, fn := range c.Calls {
			if !declared[fn] {
				t.Errorf("%s calls %s at %s, which is not declared", c.Name, fn, ptr)
			}
			sub := c.Schema.(map[string]any)
			toks, _ := pointerTokens(ptr)
			var s any = sub
			for _, tok := range toks {
				switch x := s.(type) {
				case map[string]any:
					s = x[tok]
				case []any:
					i, _ := strconv.Atoi(tok)
					s = x[i]
				}
			}
			if m, ok := s.(map[string]any); ok && m["$ref"] != nil {
				refs++
				if want := byAt[m["$ref"].(string)].Check; want == nil || fn != want.Name {
					t.Errorf("%s calls %s for %s, not its type's check", c.Name, fn, CanonicalJSON(m))
				}
			}
		}
	}
	if refs == 0 {
		t.Errorf("no $ref among the checks: %d checks", len(spec.Checks))
	}
}

// TestCheckNamerTake: take gives a base name, then the base with the
// smallest number from 2 that no name took, also when names of other
// bases took some of the numbers; 200,000 names alike are numbered in
// turn (trying every number from 2 again for each took hours).
func TestCheckNamerTake(t *testing.T) {
	n := &checkNamer{used: map[string]bool{}, next: map[string]int{}}
	for i, tc := range []struct{ base, want string }{
		{"checkA", "checkA"},
		{"checkA", "checkA2"},
		{"checkA3", "checkA3"},
		{"checkA", "checkA4"},
		{"checkA1", "checkA1"},
		{"checkA1", "checkA12"},
		{"checkA", "checkA5"},
		{"checkA", "checkA6"},
		{"checkA", "checkA7"},
		{"checkA", "checkA8"},
		{"checkA", "checkA9"},
		{"checkA", "checkA10"},
		{"checkA", "checkA11"},
		{"checkA", "checkA13"},
	} {
		if got := n.take(tc.base); got != tc.want {
			t.Fatalf("take %d (%s) = %s, want %s", i, tc.base, got, tc.want)
		}
	}
	done := make(chan string, 1)
	go func() {
		last := ""
		for range 200000 {
			last = n.take("checkB")
		}
		done <- last
	}()
	select {
	case last := <-done:
		if last != "checkB200000" {
			t.Errorf("the last of 200,000 names is %s", last)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("200,000 names have not been taken after 30 s")
	}
}
