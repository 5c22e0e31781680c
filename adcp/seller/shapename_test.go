package seller

import (
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
)

// shapeNameCases are codes, standard and not, including the non-ASCII
// letters strings.ToLower maps (U+212A Kelvin sign to k) and invalid UTF-8.
var shapeNameCases = []string{"", "RATE_LIMITED", "CREATIVE_REJECTED", "X_VENDOR_2", "_", "__A__", "MIXED_case_9",
	"\u212a_SIGN", "ÉTÉ_À", "İSTANBUL", "\xff_\xfe", "A\u0345B", "ǅ_DZ"}

// TestBuildIsShapeNameOf checks buildIsShapeNameOf against the ToLower and
// ReplaceAll it replaces: true for the name they build, false for that name
// one byte shorter or longer, or with a byte changed.
func TestBuildIsShapeNameOf(t *testing.T) {
	for _, s := range shapeNameCases {
		want := shapeName(s)
		checkShapeName(t, want, s)
		checkShapeName(t, want+"x", s)
		if want != "" {
			checkShapeName(t, want[:len(want)-1], s)
			checkShapeName(t, want[1:], s)
			checkShapeName(t, string(want[0]^1)+want[1:], s)
		}
	}
}

func FuzzBuildShapeName(f *testing.F) {
	for _, s := range shapeNameCases {
		f.Add(shapeName(s), s)
		f.Add(shapeName(s)+"-", s)
	}
	f.Fuzz(checkShapeName)
}

// shapeName is the name of a code's own shape, as the spec's files are named.
func shapeName(code string) string { return strings.ReplaceAll(strings.ToLower(code), "_", "-") }

func checkShapeName(t *testing.T, name, code string) {
	if got, want := buildIsShapeNameOf(name, adcp.Code(code)), name == shapeName(code); got != want {
		t.Errorf("buildIsShapeNameOf(%q, %q) = %v, want %v", name, code, got, want)
	}
}
