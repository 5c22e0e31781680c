package adcpimpl_test

import (
	"regexp"
	"sync"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
)

// TestMustPatternLazy: MustPattern compiles nothing until the pattern is
// used (a generated package's initialisation compiles no pattern), then
// matches as package regexp does, also when first used from many
// goroutines at once; a pattern the matcher refuses panics on first use.
func TestMustPatternLazy(t *testing.T) {
	const expr = `^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$`
	if n := testing.AllocsPerRun(20, func() { _ = adcpimpl.MustPattern(expr) }); n > 1 {
		t.Errorf("MustPattern allocates %v times: it compiles the pattern before it is used", n)
	}
	m := adcpimpl.MustPattern(expr)
	if m.String() != expr {
		t.Errorf("String() = %q, want %q", m.String(), expr)
	}
	re := regexp.MustCompile(expr)
	inputs := []string{"example.com", "a", "", "-a.com", "a..b", "sub.example-1.org", "A.com"}
	var wg sync.WaitGroup
	for _, s := range inputs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got, want := m.MatchString(s), re.MatchString(s); got != want {
				t.Errorf("MatchString(%q) = %v, want %v", s, got, want)
			}
		}()
	}
	wg.Wait()

	refused := adcpimpl.MustPattern(`^\pL+$`) // no panic yet
	if adcpimpl.CompilePattern(`^\pL+$`) == nil {
		t.Fatal(`the matcher now supports \pL: pick another pattern it refuses`)
	}
	defer func() {
		if recover() == nil {
			t.Error("a pattern the matcher refuses did not panic when used")
		}
	}()
	refused.MatchString("x")
}
