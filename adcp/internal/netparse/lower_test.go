package netparse

import (
	"strings"
	"testing"
)

// TestLowerASCII checks lowerASCII against strings.ToLower on schemes (the
// only strings Parse lowers: ASCII letters, digits, '+', '-', '.').
func TestLowerASCII(t *testing.T) {
	for _, s := range []string{"", "http", "HTTP", "HtTpS", "a", "Z", "svn+SSH", "X-Y.Z9", "already-lower", "9A"} {
		if got, want := lowerASCII(s), strings.ToLower(s); got != want {
			t.Errorf("lowerASCII(%q) = %q, want %q", s, got, want)
		}
	}
}
