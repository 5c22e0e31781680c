package seller

import (
	"bytes"
	"testing"
)

var containsCases = []struct{ raw, s string }{
	{"", `"a"`}, {`"a"`, `"a"`}, {`"a`, `"a"`}, {`x"a"`, `"a"`}, {`"a"x`, `"a"`}, {`""a"`, `"a"`}, {`"""`, `""`},
	{`{"issues":[]}`, `"issues"`}, {`{"issue":"s"}`, `"issues"`}, {`{"x":"issues"}`, `"issues"`}, {`{"Issues":1}`, `"issues"`},
	{`"issues`, `"issues"`}, {`""issues""`, `"issues"`},
}

// TestBuildContainsMatchesBytes checks buildContains against bytes.Contains.
func TestBuildContainsMatchesBytes(t *testing.T) {
	for _, c := range containsCases {
		checkContains(t, []byte(c.raw), c.s)
	}
}

func FuzzBuildContains(f *testing.F) {
	for _, c := range containsCases {
		f.Add([]byte(c.raw), c.s)
	}
	f.Fuzz(func(t *testing.T, raw []byte, s string) {
		if s == "" || s[0] != '"' {
			s = `"` + s
		}
		checkContains(t, raw, s)
	})
}

func checkContains(t *testing.T, raw []byte, s string) {
	if got, want := buildContains(raw, s), bytes.Contains(raw, []byte(s)); got != want {
		t.Errorf("buildContains(%q, %q) = %v, want %v", raw, s, got, want)
	}
}
