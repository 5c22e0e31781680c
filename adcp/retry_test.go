package adcp_test

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/testvocab"
)

// fakeClock records the waits Retry asks for and never sleeps.
type fakeClock struct {
	waits  []time.Duration
	cancel context.CancelFunc // called on the wait with index cancelAt
	at     int
}

func (c *fakeClock) sleep(ctx context.Context, d time.Duration) error {
	c.waits = append(c.waits, d)
	if c.cancel != nil && len(c.waits) == c.at {
		c.cancel()
	}
	return ctx.Err()
}

// script is an operation that returns its errors in turn, then nil, and
// records the attempts it saw.
type script struct {
	errs     []error
	attempts []adcp.Attempt
}

func (s *script) op(_ context.Context, a adcp.Attempt) error {
	s.attempts = append(s.attempts, a)
	if len(s.attempts) > len(s.errs) {
		return nil
	}
	return s.errs[len(s.attempts)-1]
}

func rerr(code string, recovery adcp.Recovery, retryAfter *float64, details string) *adcp.Error {
	e := &adcp.Error{Code: adcp.Code(code), Recovery: recovery, RetryAfter: retryAfter}
	if details != "" {
		e.Details = json.RawMessage(details)
	}
	return e
}

func f64(f float64) *float64 { return &f }

// standard classifies with the test vocabulary, whose codes have the
// recoveries of AdCP 3.2.0-beta.5: it gives the recovery of a standard code
// sent without one.
var standard = adcp.Policy{Vocabulary: testvocab.Vocabulary}

func repeat(e error, n int) []error {
	out := make([]error, n)
	for i := range out {
		out[i] = e
	}
	return out
}

