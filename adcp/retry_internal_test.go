package adcp

import (
	"testing"
	"time"
)

// TestBackoffJitterBounds checks every backoff delay against its bounds over
// the whole range of the random source.
//
// checklist: 17
func TestBackoffJitterBounds(t *testing.T) {
	o := RetryOptions{}.withDefaults()
	for n := 1; n <= 10; n++ {
		base := o.Base << (n - 1)
		if base > o.Cap || n > 7 {
			base = o.Cap
		}
		lo, hi := time.Duration(float64(base)*0.75), time.Duration(float64(base)*1.25)
		for _, r := range []float64{0, 0.1, 0.5, 0.9, 0.999999} {
			o.Rand = func() float64 { return r }
			if d := o.backoff(n); d < lo || d > hi {
				t.Errorf("backoff(%d) at %v = %v, outside [%v, %v]", n, r, d, lo, hi)
			}
		}
	}
}
