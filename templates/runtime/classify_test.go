package adcperr

import (
	"errors"
	"fmt"
	"math"
	"testing"
	"time"
)

func TestRetryDelay(t *testing.T) {
	tests := []struct {
		in   *float64
		want time.Duration
		ok   bool
	}{
		{nil, 0, false},
		{f64(math.NaN()), 0, false},
		{f64(math.Inf(1)), 0, false},
		{f64(math.Inf(-1)), 0, false},
		{f64(5), 5 * time.Second, true},
		{f64(0.001), time.Second, true},
		{f64(1.5), 2 * time.Second, true},
		{f64(0), time.Second, true},
		{f64(-4), time.Second, true},
		{f64(3599.01), 3600 * time.Second, true},
		{f64(86400), 3600 * time.Second, true},
		{f64(math.MaxFloat64), 3600 * time.Second, true},
	}
	for _, tt := range tests {
		got, ok := (&Error{RetryAfter: tt.in}).RetryDelay()
		if got != tt.want || ok != tt.ok {
			t.Errorf("RetryDelay(%v) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
	if _, ok := (*Error)(nil).RetryDelay(); ok {
		t.Error("nil error has a delay")
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		e    Error
		p    Policy
		want Recovery
	}{
		{Error{Code: "BUDGET_TOO_LOW", Recovery: RecoveryTransient}, Policy{}, RecoveryTransient},
		{Error{Code: "BUDGET_TOO_LOW"}, Policy{}, RecoveryCorrectable},
		{Error{Code: "RATE_LIMITED", Recovery: "deferred"}, Policy{}, RecoveryTerminal},
		{Error{Code: "X_NEW"}, Policy{}, RecoveryTerminal},
		{Error{Code: "X_NEW"}, Policy{UnknownCodeRecovery: RecoveryTransient}, RecoveryTransient},
		{Error{Code: "X_NEW"}, Policy{UnknownCodeRecovery: ManifestUnknownRecovery}, recoveryOr(ManifestUnknownRecovery)},
		{Error{Code: "X_NEW"}, Policy{UnknownCodeRecovery: "later"}, RecoveryTerminal},
		{Error{Code: "AUTH_REQUIRED"}, Policy{}, RecoveryCorrectable},
	}
	for _, tt := range tests {
		if got := tt.p.Classify(&tt.e); got != tt.want {
			t.Errorf("%+v with %+v: %q, want %q", tt.e, tt.p, got, tt.want)
		}
	}
	if got := (Policy{}).Classify(nil); got != RecoveryTerminal {
		t.Errorf("nil: %q", got)
	}
	if d := (Policy{}).Decide(nil, RequestContext{}); d.Action != ActionGenericError {
		t.Errorf("nil decided %+v", d)
	}
}

// recoveryOr is r, or terminal when r is not a class (a version without a
// manifest default).
func recoveryOr(r Recovery) Recovery {
	if r.Valid() {
		return r
	}
	return RecoveryTerminal
}

func TestErrorInterfaces(t *testing.T) {
	e := &Error{Code: "RATE_LIMITED", Message: "slow\ndown"}
	err := fmt.Errorf("get_products: %w", e)
	if !errors.Is(err, Code("RATE_LIMITED")) || errors.Is(err, Code("CONFLICT")) {
		t.Error("errors.Is by Code")
	}
	if !errors.Is(err, &Error{Code: "RATE_LIMITED"}) {
		t.Error("errors.Is by *Error")
	}
	if got, ok := As(err); !ok || got != e {
		t.Error("As")
	}
	if _, ok := As(errors.New("x")); ok {
		t.Error("As on a plain error")
	}
	if CodeOf(err) != "RATE_LIMITED" || CodeOf(errors.New("x")) != "" || CodeOf(nil) != "" {
		t.Error("CodeOf")
	}
	if got := e.Error(); got != "adcp: RATE_LIMITED: slowdown" {
		t.Errorf("Error() = %q", got)
	}
	if got := (&Error{Code: "X"}).Error(); got != "adcp: X" {
		t.Errorf("Error() = %q", got)
	}
}
