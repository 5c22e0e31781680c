package schemaload

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// twinFixture writes the fixture spec as version v, with a details schema
// whose description makes the folder unique to this call (mark), and edits
// (written as given, after the version is replaced in them).
func twinFixture(t *testing.T, v, mark string, edits map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{}
	for _, f := range fixtureFiles(t) {
		files[f.Name] = string(f.Data)
	}
	files["error-details/rate-limited.json"] = `{"$id": "/schemas/9.0.0-test.1/error-details/rate-limited.json", "type": "object", "description": "` + mark + `",
  "properties": {"n": {"type": "integer"}}}`
	for name, data := range edits {
		files[name] = data
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(strings.ReplaceAll(data, "9.0.0-test.1", v)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestCompileRemembered checks the compile memo: a twin folder (the same
// files but for the version) is not compiled again, and loads as it does
// alone; a folder whose version sits in a pattern, or next to a character
// that could extend it, is; a failure is never remembered.
func TestCompileRemembered(t *testing.T) {
	mark := "twins of " + t.Name()
	for _, c := range []struct {
		name      string
		edits     map[string]string
		recompile bool // the second twin is compiled too
		fails     bool
	}{
		{"twins", nil, false, false},
		{"version in a pattern", map[string]string{"error-details/rate-limited.json": `{"$id": "/schemas/9.0.0-test.1/error-details/rate-limited.json",
  "type": "object", "description": "` + mark + ` pattern", "properties": {"v": {"type": "string", "pattern": "^9.0.0-test.1$"}}}`}, true, false},
		{"version extended", map[string]string{"error-details/rate-limited.json": `{"$id": "/schemas/9.0.0-test.1/error-details/rate-limited.json",
  "type": "object", "description": "` + mark + ` extended 9.0.0-test.1x", "properties": {"n": {"type": "integer"}}}`}, true, false},
		{"failure", map[string]string{"error-details/rate-limited.json": `{"$id": "/schemas/9.0.0-test.1/error-details/rate-limited.json",
  "type": "object", "description": "` + mark + ` failure", "properties": {"n": {"type": "integer", "minimum": "one"}}}`}, true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			var specs []*Spec
			for i, v := range []string{"9.0.0-twin.1", "9.0.0-twin.2"} {
				dir := twinFixture(t, v, mark+" "+c.name, c.edits)
				before := compileRuns.Load()
				s, err := Load(dir)
				if (err != nil) != c.fails {
					t.Fatalf("%s: %v", v, err)
				}
				ran := compileRuns.Load() - before
				want := int64(1)
				if i == 1 && !c.recompile {
					want = 0
				}
				if ran != want {
					t.Errorf("%s: compiled %d times, want %d", v, ran, want)
				}
				specs = append(specs, s)
			}
			if c.fails {
				return
			}
			// The remembered twin loads as it does alone.
			a, b := specs[0], specs[1]
			if a.Version == b.Version || len(a.Warnings) != len(b.Warnings) || len(a.Codes) != len(b.Codes) || len(a.Shapes) != len(b.Shapes) {
				t.Errorf("twins differ: %s %d warnings %d codes %d shapes, %s %d %d %d", a.Version, len(a.Warnings), len(a.Codes), len(a.Shapes),
					b.Version, len(b.Warnings), len(b.Codes), len(b.Shapes))
			}
		})
	}
}

// TestVersionDelimited checks which occurrences of a version leave the memo
// key exact.
func TestVersionDelimited(t *testing.T) {
	v := []byte("3.0.1")
	for src, want := range map[string]bool{
		`"/schemas/3.0.1/core/x.json"`: true,
		`AdCP 3.0.1.`:                  true,
		`AdCP 3.0.1, then`:             true,
		`none`:                         true,
		`"/schemas/3.0.10/x.json"`:     false,
		`"3.0.1-rc.1"`:                 false,
		`"v3.0.1"`:                     false,
		`"13.0.1"`:                     false,
		`"3.0.1.5"`:                    false,
		`"3.0.1+build"`:                false,
		`ok 3.0.1 and 3.0.1x`:          false,
	} {
		if got := versionDelimited([]byte(src), v); got != want {
			t.Errorf("versionDelimited(%s) = %v, want %v", src, got, want)
		}
	}
}

// TestCompileRememberedCorpus loads every published version in one process,
// with nothing remembered at the start, as generate -all does: the twins
// among them are compiled once (the figure docs/architecture.md gives:
// go test -v -run TestCompileRememberedCorpus ./schemaload).
func TestCompileRememberedCorpus(t *testing.T) {
	root, versions := corpusVersions(t)
	compiled.Lock()
	compiled.keys = nil
	compiled.Unlock()
	before := compileRuns.Load()
	loaded := 0
	for _, v := range versions {
		if _, err := Load(filepath.Join(root, v)); err == nil {
			loaded++
		}
	}
	ran := compileRuns.Load() - before
	t.Logf("%d versions loaded, %d compiled by jsonschema", loaded, ran)
	if loaded > 0 && ran*2 > int64(loaded) {
		t.Errorf("%d compiles for %d versions: the twins are not remembered", ran, loaded)
	}
}
