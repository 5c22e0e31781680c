package schemaload

import (
	"strings"
	"testing"
)

// TestEnumMetadataRecoveryWinsOverProse checks that a code's recovery is
// taken from enumMetadata, the carrier from 3.0.4 on, when its
// enumDescriptions prose says another "Recovery: X" (a warning names the
// disagreement), and that prose is used only for a code without a metadata
// entry.
//
// checklist: 11
func TestEnumMetadataRecoveryWinsOverProse(t *testing.T) {
	var codes string
	for _, f := range fixtureFiles(t) {
		if f.Name == codesFile {
			codes = string(f.Data)
		}
	}
	for _, r := range []struct{ from, to string }{
		{`"RATE_LIMITED": "Too many calls."`, `"RATE_LIMITED": "Too many calls. Recovery: terminal."`},
		{`"IO_REQUIRED": "An insertion order must be signed first."`, `"IO_REQUIRED": "An insertion order must be signed first. Recovery: transient."`},
		{`"STALE_RESPONSE": "Non-fatal advisory: served from an old cache; the call still succeeded."`, `"STALE_RESPONSE": "Non-fatal advisory: served from an old cache; the call still succeeded. Recovery: transient."`},
	} {
		if !strings.Contains(codes, r.from) {
			t.Fatalf("the fixture's %s lacks %s", codesFile, r.from)
		}
		codes = strings.Replace(codes, r.from, r.to, 1)
	}
	s, err := Load(writeFixture(t, map[string]string{codesFile: codes}))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct{ recovery, source string }{
		"RATE_LIMITED":   {"transient", "enumMetadata"},   // prose says terminal
		"IO_REQUIRED":    {"correctable", "enumMetadata"}, // prose says transient
		"STALE_RESPONSE": {"transient", "enumMetadata"},   // prose agrees
		"WIDGET_BROKEN":  {"terminal", "prose"},           // no metadata entry
	}
	for _, c := range s.Codes {
		w, ok := want[c.Value]
		if !ok {
			continue
		}
		delete(want, c.Value)
		if c.Recovery != w.recovery || c.RecoverySource != w.source {
			t.Errorf("%s: recovery %q from %s, want %q from %s", c.Value, c.Recovery, c.RecoverySource, w.recovery, w.source)
		}
	}
	for code := range want {
		t.Errorf("%s not loaded", code)
	}
	disagree := map[string]bool{}
	for _, w := range s.Warnings {
		if w.File == codesFile && strings.Contains(w.Msg, "enumMetadata is used") {
			disagree[strings.TrimPrefix(w.Pointer, "/enumDescriptions/")] = true
		}
	}
	if !disagree["RATE_LIMITED"] || !disagree["IO_REQUIRED"] || len(disagree) != 2 {
		t.Errorf("disagreement warnings for %v, want RATE_LIMITED and IO_REQUIRED", disagree)
	}
}
