package main

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/generated/adcperr"
	"github.com/adcp-gen/adcp-gen/internal/cliflags"
	"github.com/adcp-gen/adcp-gen/internal/testshared"
)

// TestHelp: -h, -help and help COMMAND print the usage to standard output
// and exit 0; every flag is listed, with its default when that is not the
// zero value (never `(default "")`).
func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"-help"}, {"--help"}, {"help"}} {
		if code, stdout, stderr := runCmd(args...); code != 0 || !strings.Contains(stdout, "usage: adcp-gen <command>") || stderr != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, stdout, stderr)
		}
	}
	flags := map[string][]string{
		"generate": {"-schemas", "-version", "-base-url", "-out", "-package", "-check", "-all", "-v"},
		"fetch":    {"-base-url", "-from", "-out"},
		"diff":     {"-fail-on", "-all", "-old-version", "-new-version"},
		"docs":     {"-schemas", "-version", "-out", "-check"},
		"example":  {"-schemas", "-version", "-transport", "-message", "-field", "-retry-after", "-suggestion", "-details", "-recovery", "-text"},
		"explain":  {"-schemas", "-version", "-unknown-recovery"},
		"version":  {},
	}
	// The flags with a default that is not the zero value.
	defaults := map[string]int{"generate": 2, "fetch": 1, "diff": 1, "docs": 0, "example": 1, "explain": 1, "version": 0}
	for name, want := range flags {
		for _, args := range [][]string{{name, "-h"}, {name, "-help"}, {"help", name}} {
			code, stdout, stderr := runCmd(args...)
			if code != 0 || stderr != "" || !strings.Contains(stdout, "usage: adcp-gen "+name) {
				t.Errorf("%v: exit %d, stderr %q, stdout:\n%s", args, code, stderr, stdout)
				continue
			}
			if name == "fetch" && strings.Contains(stdout, `(default "")`) {
				t.Errorf("%v: an empty default is listed:\n%s", args, stdout)
			}
			for _, f := range want {
				if !strings.Contains(stdout, "\n  "+f+" ") && !strings.Contains(stdout, "\n  "+f+"\n") && !strings.Contains(stdout, "\n  "+f+"\t") {
					t.Errorf("%v: flag %s not listed:\n%s", args, f, stdout)
				}
			}
			if n, d := strings.Count(stdout, "\n  -"), strings.Count(stdout, "(default "); n != len(want) || d != defaults[name] {
				t.Errorf("%v: %d flags listed, %d with a default, want %d and %d:\n%s", args, n, d, len(want), defaults[name], stdout)
			}
			if strings.Contains(stdout, `(default "")`) {
				t.Errorf("%v: a flag list shows (default \"\"):\n%s", args, stdout)
			}
		}
	}
	if code, _, stderr := runCmd("help", "nope"); code != 2 || !strings.Contains(stderr, `unknown command "nope"`) {
		t.Errorf("help nope: exit %d, stderr %q", code, stderr)
	}
	if code, stdout, _ := runCmd(); code != 2 || stdout != "" {
		t.Errorf("no command: exit %d, stdout %q; want 2 and the usage on stderr", code, stdout)
	}
}

// TestFlagsAfterArguments: flags may follow the positional arguments, and
// "--" ends the flags.
func TestFlagsAfterArguments(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(new(strings.Builder))
	v := fs.String("v", "", "")
	pos, _, stop := cliflags.Parse(fs, []string{"a", "-v", "1", "b", "--", "-c"}, new(strings.Builder))
	if stop || *v != "1" || strings.Join(pos, " ") != "a b -c" {
		t.Errorf("stop %v, -v %q, positional %q", stop, *v, pos)
	}

	old, new := diffFixture(t), diffFixture(t)
	edit(t, filepath.Join(new, "enums", "error-scope.json"), `"capability", "account", "agent"`, `"capability", "agent"`)
	if code, stdout, stderr := runCmd("diff", old, new, "-fail-on", "breaking"); code != 1 || !strings.Contains(stdout, "**Breaking.**") {
		t.Errorf("diff OLD NEW -fail-on breaking: exit %d, stderr %q, stdout:\n%s", code, stderr, stdout)
	}
	if code, _, stderr := runCmd("diff", old, new, "-fail-on", "always"); code != 2 || !strings.Contains(stderr, "-fail-on must be") {
		t.Errorf("diff OLD NEW -fail-on always: exit %d, stderr %q", code, stderr)
	}
	if code, _, stderr := runCmd("docs", "-out"); code != 2 || !strings.Contains(stderr, "flag needs an argument") || !strings.Contains(stderr, "usage: adcp-gen docs") {
		t.Errorf("docs -out: exit %d, stderr %q", code, stderr)
	}
	if code, stdout, _ := runCmd("example", "RATE_LIMITED", "-transport", "jsonrpc"); code != 0 || !strings.Contains(stdout, "-32029") {
		t.Errorf("example CODE -transport jsonrpc: exit %d, stdout:\n%s", code, stdout)
	}
}

