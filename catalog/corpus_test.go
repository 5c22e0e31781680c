package catalog

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/internal/testshared"
	"github.com/adcp-gen/adcp-gen/schemaload"
)

// TestCorpusCatalogues renders the catalogue of every published version that
// has a code vocabulary and checks it is well formed: one row per code in
// spec order, every table row as wide as its header, every link resolving to
// a heading, one section per details shape.
func TestCorpusCatalogues(t *testing.T) {
	dir := testshared.Dir(t, "adcp-schemas")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, e := range entries {
		v := e.Name()
		if _, err := os.Stat(filepath.Join(dir, v, "enums", "error-code.json")); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		spec, err := schemaload.Load(filepath.Join(dir, v))
		if err != nil {
			t.Fatalf("Load(%s): %v", v, err)
		}
		checkCatalogue(t, v, spec, string(Markdown(spec)))
		checked++
	}
	if checked == 0 {
		t.Skip("no loadable version in the corpus")
	}
}

func checkCatalogue(t *testing.T, v string, spec *schemaload.Spec, md string) {
	t.Helper()
	if want := HeaderPrefix + " (AdCP " + spec.Version + "). DO NOT EDIT. -->\n"; !strings.HasPrefix(md, want) {
		t.Errorf("%s: first line is not %q", v, want)
	}
	for _, table := range tables(md) {
		want := cells(table[0])
		for _, row := range table[1:] {
			if n := cells(row); n != want {
				t.Errorf("%s: row has %d cells, header %d: %.200q", v, n, want, row)
			}
		}
	}
	section := md[strings.Index(md, "## Standard codes"):strings.Index(md, "## Code descriptions")]
	var rows []string
	for _, line := range strings.Split(section, "\n") {
		if strings.HasPrefix(line, "| `") {
			rows = append(rows, line)
		}
	}
	if len(rows) != len(spec.Codes) {
		t.Fatalf("%s: %d code rows, want %d", v, len(rows), len(spec.Codes))
	}
	for i, c := range spec.Codes {
		if !strings.HasPrefix(rows[i], "| `"+c.Value+"` | `"+c.GoName+"` | "+c.Recovery+" |") {
			t.Errorf("%s: row %d = %.120q, want code %s", v, i, rows[i], c.Value)
		}
	}
	for _, sh := range spec.Shapes {
		if !strings.Contains(md, "\n### "+sh.Type.GoName+"\n") {
			t.Errorf("%s: no section for shape %s", v, sh.Type.GoName)
		}
	}
	seen := map[string]bool{}
	for _, line := range strings.Split(md, "\n") {
		for rest := line; strings.Contains(rest, "](#"); {
			rest = rest[strings.Index(rest, "](#")+3:]
			target := rest[:strings.Index(rest, ")")]
			if !seen[target] && !hasHeadingAnchor(md, target) {
				t.Errorf("%s: link to #%s has no heading", v, target)
			}
			seen[target] = true
		}
	}
}

// TestCorpusLatest checks the counts of the newest version in the corpus by
// hand: 109 codes and 17 details shapes (vendor-error-codes.json is a
// registry, not a shape).
func TestCorpusLatest(t *testing.T) {
	dir := filepath.Join(testshared.Dir(t, "adcp-schemas"), "3.2.0-beta.5")
	spec, err := schemaload.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	md := string(Markdown(spec))
	if !strings.Contains(md, "\n109 standard codes and 17 details shapes.") {
		t.Errorf("counts line missing:\n%.600s", md)
	}
	for _, s := range []string{
		"| `RATE_LIMITED` | `CodeRateLimited` | transient | ",
		"[`RateLimitedDetails`](#ratelimiteddetails)",
		"| `AUTH_REQUIRED` | `CodeAuthRequired` | correctable | ",
		"deprecated; use `AUTH_MISSING` or `AUTH_INVALID`",
		"[`AgentPermissionDeniedDetails`](#agentpermissiondenieddetails) when `scope == \"agent\"`",
		"available_actions[&lt;action>]",
	} {
		if !strings.Contains(md, s) {
			t.Errorf("3.2.0-beta.5 catalogue lacks %q", s)
		}
	}
}
