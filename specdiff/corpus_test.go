package specdiff

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/internal/testshared"
	"github.com/adcp-gen/adcp-gen/schemaload"
)

// corpus loads every published version the generator supports, in semver
// order. A folder is skipped only when it has no code vocabulary
// (enums/error-code.json absent: 2.5.x and the early 3.0.0 betas); any other
// load failure fails the test.
func corpus(t *testing.T) (dir string, versions []string, specs map[string]*schemaload.Spec) {
	t.Helper()
	dir = testshared.Dir(t, "adcp-schemas")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	specs = map[string]*schemaload.Spec{}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		v := e.Name()
		if _, err := os.Stat(filepath.Join(dir, v, "enums", "error-code.json")); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		s, err := schemaload.Load(filepath.Join(dir, v))
		if err != nil {
			t.Fatalf("Load(%s): %v", v, err)
		}
		specs[v] = s
		versions = append(versions, v)
	}
	sort.Slice(versions, func(i, j int) bool { return schemaload.CompareVersions(versions[i], versions[j]) < 0 })
	if len(versions) < 2 {
		t.Skip("fewer than two loadable versions in the corpus")
	}
	return dir, versions, specs
}

// rawCodes reads the enum array of a version's code vocabulary directly, as
// an oracle independent of schemaload.
func rawCodes(t *testing.T, dir, version string) map[string]bool {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, version, "enums", "error-code.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ Enum []string }
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	m := map[string]bool{}
	for _, c := range doc.Enum {
		m[c] = true
	}
	return m
}

func subjects(r Report, k Kind) []string {
	var out []string
	for _, c := range r.Changes {
		if c.Kind == k {
			out = append(out, c.Subject)
		}
	}
	sort.Strings(out)
	return out
}

