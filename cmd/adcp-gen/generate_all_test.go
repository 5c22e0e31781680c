package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGenerateAll generates a folder of versions in one run: each spec
// folder into its own package, folders without a code vocabulary skipped
// with a note, other folders ignored; then checks the no-op rerun and
// -check.
func TestGenerateAll(t *testing.T) {
	root := t.TempDir()
	for _, name := range []string{"1.0.0", "3.2.0-beta.5", "3.2.0-rc.1"} {
		if err := os.Rename(copySchemas(t), filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Remove(filepath.Join(root, "1.0.0", "enums", "error-code.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "not-a-spec"), 0o755); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	code, stdout, stderr := runCmd("generate", "-all", root, "-out", out)
	if code != 0 || stdout != "" {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "1.0.0 skipped") {
		t.Errorf("no note about the skipped folder:\n%s", stderr)
	}
	for _, pkg := range []string{"v3_2_0_beta_5", "v3_2_0_rc_1"} {
		got := snapshot(t, filepath.Join(out, pkg))
		if !strings.Contains(got["codes.go"], "\npackage "+pkg+"\n") || got["vocabulary.go"] == "" {
			t.Errorf("%s: not generated as package %s", pkg, pkg)
		}
	}
	entries, _ := os.ReadDir(out)
	if len(entries) != 2 {
		t.Errorf("out holds %d folders, want 2", len(entries))
	}
	if code, _, stderr2 := runCmd("generate", "-all", root, "-out", out); code != 0 || stderr2 != stderr {
		t.Errorf("rerun: exit %d, stderr %q, first %q", code, stderr2, stderr)
	}
	if code, stdout, _ := runCmd("generate", "-all", root, "-out", out, "-check"); code != 0 || stdout != "" {
		t.Errorf("-check of fresh output: exit %d, diff %q", code, stdout)
	}
	edit(t, filepath.Join(out, "v3_2_0_rc_1", "codes.go"), "\npackage v3_2_0_rc_1\n", "\npackage v3_2_0_rc_1\n\n// edited\n")
	if code, stdout, _ := runCmd("generate", "-all", root, "-out", out, "-check"); code != 1 || !strings.Contains(stdout, "v3_2_0_rc_1/codes.go") {
		t.Errorf("-check of stale output: exit %d, diff:\n%s", code, stdout)
	}
}

func TestGenerateAllUsage(t *testing.T) {
	root := t.TempDir()
	for _, args := range [][]string{
		{"-all", root, "-schemas", root, "-out", root},
		{"-all", root, "-package", "x", "-out", root},
		{"-all", root},
	} {
		if code, _, _ := runCmd(append([]string{"generate"}, args...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if code, _, stderr := runCmd("generate", "-all", root, "-out", t.TempDir()); code != 2 || !strings.Contains(stderr, "no spec folder") {
		t.Errorf("empty root: exit %d: %s", code, stderr)
	}
}

// TestGenerateAllRefusesRootOut: an -out that is the -all folder is refused,
// with or without -check, and the folder is left as it was: each version's
// package was written as a folder among the version folders.
func TestGenerateAllRefusesRootOut(t *testing.T) {
	root := t.TempDir()
	if err := os.Rename(copySchemas(t), filepath.Join(root, "3.2.0")); err != nil {
		t.Fatal(err)
	}
	for _, check := range []bool{false, true} {
		args := []string{"generate", "-all", root, "-out", root + "/3.2.0/.."}
		if check {
			args = append(args, "-check")
		}
		if code, _, stderr := runCmd(args...); code != 2 || !strings.Contains(stderr, "is the -all folder") {
			t.Errorf("%q: exit %d, stderr %q; want 2", args, code, stderr)
		}
	}
	if entries, _ := os.ReadDir(root); len(entries) != 1 {
		t.Errorf("the -all folder holds %d entries, want its version folder alone", len(entries))
	}
}

func TestVersionPackage(t *testing.T) {
	for in, want := range map[string]string{"3.2.0-beta.5": "v3_2_0_beta_5", "3.0.0": "v3_0_0", "x+y": "vx_y"} {
		if got := versionPackage(in); got != want {
			t.Errorf("versionPackage(%q) = %q, want %q", in, got, want)
		}
	}
}
