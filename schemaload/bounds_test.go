package schemaload

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/adcp-gen/adcp-gen/internal/hostile"
)

// rateLimited returns error-details/rate-limited.json with extra properties
// (JSON members, without braces) before its own.
func rateLimited(t *testing.T, extra string) string {
	return replaceIn(t, "error-details/rate-limited.json", `"properties": {`, `"properties": {`+extra+`,`)
}

// loadErr loads dir within limit, and returns its *Error.
func loadErr(t *testing.T, dir string, limit time.Duration) *Error {
	t.Helper()
	start := time.Now()
	done := make(chan error, 1)
	go func() {
		_, err := Load(dir)
		done <- err
	}()
	var err error
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("Load has not returned after 30 s")
	}
	if d := time.Since(start); d > limit {
		t.Errorf("Load took %v, more than %v", d, limit)
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("Load = %v, want an *Error", err)
	}
	return e
}

// TestLoadBounds: input past a bound is refused quickly, naming the file and
// the pointer where reading stopped; input just within the bounds loads.
func TestLoadBounds(t *testing.T) {
	deepPtr := strings.Repeat("/properties/a", 31)
	for _, tc := range []struct {
		name          string
		extra         string
		file, pointer string
		msg           string
	}{
		{"2,000 levels deep", `"deep": ` + hostile.Nested(2000), "error-details/rate-limited.json", "/properties/deep" + deepPtr, "nested deeper than the 64 levels"},
		{"4,000 levels deep", `"deep": ` + hostile.Nested(4000), "error-details/rate-limited.json", "/properties/deep" + deepPtr, "nested deeper than the 64 levels"},
		{"80,000 members", hostile.Properties(80000), "error-details/rate-limited.json", "/properties", "more than the 10000 members"},
		{"array of 20,000 elements", `"e": {"type": "string", "enum": [` + strings.Repeat(`"x",`, 20000) + `"x"]}`, "error-details/rate-limited.json", "/properties/e/enum", "more than the 10000 members"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeFixture(t, map[string]string{"error-details/rate-limited.json": rateLimited(t, tc.extra)})
			e := loadErr(t, dir, 2*time.Second)
			if e.File != tc.file || e.Pointer != tc.pointer || !strings.Contains(e.Msg, tc.msg) {
				t.Errorf("error %s#%s: %s\nwant %s#%s: …%s…", e.File, e.Pointer, e.Msg, tc.file, tc.pointer, tc.msg)
			}
		})
	}
	t.Run("within the bounds", func(t *testing.T) {
		// 30 schema levels (61 JSON levels) and 9,000 properties load, in
		// time linear in the input.
		dir := writeFixture(t, map[string]string{"error-details/rate-limited.json": rateLimited(t, `"deep": `+hostile.Nested(30)+`,`+hostile.Properties(9000))})
		start := time.Now()
		s, err := Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("Load took %v", d)
		}
		if f := fieldOf(typeNamed(t, s, "RateLimitedDetails"), "m8999"); f == nil || f.GoName != "M8999" {
			t.Errorf("m8999 = %+v", f)
		}
	})
	t.Run("file too large", func(t *testing.T) {
		big := `"description": "` + strings.Repeat("x", maxFileSize) + `"`
		dir := writeFixture(t, map[string]string{"error-details/rate-limited.json": rateLimited(t, `"p": {`+big+`}`)})
		e := loadErr(t, dir, 2*time.Second)
		if e.File != "error-details/rate-limited.json" || !strings.Contains(e.Msg, "more than the 4194304 a spec file may have") {
			t.Errorf("error %v", e)
		}
	})
	t.Run("too many details files", func(t *testing.T) {
		dir := writeFixture(t, nil)
		for i := 0; i <= maxFiles; i++ {
			if err := os.WriteFile(filepath.Join(dir, detailsDir, fmt.Sprintf("x%d.txt", i)), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if e := loadErr(t, dir, 2*time.Second); e.File != detailsDir || !strings.Contains(e.Msg, "more than the 1000 entries") {
			t.Errorf("error %v", e)
		}
	})
}

// TestLoadRecursive: a struct that holds itself through required fields,
// directly or through another struct, holds those fields by pointer (Go
// refuses a struct that contains itself); an optional one already is.
func TestLoadRecursive(t *testing.T) {
	details := replaceIn(t, "error-details/rate-limited.json", `"properties": {`, `"definitions": {
    "node": {"type": "object", "properties": {"next": {"$ref": "#/definitions/node"}, "peer": {"$ref": "#/definitions/peer"}}, "required": ["next", "peer"]},
    "peer": {"type": "object", "properties": {"back": {"$ref": "#/definitions/node"}, "leaf": {"$ref": "#/definitions/leaf"}}, "required": ["back", "leaf"]},
    "leaf": {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}
  },
  "required": ["self"],
  "properties": {
    "self": {"$ref": "#"},
    "optional_self": {"$ref": "#"},
    "node": {"$ref": "#/definitions/node"},`)
	s, err := Load(writeFixture(t, map[string]string{"error-details/rate-limited.json": details}))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		typ, field, goType string
	}{
		{"RateLimitedDetails", "self", "*RateLimitedDetails"},
		{"RateLimitedDetails", "optional_self", "*RateLimitedDetails"},
		{"RateLimitedDetails", "node", "*RateLimitedDetailsNode"},
		{"RateLimitedDetailsNode", "next", "*RateLimitedDetailsNode"},
		{"RateLimitedDetailsNode", "peer", "*RateLimitedDetailsPeer"},
		{"RateLimitedDetailsPeer", "back", "*RateLimitedDetailsNode"},
		{"RateLimitedDetailsPeer", "leaf", "RateLimitedDetailsLeaf"}, // not on a cycle
	} {
		if got := field(t, typeNamed(t, s, tc.typ), tc.field).GoType.String(); got != tc.goType {
			t.Errorf("%s.%s: Go type %s, want %s", tc.typ, tc.field, got, tc.goType)
		}
	}
}

