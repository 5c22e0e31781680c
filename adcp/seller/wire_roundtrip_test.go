package seller_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/adcptest"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
	"github.com/adcp-gen/adcp-gen/adcp/internal/testvocab"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

// roundTripError builds a conformant error for any catalogue code, with the
// members the code needs and a retry_after on transient codes.
func roundTripError(t *testing.T, code adcp.Code) *adcp.Error {
	t.Helper()
	opts := []seller.Option{seller.WithSuggestion("Check the request and resend it")}
	switch code {
	case testvocab.CodeFieldNotPermitted:
		opts = append(opts, seller.WithField("packages[0].budget"))
	case testvocab.CodeAccountMoved:
		opts = append(opts, seller.WithDetails(map[string]any{"current_account": map[string]any{"account_id": "acc_2"}}))
	}
	if info, _ := voc.Info(code); info.Recovery == adcp.RecoveryTransient {
		opts = append(opts, seller.WithRetryAfterSeconds(7.2))
	}
	return mustNew(t, code, "The request failed", opts...)
}

// recoveryAction is the action transport-errors.md attaches to a recovery.
func recoveryAction(r adcp.Recovery) adcp.Action {
	switch r {
	case adcp.RecoveryTransient:
		return adcp.ActionRetry
	case adcp.RecoveryCorrectable:
		return adcp.ActionSurfaceToCaller
	}
	return adcp.ActionEscalateToHuman
}

// transports are the seller's fatal wire shapes and where the client finds
// the error in each.
var transports = []struct {
	name  string
	path  adcp.Path
	build func(e *adcp.Error) ([]byte, error)
}{
	{"mcp", adcp.PathStructuredContent, func(e *adcp.Error) ([]byte, error) { return seller.MCPToolResult(voc, e, "The request failed.") }},
	{"jsonrpc", adcp.PathJSONRPCError, func(e *adcp.Error) ([]byte, error) { return seller.JSONRPCError(voc, "req-1", e) }},
	{"a2a", adcp.PathArtifact, func(e *adcp.Error) ([]byte, error) {
		return seller.A2AFailedTask(voc, "task-1", e, "", seller.WithErrorMIMEType())
	}},
}

// assertExtracted checks that the client runtime extracts want from resp on
// path, and decides the action want's recovery implies.
func assertExtracted(t *testing.T, name string, resp []byte, path adcp.Path, want *adcp.Error) {
	t.Helper()
	x, ok := adcp.Extract(resp)
	if !ok {
		t.Errorf("%s: Extract found no error in %s", name, resp)
		return
	}
	if x.Path != path {
		t.Errorf("%s: path %s, want %s", name, x.Path, path)
	}
	got, _ := jsonwire.Marshal(x.Err)
	exp, _ := jsonwire.Marshal(want)
	if !reflect.DeepEqual(jsonValue(t, got), jsonValue(t, exp)) {
		t.Errorf("%s: extracted\n %s\nwant\n %s", name, got, exp)
	}
	if !reflect.DeepEqual(jsonValue(t, x.Raw()), jsonValue(t, exp)) {
		t.Errorf("%s: raw\n %s\nwant\n %s", name, x.Raw(), exp)
	}
	p := adcp.Policy{Vocabulary: voc}
	if r := p.Classify(x.Err); r != want.Recovery {
		t.Errorf("%s: Classify = %s, want %s", name, r, want.Recovery)
	}
	d := p.Decide(x.Err, adcp.RequestContext{NonFatal: x.NonFatal})
	wantAction := recoveryAction(want.Recovery)
	if want.Code == testvocab.CodeBillingNotPermittedForAgent {
		wantAction = adcp.ActionEscalateToHuman // one-shot rule: no details.suggested_billing
	}
	if d.Action != wantAction {
		t.Errorf("%s: action %s (%s), want %s", name, d.Action, d.Reason, wantAction)
	}
}

