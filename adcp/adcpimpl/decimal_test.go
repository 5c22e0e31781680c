package adcpimpl

import (
	"strings"
	"testing"
)

// TestZeros checks zeros against strings.Repeat over the lengths
// decimal.String asks for (0 to 21).
func TestZeros(t *testing.T) {
	for n := 0; n <= 21; n++ {
		if got, want := zeros(n), strings.Repeat("0", n); got != want {
			t.Errorf("zeros(%d) = %q, want %q", n, got, want)
		}
	}
}
