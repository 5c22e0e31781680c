package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/internal/testshared"
	"golang.org/x/tools/txtar"
)

// diffRun runs the command line args and returns its exit status and outputs.
func diffRun(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// diffFixture writes the schemaload test fixture (a small spec folder) into a
// new temporary folder and returns it.
func diffFixture(t *testing.T) string {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join(testshared.ModuleRoot(), "schemaload", "testdata", "fixture.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range ar.Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestDiffUsage(t *testing.T) {
	fx := diffFixture(t)
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"no folders", []string{"diff"}, 2, "usage: adcp-gen diff"},
		{"one folder", []string{"diff", fx}, 2, "usage: adcp-gen diff"},
		{"three folders", []string{"diff", fx, fx, fx}, 2, "usage: adcp-gen diff"},
		{"bad fail-on", []string{"diff", "-fail-on", "always", fx, fx}, 2, "-fail-on must be breaking or none"},
		{"unknown flag", []string{"diff", "-x", fx, fx}, 2, "flag provided but not defined"},
		{"missing folder", []string{"diff", fx, filepath.Join(fx, "nope")}, 2, filepath.Join(fx, "nope")},
		{"all without folder", []string{"diff", "-all"}, 2, "usage: adcp-gen diff"},
		{"all with one version", []string{"diff", "-all", filepath.Dir(fx)}, 2, "fewer than two loadable version folders"},
		{"same folder", []string{"diff", "-fail-on", "breaking", fx, fx}, 0, ""},
	}
	for _, tt := range tests {
		code, _, stderr := diffRun(tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%s: exit %d, stderr %q; want exit %d, stderr containing %q", tt.name, code, stderr, tt.code, tt.stderr)
		}
	}
}

// TestDiffBadInput checks that a spec the loader rejects exits 2 with the
// loader's message naming the file.
func TestDiffBadInput(t *testing.T) {
	good, bad := diffFixture(t), diffFixture(t)
	if err := os.WriteFile(filepath.Join(bad, "enums", "error-code.json"), []byte(`{"enum": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := diffRun("diff", good, bad)
	if code != 2 || stdout != "" || !strings.Contains(stderr, filepath.ToSlash(filepath.Join(bad, "enums", "error-code.json"))+"#/enum: ") {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2 and the file named", code, stdout, stderr)
	}
}

func TestDiffIdentical(t *testing.T) {
	fx := diffFixture(t)
	code, stdout, _ := diffRun("diff", fx, fx)
	if code != 0 || !strings.Contains(stdout, "**Not breaking.** No change.") {
		t.Errorf("exit %d, stdout:\n%s", code, stdout)
	}
}

func TestDiffCorpus(t *testing.T) {
	dir := testshared.Dir(t, "adcp-schemas")
	v := func(name string) string { return filepath.Join(dir, name) }
	tests := []struct {
		args []string
		code int
		want []string
	}{
		{[]string{"diff", v("3.1.0-beta.2"), v("3.1.0-beta.3")}, 0, []string{
			"# AdCP 3.1.0-beta.2 → 3.1.0-beta.3",
			"| compile | code removed | `RETENTION_EXPIRED` | `CodeRetentionExpired` |",
			"| code added | `STALE_RESPONSE` | `CodeStaleResponse` |",
		}},
		{[]string{"diff", "-fail-on", "breaking", v("3.1.0-beta.2"), v("3.1.0-beta.3")}, 1, []string{"**Breaking.**"}},
		{[]string{"diff", "-fail-on", "none", v("3.1.0-beta.2"), v("3.1.0-beta.3")}, 0, []string{"**Breaking.**"}},
		{[]string{"diff", "-fail-on", "breaking", v("3.0.26"), v("3.1.0")}, 0, []string{"| code added | 47 |", "**Not breaking.**"}},
	}
	for _, tt := range tests {
		code, stdout, stderr := diffRun(tt.args...)
		if code != tt.code {
			t.Errorf("%v: exit %d, want %d (stderr %q)", tt.args[1:], code, tt.code, stderr)
		}
		for _, w := range tt.want {
			if !strings.Contains(stdout, w) {
				t.Errorf("%v: output lacks %q", tt.args[1:], w)
			}
		}
	}
}

// TestDiffAllCorpus walks the published versions in semver order: no bump
// changes a recovery, and the 3.0 maintenance releases sort before 3.1.
func TestDiffAllCorpus(t *testing.T) {
	dir := testshared.Dir(t, "adcp-schemas")
	code, stdout, stderr := diffRun("diff", "-all", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	// The 3.0 maintenance releases the corpus holds, read from the folder so
	// that a new release needs no edit here: each is bumped to the next, and
	// the newest to the first 3.1 prerelease.
	patches := corpusPatches(t, dir, "3.0.")
	if len(patches) < 2 {
		t.Fatalf("the corpus holds %d 3.0 maintenance releases", len(patches))
	}
	var chain []string
	for i := 1; i < len(patches); i++ {
		chain = append(chain, fmt.Sprintf("3.0.%d -> 3.0.%d: ", patches[i-1], patches[i]))
	}
	chain = append(chain, fmt.Sprintf("3.0.%d -> 3.1.0-beta.0: ", patches[len(patches)-1]))
	for _, want := range append(chain,
		"3.0.0-rc.3 -> 3.0.0: ",
		"3.1.0-rc.9 -> 3.1.0-rc.10: ",
		"3.1.0-rc.15 -> 3.1.0: ",
		"3.1.19 -> 3.2.0-beta.0: ",
		"3.1.0-beta.2 -> 3.1.0-beta.3: codes +1 -1, recovery changes 0, ",
	) {
		found := false
		for _, l := range lines {
			found = found || strings.HasPrefix(l, want)
		}
		if !found {
			t.Errorf("no line starting %q in:\n%s", want, stdout)
		}
	}
	recovery := regexp.MustCompile(`recovery changes (\d+)`)
	bumps := 0
	for _, l := range lines[:len(lines)-1] {
		m := recovery.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("line without a recovery count: %q", l)
			continue
		}
		bumps++
		if m[1] != "0" {
			t.Errorf("a published bump changes a recovery: %q", l)
		}
	}
	if want := regexp.MustCompile(`^\d+ versions \(\d+ skipped\), (\d+) bumps, \d+ breaking$`); !want.MatchString(lines[len(lines)-1]) {
		t.Errorf("last line %q", lines[len(lines)-1])
	}
	if bumps < 2 {
		t.Errorf("only %d bumps", bumps)
	}
	if code, _, _ := diffRun("diff", "-all", "-fail-on", "breaking", dir); code != 1 {
		t.Errorf("-all -fail-on breaking: exit %d, want 1 (3.1.0-beta.3 removes a code)", code)
	}
}

// corpusPatches returns, in numeric order, the patch numbers of the releases
// named prefix+N (no prerelease) among the folders of dir.
func corpusPatches(t *testing.T, dir, prefix string) []int {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []int
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if n, err := strconv.Atoi(rest); ok && err == nil && e.IsDir() {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}
