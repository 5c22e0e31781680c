package validationdiff

import (
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// formats are the formats generated validation asserts.
var formats = []string{"date", "time", "date-time", "uuid", "uri"}

// FuzzFormats compares the runtime's format checks with jsonschema's
// (draft-07, formats asserted) on any string: what each accepts.
func FuzzFormats(f *testing.F) {
	schemas := map[string]*jsonschema.Schema{}
	for _, format := range formats {
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft7)
		if err := c.AddResource(format+".json", map[string]any{"type": "string", "format": format}); err != nil {
			f.Fatal(err)
		}
		sch, err := c.Compile(format + ".json")
		if err != nil {
			f.Fatal(err)
		}
		schemas[format] = sch
	}
	for _, s := range []string{
		"2024-02-29", "2023-02-29", "0000-01-01", "+999-01-01", "2024-1-011",
		"12:34:56Z", "23:59:60Z", "00:00:60-00:01", "+1:34:56Z", "12:34:56z", "12:34:56,5Z", "1:34:56Z", "12:34:56+05:3:",
		"2024-02-29T23:59:60Z", "2024-02-29t00:30:60+00:31", "2024-02-29 12:00:00Z",
		"123e4567-e89b-12d3-a456-426614174000", "123e4567e89b12d3a456426614174000",
		"https://example.com/a?b#c", "urn:isbn:0451450523", "http://[::1]:80/", "http://::1/", "http://[fe80::1%25en0]/", "/relative",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, format := range formats {
			var v adcpimpl.Validator
			v.Format("", s, format)
			got, want := v.Result("x"), schemas[format].Validate(s)
			if (got == nil) != (want == nil) {
				t.Errorf("format %s, %q: runtime %v; jsonschema %v", format, s, got, want)
			}
		}
	})
}