func TestRetry(t *testing.T) {
	sec := time.Second
	rateLimited := rerr("RATE_LIMITED", adcp.RecoveryTransient, f64(7.2), "")
	noDelay := rerr("SERVICE_UNAVAILABLE", adcp.RecoveryTransient, nil, "")
	tests := []struct {
		name      string
		opts      adcp.RetryOptions
		noVocab   bool // classify without a vocabulary (else: standard)
		errs      []error
		rand      float64
		attempts  int
		waits     []time.Duration
		exhausted bool
		wantCode  adcp.Code // code of the returned *Error; "" for success
	}{
		{name: "success", errs: nil, attempts: 1},
		// checklist: 14, 17
		{name: "retry_after honoured, rounded up", errs: []error{rateLimited}, attempts: 2, waits: []time.Duration{8 * sec}},
		// checklist: 14, 17
		{name: "backoff 2s then 4s, no jitter at rand 0.5", errs: repeat(noDelay, 2), rand: 0.5, attempts: 3, waits: []time.Duration{2 * sec, 4 * sec}},
		{name: "jitter low bound", errs: repeat(noDelay, 2), rand: 0, attempts: 3, waits: []time.Duration{1500 * time.Millisecond, 3 * sec}},
		{name: "jitter high bound", errs: repeat(noDelay, 2), rand: 1, attempts: 3, waits: []time.Duration{2500 * time.Millisecond, 5 * sec}},
		// checklist: 17
		{name: "cap 60s before jitter", opts: adcp.RetryOptions{MaxAttempts: 8, MaxWait: time.Hour}, errs: repeat(noDelay, 7), rand: 0.5, attempts: 8,
			waits: []time.Duration{2 * sec, 4 * sec, 8 * sec, 16 * sec, 32 * sec, 60 * sec, 60 * sec}},
		// checklist: 16
		{name: "max attempts then exhausted", errs: repeat(noDelay, 5), rand: 0.5, attempts: 3, waits: []time.Duration{2 * sec, 4 * sec}, exhausted: true, wantCode: "SERVICE_UNAVAILABLE"},
		{name: "retry_after beyond max wait is not waited", errs: []error{rerr("RATE_LIMITED", "", f64(3600), "")}, attempts: 1, exhausted: true, wantCode: "RATE_LIMITED"},
		// checklist: 16
		{name: "cumulative wait bound", opts: adcp.RetryOptions{MaxAttempts: 10}, errs: repeat(rerr("RATE_LIMITED", "", f64(120), ""), 9), attempts: 3,
			waits: []time.Duration{120 * sec, 120 * sec}, exhausted: true, wantCode: "RATE_LIMITED"},
		// checklist: 13
		{name: "seller transient forever is bounded", errs: repeat(rerr("X_GO_FOREVER", adcp.RecoveryTransient, f64(1), ""), 5000),
			attempts: 3, waits: []time.Duration{sec, sec}, exhausted: true, wantCode: "X_GO_FOREVER"},
		// checklist: 12
		{name: "unknown code default policy not retried", errs: []error{rerr("X_GO_FOREVER", "", nil, "")}, attempts: 1, wantCode: "X_GO_FOREVER"},
		// checklist: 12, 13
		{name: "unknown code transient policy retried", opts: adcp.RetryOptions{Policy: adcp.Policy{UnknownCodeRecovery: adcp.RecoveryTransient}}, errs: []error{rerr("X_GO_FOREVER", "", nil, "")}, rand: 0.5,
			attempts: 2, waits: []time.Duration{2 * sec}},
		{name: "correctable not retried", errs: []error{rerr("BUDGET_TOO_LOW", "", f64(1), "")}, attempts: 1, wantCode: "BUDGET_TOO_LOW"},
		{name: "non-AdCP error not retried", errs: []error{errors.New("dial tcp: refused")}, attempts: 1},
		{name: "wrapped AdCP error retried", errs: []error{wrapErr{rateLimited}}, attempts: 2, waits: []time.Duration{8 * sec}},
		// checklist: 27
		{name: "configuration error never retried", errs: []error{rerr("CONFIGURATION_ERROR", adcp.RecoveryTransient, f64(1), "")}, attempts: 1, wantCode: "CONFIGURATION_ERROR"},
		// checklist: 21
		{name: "credential in args never retried", errs: []error{rerr("CREDENTIAL_IN_ARGS", adcp.RecoveryTransient, nil, "")}, attempts: 1, wantCode: "CREDENTIAL_IN_ARGS"},
		// checklist: 26
		{name: "agent suspended never retried", errs: []error{rerr("AGENT_SUSPENDED", adcp.RecoveryTransient, nil, "")}, attempts: 1, wantCode: "AGENT_SUSPENDED"},
		{name: "agent blocked never retried", errs: []error{rerr("AGENT_BLOCKED", "", nil, "")}, attempts: 1, wantCode: "AGENT_BLOCKED"},
		// checklist: 26
		{name: "permission denied agent scope never retried", opts: adcp.RetryOptions{Disambiguate: true}, errs: []error{rerr("PERMISSION_DENIED", adcp.RecoveryTransient, nil, `{"scope":"agent","reason":"sandbox_only"}`)}, attempts: 1, wantCode: "PERMISSION_DENIED"},
		// checklist: 28
		{name: "in flight retried", errs: []error{rerr("IDEMPOTENCY_IN_FLIGHT", "", f64(3), "")}, attempts: 2, waits: []time.Duration{3 * sec}},
		// checklist: 24
		{name: "scope insufficient not retried by default", errs: []error{rerr("SCOPE_INSUFFICIENT", "", nil, "")}, attempts: 1, wantCode: "SCOPE_INSUFFICIENT"},
		// checklist: 25
		{name: "disambiguation at most 3 attempts, 1-5s", opts: adcp.RetryOptions{Disambiguate: true, MaxAttempts: 10}, errs: repeat(rerr("READ_ONLY_SCOPE", "", nil, ""), 9), rand: 0.5,
			attempts: 3, waits: []time.Duration{3 * sec, 3 * sec}, wantCode: "READ_ONLY_SCOPE"},
		{name: "disambiguation lower bound", opts: adcp.RetryOptions{Disambiguate: true}, errs: []error{rerr("SCOPE_INSUFFICIENT", "", nil, "")}, rand: 0,
			attempts: 2, waits: []time.Duration{sec}},
		// checklist: 24, 25
		{name: "field not permitted not disambiguated", opts: adcp.RetryOptions{Disambiguate: true}, errs: []error{rerr("FIELD_NOT_PERMITTED", "", nil, "")}, attempts: 1, wantCode: "FIELD_NOT_PERMITTED"},
		// checklist: 22
		{name: "billing one shot", errs: repeat(rerr("BILLING_NOT_PERMITTED_FOR_AGENT", "", nil, `{"rejected_billing":"agent","suggested_billing":"operator"}`), 2), attempts: 2,
			waits: []time.Duration{0}, wantCode: "BILLING_NOT_PERMITTED_FOR_AGENT"},
		// checklist: 22
		{name: "billing without suggestion", errs: []error{rerr("BILLING_NOT_PERMITTED_FOR_AGENT", "", nil, `{"rejected_billing":"agent"}`)}, attempts: 1, wantCode: "BILLING_NOT_PERMITTED_FOR_AGENT"},
		// checklist: 19
		{name: "auth required without credentials: once with them", errs: repeat(rerr("AUTH_REQUIRED", "", nil, ""), 2), attempts: 2, waits: []time.Duration{0}, wantCode: "AUTH_REQUIRED"},
		// checklist: 19
		{name: "auth required with credentials: never", opts: adcp.RetryOptions{CredentialsPresented: true}, errs: []error{rerr("AUTH_REQUIRED", "", nil, "")}, attempts: 1, wantCode: "AUTH_REQUIRED"},
		{name: "advisory code failing the call is not special", errs: []error{rerr("STALE_RESPONSE", "", f64(1), "")}, attempts: 2, waits: []time.Duration{sec}},
		{name: "no vocabulary: a standard code without recovery is terminal", noVocab: true, errs: []error{rerr("RATE_LIMITED", "", f64(1), "")}, attempts: 1, wantCode: "RATE_LIMITED"},
		{name: "no vocabulary: the wire recovery still decides", noVocab: true, errs: []error{rateLimited}, attempts: 2, waits: []time.Duration{8 * sec}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := &fakeClock{}
			s := &script{errs: tt.errs}
			o := tt.opts
			if !tt.noVocab {
				o.Policy.Vocabulary = testvocab.Vocabulary
			}
			o.Sleep = clock.sleep
			o.Rand = func() float64 { return tt.rand }
			err := adcp.Retry(context.Background(), o, s.op)
			if len(s.attempts) != tt.attempts {
				t.Errorf("%d attempts, want %d", len(s.attempts), tt.attempts)
			}
			if !reflect.DeepEqual(clock.waits, tt.waits) {
				t.Errorf("waits %v, want %v", clock.waits, tt.waits)
			}
			if errors.Is(err, adcp.ErrRetriesExhausted) != tt.exhausted {
				t.Errorf("err = %v, exhausted want %v", err, tt.exhausted)
			}
			if tt.wantCode != "" && adcp.CodeOf(err) != tt.wantCode {
				t.Errorf("err = %v, want code %s", err, tt.wantCode)
			}
			if tt.wantCode == "" && tt.attempts == len(tt.errs)+1 && err != nil {
				t.Errorf("err = %v, want success", err)
			}
			for i, a := range s.attempts {
				if a.Number != i+1 {
					t.Errorf("attempt %d numbered %d", i+1, a.Number)
				}
			}
		})
	}
}