// TestLoadManySchemas: a spec of more schemas than maxSchemas is refused
// before the schema compiler (whose work grows with their square) sees it.
func TestLoadManySchemas(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 2000; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"p%d": %s`, i, hostile.Nested(5))
	}
	dir := writeFixture(t, map[string]string{"error-details/rate-limited.json": rateLimited(t, b.String())})
	e := loadErr(t, dir, 5*time.Second)
	if e.File != "error-details/rate-limited.json" || !strings.Contains(e.Msg, "more than the 10000 schemas") {
		t.Errorf("error %v", e)
	}
}

// TestLoadWrittenTypes: a spec whose checks would write out more than
// maxWrittenTypes types (each check writes the types inside it where they
// are used), or types nested more than maxDepth deep, is refused, however
// few lines it takes, naming the file. (Each check of a chain of arrays,
// each the items of the one before through a $ref, writes the rest of the
// chain and is named after the path to it: a chain of 4,000, a 275 KB
// file, made 94 MB of Go and took 1 GB.) Chains within the bounds load.
func TestLoadWrittenTypes(t *testing.T) {
	// defs returns n definitions, each holding the next one in the fields
	// of names (or, with no names, as its items), and the last a string.
	defs := func(n int, names ...string) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			var props []string
			for _, name := range names {
				props = append(props, fmt.Sprintf(`%q: {"$ref": "#/definitions/n%d"}`, name, i+1))
			}
			if len(names) == 0 {
				fmt.Fprintf(&b, `"n%d": {"type": "array", "items": {"$ref": "#/definitions/n%d"}},`, i, i+1)
				continue
			}
			fmt.Fprintf(&b, `"n%d": {"type": "object", "properties": {%s}, "required": [%q]},`, i, strings.Join(props, ", "), names[0])
		}
		fmt.Fprintf(&b, `"n%d": {"type": "object", "properties": {"x": {"type": "string"}}}`, n)
		return replaceIn(t, "error-details/rate-limited.json", `"properties": {`, `"definitions": {`+b.String()+`},
  "properties": {
    "root": {"$ref": "#/definitions/n0"},`)
	}
	// star returns n definitions, each holding the one that holds them
	// all: each check of one writes all the others (n², though each type
	// is written about twice inside the schema of the one holding them).
	star := func(n int) string {
		var defs, props []string
		for i := 0; i < n; i++ {
			props = append(props, fmt.Sprintf(`"l%d": {"$ref": "#/definitions/l%d"}`, i, i))
			defs = append(defs, fmt.Sprintf(`"l%d": {"type": "object", "properties": {"back": {"$ref": "#/definitions/all"}}}`, i))
		}
		return replaceIn(t, "error-details/rate-limited.json", `"properties": {`, `"definitions": {`+strings.Join(defs, ",")+`,
    "all": {"type": "object", "properties": {`+strings.Join(props, ",")+`}}},
  "properties": {
    "root": {"$ref": "#/definitions/all"},`)
	}
	const tooMany, tooDeep = "more than 10000 types", "types nested more than 64 deep"
	for _, tc := range []struct {
		name    string
		details string
		msg     string // "": loads
	}{
		{"doubling 30 times", defs(30, "a", "b"), tooMany},
		{"doubling 12 times", defs(12, "a", "b"), tooMany},
		{"chain of 1200", defs(1200, "a"), tooDeep},
		{"chain of 1000 arrays", defs(1000), tooDeep},
		{"star of 1200", star(1200), tooMany},
		{"doubling 8 times", defs(8, "a", "b"), ""},
		{"chain of 60", defs(60, "a"), ""},
		{"chain of 60 arrays", defs(60), ""},
		{"star of 60", star(60), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeFixture(t, map[string]string{"error-details/rate-limited.json": tc.details})
			if tc.msg == "" {
				if _, err := Load(dir); err != nil {
					t.Fatal(err)
				}
				return
			}
			if e := loadErr(t, dir, 5*time.Second); e.File != "error-details/rate-limited.json" || !strings.Contains(e.Msg, tc.msg) {
				t.Errorf("error %v", e)
			}
		})
	}
}

// TestLoadRefusesSpecialFiles: a FIFO, a device, a symbolic link to either,
// and a symbolic link leaving the folder are refused, without blocking or
// reading them; a symbolic link inside the folder is followed.
func TestLoadRefusesSpecialFiles(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "billing-party.json")
	for _, f := range fixtureFiles(t) {
		if f.Name == "enums/billing-party.json" {
			if err := os.WriteFile(outside, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, tc := range []struct {
		name string
		make func(t *testing.T, p string)
		msg  string // "" = loads
	}{
		{"FIFO", func(t *testing.T, p string) {
			hostile.Mkfifo(t, p)
		}, "is not a regular file (p"},
		{"symlink to /dev/zero", func(t *testing.T, p string) { hostile.Symlink(t, "/dev/zero", p) }, "outside the spec folder"},
		{"symlink to a FIFO inside", func(t *testing.T, p string) {
			fifo := filepath.Join(filepath.Dir(p), "fifo")
			hostile.Mkfifo(t, fifo)
			hostile.Symlink(t, "fifo", p)
		}, "is not a regular file (p"},
		{"symlink leaving the folder", func(t *testing.T, p string) { hostile.Symlink(t, outside, p) }, "outside the spec folder"},
		{"relative symlink leaving the folder", func(t *testing.T, p string) {
			rel, err := filepath.Rel(filepath.Dir(p), outside)
			if err != nil {
				t.Fatal(err)
			}
			hostile.Symlink(t, rel, p)
		}, "outside the spec folder"},
		{"symlink inside the folder", func(t *testing.T, p string) {
			if err := os.Rename(p, p+".real"); err != nil {
				t.Fatal(err)
			}
			hostile.Symlink(t, filepath.Base(p)+".real", p)
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeFixture(t, nil)
			p := filepath.Join(dir, "enums", "billing-party.json")
			if tc.msg != "" {
				os.Remove(p)
			}
			tc.make(t, p)
			if tc.msg == "" {
				if _, err := Load(dir); err != nil {
					t.Fatal(err)
				}
				return
			}
			e := loadErr(t, dir, 5*time.Second)
			if e.File != "enums/billing-party.json" || !strings.Contains(e.Msg, tc.msg) {
				t.Errorf("error %v, want enums/billing-party.json: …%s…", e, tc.msg)
			}
		})
	}
}

// TestLoadLongLocations: thousands of schemas under a long JSON pointer
// (a long definitions key) are refused before the schema compiler, which
// compares each schema's location with those of the schemas before it,
// sees them.
func TestLoadLongLocations(t *testing.T) {
	long := strings.Repeat("q", 100000)
	inner := `{"type": "object", "properties": {"z": {"type": "string"}}, "allOf": [{"anyOf": [{"properties": {` +
		hostile.Properties(9000) + `}}]}]}`
	details := replaceIn(t, "error-details/rate-limited.json", `"properties": {`,
		fmt.Sprintf(`"definitions": {%q: %s}, "properties": {"o": {"$ref": "#/definitions/%s"},`, long, inner, long))
	e := loadErr(t, writeFixture(t, map[string]string{"error-details/rate-limited.json": details}), 30*time.Second)
	if e.File != "error-details/rate-limited.json" || !strings.HasPrefix(e.Pointer, "/definitions/"+long+"/allOf/0/anyOf/0/properties/m") ||
		!strings.Contains(e.Msg, "more than the 1048576 bytes") {
		t.Errorf("error %.200s", e)
	}
}
