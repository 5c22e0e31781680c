package adcp_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/testvocab"
)

// checklist: 14
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
		got, ok := (&adcp.Error{RetryAfter: tt.in}).RetryDelay()
		if got != tt.want || ok != tt.ok {
			t.Errorf("RetryDelay(%v) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
	if _, ok := (*adcp.Error)(nil).RetryDelay(); ok {
		t.Error("nil error has a delay")
	}
	// Decoded: the value as written decides when the float64 rounded it to
	// a whole number.
	for lit, want := range map[string]time.Duration{
		"5":                     5 * time.Second,
		"5.0e0":                 5 * time.Second,
		"1.0000000000000001":    2 * time.Second,
		"4.99999999999999999":   5 * time.Second,
		"3599.0000000000000001": 3600 * time.Second,
		"1e-400":                time.Second,
	} {
		var e adcp.Error
		if err := json.Unmarshal([]byte(`{"code":"X","message":"m","retry_after":`+lit+`}`), &e); err != nil {
			t.Fatal(err)
		}
		if got, ok := e.RetryDelay(); got != want || !ok {
			t.Errorf("RetryDelay(%s) = %v, %v; want %v", lit, got, ok, want)
		}
	}
}

// checklist: 10, 11, 12
func TestClassify(t *testing.T) {
	v := testvocab.Vocabulary
	tests := []struct {
		e    adcp.Error
		p    adcp.Policy
		want adcp.Recovery
	}{
		{adcp.Error{Code: testvocab.CodeBudgetTooLow, Recovery: adcp.RecoveryTransient}, adcp.Policy{Vocabulary: v}, adcp.RecoveryTransient},
		{adcp.Error{Code: testvocab.CodeBudgetTooLow}, adcp.Policy{Vocabulary: v}, adcp.RecoveryCorrectable},
		{adcp.Error{Code: testvocab.CodeRateLimited, Recovery: "deferred"}, adcp.Policy{Vocabulary: v}, adcp.RecoveryTerminal},
		{adcp.Error{Code: "X_NEW"}, adcp.Policy{Vocabulary: v}, adcp.RecoveryTerminal},
		{adcp.Error{Code: "X_NEW"}, adcp.Policy{Vocabulary: v, UnknownCodeRecovery: adcp.RecoveryTransient}, adcp.RecoveryTransient},
		{adcp.Error{Code: "X_NEW"}, adcp.Policy{Vocabulary: v, UnknownCodeRecovery: v.UnknownRecovery()}, recoveryOr(v.UnknownRecovery())},
		{adcp.Error{Code: "X_NEW"}, adcp.Policy{Vocabulary: v, UnknownCodeRecovery: "later"}, adcp.RecoveryTerminal},
		{adcp.Error{Code: testvocab.CodeAuthRequired}, adcp.Policy{Vocabulary: v}, adcp.RecoveryCorrectable},
		// Without a vocabulary every code is outside it.
		{adcp.Error{Code: testvocab.CodeBudgetTooLow}, adcp.Policy{}, adcp.RecoveryTerminal},
		{adcp.Error{Code: testvocab.CodeRateLimited}, adcp.Policy{UnknownCodeRecovery: adcp.RecoveryTransient}, adcp.RecoveryTransient},
		{adcp.Error{Code: testvocab.CodeBudgetTooLow, Recovery: adcp.RecoveryCorrectable}, adcp.Policy{}, adcp.RecoveryCorrectable},
	}
	for _, tt := range tests {
		if got := tt.p.Classify(&tt.e); got != tt.want {
			t.Errorf("%+v with %+v: %q, want %q", tt.e, tt.p, got, tt.want)
		}
	}
	if got := (adcp.Policy{Vocabulary: v}).Classify(nil); got != adcp.RecoveryTerminal {
		t.Errorf("nil: %q", got)
	}
	if d := (adcp.Policy{Vocabulary: v}).Decide(nil, adcp.RequestContext{}); d.Action != adcp.ActionGenericError {
		t.Errorf("nil decided %+v", d)
	}
}

// recoveryOr is r, or terminal when r is not a class (a version without a
// manifest default).
func recoveryOr(r adcp.Recovery) adcp.Recovery {
	if r.Valid() {
		return r
	}
	return adcp.RecoveryTerminal
}

func TestErrorInterfaces(t *testing.T) {
	e := &adcp.Error{Code: testvocab.CodeRateLimited, Message: "slow\ndown"}
	err := fmt.Errorf("get_products: %w", e)
	if !errors.Is(err, testvocab.CodeRateLimited) || errors.Is(err, testvocab.CodeConflict) {
		t.Error("errors.Is by Code")
	}
	if !errors.Is(err, adcp.Code("RATE_LIMITED")) {
		t.Error("errors.Is by a Code conversion")
	}
	if !errors.Is(err, &adcp.Error{Code: "RATE_LIMITED"}) {
		t.Error("errors.Is by *Error")
	}
	if got, ok := adcp.As(err); !ok || got != e {
		t.Error("As")
	}
	if _, ok := adcp.As(errors.New("x")); ok {
		t.Error("As on a plain error")
	}
	if adcp.CodeOf(err) != "RATE_LIMITED" || adcp.CodeOf(errors.New("x")) != "" || adcp.CodeOf(nil) != "" {
		t.Error("CodeOf")
	}
	if got := e.Error(); got != "adcp: RATE_LIMITED: slowdown" {
		t.Errorf("Error() = %q", got)
	}
	if got := (&adcp.Error{Code: "X"}).Error(); got != "adcp: X" {
		t.Errorf("Error() = %q", got)
	}
}

// TestClassifyPresentRecovery checks the one rule for a recovery that is
// not a class: null and "" say nothing, like an absent member, and fall back
// to the code table; a number or an unknown word is an unknown value,
// terminal.
//
// checklist: 10
func TestClassifyPresentRecovery(t *testing.T) {
	p := adcp.Policy{Vocabulary: testvocab.Vocabulary}
	for _, tt := range []struct {
		json string
		want adcp.Recovery
	}{
		{`{"code":"RATE_LIMITED","message":"m"}`, adcp.RecoveryTransient},
		{`{"code":"RATE_LIMITED","message":"m","recovery":"transient"}`, adcp.RecoveryTransient},
		{`{"code":"RATE_LIMITED","message":"m","recovery":""}`, adcp.RecoveryTransient},
		{`{"code":"RATE_LIMITED","message":"m","recovery":null}`, adcp.RecoveryTransient},
		{`{"code":"RATE_LIMITED","message":"m","recovery": null }`, adcp.RecoveryTransient},
		{`{"code":"RATE_LIMITED","message":"m","recovery":[]}`, adcp.RecoveryTerminal},
		{`{"code":"RATE_LIMITED","message":"m","recovery":3}`, adcp.RecoveryTerminal},
		{`{"code":"RATE_LIMITED","message":"m","recovery":"deferred"}`, adcp.RecoveryTerminal},
		{`{"code":"RATE_LIMITED","message":"m","recovery":"","recovery":"transient"}`, adcp.RecoveryTransient},
	} {
		var e adcp.Error
		if err := json.Unmarshal([]byte(tt.json), &e); err != nil {
			t.Fatal(err)
		}
		if got := p.Classify(&e); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.json, got, tt.want)
		}
		c := e
		if got := p.Classify(&c); got != tt.want {
			t.Errorf("%s copied: %q, want %q", tt.json, got, tt.want)
		}
	}
}
