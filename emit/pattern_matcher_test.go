package emit

import (
	"bytes"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/schemaload"
)

// TestPatternMatcherFallback: a pattern package regexp compiles but the
// runtime's matcher refuses (a Unicode class) is compiled with regexp in the
// typed checks, and left out of a run-time schema with the reason; the other
// patterns use adcpimpl.MustPattern.
func TestPatternMatcherFallback(t *testing.T) {
	spec := fixtureSpec()
	var reason *schemaload.Type
	for _, s := range spec.Shapes {
		for _, f := range s.Type.Fields {
			if f.JSONName == "reason" && f.Type.GoPattern != "" {
				reason = f.Type
			}
		}
	}
	if reason == nil {
		t.Fatal("the fixture has no reason member with a pattern")
	}
	reason.Pattern, reason.GoPattern = `^\p{L}+$`, `^\pL+$`
	files, err := Files(spec, Options{Package: "fixture"})
	if err != nil {
		t.Fatal(err)
	}
	details := string(files["details.go"])
	for _, want := range []string{`regexp.MustCompile("^\\pL+$")`, `adcpimpl.MustPattern("^x_[a-z0-9]+$")`} {
		if !strings.Contains(details, want) {
			t.Errorf("details.go lacks %s", want)
		}
	}
	if strings.Contains(details, `adcpimpl.MustPattern("^\\pL+$")`) {
		t.Error("details.go compiles a pattern the matcher refuses with MustPattern")
	}

	g, err := newGen(spec, "fixture")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		pattern string
		kept    bool
	}{{`^\pL+$`, false}, {`^x_[a-z0-9]+$`, true}} {
		w := &schemaWriter{g: g}
		var b bytes.Buffer
		w.stringKeywords(&schemaObj{b: &b}, &schemaload.Type{Kind: schemaload.KindString, Pattern: "p", GoPattern: tc.pattern})
		if got := strings.Contains(b.String(), `"pattern"`); got != tc.kept {
			t.Errorf("%s: pattern written to the run-time schema: %v, want %v (%s)", tc.pattern, got, tc.kept, b.String())
		}
		if !tc.kept && (len(w.skipped) != 1 || !strings.Contains(w.skipped[0], "matcher does not support")) {
			t.Errorf("%s: skipped = %q", tc.pattern, w.skipped)
		}
	}
}
