package emit

import (
	"regexp"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
	"github.com/adcp-gen/adcp-gen/internal/ecmaregexp"
	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/tools/txtar"
)

// harmlessWarnings are the loader's warnings about a details schema that
// leave its shape's schema data exact: what the Go type does not express
// but the schema data holds as written.
var harmlessWarnings = []string{
	"is not expressed in the Go type",
	"Validate checks",
	"they can never be present",
}

// hugeNumber is a number jsonschema's big.Rat cannot take (it panics on an
// exponent like 1e2000000).
var hugeNumber = regexp.MustCompile(`[0-9][eE][+-]?0*[0-9]{4,}`)

// FuzzShapeSchemaAgree puts a details schema (the first input) in place of
// one of schemaload's fixture and compares, on a JSON instance (the
// second), the schema data emit writes for the shape (what
// adcp.DetailsShape.Validate checks, and what the generated Validate
// agrees with: internal/validationdiff checks that) with
// santhosh-tekuri/jsonschema on the schema as written. A schema Load
// refuses, or one it warns may not be checked exactly, is skipped: every
// other must agree on every instance. It finds what the loader's model
// drops or bends (a keyword left out, a type assumed).
func FuzzShapeSchemaAgree(f *testing.F) {
	ar := fuzzArchive(f)
	for _, seed := range []struct{ schema, inst string }{
		{`{"type":"object","properties":{"a":{"type":"object","properties":{"x":{"type":"integer"}},"enum":[{"x":1}]}}}`, `{"a":{"x":2}}`},
		{`{"type":"object","properties":{"a":{"pattern":"^a","maxLength":2}},"required":["a"]}`, `{"a":5}`},
		{`{"type":"object","properties":{"a":{"type":"array","items":{"type":"integer"},"const":[1]}}}`, `{"a":[1.0]}`},
		{`{"type":"object","properties":{"a":{"type":["string","null"],"enum":["x",null]}}}`, `{"a":null}`},
		{`{"type":"object","properties":{"a":{"type":"object","additionalProperties":{"type":"string"}}}}`, `{"a":{"k":1}}`},
		{`{"type":"object","properties":{"a":{"type":"integer","const":9007199254740993}}}`, `{"a":9007199254740992}`},
		{`{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"string"}},"allOf":[{"properties":{"c":{"type":"string"}}}],"additionalProperties":false}}}`, `{"a":{"c":"x"}}`},
		{`{"type":"object","properties":{"a":false,"b":true,"c":{"minimum":1}}}`, `{"c":"x"}`},
	} {
		f.Add([]byte(seed.schema), []byte(seed.inst))
	}
	f.Fuzz(func(t *testing.T, schema, inst []byte) {
		if len(inst) > 4096 || hugeNumber.Match(inst) || hugeNumber.Match(schema) {
			return
		}
		val, err := jsonschema.UnmarshalJSON(strings.NewReader(string(inst)))
		if err != nil {
			return
		}
		spec := fuzzLoad(t, ar, schema)
		if spec == nil {
			return
		}
		for _, w := range spec.Warnings {
			if w.File == fuzzTarget && !harmless(w.Msg) {
				return
			}
		}
		var shape *schemaload.Type
		for _, s := range spec.Shapes {
			if s.File == fuzzTarget {
				shape = s.Type
			}
		}
		if shape == nil {
			return
		}
		g, err := newGen(spec, "fuzz")
		if err != nil {
			t.Fatalf("Load accepted the input, but: %v\ninput: %s", err, schema)
		}
		ss := g.shapeSchemas[shape]
		if len(ss.skipped) > 0 {
			return
		}
		sch, err := compileFixture(ar, spec.Version, schema)
		if err != nil {
			t.Fatalf("Load accepted the input, jsonschema did not: %v\ninput: %s", err, schema)
		}
		want := sch.Validate(val) == nil
		var v adcpimpl.Validator
		v.Schema("", inst, adcpimpl.NewSchema(ss.src), "")
		got := v.Result("T")
		if (got == nil) != want {
			t.Fatalf("schema %s\ninstance %s\njsonschema valid=%v, the shape's schema data (%s): %v", schema, inst, want, ss.src, got)
		}
	})
}

func harmless(msg string) bool {
	for _, h := range harmlessWarnings {
		if strings.Contains(msg, h) {
			return true
		}
	}
	return false
}

// compileFixture compiles the fuzz target (data in place of its content)
// with jsonschema as schemaload does: every file of the fixture a resource
// at its canonical URL, draft-07, ECMAScript patterns.
func compileFixture(ar *txtar.Archive, version string, data []byte) (*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft7)
	c.UseRegexpEngine(ecmaregexp.Compile)
	url := func(rel string) string { return "https://adcontextprotocol.org/schemas/" + version + "/" + rel }
	for _, file := range ar.Files {
		if !strings.HasSuffix(file.Name, ".json") || file.Name == "manifest.json" {
			continue
		}
		content := file.Data
		if file.Name == fuzzTarget {
			content = data
		}
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(content)))
		if err != nil {
			return nil, err
		}
		if err := c.AddResource(url(file.Name), doc); err != nil {
			return nil, err
		}
	}
	return c.Compile(url(fuzzTarget))
}
