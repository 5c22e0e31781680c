package emit

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/adcp-gen/adcp-gen/schemaload"
	"golang.org/x/tools/txtar"
)

// fuzzTarget is the details schema of schemaload's fixture the fuzz targets
// replace with their input.
const fuzzTarget = "error-details/rate-limited.json"

// fuzzArchive reads schemaload's fixture.
func fuzzArchive(f *testing.F) *txtar.Archive {
	ar, err := txtar.ParseFile(filepath.Join("..", "schemaload", "testdata", "fixture.txtar"))
	if err != nil {
		f.Fatal(err)
	}
	return ar
}

// fuzzFixture reads schemaload's fixture and adds the seeds: the target's
// own content and a few shapes that reach the generator's corners.
func fuzzFixture(f *testing.F) *txtar.Archive {
	ar := fuzzArchive(f)
	for _, file := range ar.Files {
		if file.Name == fuzzTarget {
			f.Add(file.Data)
		}
	}
	for _, seed := range []string{
		`{"type": "object", "properties": {"3d": {"type": "string", "enum": ["", "$", "a b"]}, "extra": {"type": "integer"}}}`,
		`{"type": "object", "properties": {"self": {"$ref": "#"}, "of": {"type": "object", "properties": {"x": {"type": "number"}}}}, "required": ["self"]}`,
		`{"type": "object", "definitions": {"n": {"type": "object", "properties": {"n": {"$ref": "#/definitions/n"}}, "required": ["n"]}}, "properties": {"n": {"$ref": "#/definitions/n"}}}`,
		`{"type": "object", "properties": {"p": {"type": "string", "pattern": "^[[:digit:]]\\Q.\\E$"}, "v": {"oneOf": [{"type": "string"}, {"type": "object", "properties": {"k": {"type": "boolean"}}}]}}}`,
		// The fixture's version in descriptions, an enum, a const and a pattern.
		`{"type": "object", "description": "Since 9.0.0-test.1; see 9.0.0-test.2.", "properties": {"v": {"type": "string", "enum": ["9.0.0-test.1", "9.0.0-test.2"], "const": "9.0.0-test.1"}, "p": {"type": "string", "pattern": "^9\\.0\\.0-test\\.1$", "description": "9.0.0-test.1"}}}`,
	} {
		f.Add([]byte(seed))
	}
	return ar
}

// fuzzLoad writes the fixture with data for the target into a temporary
// folder and loads it: nil when Load refuses it (with an *Error, never a
// panic).
func fuzzLoad(t *testing.T, ar *txtar.Archive, data []byte) *schemaload.Spec {
	dir := t.TempDir()
	for _, file := range ar.Files {
		content := file.Data
		if file.Name == fuzzTarget {
			content = data
		}
		p := filepath.Join(dir, filepath.FromSlash(file.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	spec, err := schemaload.Load(dir)
	if err != nil {
		var e *schemaload.Error
		if !errors.As(err, &e) {
			t.Fatalf("Load error %v is not a *schemaload.Error", err)
		}
		return nil
	}
	return spec
}

// FuzzLoadAndRender puts arbitrary bytes in place of one details schema of
// schemaload's fixture: Load either refuses them with an *Error (never a
// panic), or Files renders a package that parses and formats. Whatever
// schemaload accepts, emit renders.
func FuzzLoadAndRender(f *testing.F) {
	ar := fuzzFixture(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		spec := fuzzLoad(t, ar, data)
		if spec == nil {
			return
		}
		if _, err := Files(spec, "fuzz"); err != nil {
			t.Fatalf("Load accepted the input, but: %v\ninput: %s", err, data)
		}
	})
}