// wrapErr wraps an error as a transport layer might.
type wrapErr struct{ err error }

func (w wrapErr) Error() string { return "call failed: " + w.err.Error() }
func (w wrapErr) Unwrap() error { return w.err }

// TestRetryAttempts checks what each attempt is told.
func TestRetryAttempts(t *testing.T) {
	billing := rerr("BILLING_NOT_PERMITTED_FOR_AGENT", "", nil, `{"suggested_billing":"operator"}`)
	auth := rerr("AUTH_REQUIRED", "", nil, "")
	inFlight := rerr("IDEMPOTENCY_IN_FLIGHT", adcp.RecoveryTransient, f64(1), "")
	s := &script{errs: []error{billing}}
	_ = adcp.Retry(context.Background(), adcp.RetryOptions{Policy: standard, Sleep: (&fakeClock{}).sleep}, s.op)
	if a := s.attempts[1]; a.SuggestedBilling != "operator" || a.Last != billing || a.ProvideCredentials {
		t.Errorf("billing retry attempt %+v", a)
	}
	s = &script{errs: []error{auth}}
	_ = adcp.Retry(context.Background(), adcp.RetryOptions{Policy: standard, Sleep: (&fakeClock{}).sleep}, s.op)
	if a := s.attempts[1]; !a.ProvideCredentials || a.SuggestedBilling != "" {
		t.Errorf("auth retry attempt %+v", a)
	}
	s = &script{errs: []error{inFlight}}
	_ = adcp.Retry(context.Background(), adcp.RetryOptions{Policy: standard, Sleep: (&fakeClock{}).sleep}, s.op)
	if a := s.attempts[1]; a.ProvideCredentials || a.SuggestedBilling != "" || a.Last != inFlight {
		t.Errorf("in-flight retry attempt %+v: must resend the same request", a)
	}
}