// TestGenerateAllWarnings: generate -all -v prefixes each warning with the
// version it comes from and prints each distinct warning once; without -v
// it prints none.
func TestGenerateAllWarnings(t *testing.T) {
	root := t.TempDir()
	for _, name := range []string{"3.2.0-beta.5", "3.2.0-rc.1", "3.2.0"} {
		dir := filepath.Join(root, name)
		if err := os.Rename(copySchemas(t), dir); err != nil {
			t.Fatal(err)
		}
		codes := `1`
		if name == "3.2.0" {
			codes = `{"NOT_A_CODE": {}}`
		}
		m := map[string]json.RawMessage{}
		b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
		if err == nil {
			err = json.Unmarshal(b, &m)
		}
		if err != nil {
			t.Fatal(err)
		}
		m["error_codes"] = json.RawMessage(codes)
		if b, err = json.Marshal(m); err == nil {
			err = os.WriteFile(filepath.Join(dir, "manifest.json"), b, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if code, _, stderr := runCmd("generate", "-all", root, "-out", t.TempDir()); code != 0 || strings.Contains(stderr, "warning") {
		t.Errorf("without -v: exit %d, stderr:\n%s", code, stderr)
	}
	code, _, stderr := runCmd("generate", "-all", root, "-out", t.TempDir(), "-v")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		warnPrefix + "3.2.0-beta.5 (and 1 more): manifest.json#/error_codes: error_codes is not an object",
		warnPrefix + "3.2.0: manifest.json#/error_codes/NOT_A_CODE: code NOT_A_CODE is not in",
	} {
		if strings.Count(stderr, want) != 1 {
			t.Errorf("want %q once in:\n%s", want, stderr)
		}
	}
	if n := strings.Count(stderr, "error_codes is not an object"); n != 1 {
		t.Errorf("the shared warning is printed %d times:\n%s", n, stderr)
	}
	for _, line := range strings.Split(strings.TrimSpace(stderr), "\n") {
		if rest, ok := strings.CutPrefix(line, warnPrefix); ok && !strings.HasPrefix(rest, "3.2.0") {
			t.Errorf("warning without its version: %s", line)
		}
	}
}

// TestExampleRequiredDetails: for a code whose details have required
// members, example names them and shows a -details value, which is valid.
func TestExampleRequiredDetails(t *testing.T) {
	covered := 0
	for _, c := range adcperr.Vocabulary.Codes() {
		info, _ := adcperr.Vocabulary.Info(c)
		for _, sh := range info.Shapes {
			if len(sh.Required) == 0 {
				continue
			}
			covered++
			value, ok := exampleDetails[sh.Name]
			if !ok {
				t.Errorf("exampleDetails has no value for %s", sh.Name)
				continue
			}
			_, _, stderr := runCmd("example", string(c))
			want := "have required members " + strings.Join(sh.Required, ", ") + "; a valid value: -details '" + value + "'"
			if !strings.Contains(stderr, want) {
				t.Errorf("example %s: stderr lacks %q:\n%s", c, want, stderr)
			}
			d := adcperr.NewDetails(sh.Name)
			if err := json.Unmarshal([]byte(value), d); err != nil {
				t.Errorf("%s: %v", sh.Name, err)
			} else if err := d.Validate(); err != nil {
				t.Errorf("%s: %s is not valid: %v", sh.Name, value, err)
			}
			code, stdout, stderr := runCmd("example", string(c), "-details", value)
			if code != 0 || strings.Contains(stderr, "required members") || !strings.Contains(stdout, sh.Required[0]) {
				t.Errorf("example %s -details %s: exit %d, stderr %q", c, value, code, stderr)
			}
		}
	}
	if covered != len(exampleDetails) {
		t.Errorf("%d shapes with required members, exampleDetails has %d", covered, len(exampleDetails))
	}
	if code, _, stderr := runCmd("example", "ACCOUNT_MOVED"); code != 2 || !strings.Contains(stderr, "current_account") {
		t.Errorf("example ACCOUNT_MOVED: exit %d, stderr %q", code, stderr)
	}
}

// TestSourceTree: the spec's source tree, whose $ids carry no version,
// generates with -version, fails without it with a message saying so, and
// diff does not report its absent manifest policy as a change.
func TestSourceTree(t *testing.T) {
	head := testshared.Dir(t, "adcp-schemas-source/head")
	if _, err := os.Stat(filepath.Join(head, "manifest.json")); err == nil {
		t.Skip("the source tree has a manifest.json")
	}
	out := filepath.Join(t.TempDir(), "p")
	code, _, stderr := runCmd("generate", "-schemas", head, "-out", out, "-package", "p")
	if code != 2 || !strings.Contains(stderr, "pass the version with -version") {
		t.Errorf("without -version: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the failed run wrote the output folder")
	}
	code, _, stderr = runCmd("generate", "-schemas", head, "-out", out, "-package", "p", "-version", "3.3.0-head", "-v")
	if code != 0 || !strings.Contains(stderr, "manifest.json: absent from this source tree") {
		t.Fatalf("with -version: exit %d, stderr %q", code, stderr)
	}
	if got := snapshot(t, out); !strings.Contains(got["doc.go"], "3.3.0-head") || !strings.Contains(got["codes.go"], "\npackage p\n") {
		t.Errorf("the package does not name version 3.3.0-head")
	}
	if code, _, stderr := runCmd("generate", "-schemas", copySchemas(t), "-out", t.TempDir(), "-version", "3.3.0"); code != 2 || !strings.Contains(stderr, "names version 3.2.0-beta.5, not 3.3.0") {
		t.Errorf("-version against a versioned $id: exit %d, stderr %q", code, stderr)
	}
	if code, _, stderr := runCmd("docs", "-schemas", head); code != 2 || !strings.Contains(stderr, "-version") {
		t.Errorf("docs without -version: exit %d, stderr %q", code, stderr)
	}
	if code, stdout, stderr := runCmd("docs", "-schemas", head, "-version", "3.3.0-head"); code != 0 || !strings.Contains(stdout, "3.3.0-head") {
		t.Errorf("docs -version: exit %d, stderr %q", code, stderr)
	}

	code, stdout, stderr := runCmd("diff", filepath.Join(testshared.ModuleRoot(), "schemas"), head, "-new-version", "3.3.0-head")
	if code != 0 || !strings.Contains(stdout, "3.2.0-beta.5 → 3.3.0-head") {
		t.Fatalf("diff: exit %d, stderr %q", code, stderr)
	}
	if strings.Contains(stdout, "unknown-code recovery") {
		t.Errorf("diff reports the source tree's unknown policy as a change:\n%s", stdout)
	}
}

// TestUsageErrorsNamed: bad usage names what is wrong (a missing required
// flag by name) before the usage, and exits 2.
func TestUsageErrorsNamed(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"generate", "-schemas", "schemas"}, "adcp-gen generate: -out is required\n"},
		{[]string{"generate", "-out", "x"}, "adcp-gen generate: -schemas, -version or -all is required\n"},
		{[]string{"generate", "-schemas", "a", "-all", "b", "-out", "x"}, "adcp-gen generate: -schemas and -all cannot go together\n"},
		{[]string{"generate", "-all", "a", "-out", "x", "-package", "p"}, "adcp-gen generate: -package cannot go with -all"},
		{[]string{"generate", "-all", "a", "-out", "x", "-version", "3.0.0"}, "adcp-gen generate: -version cannot go with -all"},
		{[]string{"generate", "-schemas", "a", "-out", "x", "extra"}, `adcp-gen generate: unexpected argument "extra"`},
		{[]string{"docs"}, "adcp-gen docs: -schemas is required\n"},
		{[]string{"docs", "-schemas", "a", "-check"}, "adcp-gen docs: -check needs -out FILE\n"},
		{[]string{"diff", "a"}, "adcp-gen diff: two folders are required, OLD and NEW (1 given)\n"},
		{[]string{"diff", "-all"}, "adcp-gen diff: -all takes one folder"},
		{[]string{"explain", "a", "b"}, `adcp-gen explain: unexpected argument "b"`},
		{[]string{"version", "x"}, `adcp-gen version: unexpected argument "x"`},
	} {
		code, stdout, stderr := runCmd(tc.args...)
		if code != 2 || stdout != "" || !strings.HasPrefix(stderr, tc.want) || !strings.Contains(stderr, "usage: adcp-gen "+tc.args[0]) {
			t.Errorf("%v: exit %d, stdout %q, stderr:\n%s\nwant it to start with %q, then the usage", tc.args, code, stdout, stderr, tc.want)
		}
	}
}