// TestRoundTripEveryCodeEveryTransport: for every catalogue code and every
// transport that may carry it, build → Extract → the same error, the same
// path, and the action its recovery implies. Codes a transport may not carry
// must be refused by its builder.
func TestRoundTripEveryCodeEveryTransport(t *testing.T) {
	for _, code := range voc.Codes() {
		e := roundTripError(t, code)
		info, _ := voc.Info(code)
		// BUDGET_CAP_REACHED is an advisory that is also the failure when no
		// partial result exists.
		advisory := (info.Advisory && code != "BUDGET_CAP_REACHED") || code == testvocab.CodeStaleResponse
		for _, tr := range transports {
			name := tr.name + " " + string(code)
			resp, err := tr.build(e)
			_, rpc := seller.WireRPCCode(voc, code)
			if advisory || (tr.name == "jsonrpc" && !rpc) {
				if err == nil {
					t.Errorf("%s: built %s, want a refusal", name, resp)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			assertExtracted(t, name, resp, tr.path, e)
			if got, err := adcptest.ResolveErrorCode(resp); err != nil || got != code {
				t.Errorf("%s: ResolveErrorCode = %s, %v", name, got, err)
			}
		}
	}
}

// TestRoundTripFallbackLayers removes the preferred carrier of each MCP
// result to show the other layers hold the same error: the content[0] text,
// and the payload's errors[].
func TestRoundTripFallbackLayers(t *testing.T) {
	e := mustNew(t, "BUDGET_TOO_LOW", "Budget is below the minimum", seller.WithField("budget.total"),
		seller.WithDetails(map[string]any{"minimum_budget": 500, "currency": "USD"}))
	resp, err := seller.MCPToolResult(voc, e, "Budget too low.")
	if err != nil {
		t.Fatal(err)
	}
	decode := func() map[string]any {
		var m map[string]any
		if err := json.Unmarshal(resp, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	m := decode()
	delete(m, "structuredContent")
	textOnly, _ := json.Marshal(m)
	assertExtracted(t, "text fallback", textOnly, adcp.PathTextFallback, e)

	m = decode()
	delete(m["structuredContent"].(map[string]any), "adcp_error")
	m["content"] = m["content"].([]any)[1:] // keep only the human sentence
	payloadOnly, _ := json.Marshal(m)
	assertExtracted(t, "payload layer", payloadOnly, adcp.PathPayload, e)
}

// TestRoundTripVendorCode: vendor codes are classified by their own recovery.
func TestRoundTripVendorCode(t *testing.T) {
	for _, r := range []adcp.Recovery{adcp.RecoveryTransient, adcp.RecoveryCorrectable, adcp.RecoveryTerminal} {
		e := mustNew(t, "X_STREAMHAUS_FLOOR_NOT_MET", "Floor not met", seller.WithRecovery(r))
		for _, tr := range []int{0, 2} {
			resp, err := transports[tr].build(e)
			if err != nil {
				t.Fatal(err)
			}
			assertExtracted(t, transports[tr].name+" vendor "+string(r), resp, transports[tr].path, e)
		}
	}
}

// TestRoundTripPassthrough: an intermediary passing an upstream error on
// delivers it unchanged; one outside the schema's bounds is refused (a
// client would reject it) until Finalize brings it within them.
func TestRoundTripPassthrough(t *testing.T) {
	up := decodeTestError(t, `{"code":"RATE_LIMITED","message":"Slow down","recovery":"transient","retry_after":120.5,"details":{"limit":100,"scope":"account"},"x_hop":"a"}`)
	for _, tr := range transports {
		resp, err := tr.build(seller.Passthrough(up))
		if err != nil {
			t.Fatalf("%s: %v", tr.name, err)
		}
		x, ok := adcp.Extract(resp)
		if !ok {
			t.Fatalf("%s: nothing extracted", tr.name)
		}
		if x.Err.RetryAfter == nil || *x.Err.RetryAfter != 120.5 || x.Err.Recovery != adcp.RecoveryTransient ||
			string(x.Err.Details) != `{"limit":100,"scope":"account"}` || string(x.Err.Extra["x_hop"]) != `"a"` {
			t.Errorf("%s: passthrough altered the error: %s", tr.name, x.Raw())
		}
	}
	over := decodeTestError(t, `{"code":"RATE_LIMITED","message":"Slow down","recovery":"transient","retry_after":86400}`)
	for _, tr := range transports {
		if resp, err := tr.build(seller.Passthrough(over)); err == nil || !strings.Contains(err.Error(), "/retry_after: greater than 3600") {
			t.Errorf("%s: retry_after 86400 sent: %s, %v", tr.name, resp, err)
		}
		fixed, _, err := seller.Finalize(voc, over)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tr.build(fixed); err != nil || *fixed.RetryAfter != 3600 {
			t.Errorf("%s: finalized passthrough: %v", tr.name, err)
		}
	}
}

// TestRoundTripWarnings: warnings in a successful payload are extracted as
// non-fatal, and surfaced rather than retried.
func TestRoundTripWarnings(t *testing.T) {
	stale := mustNew(t, "STALE_RESPONSE", "Served from cache")
	resp, err := seller.SuccessPayloadWithWarnings(voc, json.RawMessage(`{"products":[{"product_id":"p1"}]}`), []*adcp.Error{stale})
	if err != nil {
		t.Fatal(err)
	}
	x, ok := adcp.Extract(resp)
	if !ok || x.Path != adcp.PathPayload || !x.NonFatal || x.Err.Code != "STALE_RESPONSE" {
		t.Fatalf("Extract = %+v, %v", x, ok)
	}
	if d := (adcp.Policy{Vocabulary: voc}).Decide(x.Err, adcp.RequestContext{NonFatal: x.NonFatal}); d.Action != adcp.ActionSurfaceToCaller {
		t.Errorf("warning decided %s", d.Action)
	}
}
