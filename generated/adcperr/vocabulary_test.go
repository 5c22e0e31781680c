package adcperr_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
)

// TestCodecShapesTable checks the generated vocabulary's details shapes
// against its codes table, both ways.
func TestCodecShapesTable(t *testing.T) {
	v := adcperr.Vocabulary
	shapes := v.Shapes()
	if len(shapes) == 0 {
		t.Fatal("no details shapes")
	}
	names := make([]string, 0, len(shapes))
	for _, s := range shapes {
		names = append(names, s.Name)
		if len(s.Codes) == 0 {
			t.Errorf("%s: no code carries it", s.Name)
		}
		for _, c := range s.Codes {
			info, ok := v.Info(c)
			if !ok {
				t.Errorf("%s: code %s is not standard", s.Name, c)
				continue
			}
			found := false
			for _, cs := range info.Shapes {
				found = found || cs == s
			}
			if !found {
				t.Errorf("%s: code %s does not list it", s.Name, c)
			}
		}
	}
	if !sort.StringsAreSorted(names) {
		t.Errorf("shapes not sorted: %v", names)
	}
	for _, c := range v.Codes() {
		info, _ := v.Info(c)
		for _, s := range info.Shapes {
			if !s.Carries(c) {
				t.Errorf("code %s lists %s, which does not name it", c, s.Name)
			}
		}
	}
}