// TestVersionCommand: adcp-gen version prints the module version (a test
// binary has none: "(devel)") and the Go version.
func TestVersionCommand(t *testing.T) {
	code, stdout, stderr := runCmd("version")
	if code != 0 || stderr != "" || !strings.HasPrefix(stdout, "adcp-gen ") || !strings.Contains(stdout, " go1.") {
		t.Errorf("version: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestGenerateQuiet: generate prints nothing on success (the shipped
// schemas carry a note the user cannot act on, about an if/then rule); -v
// prints the notes, and the catalogue lists them.
func TestGenerateQuiet(t *testing.T) {
	schemas := filepath.Join(testshared.ModuleRoot(), "schemas")
	out := t.TempDir()
	if code, stdout, stderr := runCmd("generate", "-schemas", schemas, "-out", out); code != 0 || stdout != "" || stderr != "" {
		t.Errorf("generate: exit %d, stdout %q, stderr %q; want silence", code, stdout, stderr)
	}
	code, _, stderr := runCmd("generate", "-schemas", schemas, "-out", out, "-v")
	if code != 0 || !strings.Contains(stderr, warnPrefix+"core/downstream-connection-requirement.json#/allOf/0: conditional (if/then)") {
		t.Errorf("generate -v: exit %d, stderr %q", code, stderr)
	}
	_, md, _ := runCmd("docs", "-schemas", schemas)
	if !strings.Contains(md, "## Generator notes") || !strings.Contains(md, "`core/downstream-connection-requirement.json#/allOf/0`: conditional (if/then)") {
		t.Errorf("the catalogue does not list the note:\n%s", md)
	}
}
