package seller

import (
	"bytes"
	"testing"
)

var containsCases = []struct{ raw, s string }{
	{"", `"a"`}, {`"a"`, `"a"`}, {`"a`, `"a"`}, {`x"a"`, `"a"`}, {`"a"x`, `"a"`}, {`""a"`, `"a"`}, {`"""`, `""`},
	{`{"issues":[]}`, `"issues"`}, {`{"issue":"s"}`, `"issues"`}, {`{"x":"issues"}`, `"issues"`}, {`{"Issues":1}`, `"issues"`},
	{`"issues`, `"issues"`}, {`""issues""`, `"issues"`}, {`{"a":"sdk_id"}`, `"x"`}, {`"sdk_id`, `"x"`}, {`"x"`, `"x"`},
}

// TestBuildContainsMatchesBytes checks buildContainsAny against
// bytes.Contains, for one name and for the names buildCheckEncoded looks for
// beside it.
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
		if len(s) < 2 { // buildContainsAny's names have two bytes or more
			s += `"`
		}
		checkContains(t, raw, s)
	})
}

func checkContains(t *testing.T, raw []byte, s string) {
	if got, want := buildContainsAny(raw, s), bytes.Contains(raw, []byte(s)); got != want {
		t.Errorf("buildContainsAny(%q, %q) = %v, want %v", raw, s, got, want)
	}
	names := []string{`"issues"`, s, `"sdk_id"`}
	want := false
	for _, n := range names {
		want = want || bytes.Contains(raw, []byte(n))
	}
	if got := buildContainsAny(raw, names...); got != want {
		t.Errorf("buildContainsAny(%q, %q) = %v, want %v", raw, names, got, want)
	}
}
