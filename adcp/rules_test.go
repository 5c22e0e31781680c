package adcp_test

import (
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/testvocab"
)

// This file pins, each with a test of its own, the rules that only a
// comparison with a second implementation held before: what makes payload
// errors[] a failure, and what a retry does with the idempotency key.

// TestPayloadErrorsFatalityFromEnvelope checks the envelope-vs-payload
// rule: an error found in the payload's errors[] is a failure (NonFatal
// false, and a transient one is retried) when the response carries a
// failure marker (MCP isError, A2A state failed or rejected in either
// spelling, a JSON-RPC error member), and a non-fatal advisory otherwise.
// Every response is extracted from its bytes and from its decoded value.
//
// checklist: 1, 7, 30
func TestPayloadErrorsFatalityFromEnvelope(t *testing.T) {
	const errs = `"errors":[{"code":"SERVICE_UNAVAILABLE","message":"m","recovery":"transient","retry_after":4}]`
	a2a := func(state string) string {
		return `{"id":"t-1","status":{"state":"` + state + `"},"artifacts":[{"artifactId":"r","parts":[{"data":{` + errs + `}}]}]}`
	}
	tests := []struct {
		name     string
		response string
		nonFatal bool
	}{
		{"JSON-RPC error beside top-level errors", `{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"x"},` + errs + `}`, false},
		{"JSON-RPC error beside a result's payload", `{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"x"},"result":{"structuredContent":{` + errs + `}}}`, false},
		{"JSON-RPC error member null", `{"jsonrpc":"2.0","id":1,"error":null,"result":{"structuredContent":{` + errs + `}}}`, false},
		{"no JSON-RPC error: top-level errors", `{"jsonrpc":"2.0","id":1,` + errs + `}`, true},
		{"no JSON-RPC error: result's payload", `{"jsonrpc":"2.0","id":1,"result":{"structuredContent":{` + errs + `}}}`, true},
		{"MCP isError", `{"isError":true,"structuredContent":{` + errs + `}}`, false},
		{"MCP success", `{"isError":false,"structuredContent":{` + errs + `}}`, true},
		{"A2A failed", a2a("failed"), false},
		{"A2A rejected", a2a("rejected"), false},
		// checklist: 7
		{"A2A 1.0 TASK_STATE_FAILED", a2a("TASK_STATE_FAILED"), false},
		// checklist: 7
		{"A2A 1.0 TASK_STATE_REJECTED", a2a("TASK_STATE_REJECTED"), false},
		{"A2A rejected in a push envelope", `{"task":` + a2a("rejected") + `}`, false},
		{"A2A completed", a2a("completed"), true},
		{"A2A canceled", a2a("canceled"), true},
		{"A2A 1.0 TASK_STATE_COMPLETED", a2a("TASK_STATE_COMPLETED"), true},
	}
	p := adcp.Policy{Vocabulary: testvocab.Vocabulary}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, form := range []string{"bytes", "decoded"} {
				var x adcp.Extraction
				var ok bool
				if form == "bytes" {
					x, ok = adcp.Extract([]byte(tt.response))
				} else {
					x, ok = adcp.ExtractValue(decodeAny(t, []byte(tt.response)))
				}
				if !ok || x.Path != adcp.PathPayload || x.Err.Code != "SERVICE_UNAVAILABLE" {
					t.Fatalf("%s: Extract = %+v, %v; want SERVICE_UNAVAILABLE from the payload", form, x, ok)
				}
				if x.NonFatal != tt.nonFatal {
					t.Errorf("%s: NonFatal = %v, want %v", form, x.NonFatal, tt.nonFatal)
				}
				d := p.Decide(x.Err, adcp.RequestContext{NonFatal: x.NonFatal})
				want := adcp.ActionRetry
				if tt.nonFatal {
					want = adcp.ActionSurfaceToCaller
				}
				if d.Action != want {
					t.Errorf("%s: action %q (%s), want %q", form, d.Action, d.Reason, want)
				}
			}
		})
	}
}

