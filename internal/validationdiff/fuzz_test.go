package validationdiff

import (
	"regexp"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// fuzzSchemas are schemas of the run-time dialect generated validation
// checks (adcpimpl.Schema) that are also plain draft-07 with Go patterns:
// the ones generated for the published versions, and each keyword's edge.
var fuzzSchemas = []string{
	// 3.2 account-moved: current_account, an anyOf over two closed objects.
	`{"anyOf":[{"type":"object","properties":{"account_id":{"type":"string","minLength":1}},"required":["account_id"],"additionalProperties":false},{"type":"object","properties":{"brand":{"type":"object","properties":{"domain":{"type":"string","pattern":"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$"},"brand_id":{"type":"string","pattern":"^[a-z0-9_]+$"},"countries":{"type":"array","items":{"type":"string","pattern":"^[A-Z]{2}$"},"minItems":1,"uniqueItems":true}},"required":["domain"],"additionalProperties":false},"operator":{"type":"string"},"sandbox":{"type":"boolean"}},"required":["brand","operator"],"additionalProperties":false}]}`,
	// downstream-connection-requirement's conditional.
	`{"allOf":[{"if":{"properties":{"status":{"enum":["missing","pending","expired","revoked"]}},"required":["status"]},"then":{"anyOf":[{"required":["provider"]},{"required":["authorization_url"]}]}}]}`,
	// failure_kind: a oneOf of an enum and a pattern.
	`{"type":"string","oneOf":[{"enum":["alt_text_missing","other"]},{"maxLength":64,"pattern":"^x_[a-z0-9]+(?:_[a-z0-9]+)*$"}]}`,
	`{"type":"integer","minimum":1,"maximum":99}`,
	`{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":3600}`,
	`{"type":["number","string","null"]}`,
	`{"type":"array","items":{"type":"integer","minimum":1},"uniqueItems":true,"maxItems":3}`,
	`{"type":"string","format":"uri"}`,
	`{"type":"string","format":"date-time"}`,
	`{"enum":[1,"1",true,null,[1],{"a":1}]}`,
	`{"type":"object","properties":{"a":{"type":"string","minLength":2,"maxLength":4}},"required":["a"],"not":{"required":["b"]}}`,
	// const and enum on objects and arrays, and schemas without a type.
	`{"type":"object","properties":{"a":{"type":"integer"}},"const":{"a":1},"enum":[{"a":1},{"a":2}]}`,
	`{"type":"array","items":{"type":"number"},"enum":[[0.5,1e300],[]]}`,
	`{"pattern":"^a","maxLength":3}`,
	`{"properties":{"a":{"minimum":1}},"required":["a"]}`,
	`{"items":{"exclusiveMaximum":2},"maxItems":2}`,
	`{"type":"object","anyOf":[{"properties":{"p":{"type":"string"}},"required":["p"]},{"properties":{"q":{"minimum":0}},"required":["q"]}]}`,
	// The formats date, time and uuid.
	`{"type":"string","format":"uuid"}`,
	`{"type":"string","format":"date"}`,
	`{"type":"string","format":"time"}`,
	// additionalProperties as a schema (kept as a constraint).
	`{"properties":{"a":true},"additionalProperties":{"type":"integer","maximum":3}}`,
}

var hugeExponent = regexp.MustCompile(`[0-9][eE][+-]?0*[0-9]{4,}`)

// FuzzSchemaAgree checks the run-time schema checks of generated validation
// against santhosh-tekuri/jsonschema on any JSON instance.
func FuzzSchemaAgree(f *testing.F) {
	for _, s := range []string{`{"account_id":"a"}`, `{"status":"missing"}`, `"x_a_b"`, `1e400`, `3600.0000000000000001`,
		`"https://[::1]/x"`, `"2026-06-30T23:59:60Z"`, `"2024-02-29"`, `"23:59:60+01:00"`, `"123e4567-E89b-12d3-a456-426614174000"`, `[1,1.0]`, `{"a":"😀😀"}`, `{"brand":{"domain":"a.b"},"operator":"o"}`} {
		f.Add(s)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft7)
	var compiled []*jsonschema.Schema
	var ours []*adcpimpl.Schema
	for i, s := range fuzzSchemas {
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(s))
		if err != nil {
			f.Fatal(err)
		}
		url := "mem:///" + string(rune('a'+i)) + ".json"
		if err := c.AddResource(url, doc); err != nil {
			f.Fatal(err)
		}
		sch, err := c.Compile(url)
		if err != nil {
			f.Fatal(err)
		}
		if err := adcpimpl.CompileSchema(s); err != nil {
			f.Fatalf("%s: %v", s, err)
		}
		compiled = append(compiled, sch)
		ours = append(ours, adcpimpl.NewSchema(s))
	}
	f.Fuzz(func(t *testing.T, inst string) {
		if len(inst) > 4096 || hugeExponent.MatchString(inst) {
			return // jsonschema's big.Rat fails (and panics) on exponents like 1e2000000
		}
		val, err := jsonschema.UnmarshalJSON(strings.NewReader(inst))
		if err != nil {
			return
		}
		for i := range compiled {
			want := compiled[i].Validate(val) == nil
			var v adcpimpl.Validator
			v.Schema("", []byte(inst), ours[i], "")
			got := v.Result("T")
			if (got == nil) != want {
				t.Fatalf("schema %s, instance %s: jsonschema valid=%v, adcpimpl %v", fuzzSchemas[i], inst, want, got)
			}
		}
	})
}
