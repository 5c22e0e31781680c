package emit

import (
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/schemaload"
)

// TestPatternMatcherFallback: a pattern package regexp compiles but the
// runtime's matcher refuses (a Unicode class) is compiled with regexp; the
// other patterns use adcpimpl.MustPattern.
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

}
