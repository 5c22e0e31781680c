package adcp_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/adcp-gen/adcp-gen/adcp"
)

// retryAlphabet are the errors of the interleaving tests: the three
// one-shot rules (BILLING_NOT_PERMITTED_FOR_AGENT with a suggestion,
// AUTH_REQUIRED without credentials, AUTH_INVALID with a refresh hook) and
// two transient errors (one with retry_after, one without).
var retryAlphabet = map[byte]*adcp.Error{
	'B': rerr("BILLING_NOT_PERMITTED_FOR_AGENT", "", nil, `{"rejected_billing":"agent","suggested_billing":"operator"}`),
	'A': rerr("AUTH_REQUIRED", "", nil, ""),
	'I': rerr("AUTH_INVALID", "", nil, ""),
	'R': rerr("RATE_LIMITED", "", f64(3), ""),
	'S': rerr("SERVICE_UNAVAILABLE", "", nil, ""),
}

// retryFix is what an attempt is told to change.
type retryFix struct {
	billing      string
	creds, fresh bool
}

// checkRetrySequence runs Retry with the fake clock over the errors of seq
// (then success) and checks each attempt against a model: a one-shot fix is
// made once, holds for every later attempt whatever transient errors come
// between, and a repeated rule stops the retries.
func checkRetrySequence(t *testing.T, seq string) {
	t.Helper()
	sec := time.Second
	var (
		want      []retryFix
		wantWaits []time.Duration
		cur       retryFix
		wantCode  adcp.Code
		refreshes int
		waited    time.Duration
	)
	const maxAttempts = 10
	for i := 0; ; i++ {
		want = append(want, cur)
		if i == len(seq) {
			break // success
		}
		e := retryAlphabet[seq[i]]
		stop := false
		var d time.Duration
		switch seq[i] {
		case 'B':
			stop = cur.billing != ""
			cur.billing = "operator"
		case 'A':
			stop = cur.creds
			cur.creds = true
		case 'I':
			stop = cur.fresh
			if !stop && i+1 < maxAttempts {
				refreshes++
			}
			cur.fresh = true
		case 'R':
			d = 3 * sec
		case 'S':
			d = DefaultBackoff(i + 1)
		}
		if stop || i+1 >= maxAttempts || waited+d > time.Hour {
			wantCode = e.Code
			break
		}
		waited += d
		wantWaits = append(wantWaits, d)
	}

	clock := &fakeClock{}
	var errs []error
	for i := 0; i < len(seq); i++ {
		errs = append(errs, retryAlphabet[seq[i]])
	}
	s := &script{errs: errs}
	gotRefreshes := 0
	o := adcp.RetryOptions{Policy: standard, MaxAttempts: maxAttempts, MaxWait: time.Hour, Sleep: clock.sleep,
		Rand: func() float64 { return 0.5 },
		RefreshCredentials: func(context.Context) error {
			gotRefreshes++
			return nil
		}}
	err := adcp.Retry(context.Background(), o, s.op)

	var got []retryFix
	for _, a := range s.attempts {
		got = append(got, retryFix{a.SuggestedBilling, a.ProvideCredentials, a.CredentialsRefreshed})
	}
	name := fmt.Sprintf("sequence %s", seq)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: attempts carried %+v, want %+v", name, got, want)
	}
	if len(clock.waits) != len(wantWaits) || (len(wantWaits) > 0 && !reflect.DeepEqual(clock.waits, wantWaits)) {
		t.Errorf("%s: waits %v, want %v", name, clock.waits, wantWaits)
	}
	if adcp.CodeOf(err) != wantCode || (wantCode == "" && err != nil) {
		t.Errorf("%s: err %v, want code %q", name, err, wantCode)
	}
	if gotRefreshes != refreshes {
		t.Errorf("%s: %d refreshes, want %d", name, gotRefreshes, refreshes)
	}
	for i, a := range s.attempts {
		if i > 0 && a.Last != errs[i-1] {
			t.Errorf("%s: attempt %d Last = %v", name, i+1, a.Last)
		}
	}
}

// DefaultBackoff is Retry's backoff before retry n with the default base
// and cap and no jitter (the fake random source returns 0.5).
func DefaultBackoff(n int) time.Duration {
	d := adcp.DefaultBackoffBase
	for i := 1; i < n && d < adcp.DefaultBackoffCap; i++ {
		d *= 2
	}
	if d > adcp.DefaultBackoffCap {
		d = adcp.DefaultBackoffCap
	}
	return d
}

// TestRetryInterleavings runs Retry over every sequence of up to five
// errors of retryAlphabet, with the fake clock: every interleaving of the
// special rules and transient errors.
func TestRetryInterleavings(t *testing.T) {
	letters := []byte("BAIRS")
	n := 0
	var grow func(prefix string)
	grow = func(prefix string) {
		if prefix != "" {
			checkRetrySequence(t, prefix)
			n++
		}
		if len(prefix) == 5 {
			return
		}
		for _, c := range letters {
			grow(prefix + string(c))
		}
	}
	grow("")
	t.Logf("%d interleavings", n)
}

// FuzzRetryInterleavings checks longer sequences against the same model.
func FuzzRetryInterleavings(f *testing.F) {
	f.Add([]byte("BRA"))
	f.Add([]byte("ISRSBRSAI"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > 30 {
			return
		}
		seq := make([]byte, len(b))
		for i, c := range b {
			seq[i] = "BAIRS"[int(c)%5]
		}
		checkRetrySequence(t, string(seq))
	})
}
