package adcp_test

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/adcp-gen/adcp-gen/adcp"
)

// TestRetryExtremeDurations: with Base, Cap and MaxWait anywhere up to the
// largest duration, every backoff wait lies within its jittered bounds
// (saturated at the largest duration, never zero or negative from an
// overflow), the waits of a constant random source never decrease, and
// their sum stays within MaxWait.
func TestRetryExtremeDurations(t *testing.T) {
	const largest = time.Duration(math.MaxInt64)
	durations := []time.Duration{1, time.Second, time.Hour, largest / 3, largest/2 + 1, largest - 1, largest}
	transient := &adcp.Error{Code: "X_GO_FOREVER", Message: "m", Recovery: adcp.RecoveryTransient}
	for _, base := range durations {
		for _, capD := range durations {
			for _, maxWait := range []time.Duration{time.Hour, largest / 2, largest} {
				for _, jitter := range []float64{-1, 0.25, 1} {
					for _, r := range []float64{0, 0.5, 0.999999} {
						var waits []time.Duration
						opts := adcp.RetryOptions{
							MaxAttempts: 80, MaxWait: maxWait, Base: base, Cap: capD, Jitter: jitter,
							Rand:  func() float64 { return r },
							Sleep: func(_ context.Context, d time.Duration) error { waits = append(waits, d); return nil },
						}
						_ = adcp.Retry(context.Background(), opts, func(context.Context, adcp.Attempt) error { return transient })
						checkExtremeWaits(t, base, capD, maxWait, jitter, waits)
					}
				}
			}
		}
	}
}

func checkExtremeWaits(t *testing.T, base, capD, maxWait time.Duration, jitter float64, waits []time.Duration) {
	t.Helper()
	j := max(jitter, 0)
	first := min(base, capD)
	lo := saturated(float64(first) * (1 - j))
	hi := saturated(float64(capD) * (1 + j))
	var sum time.Duration
	for i, w := range waits {
		if w < lo || w > hi || w <= 0 && lo > 0 {
			t.Fatalf("base %v cap %v max wait %v jitter %v: wait %d is %v, outside [%v, %v] (waits %v)", base, capD, maxWait, jitter, i, w, lo, hi, waits)
		}
		if i > 0 && w < waits[i-1] {
			t.Fatalf("base %v cap %v jitter %v: wait %d (%v) shorter than the one before (%v)", base, capD, jitter, i, w, waits[i-1])
		}
		if w > maxWait-sum {
			t.Fatalf("base %v cap %v max wait %v: waits %v exceed the max wait", base, capD, maxWait, waits)
		}
		sum += w
	}
}

// saturated converts a number of nanoseconds to a Duration, the largest
// one beyond it.
func saturated(ns float64) time.Duration {
	if ns >= math.MaxInt64 {
		return time.Duration(math.MaxInt64)
	}
	return time.Duration(ns)
}
