package specdiff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/schemaload"
)

// base returns a small spec: three codes, one details shape with an enum, a
// bounded number and a string list, with its Go types settled. Every call
// returns fresh values; a test that changes them settles them again.
func base() *schemaload.Spec {
	str := func() *schemaload.Type { return &schemaload.Type{Kind: schemaload.KindString} }
	zero := 0.0
	scope := &schemaload.Type{GoName: "RateLimitedDetailsScope", Kind: schemaload.KindString, Enum: []*schemaload.EnumValue{
		{Value: "account", GoName: "RateLimitedDetailsScopeAccount"},
		{Value: "tool", GoName: "RateLimitedDetailsScopeTool"},
	}}
	details := &schemaload.Type{GoName: "RateLimitedDetails", Kind: schemaload.KindObject, Fields: []*schemaload.Field{
		{JSONName: "scope", GoName: "Scope", Type: scope, Required: true},
		{JSONName: "retry_after", GoName: "RetryAfter", Type: &schemaload.Type{Kind: schemaload.KindNumber, Minimum: &zero}},
		{JSONName: "tags", GoName: "Tags", Type: &schemaload.Type{Kind: schemaload.KindArray, Elem: str()}},
	}}
	errType := &schemaload.Type{GoName: "Error", Kind: schemaload.KindObject, Fields: []*schemaload.Field{
		{JSONName: "code", GoName: "Code", Type: str(), Required: true},
		{JSONName: "message", GoName: "Message", Type: str()},
		{JSONName: "details", GoName: "Details", Type: &schemaload.Type{Kind: schemaload.KindAny, Union: []string{"object"}}},
	}}
	shape := &schemaload.Shape{File: "error-details/rate-limited.json", Name: "rate-limited", Codes: []string{"RATE_LIMITED"}, Type: details}
	spec := &schemaload.Spec{
		Version:         "1.0.0",
		Error:           errType,
		Recoveries:      []string{"transient", "correctable", "terminal"},
		UnknownRecovery: "transient",
		Codes: []*schemaload.Code{
			{Value: "RATE_LIMITED", GoName: "CodeRateLimited", Recovery: "transient", RecoverySource: "enumMetadata", Suggestion: "wait", Shapes: []*schemaload.Shape{shape}},
			{Value: "INVALID_REQUEST", GoName: "CodeInvalidRequest", Recovery: "correctable", RecoverySource: "enumMetadata"},
			{Value: "AUTH_REQUIRED", GoName: "CodeAuthRequired", Recovery: "correctable", RecoverySource: "enumMetadata"},
		},
		Shapes: []*schemaload.Shape{shape},
		Types:  []*schemaload.Type{errType, details, scope},
	}
	spec.SettleGoTypes()
	return spec
}

func code(s *schemaload.Spec, v string) *schemaload.Code {
	for _, c := range s.Codes {
		if c.Value == v {
			return c
		}
	}
	panic("no code " + v)
}

func field(t *schemaload.Type, name string) *schemaload.Field {
	for _, f := range t.Fields {
		if f.JSONName == name {
			return f
		}
	}
	panic("no field " + name)
}

func details(s *schemaload.Spec) *schemaload.Type { return s.Shapes[0].Type }

func ptr[T any](v T) *T { return &v }

// want is the expected (kind, impact, subject) of one change.
type want struct {
	kind    Kind
	impact  Impact
	subject string
}