func minus(a, b map[string]bool) []string {
	var out []string
	for k := range a {
		if !b[k] {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// TestCorpusBumps compares every consecutive pair of published versions in
// semver order: codes added and removed match the raw enum arrays, no bump
// changes a code's recovery, and a removed code always breaks compilation.
func TestCorpusBumps(t *testing.T) {
	dir, versions, specs := corpus(t)
	for i := 1; i < len(versions); i++ {
		old, new := versions[i-1], versions[i]
		r := Compare(specs[old], specs[new])
		if r.Old != old || r.New != new {
			t.Errorf("%s → %s: report names %s → %s", old, new, r.Old, r.New)
		}
		ro, rn := rawCodes(t, dir, old), rawCodes(t, dir, new)
		if got, want := subjects(r, CodeAdded), minus(rn, ro); !slices.Equal(got, want) {
			t.Errorf("%s → %s: codes added %v, the enum arrays say %v", old, new, got, want)
		}
		if got, want := subjects(r, CodeRemoved), minus(ro, rn); !slices.Equal(got, want) {
			t.Errorf("%s → %s: codes removed %v, the enum arrays say %v", old, new, got, want)
		}
		if n := countKind(r, RecoveryChanged); n != 0 {
			t.Errorf("%s → %s: %d recovery changes; no published bump changes a code's recovery:\n%s", old, new, n, r.Markdown())
		}
		for _, c := range r.Changes {
			if c.Kind == CodeRemoved && c.Impact != Compile {
				t.Errorf("%s → %s: removal of %s has impact %v", old, new, c.Subject, c.Impact)
			}
		}
		if !bytes.Equal(r.Markdown(), Compare(specs[old], specs[new]).Markdown()) {
			t.Errorf("%s → %s: report is not deterministic", old, new)
		}
	}
}

// TestCorpusFacts checks bumps against facts checked by hand on the schemas.
func TestCorpusFacts(t *testing.T) {
	_, _, specs := corpus(t)
	type fact struct {
		kind    Kind
		impact  Impact
		subject string
		goName  string
	}
	tests := []struct {
		old, new     string
		breaking     bool
		added        int // codes added, -1: not checked
		removed      int
		mustContain  []fact
		carrierMoved bool // every code's recovery moves from prose to enumMetadata
	}{
		{"3.1.0-beta.2", "3.1.0-beta.3", true, 1, 1, []fact{
			{CodeRemoved, Compile, "RETENTION_EXPIRED", "CodeRetentionExpired"},
			{CodeAdded, None, "STALE_RESPONSE", "CodeStaleResponse"},
			{ShapeAdded, None, "stale-response", "StaleResponseDetails"},
		}, false},
		{"3.0.26", "3.1.0", false, 47, 0, []fact{
			{CodeDeprecated, None, "AUTH_REQUIRED", "CodeAuthRequired"},
		}, false},
		{"3.1.0-beta.3", "3.1.0-beta.4", true, -1, 1, []fact{
			{CodeRemoved, Compile, "FORMAT_CAPABILITY_UNRESOLVED", "CodeFormatCapabilityUnresolved"},
		}, false},
		{"3.1.0-rc.3", "3.1.0-rc.4", true, 0, 0, []fact{
			{EnumValueRemoved, Compile, "MediaBuyActionMode", "MediaBuyActionModeRequiresProposal"},
		}, false},
		{"3.0.3", "3.0.4", true, 0, 0, []fact{
			{UnknownRecoveryChanged, Behaviour, "default_unknown_recovery", "ManifestUnknownRecovery"},
			{RecoverySourceChanged, None, "RATE_LIMITED", "CodeRateLimited"},
		}, true},
		{"3.2.0-beta.4", "3.2.0-beta.5", false, 0, 0, nil, false},
	}
	for _, tt := range tests {
		o, n := specs[tt.old], specs[tt.new]
		if o == nil || n == nil {
			t.Errorf("%s or %s is not in the corpus", tt.old, tt.new)
			continue
		}
		r := Compare(o, n)
		if r.Breaking() != tt.breaking {
			t.Errorf("%s → %s: Breaking() = %v, want %v:\n%s", tt.old, tt.new, r.Breaking(), tt.breaking, r.Markdown())
		}
		if tt.added >= 0 && countKind(r, CodeAdded) != tt.added {
			t.Errorf("%s → %s: %d codes added, want %d", tt.old, tt.new, countKind(r, CodeAdded), tt.added)
		}
		if countKind(r, CodeRemoved) != tt.removed {
			t.Errorf("%s → %s: %d codes removed, want %d", tt.old, tt.new, countKind(r, CodeRemoved), tt.removed)
		}
		for _, f := range tt.mustContain {
			found := false
			for _, c := range r.Changes {
				found = found || c.Kind == f.kind && c.Impact == f.impact && c.Subject == f.subject && c.Go == f.goName
			}
			if !found {
				t.Errorf("%s → %s: no %v change (%v) of %s (%s):\n%s", tt.old, tt.new, f.kind, f.impact, f.subject, f.goName, r.Markdown())
			}
		}
		if tt.carrierMoved {
			if got := countKind(r, RecoverySourceChanged); got != len(o.Codes) {
				t.Errorf("%s → %s: %d recovery carrier changes, want one per code (%d)", tt.old, tt.new, got, len(o.Codes))
			}
		}
	}
}

// TestAdvisoryFromSchemaText: a code's advisory status comes from its own
// text, so a description that starts (or stops) calling a code an advisory
// is a behaviour change in the report. The unreleased tree's
// FORMAT_SHAPE_PROMOTED is the case: added as an advisory, and, against a
// copy whose text does not mark it, changed to one.
func TestAdvisoryFromSchemaText(t *testing.T) {
	dir := testshared.Dir(t, "adcp-schemas")
	beta5, err := schemaload.Load(filepath.Join(dir, "3.2.0-beta.5"))
	if err != nil {
		t.Fatal(err)
	}
	head, err := schemaload.Load(testshared.SourceHead(t, "3.3.0-head"))
	if err != nil {
		t.Fatal(err)
	}
	r := Compare(beta5, head)
	found := false
	for _, c := range r.Changes {
		found = found || c.Kind == CodeAdded && c.Subject == "FORMAT_SHAPE_PROMOTED" && strings.Contains(c.New, "advisory")
	}
	if !found {
		t.Errorf("FORMAT_SHAPE_PROMOTED is not reported added as an advisory:\n%s", r.Markdown())
	}

	plain := testshared.SourceHead(t, "3.3.0-plain")
	codes := filepath.Join(plain, "enums", "error-code.json")
	b, err := os.ReadFile(codes)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Replace(string(b), "Non-fatal deprecation advisory raised when a 3.2-aware SDK", "Raised when a 3.2-aware SDK", 1)
	s = strings.Replace(s, `"advisory — migrate the legacy`, `"migrate the legacy`, 1)
	if s == string(b) {
		t.Fatal("the unreleased tree no longer has the expected wording")
	}
	if err := os.WriteFile(codes, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	old, err := schemaload.Load(plain)
	if err != nil {
		t.Fatal(err)
	}
	r = Compare(old, head)
	if got := subjects(r, AdvisoryChanged); !slices.Equal(got, []string{"FORMAT_SHAPE_PROMOTED"}) || !r.Breaking() {
		t.Errorf("advisory changes %v, breaking %v:\n%s", got, r.Breaking(), r.Markdown())
	}
	for _, c := range r.Changes {
		if c.Kind == AdvisoryChanged && (c.Impact != Behaviour || c.Old != "no" || c.New != "yes") {
			t.Errorf("change %+v, want a behaviour change from no to yes", c)
		}
	}
}

// countKind returns how many changes of r are of kind k.
func countKind(r Report, k Kind) int {
	n := 0
	for _, c := range r.Changes {
		if c.Kind == k {
			n++
		}
	}
	return n
}

// TestNamedTypesOnce: in every version a Go name is one type's, so that
// namedTypes lists each name once (match keys the types by it).
func TestNamedTypesOnce(t *testing.T) {
	_, versions, specs := corpus(t)
	for _, v := range versions {
		seen := map[string]bool{}
		for _, ty := range namedTypes(specs[v]) {
			if seen[ty.GoName] {
				t.Errorf("%s: two types named %s", v, ty.GoName)
			}
			seen[ty.GoName] = true
		}
	}
}
