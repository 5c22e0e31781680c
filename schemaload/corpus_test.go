package schemaload

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/internal/testshared"
)

// corpusVersions lists the version folders of ../shared/adcp-schemas.
func corpusVersions(t testing.TB) (string, []string) {
	t.Helper()
	root := testshared.Dir(t, "adcp-schemas")
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var vs []string
	for _, e := range entries {
		if e.IsDir() {
			vs = append(vs, e.Name())
		}
	}
	return root, vs
}

// rawCodes reads enum, enumMetadata recovery and prose recovery with
// encoding/json, independently of the loader.
func rawCodes(t *testing.T, file string) (enum []string, recovery map[string]string) {
	t.Helper()
	var doc struct {
		Enum             []string                   `json:"enum"`
		EnumDescriptions map[string]string          `json:"enumDescriptions"`
		EnumMetadata     map[string]json.RawMessage `json:"enumMetadata"`
	}
	readJSON(t, file, &doc)
	recovery = map[string]string{}
	prose := regexp.MustCompile(`Recovery: (\w+)`)
	for _, c := range doc.Enum {
		if raw, ok := doc.EnumMetadata[c]; ok {
			var m struct {
				Recovery string `json:"recovery"`
			}
			if err := json.Unmarshal(raw, &m); err != nil {
				t.Fatal(err)
			}
			recovery[c] = m.Recovery
		} else if m := prose.FindStringSubmatch(doc.EnumDescriptions[c]); m != nil {
			recovery[c] = m[1]
		}
	}
	return doc.Enum, recovery
}

func TestCorpus(t *testing.T) {
	root, versions := corpusVersions(t)
	loaded := 0
	for _, v := range versions {
		v := v
		t.Run(v, func(t *testing.T) {
			dir := filepath.Join(root, v)
			s, err := Load(dir)
			_, statErr := os.Stat(filepath.Join(dir, "enums", "error-code.json"))
			if statErr != nil {
				var e *Error
				if !errors.As(err, &e) || e.File != codesFile || !strings.Contains(e.Msg, "no standard code vocabulary") {
					t.Fatalf("version without codes: err = %v", err)
				}
				return
			}
			if CompareVersions(v, "3.0.0-rc.1") < 0 {
				t.Fatalf("%s has codes but sorts before 3.0.0-rc.1", v)
			}
			if err != nil {
				t.Fatal(err)
			}
			loaded++
			if s.Version != v {
				t.Errorf("Version = %q", s.Version)
			}
			enum, recovery := rawCodes(t, filepath.Join(dir, "enums", "error-code.json"))
			if len(s.Codes) != len(enum) {
				t.Fatalf("%d codes, enum has %d", len(s.Codes), len(enum))
			}
			for i, c := range s.Codes {
				if c.Value != enum[i] {
					t.Errorf("code %d = %s, enum order says %s", i, c.Value, enum[i])
				}
				if c.Recovery != recovery[c.Value] {
					t.Errorf("%s: recovery %q, schema says %q", c.Value, c.Recovery, recovery[c.Value])
				}
				if c.Value == "AUTH_REQUIRED" {
					wantDep := CompareVersions(v, "3.1.0-beta.0") >= 0
					if c.Deprecated != wantDep || (len(c.ReplacedBy) > 0) != wantDep {
						t.Errorf("AUTH_REQUIRED Deprecated=%v ReplacedBy=%v", c.Deprecated, c.ReplacedBy)
					}
				}
			}
			// Every details schema is a shape, except the vendor registry.
			details, _ := filepath.Glob(filepath.Join(dir, detailsDir, "*.json"))
			var names []string
			for _, s := range s.Shapes {
				names = append(names, s.Name)
				if len(s.Codes) == 0 || s.Type == nil || s.Type.GoName == "" {
					t.Errorf("shape %s not linked or not typed", s.Name)
				}
			}
			var want []string
			for _, d := range details {
				n := strings.TrimSuffix(filepath.Base(d), ".json")
				if n != "vendor-error-codes" {
					want = append(want, n)
				}
			}
			sort.Strings(want)
			if strings.Join(names, ",") != strings.Join(want, ",") {
				t.Errorf("shapes %v, want %v", names, want)
			}
			for _, w := range s.Warnings {
				if strings.Contains(w.Msg, "differs") || strings.Contains(w.Msg, "is missing") {
					t.Errorf("unexpected manifest disagreement: %s", w)
				}
				if strings.Contains(w.Msg, "reviewed table") {
					t.Errorf("the advisory table disagrees with the schema: %s", w)
				}
			}
			// The advisories are the reviewed ones, and FORMAT_CAPABILITY_UNRESOLVED
			// ("Non-fatal advisory", 3.1.0-beta.0 … beta.3), which only the
			// schema's own text marks.
			for _, c := range s.Codes {
				if want := advisoryReviewed[c.Value] || c.Value == "FORMAT_CAPABILITY_UNRESOLVED"; c.Advisory != want {
					t.Errorf("%s: Advisory = %v, want %v", c.Value, c.Advisory, want)
				}
			}
		})
	}
	if loaded == 0 {
		t.Error("no version loaded")
	}
}