// TestRetryContext checks cancellation before, during and between attempts.
func TestRetryContext(t *testing.T) {
	transient := rerr("SERVICE_UNAVAILABLE", adcp.RecoveryTransient, f64(5), "")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := &script{}
	if err := adcp.Retry(ctx, adcp.RetryOptions{Policy: standard}, s.op); !errors.Is(err, context.Canceled) || len(s.attempts) != 0 {
		t.Errorf("cancelled before: err %v, %d attempts", err, len(s.attempts))
	}

	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	clock := &fakeClock{cancel: cancel, at: 1}
	s = &script{errs: repeat(transient, 3)}
	err := adcp.Retry(ctx, adcp.RetryOptions{Policy: standard, Sleep: clock.sleep}, s.op)
	if !errors.Is(err, context.Canceled) || adcp.CodeOf(err) != "SERVICE_UNAVAILABLE" || len(s.attempts) != 1 {
		t.Errorf("cancelled while waiting: err %v, %d attempts", err, len(s.attempts))
	}

	// The real sleep returns as soon as the context ends.
	ctx, cancel = context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	s = &script{errs: repeat(rerr("RATE_LIMITED", "", f64(60), ""), 3)}
	done := make(chan error, 1)
	go func() { done <- adcp.Retry(ctx, adcp.RetryOptions{Policy: standard}, s.op) }()
	select {
	case err := <-done:
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("err %v, want deadline exceeded", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Retry did not return when its context ended")
	}
}

// TestRetryRefreshCredentials checks the one silent refresh-and-retry
// AUTH_INVALID allows, with a fake clock.
//
// checklist: 20
func TestRetryRefreshCredentials(t *testing.T) {
	sec := time.Second
	authInvalid := rerr("AUTH_INVALID", adcp.RecoveryTerminal, nil, "")
	refuse := errors.New("refresh grant revoked")
	tests := []struct {
		name       string
		hook       bool
		refreshErr error
		maxAtt     int
		errs       []error
		attempts   int
		refreshes  int
		waits      []time.Duration
		refreshed  []bool // Attempt.CredentialsRefreshed of each attempt
		wantCode   adcp.Code
		exhausted  bool
	}{
		{name: "no hook: escalated at once", errs: []error{authInvalid}, attempts: 1, refreshed: []bool{false}, wantCode: "AUTH_INVALID"},
		{name: "no hook, wire transient: still never re-presented", errs: []error{rerr("AUTH_INVALID", adcp.RecoveryTransient, f64(1), "")}, attempts: 1, refreshed: []bool{false}, wantCode: "AUTH_INVALID"},
		{name: "refresh then success", hook: true, errs: []error{authInvalid}, attempts: 2, refreshes: 1, waits: []time.Duration{0}, refreshed: []bool{false, true}},
		{name: "second AUTH_INVALID escalated", hook: true, errs: repeat(authInvalid, 3), attempts: 2, refreshes: 1, waits: []time.Duration{0}, refreshed: []bool{false, true}, wantCode: "AUTH_INVALID"},
		{name: "refresh declined", hook: true, refreshErr: refuse, errs: repeat(authInvalid, 3), attempts: 1, refreshes: 1, refreshed: []bool{false}, wantCode: "AUTH_INVALID"},
		{name: "once per operation", hook: true, maxAtt: 5, errs: []error{authInvalid, rerr("RATE_LIMITED", "", f64(2), ""), authInvalid}, attempts: 3, refreshes: 1,
			waits: []time.Duration{0, 2 * sec}, refreshed: []bool{false, true, true}, wantCode: "AUTH_INVALID"},
		{name: "after a transient retry", hook: true, errs: []error{rerr("RATE_LIMITED", "", f64(3), ""), authInvalid}, attempts: 3, refreshes: 1,
			waits: []time.Duration{3 * sec, 0}, refreshed: []bool{false, false, true}},
		{name: "no budget left: not refreshed", hook: true, maxAtt: 1, errs: []error{authInvalid}, attempts: 1, refreshed: []bool{false}, wantCode: "AUTH_INVALID", exhausted: true},
		{name: "other codes do not refresh", hook: true, errs: []error{rerr("AUTH_REQUIRED", "", nil, ""), rerr("PERMISSION_DENIED", "", nil, "")}, attempts: 2,
			waits: []time.Duration{0}, refreshed: []bool{false, false}, wantCode: "PERMISSION_DENIED"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := &fakeClock{}
			s := &script{errs: tt.errs}
			refreshes := 0
			o := adcp.RetryOptions{Policy: standard, MaxAttempts: tt.maxAtt, Sleep: clock.sleep, Rand: func() float64 { return 0.5 }}
			if tt.hook {
				o.RefreshCredentials = func(context.Context) error {
					refreshes++
					return tt.refreshErr
				}
			}
			err := adcp.Retry(context.Background(), o, s.op)
			if len(s.attempts) != tt.attempts || refreshes != tt.refreshes {
				t.Errorf("%d attempts, %d refreshes; want %d, %d", len(s.attempts), refreshes, tt.attempts, tt.refreshes)
			}
			if !reflect.DeepEqual(clock.waits, tt.waits) {
				t.Errorf("waits %v, want %v", clock.waits, tt.waits)
			}
			var got []bool
			for _, a := range s.attempts {
				got = append(got, a.CredentialsRefreshed)
			}
			if !reflect.DeepEqual(got, tt.refreshed) {
				t.Errorf("CredentialsRefreshed %v, want %v", got, tt.refreshed)
			}
			if adcp.CodeOf(err) != tt.wantCode || (tt.wantCode == "" && err != nil) {
				t.Errorf("err = %v, want code %q", err, tt.wantCode)
			}
			if errors.Is(err, adcp.ErrRetriesExhausted) != tt.exhausted {
				t.Errorf("err = %v, exhausted want %v", err, tt.exhausted)
			}
			if tt.refreshErr != nil && !errors.Is(err, tt.refreshErr) {
				t.Errorf("err = %v, does not wrap the refresh error", err)
			}
		})
	}
}
