package emit

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/adcp-gen/adcp-gen/schemaload"
	"golang.org/x/tools/txtar"
)

// FuzzLoadAndRender puts arbitrary bytes in place of one details schema of
// schemaload's fixture: Load either refuses them with an *Error (never a
// panic), or Files renders a package that type-checks. Whatever schemaload
// accepts, emit turns into a package that compiles.
func FuzzLoadAndRender(f *testing.F) {
	ar, err := txtar.ParseFile(filepath.Join("..", "schemaload", "testdata", "fixture.txtar"))
	if err != nil {
		f.Fatal(err)
	}
	const target = "error-details/rate-limited.json"
	for _, file := range ar.Files {
		if file.Name == target {
			f.Add(file.Data)
		}
	}
	for _, seed := range []string{
		`{"type": "object", "properties": {"3d": {"type": "string", "enum": ["", "$", "a b"]}, "extra": {"type": "integer"}}}`,
		`{"type": "object", "properties": {"self": {"$ref": "#"}, "of": {"type": "object", "properties": {"x": {"type": "number"}}}}, "required": ["self"]}`,
		`{"type": "object", "definitions": {"n": {"type": "object", "properties": {"n": {"$ref": "#/definitions/n"}}, "required": ["n"]}}, "properties": {"n": {"$ref": "#/definitions/n"}}}`,
		`{"type": "object", "properties": {"p": {"type": "string", "pattern": "^[[:digit:]]\\Q.\\E$"}, "v": {"oneOf": [{"type": "string"}, {"type": "object", "properties": {"k": {"type": "boolean"}}}]}}}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		for _, file := range ar.Files {
			content := file.Data
			if file.Name == target {
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
			return
		}
		if _, err := Files(spec, Options{Package: "fuzz"}); err != nil {
			t.Fatalf("Load accepted the input, but: %v\ninput: %s", err, data)
		}
	})
}
