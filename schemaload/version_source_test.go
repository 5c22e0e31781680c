package schemaload

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/internal/testshared"
)

// TestLoadVersionSourceTree: the spec's source tree ($ids without a
// version, no manifest.json) loads with a version given, and without one
// fails with a message that says to pass -version.
func TestLoadVersionSourceTree(t *testing.T) {
	head := testshared.Dir(t, "adcp-schemas-source/head")
	_, err := Load(head)
	var le *Error
	if !errors.As(err, &le) || le.File != errorFile || !strings.Contains(le.Msg, "pass the version with -version") {
		t.Fatalf("Load without a version: %v", err)
	}
	s, err := LoadVersion(head, "3.3.0-head")
	if err != nil {
		t.Fatal(err)
	}
	if s.Version != "3.3.0-head" || !s.Source || slices.Contains(s.Sources, manifestFile) || s.UnknownRecovery != "" {
		t.Errorf("Version %q, Source %v, Sources %q, UnknownRecovery %q", s.Version, s.Source, s.Sources, s.UnknownRecovery)
	}
	warned := false
	for _, w := range s.Warnings {
		warned = warned || w.File == manifestFile
	}
	if !warned {
		t.Errorf("no warning about the absent manifest.json: %v", s.Warnings)
	}
	// A manifest.json's adcp_version is used when no version is given, and
	// a given version takes precedence over it.
	withManifest := testshared.SourceHead(t, "3.3.0-m")
	for given, want := range map[string]string{"": "3.3.0-m", "3.3.1": "3.3.1"} {
		if s, err := LoadVersion(withManifest, given); err != nil || s.Version != want || !s.Source || !slices.Contains(s.Sources, manifestFile) {
			t.Errorf("LoadVersion(%q): %v, %+v", given, err, s)
		}
	}
}

// TestLoadVersionPublished: a version given for a folder whose $id names
// one must agree with it, and must be a semantic version.
func TestLoadVersionPublished(t *testing.T) {
	dir := writeFixture(t, nil)
	s, err := LoadVersion(dir, "9.0.0-test.1")
	if err != nil || s.Version != "9.0.0-test.1" || s.Source {
		t.Fatalf("matching version: %v, Source %v", err, s != nil && s.Source)
	}
	for given, want := range map[string]string{"9.0.1": "names version 9.0.0-test.1, not 9.0.1", "latest": "not a semantic version"} {
		if _, err := LoadVersion(dir, given); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("LoadVersion(%q): %v, want %q", given, err, want)
		}
	}
}
