package adcpimpl

import (
	"strings"
	"testing"
)

// tokenCases are member names and pointer tokens around the escapes.
var tokenCases = []string{"", "a", "~", "/", "~0", "~1", "~01", "~10", "~~1", "~~10", "~~01", "~00", "~2", "a~", "a/b~c",
	"//", "~/", "/~", "~1~0", "é~1é", "\xff~0\xfe"}

// TestPointerTokenMatchesReplace checks the one-pass escape against the
// ReplaceAll chain it replaces.
func TestPointerTokenMatchesReplace(t *testing.T) {
	for _, s := range tokenCases {
		checkToken(t, s)
	}
}

func FuzzPointerToken(f *testing.F) {
	for _, s := range tokenCases {
		f.Add(s)
	}
	f.Fuzz(checkToken)
}

func checkToken(t *testing.T, s string) {
	if got, want := PointerToken(s), strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1"); got != want {
		t.Errorf("PointerToken(%q) = %q, want %q", s, got, want)
	}
}
