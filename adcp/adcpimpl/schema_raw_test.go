package adcpimpl

import (
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// rawSchemas are schemas for TestSchemaRawMatchesDecoded and the seeds of
// FuzzSchemaRawMatchesDecoded: each keyword validateRaw checks in place, and
// each that sends it to validate (enum, const, the combinators, uniqueItems)
// at the root and below it.
var rawSchemas = []string{
	`{"type":"object","properties":{"limit":{"type":"number","minimum":0},"remaining":{"type":"integer","maximum":10},` +
		`"scope":{"type":"string","enum":["account","agent"]},"window_seconds":{"type":"integer","exclusiveMinimum":0}},` +
		`"required":["limit","gone"],"additionalProperties":false}`,
	`{"properties":{"a/b":{"type":"string","minLength":2,"maxLength":3,"pattern":"^x"},"~x":{"properties":{"y":{"type":["integer","null"]}}},` +
		`"arr":{"type":"array","items":{"type":"integer"},"minItems":1,"maxItems":2}},"required":["r/s","a/b"]}`,
	`{"properties":{"a":true,"b":false},"additionalProperties":{"type":"string","maxLength":1}}`,
	`{"type":"array","items":{"type":"object","properties":{"k":{"const":1}},"required":["k"]},"uniqueItems":true}`,
	`{"type":"array","items":{"type":"array","items":{"type":"string","format":"uri"}}}`,
	`{"anyOf":[{"type":"object","required":["a"]},{"type":"object","required":["b"]}],"properties":{"a":{"type":"string"}}}`,
	`{"properties":{"s":{"oneOf":[{"type":"string"},{"type":"integer"}]},"n":{"not":{"type":"null"}},` +
		`"i":{"if":{"type":"string"},"then":{"minLength":3},"else":{"type":"number"}},"e":{"enum":[{"a":1},[1,2],"x",null]}}}`,
	`{"$defs":{"N":{"type":"object","properties":{"next":{"$ref":"#/$defs/N"},"v":{"type":"number","maximum":1.5}},` +
		`"additionalProperties":false}},"$ref":"#/$defs/N"}`,
	`{"type":["object","array","string","number","boolean","null"]}`,
	`{"type":"string","pattern":"^x_[a-z]+$","patternNot":"^x_ab$"}`,
	`{"type":"integer","minimum":1,"maximum":9223372036854775808}`,
	`{"properties":{"é":{"type":"string"},"\ufffd":{"type":"integer"}},"additionalProperties":{"type":"boolean"}}`,
	`{}`, `true`, `false`,
}

// rawValues are the instances of TestSchemaRawMatchesDecoded: members
// repeated (the last counts), named with escapes and with invalid UTF-8,
// white space, nesting, and values of every JSON type.
var rawValues = []string{
	`{"limit":100,"remaining":0,"window_seconds":60,"scope":"account"}`,
	`{"limit":-1,"remaining":1.5,"window_seconds":0,"scope":"other","extra":1,"extra":2,"zz":{}}`,
	`{"limit":1,"limit":"x","lim\u0069t":-5," limit":1}`,
	` { "a/b" : "xy" , "~x" : { "y" : "no" } , "arr" : [ 1 , "z" , 3 ] , "q~" : 1 , "r/s" : null } `,
	`{"a/b":"\u0078\u0079\u007a","~x":{"y":null},"arr":[],"r/s":1}`,
	`{"a":5,"b":"x","c":"yy","c":"y","d":1}`,
	`[{"k":1},{"k":1.0},{"k":2},{},3]`, `[[["https://a.b","rel"],[]],"x"]`,
	`{"a":1,"b":2}`, `{"s":"x","n":null,"i":"ab","e":{"a":1.0}}`, `{"s":1.5,"n":1,"i":"abcd","e":[1,2]}`,
	`{"next":{"next":{"v":2,"w":1},"v":1},"v":"x"}`,
	`"x_ab"`, `"x_abc"`, `"\ud800"`, `1`, `1.0`, `1e400`, `-0`, `9223372036854775809`, `true`, `null`, `[]`, `{}`,
	`{"é":"a","\u00e9":1,"\ufffd":"x","` + "\xff" + `":2,"other":"x"}`,
}

// TestSchemaRawMatchesDecoded holds validateRaw to validate of the decoded
// value: the same violations, in the same order.
func TestSchemaRawMatchesDecoded(t *testing.T) {
	for _, s := range rawSchemas {
		if err := CompileSchema(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		for _, inst := range rawValues {
			checkRawMatchesDecoded(t, s, []byte(inst))
		}
	}
	// Each way out of the walk is taken, and the walk's own checks report.
	var v Validator
	v.Schema("/d", []byte(rawValues[1]), NewSchema(rawSchemas[0]), "")
	want := []string{
		`/d/limit: less than 0`, `/d/remaining: JSON number is not one of integer`, `/d/scope: value "other" is not allowed`,
		`/d/window_seconds: not greater than 0`, `/d/extra: member not allowed`, `/d/zz: member not allowed`,
		`/d/gone: required member missing`,
	}
	if got := strings.Join(v.list, "|"); got != strings.Join(want, "|") {
		t.Errorf("violations:\n%s\nwant\n%s", strings.Join(v.list, "\n"), strings.Join(want, "\n"))
	}
}

func checkRawMatchesDecoded(t *testing.T, schema string, raw []byte) {
	t.Helper()
	root, err := compileSchema(schema)
	if err != nil || !jsonwire.Valid(raw) {
		return
	}
	var got, want Validator
	root.validateRaw(&got, "/p", &rawText{b: raw, s: string(raw)}, jsonwire.Space(raw, 0))
	val, _ := decodeAny(raw)
	root.validate(&want, "/p", val)
	if strings.Join(got.list, "\n") != strings.Join(want.list, "\n") {
		t.Fatalf("schema %s, value %s:\nvalidateRaw\n\t%s\nvalidate\n\t%s", schema, raw,
			strings.Join(got.list, "\n\t"), strings.Join(want.list, "\n\t"))
	}
}

func FuzzSchemaRawMatchesDecoded(f *testing.F) {
	for i, s := range rawSchemas {
		for j, v := range rawValues {
			if (i+j)%3 == 0 {
				f.Add(s, []byte(v))
			}
		}
	}
	f.Fuzz(func(t *testing.T, schema string, raw []byte) {
		if len(schema) > 4096 || len(raw) > 4096 {
			return
		}
		checkRawMatchesDecoded(t, schema, raw)
	})
}
