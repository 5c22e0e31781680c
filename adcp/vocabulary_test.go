package adcp

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// rules30 are error rules in the manner of AdCP 3.0's core/error.json, which
// declares neither issues nor source and sdk_id: DefaultErrorRules without
// those members. closed30 are the same rules with additionalProperties
// false.
func rules30(closed bool) ErrorRules {
	r := DefaultErrorRules
	r.Members = []string{"code", "message", "field", "suggestion", "retry_after", "details", "recovery"}
	r.Sources = nil
	r.Issue = IssueRules{}
	r.Closed = closed
	return r
}

// TestErrorRulesValidate checks that Vocabulary.Validate applies the rules
// of its version: each row is an error, decoded from JSON or built in Go,
// and the exact violations expected ("pointer: message"), none for a valid
// error.
func TestErrorRulesValidate(t *testing.T) {
	v32 := MustVocabulary(VocabularyConfig{SpecVersion: "3.2.0", Rules: DefaultErrorRules})
	v30 := MustVocabulary(VocabularyConfig{SpecVersion: "3.0.0", Rules: rules30(false)})
	v30closed := MustVocabulary(VocabularyConfig{SpecVersion: "3.0.0-closed", Rules: rules30(true)})
	nullable := MustVocabulary(VocabularyConfig{Rules: func() ErrorRules { r := DefaultErrorRules; r.Nullable = []string{"sdk_id"}; return r }()})
	const issue = `{"pointer":"/a","message":"m","keyword":"required"}`
	tests := []struct {
		name  string
		v     *Vocabulary
		json  string // the error on the wire, or
		built *Error // an error built in Go
		want  []string
	}{
		{name: "valid", v: v32, json: `{"code":"RATE_LIMITED","message":"m","retry_after":5,"recovery":"transient","source":"sdk","sdk_id":"a@1","issues":[` + issue + `],"details":{}}`},
		{name: "nil vocabulary: the default rules", v: nil, json: `{"code":"X","message":"m","recovery":"transient"}`},

		// recovery
		{name: "recovery outside the enum", v: v32, json: `{"code":"X","message":"m","recovery":"deferred"}`,
			want: []string{`/recovery: value "deferred" is not allowed`}},
		{name: "recovery outside the enum, nil vocabulary", v: nil, json: `{"code":"X","message":"m","recovery":"later"}`,
			want: []string{`/recovery: value "later" is not allowed`}},
		{name: "recovery outside the enum, built", v: v32, built: &Error{Code: "X", Message: "m", Recovery: "deferred"},
			want: []string{`/recovery: value "deferred" is not allowed`}},
		{name: "recovery not a string", v: v32, json: `{"code":"X","message":"m","recovery":["transient"]}`,
			want: []string{`/recovery: invalid value ["transient"]`}},
		{name: "recovery outside the enum, any string allowed", v: MustVocabulary(VocabularyConfig{Rules: func() ErrorRules { r := DefaultErrorRules; r.Recoveries = nil; return r }()}),
			json: `{"code":"X","message":"m","recovery":"deferred"}`},

		// A member the schema lets be null (ErrorRules.Nullable): a null,
		// kept raw because the typed field cannot hold it, is valid; any
		// other value that does not fit is not, nor is null elsewhere.
		{name: "sdk_id null, not nullable", v: v32, json: `{"code":"X","message":"m","sdk_id":null}`,
			want: []string{"/sdk_id: invalid value null"}},
		{name: "sdk_id null, nullable", v: nullable, json: `{"code":"X","message":"m","sdk_id":null}`},
		{name: "sdk_id null with spaces, nullable", v: nullable, json: `{"code":"X","message":"m","sdk_id": null }`},
		{name: "sdk_id a number, nullable", v: nullable, json: `{"code":"X","message":"m","sdk_id":5}`,
			want: []string{"/sdk_id: invalid value 5"}},
		{name: "field null, sdk_id nullable", v: nullable, json: `{"code":"X","message":"m","field":null}`,
			want: []string{"/field: invalid value null"}},
		{name: "message null, nullable and required", v: MustVocabulary(VocabularyConfig{Rules: func() ErrorRules { r := DefaultErrorRules; r.Nullable = []string{"message"}; return r }()}),
			json: `{"code":"X","message":null}`},
		{name: "issue message null, nullable", v: MustVocabulary(VocabularyConfig{Rules: func() ErrorRules { r := DefaultErrorRules; r.Issue.Nullable = []string{"message"}; return r }()}),
			json: `{"code":"X","message":"m","issues":[{"pointer":"/a","message":null,"keyword":"required"}]}`},

		// message
		{name: "missing message", v: v32, json: `{"code":"X"}`,
			want: []string{"/message: required member missing"}},
		{name: "missing message and code", v: v32, json: `{"recovery":"terminal"}`,
			want: []string{"/code: required member missing", "/message: required member missing"}},
		{name: "message not a string", v: v32, json: `{"code":"X","message":7}`,
			want: []string{"/message: invalid value 7"}},
		{name: "missing message, 3.0 rules", v: v30, json: `{"code":"X"}`,
			want: []string{"/message: required member missing"}},
		{name: "message not required", v: MustVocabulary(VocabularyConfig{Rules: func() ErrorRules { r := DefaultErrorRules; r.Required = []string{"code"}; return r }()}),
			json: `{"code":"X"}`},

		// retry_after
		{name: "retry_after below 1", v: v32, json: `{"code":"X","message":"m","retry_after":0.5}`,
			want: []string{"/retry_after: less than 1"}},
		{name: "retry_after 0", v: v32, json: `{"code":"X","message":"m","retry_after":0}`,
			want: []string{"/retry_after: less than 1"}},
		{name: "retry_after negative", v: v32, json: `{"code":"X","message":"m","retry_after":-5}`,
			want: []string{"/retry_after: less than 1"}},
		{name: "retry_after above 3600", v: v32, json: `{"code":"X","message":"m","retry_after":86400}`,
			want: []string{"/retry_after: greater than 3600"}},
		{name: "retry_after above 3600, built", v: v32, built: &Error{Code: "X", Message: "m", RetryAfter: floatPtr(3600.5)},
			want: []string{"/retry_after: greater than 3600"}},
		{name: "retry_after at the lower bound", v: v32, json: `{"code":"X","message":"m","retry_after":1}`},
		{name: "retry_after at the upper bound", v: v32, json: `{"code":"X","message":"m","retry_after":3600}`},
		{name: "retry_after too large for float64", v: v32, json: `{"code":"X","message":"m","retry_after":1e400}`,
			want: []string{"/retry_after: greater than 3600"}},
		{name: "retry_after a float64 would round to 3600", v: v32, json: `{"code":"X","message":"m","retry_after":3600.0000000000000001}`,
			want: []string{"/retry_after: greater than 3600"}},
		{name: "retry_after a float64 would round to 1", v: v32, json: `{"code":"X","message":"m","retry_after":0.99999999999999999999}`,
			want: []string{"/retry_after: less than 1"}},
		{name: "retry_after not a number", v: v32, json: `{"code":"X","message":"m","retry_after":"5"}`,
			want: []string{`/retry_after: invalid value "5"`}},

		// issues
		{name: "issue without pointer", v: v32, json: `{"code":"X","message":"m","issues":[{"message":"m","keyword":"required"}]}`,
			want: []string{"/issues/0/pointer: required member missing"}},
		{name: "second issue without pointer", v: v32, json: `{"code":"X","message":"m","issues":[` + issue + `,{"message":"m","keyword":"type"}]}`,
			want: []string{"/issues/1/pointer: required member missing"}},
		{name: "issue without pointer, message or keyword", v: v32, json: `{"code":"X","message":"m","issues":[{}]}`,
			want: []string{"/issues/0/pointer: required member missing", "/issues/0/message: required member missing", "/issues/0/keyword: required member missing"}},
		{name: "issue pointer not a string", v: v32, json: `{"code":"X","message":"m","issues":[{"pointer":1,"message":"m","keyword":"required"}]}`,
			want: []string{"/issues/0/pointer: invalid value 1"}},
		{name: "issue with an undeclared member: open", v: v32, json: `{"code":"X","message":"m","issues":[{"pointer":"/a","message":"m","keyword":"required","hint":1}]}`},

		// issues[].discriminator
		{name: "discriminator valid", v: v32, json: `{"code":"X","message":"m","issues":[{"pointer":"/a","message":"m","keyword":"const","discriminator":[{"property_name":"kind","value":"video"},{"property_name":"n","value":null}]}]}`},
		{name: "undeclared member in a discriminator entry", v: v32,
			built: &Error{Code: "X", Message: "m", Issues: []Issue{{Pointer: "/a", Message: "m", Keyword: "const",
				Discriminator: []IssueDiscriminator{{PropertyName: "kind", Value: json.RawMessage(`"video"`), Extra: map[string]json.RawMessage{"x_extra": json.RawMessage(`1`)}}}}}},
			want: []string{"/issues/0/discriminator/0/x_extra: member not allowed"}},
		{name: "undeclared member in a discriminator entry, on the wire", v: v32,
			json: `{"code":"X","message":"m","issues":[{"pointer":"/a","message":"m","keyword":"const","discriminator":[{"property_name":"kind","value":"video","x_extra":1}]}]}`,
			// The entry decodes with the member kept in Extra; the version's
			// rule (closed) refuses it.
			want: []string{`/issues/0/discriminator/0/x_extra: member not allowed`}},
		{name: "discriminator value not a scalar", v: v32, json: `{"code":"X","message":"m","issues":[{"pointer":"/a","message":"m","keyword":"const","discriminator":[{"property_name":"kind","value":{"a":1}}]}]}`,
			want: []string{"/issues/0/discriminator/0/value: JSON object is not one of boolean, null, number, string"}},
		{name: "discriminator entry without value", v: v32, json: `{"code":"X","message":"m","issues":[{"pointer":"/a","message":"m","keyword":"const","discriminator":[{"property_name":"kind"}]}]}`,
			want: []string{"/issues/0/discriminator/0/value: required member missing"}},

		// a version that does not declare issues
		{name: "issues ignored by 3.0 rules", v: v30, json: `{"code":"X","message":"m","issues":[{"message":"no pointer"}]}`},
		{name: "ill-typed issues ignored by 3.0 rules", v: v30, json: `{"code":"X","message":"m","issues":5}`},
		{name: "issues ignored by 3.0 rules, built", v: v30, built: &Error{Code: "X", Message: "m", Issues: []Issue{{Message: "no pointer",
			Discriminator: []IssueDiscriminator{{PropertyName: "k", Value: json.RawMessage(`[]`), Extra: map[string]json.RawMessage{"x": json.RawMessage(`1`)}}}}}}},
		{name: "source ignored by 3.0 rules", v: v30, json: `{"code":"X","message":"m","source":"relay"}`},
		{name: "source checked by 3.2 rules", v: v32, json: `{"code":"X","message":"m","source":"relay"}`,
			want: []string{`/source: value "relay" is not allowed`}},
		{name: "3.0 rules still check what they declare", v: v30, json: `{"code":"X","message":"m","issues":[{}],"retry_after":0,"recovery":"deferred"}`,
			want: []string{"/retry_after: less than 1", `/recovery: value "deferred" is not allowed`}},
		{name: "issues not allowed by closed 3.0 rules", v: v30closed, json: `{"code":"X","message":"m","issues":[` + issue + `]}`,
			want: []string{"/issues: member not allowed"}},
		{name: "ill-typed issues not allowed by closed 3.0 rules", v: v30closed, json: `{"code":"X","message":"m","issues":5,"x_y":true}`,
			want: []string{"/issues: member not allowed", "/x_y: member not allowed"}},

		// the rest of the rules
		{name: "code too long", v: v32, json: `{"code":"` + strings.Repeat("é", 65) + `","message":"m"}`,
			want: []string{"/code: longer than 64 characters"}},
		{name: "code empty", v: v32, json: `{"code":"","message":"m"}`,
			want: []string{"/code: shorter than 1 characters"}},
		{name: "details not an object", v: v32, json: `{"code":"X","message":"m","details":[1]}`,
			want: []string{"/details: JSON array is not one of object"}},
		{name: "undeclared member of an open error", v: v32, json: `{"code":"X","message":"m","x_y":true}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := tt.built
			if e == nil {
				e = new(Error)
				if err := json.Unmarshal([]byte(tt.json), e); err != nil {
					t.Fatalf("decode: %v", err)
				}
			}
			err := tt.v.Validate(e)
			if len(tt.want) == 0 {
				if err != nil {
					t.Fatalf("Validate = %v, want nil", err)
				}
				return
			}
			var ve *ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("Validate = %v (%T), want a *ValidationError", err, err)
			}
			if ve.Type != "Error" || !reflect.DeepEqual(ve.Violations, tt.want) {
				t.Errorf("violations of %s %q\n got %q\nwant %q", ve.Type, tt.json, ve.Violations, tt.want)
			}
		})
	}
}