// TestCorpusPatterns checks every pattern of 3.2.0-beta.5: all translate,
// the sla-window lookaheads ("^P(?!$)…") with an exclusion, and none is
// reported untranslatable.
func TestCorpusPatterns(t *testing.T) {
	dir := filepath.Join(testshared.Dir(t, "adcp-schemas"), "3.2.0-beta.5")
	s, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	translated, excluding := 0, 0
	seen := map[*Type]bool{}
	var visit func(ty *Type)
	visit = func(ty *Type) {
		if ty == nil || seen[ty] {
			return
		}
		seen[ty] = true
		if ty.Pattern != "" {
			if ty.GoPattern == "" {
				t.Errorf("%s#%s: pattern %q not translated", ty.File, ty.Pointer, ty.Pattern)
			} else {
				translated++
				if _, err := regexp.Compile(ty.GoPattern); err != nil {
					t.Errorf("%s#%s: %v", ty.File, ty.Pointer, err)
				}
			}
			if ty.GoPatternNot != "" {
				excluding++
				if ty.File != "core/sla-window.json" || ty.GoPatternNot != "^P$" {
					t.Errorf("%s#%s: unexpected exclusion %q for %q", ty.File, ty.Pointer, ty.GoPatternNot, ty.Pattern)
				}
			}
		}
		for _, f := range ty.Fields {
			visit(f.Type)
		}
		visit(ty.Elem)
		for _, v := range ty.Variants {
			visit(v)
		}
	}
	for _, ty := range s.Types {
		visit(ty)
	}
	if translated < 10 || excluding != 2 {
		t.Errorf("translated %d, with an exclusion %d (want the 2 sla-window durations)", translated, excluding)
	}
	for _, w := range s.Warnings {
		if strings.HasSuffix(w.Pointer, "/pattern") {
			t.Errorf("pattern warning: %s", w)
		}
	}
}

// TestUnreleasedAdvisory: the unreleased tree adds FORMAT_SHAPE_PROMOTED,
// a "Non-fatal deprecation advisory" that no table lists: its own text makes
// it an advisory.
func TestUnreleasedAdvisory(t *testing.T) {
	s, err := Load(testshared.SourceHead(t, "3.3.0-head"))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range s.Codes {
		if c.Value == "FORMAT_SHAPE_PROMOTED" {
			found = true
			if _, listed := advisoryReviewed[c.Value]; listed || !c.Advisory {
				t.Errorf("FORMAT_SHAPE_PROMOTED: Advisory = %v, listed in the table: %v", c.Advisory, listed)
			}
		}
	}
	if !found {
		t.Fatal("no FORMAT_SHAPE_PROMOTED in the unreleased tree")
	}
}

// TestAdvisoryStatus: the marks of an advisory, and the table winning over
// them with a warning.
func TestAdvisoryStatus(t *testing.T) {
	for _, tc := range []struct {
		desc, suggestion string
		want             bool
	}{
		{"Non-fatal advisory raised when a thing happens. Recovery: correctable.", "", true},
		{"Non-fatal deprecation advisory raised when a shape was promoted.", "", true},
		{"Advisory, not a failure: the cache was old.", "", true},
		{"Stopped early. Normally a successful build with an advisory X entry.", "fix it", true},
		{"A plain failure.", "advisory — do not retry", true},
		{"A plain failure. Signal pointers are advisory at the build layer.", "reroute", false},
		{"The envelope expired. Distinct from STALE_RESPONSE (cache-staleness advisory on a success payload).", "retry", false},
		{"Not an advisory: the whole call failed.", "", false},
	} {
		if got := isAdvisoryText(tc.desc, tc.suggestion); got != tc.want {
			t.Errorf("isAdvisoryText(%q, %q) = %v", tc.desc, tc.suggestion, got)
		}
	}
	// STALE_RESPONSE reworded so nothing marks it: the table keeps it an
	// advisory, and says so.
	codes := replaceIn(t, "enums/error-code.json", "Non-fatal advisory: served from an old cache", "Served from an old cache")
	s, err := Load(writeFixture(t, map[string]string{"enums/error-code.json": codes}))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range s.Codes {
		if c.Value == "STALE_RESPONSE" && !c.Advisory {
			t.Error("the reviewed table must win")
		}
	}
	found := false
	for _, w := range s.Warnings {
		found = found || w.Pointer == "/enumDescriptions/STALE_RESPONSE" && strings.Contains(w.Msg, "reviewed table")
	}
	if !found {
		t.Errorf("no warning about the disagreement in %v", s.Warnings)
	}
}

// TestProjectSchemas loads our own schemas/ folder when it is there.
func TestProjectSchemas(t *testing.T) {
	dir := filepath.Join(testshared.ModuleRoot(), "schemas")
	if _, err := os.Stat(filepath.Join(dir, errorFile)); err != nil {
		t.Skip("schemas/ is not there yet")
	}
	s, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if s.Version != "3.2.0-beta.5" || len(s.Codes) == 0 || len(s.Shapes) == 0 {
		t.Errorf("version %s, %d codes, %d shapes", s.Version, len(s.Codes), len(s.Shapes))
	}
}

func BenchmarkLoad(b *testing.B) {
	dir := filepath.Join(testshared.Dir(b, "adcp-schemas"), "3.2.0-beta.5")
	files, err := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	if err != nil || len(files) == 0 {
		b.Skip("3.2.0-beta.5 is absent")
	}
	// Baseline: read and decode every file with encoding/json, nothing else.
	b.Run("baseline-decode", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			for _, f := range files {
				var v any
				readJSON(b, f, &v)
			}
		}
	})
	b.Run("Load", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := Load(dir); err != nil {
				b.Fatal(err)
			}
		}
	})
}
