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

// TestBuildShapeNameMatchesStrings checks buildShapeName against the
// ToLower and ReplaceAll it replaces.
func TestBuildShapeNameMatchesStrings(t *testing.T) {
	for _, s := range shapeNameCases {
		checkShapeName(t, s)
	}
}

func FuzzBuildShapeName(f *testing.F) {
	for _, s := range shapeNameCases {
		f.Add(s)
	}
	f.Fuzz(checkShapeName)
}

func checkShapeName(t *testing.T, s string) {
	if got, want := buildShapeName(adcp.Code(s)), strings.ReplaceAll(strings.ToLower(s), "_", "-"); got != want {
		t.Errorf("buildShapeName(%q) = %q, want %q", s, got, want)
	}
}