// TestErrorCheck checks that Vocabulary.Validate applies the generated
// check of AdCP 3.2.0-beta.5's core/error.json: each row breaks one of its
// rules, or none, in an error decoded from JSON or built in Go, and lists
// the exact violations expected ("pointer: message").
func TestErrorCheck(t *testing.T) {
	const issue = `{"pointer":"/a","message":"m","keyword":"required"}`
	retry := func(f float64) *float64 { return &f }
	tests := []struct {
		name  string
		json  string      // the error on the wire, or
		built *adcp.Error // an error built in Go
		want  []string
	}{
		{name: "valid", json: `{"code":"RATE_LIMITED","message":"m","retry_after":5,"recovery":"transient","source":"sdk","sdk_id":"a@1","issues":[` + issue + `],"details":{}}`},
		{name: "undeclared member of an open error", json: `{"code":"X","message":"m","x_y":true}`},

		// code and message
		{name: "missing message", json: `{"code":"X"}`, want: []string{"/message: required member missing"}},
		{name: "missing message and code", json: `{"recovery":"terminal"}`,
			want: []string{"/code: required member missing", "/message: required member missing"}},
		{name: "message not a string", json: `{"code":"X","message":7}`, want: []string{"/message: JSON integer is not one of string"}},
		{name: "code too long", json: `{"code":"` + strings.Repeat("é", 65) + `","message":"m"}`, want: []string{"/code: longer than 64 characters"}},
		{name: "code empty", json: `{"code":"","message":"m"}`, want: []string{"/code: shorter than 1 characters"}},
		{name: "sdk_id null", json: `{"code":"X","message":"m","sdk_id":null}`, want: []string{"/sdk_id: JSON null is not one of string"}},

		// recovery, source, details
		{name: "recovery outside the enum", json: `{"code":"X","message":"m","recovery":"deferred"}`,
			want: []string{`/recovery: value "deferred" is not allowed`}},
		{name: "recovery outside the enum, built", built: &adcp.Error{Code: "X", Message: "m", Recovery: "deferred"},
			want: []string{`/recovery: value "deferred" is not allowed`}},
		{name: "recovery not a string", json: `{"code":"X","message":"m","recovery":["transient"]}`,
			want: []string{"/recovery: JSON array is not one of string"}},
		{name: "source outside the enum", json: `{"code":"X","message":"m","source":"relay"}`,
			want: []string{`/source: value "relay" is not allowed`}},
		{name: "details not an object", json: `{"code":"X","message":"m","details":[1]}`,
			want: []string{"/details: JSON array is not one of object"}},

		// retry_after, compared as written
		{name: "retry_after below 1", json: `{"code":"X","message":"m","retry_after":0.5}`, want: []string{"/retry_after: less than 1"}},
		{name: "retry_after negative", json: `{"code":"X","message":"m","retry_after":-5}`, want: []string{"/retry_after: less than 1"}},
		{name: "retry_after above 3600", json: `{"code":"X","message":"m","retry_after":86400}`, want: []string{"/retry_after: greater than 3600"}},
		{name: "retry_after above 3600, built", built: &adcp.Error{Code: "X", Message: "m", RetryAfter: retry(3600.5)},
			want: []string{"/retry_after: greater than 3600"}},
		{name: "retry_after at the upper bound", json: `{"code":"X","message":"m","retry_after":3600}`},
		{name: "retry_after too large for a float64", json: `{"code":"X","message":"m","retry_after":1e400}`,
			want: []string{"/retry_after: greater than 3600"}},
		{name: "retry_after a float64 would round to 3600", json: `{"code":"X","message":"m","retry_after":3600.0000000000000001}`,
			want: []string{"/retry_after: greater than 3600"}},
		{name: "retry_after a float64 would round to 1", json: `{"code":"X","message":"m","retry_after":0.99999999999999999999}`,
			want: []string{"/retry_after: less than 1"}},
		{name: "retry_after not a number", json: `{"code":"X","message":"m","retry_after":"5"}`,
			want: []string{"/retry_after: JSON string is not one of number"}},

		// issues[]
		{name: "second issue without pointer", json: `{"code":"X","message":"m","issues":[` + issue + `,{"message":"m","keyword":"type"}]}`,
			want: []string{"/issues/1/pointer: required member missing"}},
		{name: "issue without pointer, message or keyword", json: `{"code":"X","message":"m","issues":[{}]}`,
			want: []string{"/issues/0/pointer: required member missing", "/issues/0/message: required member missing", "/issues/0/keyword: required member missing"}},
		{name: "issue pointer not a string", json: `{"code":"X","message":"m","issues":[{"pointer":1,"message":"m","keyword":"required"}]}`,
			want: []string{"/issues/0/pointer: JSON integer is not one of string"}},
		{name: "issues not an array", json: `{"code":"X","message":"m","issues":5}`, want: []string{"/issues: JSON integer is not one of array"}},
		{name: "issue with an undeclared member: open", json: `{"code":"X","message":"m","issues":[{"pointer":"/a","message":"m","keyword":"required","hint":1}]}`},

		// issues[].discriminator[]
		{name: "discriminator valid", json: `{"code":"X","message":"m","issues":[{"pointer":"/a","message":"m","keyword":"const","discriminator":[{"property_name":"kind","value":"video"},{"property_name":"n","value":null}]}]}`},
		{name: "undeclared member in a discriminator entry",
			built: &adcp.Error{Code: "X", Message: "m", Issues: []adcp.Issue{{Pointer: "/a", Message: "m", Keyword: "const",
				Discriminator: []adcp.IssueDiscriminator{{PropertyName: "kind", Value: json.RawMessage(`"video"`), Extra: map[string]json.RawMessage{"x_extra": json.RawMessage(`1`)}}}}}},
			want: []string{"/issues/0/discriminator/0/x_extra: member not allowed"}},
		{name: "undeclared member in a discriminator entry, on the wire",
			json: `{"code":"X","message":"m","issues":[{"pointer":"/a","message":"m","keyword":"const","discriminator":[{"property_name":"kind","value":"video","x_extra":1}]}]}`,
			want: []string{"/issues/0/discriminator/0/x_extra: member not allowed"}},
		{name: "discriminator value not a scalar", json: `{"code":"X","message":"m","issues":[{"pointer":"/a","message":"m","keyword":"const","discriminator":[{"property_name":"kind","value":{"a":1}}]}]}`,
			want: []string{"/issues/0/discriminator/0/value: JSON object is not one of boolean, null, number, string"}},
		{name: "discriminator entry without value", json: `{"code":"X","message":"m","issues":[{"pointer":"/a","message":"m","keyword":"const","discriminator":[{"property_name":"kind"}]}]}`,
			want: []string{"/issues/0/discriminator/0/value: required member missing"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := tt.built
			if e == nil {
				e = new(adcp.Error)
				if err := json.Unmarshal([]byte(tt.json), e); err != nil {
					t.Fatalf("decode: %v", err)
				}
			}
			err := adcperr.Vocabulary.Validate(e)
			var got []string
			var ve *adcp.ValidationError
			if errors.As(err, &ve) {
				got = ve.Violations
			} else if err != nil {
				t.Fatalf("Validate = %v (%T), want a *ValidationError", err, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("violations\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}