func TestCompare(t *testing.T) {
	tests := []struct {
		name   string
		change func(old, new *schemaload.Spec)
		want   []want
	}{
		{"identical", func(old, new *schemaload.Spec) {}, nil},
		{"code added", func(old, new *schemaload.Spec) {
			new.Codes = append(new.Codes, &schemaload.Code{Value: "CONFLICT", GoName: "CodeConflict", Recovery: "correctable"})
		}, []want{{CodeAdded, None, "CONFLICT"}}},
		{"code removed", func(old, new *schemaload.Spec) {
			new.Codes = new.Codes[:2]
		}, []want{{CodeRemoved, Compile, "AUTH_REQUIRED"}}},
		{"recovery changed", func(old, new *schemaload.Spec) {
			code(new, "INVALID_REQUEST").Recovery = "terminal"
		}, []want{{RecoveryChanged, Behaviour, "INVALID_REQUEST"}}},
		{"recovery source changed", func(old, new *schemaload.Spec) {
			code(old, "INVALID_REQUEST").RecoverySource = "prose"
		}, []want{{RecoverySourceChanged, None, "INVALID_REQUEST"}}},
		{"suggestion changed", func(old, new *schemaload.Spec) {
			code(new, "RATE_LIMITED").Suggestion = "wait longer"
		}, []want{{SuggestionChanged, None, "RATE_LIMITED"}}},
		{"deprecated", func(old, new *schemaload.Spec) {
			code(new, "AUTH_REQUIRED").Deprecated = true
			code(new, "AUTH_REQUIRED").ReplacedBy = []string{"AUTH_MISSING"}
		}, []want{{CodeDeprecated, None, "AUTH_REQUIRED"}}},
		{"undeprecated", func(old, new *schemaload.Spec) {
			code(old, "AUTH_REQUIRED").Deprecated = true
		}, []want{{CodeUndeprecated, None, "AUTH_REQUIRED"}}},
		{"replacement changed", func(old, new *schemaload.Spec) {
			code(old, "AUTH_REQUIRED").Deprecated = true
			code(new, "AUTH_REQUIRED").Deprecated = true
			code(new, "AUTH_REQUIRED").ReplacedBy = []string{"AUTH_MISSING"}
		}, []want{{ReplacedByChanged, None, "AUTH_REQUIRED"}}},
		{"advisory changed", func(old, new *schemaload.Spec) {
			code(new, "INVALID_REQUEST").Advisory = true
		}, []want{{AdvisoryChanged, Behaviour, "INVALID_REQUEST"}}},
		{"shape added", func(old, new *schemaload.Spec) {
			typ := &schemaload.Type{GoName: "ConflictDetails", Kind: schemaload.KindObject}
			new.Shapes = append(new.Shapes, &schemaload.Shape{Name: "conflict", Codes: []string{"CONFLICT"}, Type: typ})
			new.Types = append(new.Types, typ)
		}, []want{{ShapeAdded, None, "conflict"}}},
		{"shape removed", func(old, new *schemaload.Spec) {
			new.Shapes, new.Types = nil, new.Types[:1]
			code(new, "RATE_LIMITED").Shapes = nil
		}, []want{{ShapeRemoved, Compile, "rate-limited"}, {TypeRemoved, Compile, "RateLimitedDetailsScope"}}},
		{"type added", func(old, new *schemaload.Spec) {
			field(details(new), "tags").Type.Elem = &schemaload.Type{GoName: "Tag", Kind: schemaload.KindString}
		}, []want{{TypeAdded, None, "Tag"}, {FieldRetyped, Compile, "RateLimitedDetails.tags"}}},
		{"type kind changed", func(old, new *schemaload.Spec) {
			new.Types[2].Kind = schemaload.KindInteger
		}, []want{{TypeKindChanged, Compile, "RateLimitedDetailsScope"}, {FieldRetyped, Compile, "RateLimitedDetails.scope"}}},
		{"optional field added", func(old, new *schemaload.Spec) {
			new.Error.Fields = append(new.Error.Fields, &schemaload.Field{JSONName: "field", GoName: "Field", Type: &schemaload.Type{Kind: schemaload.KindString}})
		}, []want{{FieldAdded, None, "Error.field"}}},
		{"required field added", func(old, new *schemaload.Spec) {
			new.Error.Fields = append(new.Error.Fields, &schemaload.Field{JSONName: "field", GoName: "Field", Required: true, Type: &schemaload.Type{Kind: schemaload.KindString}})
		}, []want{{FieldAdded, Validation, "Error.field"}}},
		{"field removed", func(old, new *schemaload.Spec) {
			new.Error.Fields = new.Error.Fields[:2]
		}, []want{{FieldRemoved, Compile, "Error.details"}}},
		{"field retyped", func(old, new *schemaload.Spec) {
			field(details(new), "retry_after").Type = &schemaload.Type{Kind: schemaload.KindInteger, Minimum: ptr(0.0)}
		}, []want{{FieldRetyped, Compile, "RateLimitedDetails.retry_after"}}},
		{"field made required", func(old, new *schemaload.Spec) {
			field(new.Error, "message").Required = true
		}, []want{{FieldRequired, Validation, "Error.message"}}},
		{"field made optional", func(old, new *schemaload.Spec) {
			field(new.Error, "code").Required = false
		}, []want{{FieldOptional, None, "Error.code"}}},
		{"field nullable", func(old, new *schemaload.Spec) {
			field(new.Error, "message").Nullable = true
		}, []want{{FieldNullable, None, "Error.message"}, {FieldRetyped, Compile, "Error.message"}}},
		{"field not nullable", func(old, new *schemaload.Spec) {
			field(old.Error, "message").Nullable = true
		}, []want{{FieldNotNullable, Validation, "Error.message"}, {FieldRetyped, Compile, "Error.message"}}},
		{"nullable union", func(old, new *schemaload.Spec) {
			field(new.Error, "details").Nullable = true
		}, []want{{FieldNullable, None, "Error.details"}}},
		{"optional number made required", func(old, new *schemaload.Spec) {
			f := field(details(new), "retry_after")
			f.Required = true
			f.Type.Minimum = ptr(1.0)
		}, []want{{FieldRequired, Validation, "RateLimitedDetails.retry_after"}, {FieldRetyped, Compile, "RateLimitedDetails.retry_after"},
			{ConstraintChanged, Validation, "RateLimitedDetails.retry_after"}}},
		{"field deprecated", func(old, new *schemaload.Spec) {
			field(new.Error, "message").Deprecated = true
		}, []want{{FieldDeprecated, None, "Error.message"}}},
		{"field undeprecated", func(old, new *schemaload.Spec) {
			field(old.Error, "message").Deprecated = true
		}, []want{{FieldUndeprecated, None, "Error.message"}}},
		{"enum value added", func(old, new *schemaload.Spec) {
			new.Types[2].Enum = append(new.Types[2].Enum, &schemaload.EnumValue{Value: "global", GoName: "RateLimitedDetailsScopeGlobal"})
		}, []want{{EnumValueAdded, None, "RateLimitedDetailsScope"}}},
		{"enum value added to a list that holds null", func(old, new *schemaload.Spec) {
			old.Types[2].EnumJSON = []json.RawMessage{json.RawMessage(`"account"`), json.RawMessage(`null`)}
			new.Types[2].Enum = append(new.Types[2].Enum, &schemaload.EnumValue{Value: "global", GoName: "RateLimitedDetailsScopeGlobal"})
			new.Types[2].EnumJSON = []json.RawMessage{json.RawMessage(`"account"`), json.RawMessage(`"global"`), json.RawMessage(`null`)}
		}, []want{{EnumValueAdded, None, "RateLimitedDetailsScope"}}},
		{"enum value removed", func(old, new *schemaload.Spec) {
			new.Types[2].Enum = new.Types[2].Enum[:1]
		}, []want{{EnumValueRemoved, Compile, "RateLimitedDetailsScope"}}},
		{"enum opened", func(old, new *schemaload.Spec) {
			new.Types[2].OpenEnum = true
		}, []want{{EnumOpened, None, "RateLimitedDetailsScope"}}},
		{"enum closed", func(old, new *schemaload.Spec) {
			old.Types[2].OpenEnum = true
		}, []want{{EnumClosed, Validation, "RateLimitedDetailsScope"}}},
		{"object closed", func(old, new *schemaload.Spec) {
			details(new).Closed = true
		}, []want{{ObjectClosed, Validation, "RateLimitedDetails"}}},
		{"object opened", func(old, new *schemaload.Spec) {
			details(old).Closed = true
		}, []want{{ObjectOpened, None, "RateLimitedDetails"}}},
		{"bound tightened", func(old, new *schemaload.Spec) {
			field(details(new), "retry_after").Type.Minimum = ptr(1.0)
		}, []want{{ConstraintChanged, Validation, "RateLimitedDetails.retry_after"}}},
		{"bound relaxed", func(old, new *schemaload.Spec) {
			field(details(new), "retry_after").Type.Minimum = ptr(-1.0)
		}, []want{{ConstraintChanged, None, "RateLimitedDetails.retry_after"}}},
		{"bound dropped", func(old, new *schemaload.Spec) {
			field(details(new), "retry_after").Type.Minimum = nil
		}, []want{{ConstraintChanged, None, "RateLimitedDetails.retry_after"}}},
		{"upper bound added", func(old, new *schemaload.Spec) {
			field(details(new), "retry_after").Type.Maximum = ptr(3600.0)
		}, []want{{ConstraintChanged, Validation, "RateLimitedDetails.retry_after"}}},
		{"upper bound raised", func(old, new *schemaload.Spec) {
			field(details(old), "tags").Type.MaxItems = ptr(2)
			field(details(new), "tags").Type.MaxItems = ptr(3)
		}, []want{{ConstraintChanged, None, "RateLimitedDetails.tags"}}},
		{"item pattern added", func(old, new *schemaload.Spec) {
			field(details(new), "tags").Type.Elem.Pattern = "^[a-z]+$"
		}, []want{{ConstraintChanged, Validation, "RateLimitedDetails.tags[]"}}},
		{"pattern dropped", func(old, new *schemaload.Spec) {
			field(old.Error, "code").Type.Pattern = "^[A-Z_]+$"
		}, []want{{ConstraintChanged, None, "Error.code"}}},
		{"const changed", func(old, new *schemaload.Spec) {
			field(old.Error, "code").Type.Const = json.RawMessage(`"A"`)
			field(new.Error, "code").Type.Const = json.RawMessage(`"B"`)
		}, []want{{ConstraintChanged, Validation, "Error.code"}}},
		{"unique items", func(old, new *schemaload.Spec) {
			field(details(new), "tags").Type.UniqueItems = true
		}, []want{{ConstraintChanged, Validation, "RateLimitedDetails.tags"}}},
		{"enum of numbers added", func(old, new *schemaload.Spec) {
			field(details(new), "retry_after").Type.EnumJSON = []json.RawMessage{json.RawMessage(`1`), json.RawMessage(`2`)}
		}, []want{{ConstraintChanged, Validation, "RateLimitedDetails.retry_after"}}},
		{"enum of numbers dropped", func(old, new *schemaload.Spec) {
			field(details(old), "retry_after").Type.EnumJSON = []json.RawMessage{json.RawMessage(`1`)}
		}, []want{{ConstraintChanged, None, "RateLimitedDetails.retry_after"}}},
		{"type keyword added", func(old, new *schemaload.Spec) {
			field(details(old), "tags").Type.Untyped = true
		}, []want{{ConstraintChanged, Validation, "RateLimitedDetails.tags"}}},
		{"type keyword dropped", func(old, new *schemaload.Spec) {
			field(details(new), "tags").Type.Untyped = true
		}, []want{{ConstraintChanged, None, "RateLimitedDetails.tags"}}},
		{"constraint added and dropped", func(old, new *schemaload.Spec) {
			details(old).Constraints = []schemaload.Constraint{{Pointer: "/allOf/0", Schema: json.RawMessage(`{"required":["a"]}`)}}
			details(new).Constraints = []schemaload.Constraint{{Pointer: "/allOf/0", Schema: json.RawMessage(`{"required":["b"]}`)}}
		}, []want{{ConstraintChanged, None, "RateLimitedDetails"}, {ConstraintChanged, Validation, "RateLimitedDetails"}}},
		{"constraint moved", func(old, new *schemaload.Spec) {
			details(old).Constraints = []schemaload.Constraint{{Pointer: "/allOf/0", Schema: json.RawMessage(`{"required":["a"]}`)}}
			details(new).Constraints = []schemaload.Constraint{{Pointer: "/allOf/1", Schema: json.RawMessage(`{"required":["a"]}`)}}
		}, nil},
		{"union widened and narrowed", func(old, new *schemaload.Spec) {
			field(new.Error, "details").Type.Union = []string{"string"}
		}, []want{{UnionMemberAdded, None, "Error.details"}, {UnionMemberRemoved, Validation, "Error.details"}}},
		{"unknown recovery policy", func(old, new *schemaload.Spec) {
			old.UnknownRecovery = ""
		}, []want{{UnknownRecoveryChanged, Behaviour, "default_unknown_recovery"}}},
		// A source tree states no policy (its manifest.json is built at
		// release): unknown against a value is no change, either way.
		{"unknown recovery policy of a source tree", func(old, new *schemaload.Spec) {
			new.Source, new.UnknownRecovery = true, ""
		}, nil},
		{"unknown recovery policy, from a source tree", func(old, new *schemaload.Spec) {
			old.Source, old.UnknownRecovery = true, ""
		}, nil},
		{"a source tree that states a policy", func(old, new *schemaload.Spec) {
			old.Source, new.Source, new.UnknownRecovery = true, true, "terminal"
		}, []want{{UnknownRecoveryChanged, Behaviour, "default_unknown_recovery"}}},
		{"fixed type gains a value", func(old, new *schemaload.Spec) {
			for i, s := range []*schemaload.Spec{old, new} {
				rec := &schemaload.Type{GoName: "Recovery", Kind: schemaload.KindString, Fixed: true}
				for _, v := range []string{"transient", "terminal"}[:i+1] {
					rec.Enum = append(rec.Enum, &schemaload.EnumValue{Value: v, GoName: "Recovery" + v})
				}
				s.Error.Fields = append(s.Error.Fields, &schemaload.Field{JSONName: "recovery", GoName: "Recovery", Type: rec})
			}
		}, nil},
		{"fixed type appears", func(old, new *schemaload.Spec) {
			new.Error.Fields = append(new.Error.Fields, &schemaload.Field{JSONName: "recovery", GoName: "Recovery",
				Type: &schemaload.Type{GoName: "Recovery", Kind: schemaload.KindString, Fixed: true}})
		}, []want{{FieldAdded, None, "Error.recovery"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old, new := base(), base()
			new.Version = "1.1.0"
			tt.change(old, new)
			old.SettleGoTypes()
			new.SettleGoTypes()
			r := Compare(old, new)
			if r.Old != "1.0.0" || r.New != "1.1.0" {
				t.Errorf("versions %q → %q", r.Old, r.New)
			}
			var got []want
			for _, c := range r.Changes {
				got = append(got, want{c.Kind, c.Impact, c.Subject})
			}
			if fmt.Sprint(got) != fmt.Sprint(sortWants(tt.want)) {
				t.Errorf("changes:\n got %v\nwant %v\n%s", got, sortWants(tt.want), r.Markdown())
			}
			breaking := false
			for _, w := range tt.want {
				breaking = breaking || w.impact != None
			}
			if r.Breaking() != breaking {
				t.Errorf("Breaking() = %v, want %v", r.Breaking(), breaking)
			}
		})
	}
}

// sortWants orders expectations the way a report orders changes.
func sortWants(ws []want) []want {
	cs := make([]Change, len(ws))
	for i, w := range ws {
		cs[i] = Change{Kind: w.kind, Impact: w.impact, Subject: w.subject}
	}
	sortChanges(cs)
	var out []want
	for _, c := range cs {
		out = append(out, want{c.Kind, c.Impact, c.Subject})
	}
	return out
}

func TestKindsHaveLabels(t *testing.T) {
	for k := Kind(0); k < numKinds; k++ {
		if kindInfo[k].label == "" {
			t.Errorf("Kind %d has no label", int(k))
		}
	}
}

func TestMarkdown(t *testing.T) {
	old, new := base(), base()
	new.Version = "1.1.0"
	new.Codes = append(new.Codes[:2], &schemaload.Code{Value: "PIPE|CODE", GoName: "CodePipeCode", Recovery: "terminal"})
	code(new, "RATE_LIMITED").Suggestion = "wait\nthen retry"
	md := string(Compare(old, new).Markdown())
	for _, s := range []string{
		"# AdCP 1.0.0 → 1.1.0: changes for Go users\n",
		"**Breaking.** 1 of 3 changes break code written against 1.0.0 (compile 1, validation 0, behaviour 0).",
		"\n\nA change is **breaking** when code written against the package generated from the old version may stop working: ",
		"Additions, deprecations, relaxed constraints and changed suggestions are not breaking.\n\n",
		"## Breaking changes\n\n| Breaks | Change | Subject | Go | Before | After |\n| --- | --- | --- | --- | --- | --- |\n" +
			"| compile | code removed | `AUTH_REQUIRED` | `CodeAuthRequired` | `recovery correctable` |  |\n",
		"### Codes\n\n",
		"| code added | `PIPE\\|CODE` | `CodePipeCode` |  | `recovery terminal` |\n",
		"| suggestion changed | `RATE_LIMITED` | `CodeRateLimited` | wait | wait<br>then retry |\n",
	} {
		if !strings.Contains(md, s) {
			t.Errorf("Markdown lacks %q:\n%s", s, md)
		}
	}
	if !bytes.Equal(Compare(old, new).Markdown(), []byte(md)) {
		t.Error("Markdown is not deterministic")
	}

	same := string(Compare(base(), base()).Markdown())
	if !strings.Contains(same, "**Not breaking.** No change.") || strings.Contains(same, "##") {
		t.Errorf("report of no change:\n%s", same)
	}
	add := base()
	add.Codes = append(add.Codes, &schemaload.Code{Value: "X", GoName: "CodeX", Recovery: "terminal"})
	if md := string(Compare(base(), add).Markdown()); !strings.Contains(md, "**Not breaking.** 1 changes, none breaks") || strings.Contains(md, "## Breaking") {
		t.Errorf("report of an addition:\n%s", md)
	}
}

// TestCompareOrderIndependent checks that the report does not depend on the
// order of codes, shapes and types in the specs.
func TestCompareOrderIndependent(t *testing.T) {
	old, new := base(), base()
	new.Codes = []*schemaload.Code{{Value: "Z", GoName: "CodeZ"}, {Value: "A", GoName: "CodeA"}}
	field(new.Error, "message").Required = true
	new.SettleGoTypes()
	a := Compare(old, new).Markdown()
	for i, j := 0, len(new.Types)-1; i < j; i, j = i+1, j-1 {
		new.Types[i], new.Types[j] = new.Types[j], new.Types[i]
	}
	new.Codes[0], new.Codes[1] = new.Codes[1], new.Codes[0]
	old.Codes[0], old.Codes[2] = old.Codes[2], old.Codes[0]
	if b := Compare(old, new).Markdown(); !bytes.Equal(a, b) {
		t.Errorf("report depends on order:\n%s\n---\n%s", a, b)
	}
}

func TestSummary(t *testing.T) {
	old, new := base(), base()
	old.Version, new.Version = "1.0.0", "1.1.0"
	new.Codes = new.Codes[1:]
	code(new, "INVALID_REQUEST").Recovery = "terminal"
	got := Compare(old, new).Summary()
	want := "1.0.0 -> 1.1.0: codes +0 -1, recovery changes 1, shapes +0 -0, changes 2, BREAKING (compile 1, validation 0, behaviour 1)"
	if got != want {
		t.Errorf("Summary() =\n %q\nwant\n %q", got, want)
	}
}