// TestIdempotencyKeyRule checks that the Decision tells a caller, as a
// value and not only in its Reason, what to do with the idempotency_key:
// keep it after IDEMPOTENCY_IN_FLIGHT (never mint a new one), check by
// natural key before minting a new one after IDEMPOTENCY_EXPIRED, and no
// rule for any other code.
//
// checklist: 28
func TestIdempotencyKeyRule(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	tests := []struct {
		name   string
		err    adcp.Error
		rc     adcp.RequestContext
		key    adcp.KeyRule
		action adcp.Action
		delay  float64 // seconds, 0: backoff or no retry
	}{
		{"in flight, wire transient", adcp.Error{Code: "IDEMPOTENCY_IN_FLIGHT", Recovery: adcp.RecoveryTransient, RetryAfter: f(2)}, adcp.RequestContext{}, adcp.KeyKeep, adcp.ActionRetry, 2},
		{"in flight, recovery from the vocabulary", adcp.Error{Code: "IDEMPOTENCY_IN_FLIGHT", RetryAfter: f(0.4)}, adcp.RequestContext{}, adcp.KeyKeep, adcp.ActionRetry, 1},
		{"in flight, no retry_after", adcp.Error{Code: "IDEMPOTENCY_IN_FLIGHT"}, adcp.RequestContext{}, adcp.KeyKeep, adcp.ActionRetry, 0},
		{"in flight, wire terminal: not retried, key still kept", adcp.Error{Code: "IDEMPOTENCY_IN_FLIGHT", Recovery: adcp.RecoveryTerminal}, adcp.RequestContext{}, adcp.KeyKeep, adcp.ActionEscalateToHuman, 0},
		{"in flight on a success", adcp.Error{Code: "IDEMPOTENCY_IN_FLIGHT"}, adcp.RequestContext{NonFatal: true}, adcp.KeyKeep, adcp.ActionSurfaceToCaller, 0},
		{"expired", adcp.Error{Code: "IDEMPOTENCY_EXPIRED"}, adcp.RequestContext{}, adcp.KeyCheckBeforeNew, adcp.ActionSurfaceToCaller, 0},
		{"expired, wire correctable", adcp.Error{Code: "IDEMPOTENCY_EXPIRED", Recovery: adcp.RecoveryCorrectable}, adcp.RequestContext{}, adcp.KeyCheckBeforeNew, adcp.ActionSurfaceToCaller, 0},
		{"conflict: no rule", adcp.Error{Code: "IDEMPOTENCY_CONFLICT"}, adcp.RequestContext{}, adcp.KeyNoRule, adcp.ActionSurfaceToCaller, 0},
		{"other transient: no rule", adcp.Error{Code: "RATE_LIMITED", RetryAfter: f(3)}, adcp.RequestContext{}, adcp.KeyNoRule, adcp.ActionRetry, 3},
		{"vendor code: no rule", adcp.Error{Code: "X_ACME_IDEMPOTENCY_IN_FLIGHT", Recovery: adcp.RecoveryTransient}, adcp.RequestContext{}, adcp.KeyNoRule, adcp.ActionRetry, 0},
	}
	p := adcp.Policy{Vocabulary: testvocab.Vocabulary}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := p.Decide(&tt.err, tt.rc)
			if d.IdempotencyKey != tt.key {
				t.Errorf("IdempotencyKey = %q, want %q", d.IdempotencyKey, tt.key)
			}
			if d.Action != tt.action {
				t.Errorf("action %q (%s), want %q", d.Action, d.Reason, tt.action)
			}
			if got := d.Delay.Seconds(); got != tt.delay || d.RetryAfter != (tt.delay != 0) {
				t.Errorf("delay %v (retry_after %v), want %vs", d.Delay, d.RetryAfter, tt.delay)
			}
			if tt.key == adcp.KeyCheckBeforeNew && !strings.Contains(d.Reason, "natural key") {
				t.Errorf("reason %q does not say to check by natural key", d.Reason)
			}
		})
	}
	if d := p.Decide(nil, adcp.RequestContext{}); d.IdempotencyKey != adcp.KeyNoRule {
		t.Errorf("nothing extracted: IdempotencyKey = %q", d.IdempotencyKey)
	}
}
