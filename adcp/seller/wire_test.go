package seller_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
	"github.com/adcp-gen/adcp-gen/adcp/internal/testvocab"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

const rateLimitedJSON = `{"code":"RATE_LIMITED","message":"Request rate exceeded","retry_after":5,"recovery":"transient"}`

// checklist: 42, 44
func TestMCPToolResult(t *testing.T) {
	e := mustNew(t, "RATE_LIMITED", "Request rate exceeded", seller.WithRetryAfterSeconds(5))
	got, err := seller.MCPToolResult(voc, e, "Rate limited — retry in 5s.")
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, "MCPToolResult", got, `{
		"content": [
			{"type": "text", "text": `+jsonString(`{"adcp_error":`+rateLimitedJSON+`}`)+`},
			{"type": "text", "text": "Rate limited — retry in 5s."}
		],
		"isError": true,
		"structuredContent": {"adcp_error": `+rateLimitedJSON+`, "payload": {"errors": [`+rateLimitedJSON+`]}}
	}`)

	// Without human text there is one content item, and its text is the
	// exact compact JSON of {"adcp_error": …}.
	got, err = seller.MCPToolResult(voc, e, "")
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Content []struct{ Text string }
	}
	if err := json.Unmarshal(got, &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Content) != 1 || r.Content[0].Text != `{"adcp_error":`+rateLimitedJSON+`}` {
		t.Errorf("content = %+v", r.Content)
	}
}

// checklist: 41
func TestJSONRPCError(t *testing.T) {
	tests := []struct {
		code    adcp.Code
		id      any
		opts    []seller.WireOption
		wantRPC int
		wantID  string
	}{
		{"RATE_LIMITED", "req-123", nil, -32029, `"req-123"`},
		{"AUTH_MISSING", 7, nil, -32028, `7`},
		{"SERVICE_UNAVAILABLE", nil, nil, -32027, `null`},
		{"SERVICE_UNAVAILABLE", json.RawMessage(` 12.5 `), nil, -32027, `12.5`},
		{"SERVICE_UNAVAILABLE", json.Number("3"), nil, -32027, `3`},
		{"RATE_LIMITED", "a", []seller.WireOption{seller.WithCollapsedJSONRPCCode(-32000)}, -32000, `"a"`},
		{"AUTH_MISSING", "a", []seller.WireOption{seller.WithCollapsedJSONRPCCode(-32000)}, -32000, `"a"`},
	}
	for _, tt := range tests {
		e := mustNew(t, tt.code, "Rejected before dispatch")
		got, err := seller.JSONRPCError(voc, tt.id, e, tt.opts...)
		if err != nil {
			t.Errorf("%s: %v", tt.code, err)
			continue
		}
		ej, _ := jsonwire.Marshal(e)
		sameJSON(t, string(tt.code), got, `{"jsonrpc":"2.0","id":`+tt.wantID+`,"error":{"code":`+
			jsonInt(tt.wantRPC)+`,"message":"Rejected before dispatch","data":{"adcp_error":`+string(ej)+`}}}`)
	}
}

// TestJSONRPCAuthRequiredBefore31: AUTH_REQUIRED holds -32028 only in a
// version without AUTH_MISSING.
//
// checklist: 41
func TestJSONRPCAuthRequiredBefore31(t *testing.T) {
	e := mustNew(t, "AUTH_REQUIRED", "Credentials required")
	if _, err := seller.JSONRPCError(voc, 1, e); err == nil {
		t.Error("AUTH_REQUIRED accepted beside AUTH_MISSING")
	}
	before31 := vocabularyWithout(t, "AUTH_MISSING")
	got, err := seller.JSONRPCError(before31, 1, e)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(got), `"code":-32028`) {
		t.Errorf("AUTH_REQUIRED: %s", got)
	}
}

// checklist: 43, 44
func TestA2AFailedTask(t *testing.T) {
	e := mustNew(t, "RATE_LIMITED", "Request rate exceeded", seller.WithRetryAfterSeconds(5))
	ts := time.Date(2025, 1, 22, 10, 30, 0, 0, time.UTC)
	got, err := seller.A2AFailedTask(voc, "task_456", e, "Rate limit exceeded. Retry in 5 seconds.", seller.WithErrorMIMEType(), seller.WithTimestamp(ts))
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, "A2AFailedTask", got, `{
		"id": "task_456",
		"status": {"state": "failed", "timestamp": "2025-01-22T10:30:00Z"},
		"artifacts": [{"artifactId": "error-result", "parts": [
			{"kind": "text", "text": "Rate limit exceeded. Retry in 5 seconds."},
			{"kind": "data", "data": {"adcp_error": `+rateLimitedJSON+`}, "metadata": {"mimeType": "application/vnd.adcp.error+json"}},
			{"kind": "data", "data": {"errors": [`+rateLimitedJSON+`]}}
		]}]
	}`)

	// Defaults: no id, no timestamp, no MIME type, the message as text.
	got, err = seller.A2AFailedTask(voc, "", e, "")
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, "A2AFailedTask defaults", got, `{
		"status": {"state": "failed"},
		"artifacts": [{"artifactId": "error-result", "parts": [
			{"kind": "text", "text": "Request rate exceeded"},
			{"kind": "data", "data": {"adcp_error": `+rateLimitedJSON+`}},
			{"kind": "data", "data": {"errors": [`+rateLimitedJSON+`]}}
		]}]
	}`)
}

func TestWirePayloadErrors(t *testing.T) {
	a := mustNew(t, "RATE_LIMITED", "Request rate exceeded")
	b := mustNew(t, "X_ACME_FLOOR_NOT_MET", "Floor not met", seller.WithRecovery(adcp.RecoveryCorrectable))
	got, err := seller.MCPToolResult(voc, a, "", seller.WithPayloadErrors(a, b))
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		StructuredContent struct {
			Payload struct{ Errors []json.RawMessage }
		}
	}
	if err := json.Unmarshal(got, &r); err != nil {
		t.Fatal(err)
	}
	if n := len(r.StructuredContent.Payload.Errors); n != 2 {
		t.Fatalf("payload has %d errors, want 2", n)
	}
	bj, _ := jsonwire.Marshal(b)
	sameJSON(t, "second payload error", r.StructuredContent.Payload.Errors[1], string(bj))
}

func TestWireRefusals(t *testing.T) {
	rate := mustNew(t, "RATE_LIMITED", "m")
	budget := mustNew(t, "BUDGET_TOO_LOW", "m")
	stale := mustNew(t, "STALE_RESPONSE", "m")
	huge := &adcp.Error{Code: "CREATIVE_REJECTED", Message: strings.Repeat("x", 4100)}
	long := &adcp.Error{Code: adcp.Code(strings.Repeat("A", 65)), Message: "m"}
	tests := []struct {
		name string
		call func() ([]byte, error)
		want string
	}{
		{"mcp nil", func() ([]byte, error) { return seller.MCPToolResult(voc, nil, "") }, "nil error"},
		// checklist: 30, 44, 53
		{"mcp advisory", func() ([]byte, error) { return seller.MCPToolResult(voc, stale, "") }, "non-fatal advisory"},
		{"a2a advisory", func() ([]byte, error) { return seller.A2AFailedTask(voc, "t", stale, "") }, "non-fatal advisory"},
		{"jsonrpc advisory", func() ([]byte, error) { return seller.JSONRPCError(voc, 1, stale) }, "non-fatal advisory"},
		{"mcp over 4096", func() ([]byte, error) { return seller.MCPToolResult(voc, huge, "") }, "over 4096"},
		{"a2a code over 64", func() ([]byte, error) { return seller.A2AFailedTask(voc, "t", long, "") }, "1 to 64"},
		// checklist: 40
		{"jsonrpc application code", func() ([]byte, error) { return seller.JSONRPCError(voc, 1, budget) }, "cannot be a JSON-RPC error"},
		{"jsonrpc collapsed out of range", func() ([]byte, error) {
			return seller.JSONRPCError(voc, 1, rate, seller.WithCollapsedJSONRPCCode(-32600))
		}, "server-defined range"},
		{"jsonrpc object id", func() ([]byte, error) { return seller.JSONRPCError(voc, map[string]int{"a": 1}, rate) }, "string, a number or null"},
		{"jsonrpc bool id", func() ([]byte, error) { return seller.JSONRPCError(voc, true, rate) }, "string, a number or null"},
		{"jsonrpc id of invalid UTF-8", func() ([]byte, error) {
			return seller.JSONRPCError(voc, json.RawMessage("\"\xff\""), rate)
		}, "string, a number or null"},
		{"success payload of invalid UTF-8", func() ([]byte, error) {
			return seller.SuccessPayloadWithWarnings(voc, json.RawMessage("{\"a\":\"\xff\"}"), nil)
		}, "payload: must be a JSON object in valid UTF-8"},
		{"empty payload errors", func() ([]byte, error) { return seller.MCPToolResult(voc, rate, "", seller.WithPayloadErrors()) }, "cannot be empty"},
		{"bad payload error", func() ([]byte, error) {
			return seller.A2AFailedTask(voc, "t", rate, "", seller.WithPayloadErrors(rate, huge))
		}, "payload errors[]"},
		{"aggregate nothing", func() ([]byte, error) { return seller.Aggregate(voc, nil) }, "nothing to aggregate"},
		{"aggregate nil", func() ([]byte, error) { return seller.Aggregate(voc, []*adcp.Error{rate, nil}) }, "nil error"},
	}
	for _, tt := range tests {
		got, err := tt.call()
		if err == nil {
			t.Errorf("%s: = %s, want an error", tt.name, got)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %q lacks %q", tt.name, err, tt.want)
		}
	}
}

func TestAdvisoryFromTable(t *testing.T) {
	// An advisory code of the generated table.
	adv := mustNew(t, "FORMAT_PROJECTION_FAILED", "m", seller.WithField("products[3].format_ids[0]"))
	if _, err := seller.MCPToolResult(voc, adv, ""); err == nil || !strings.Contains(err.Error(), "non-fatal advisory") {
		t.Errorf("an advisory code (from the table) became a failure: err = %v", err)
	}
	// A code the table marks advisory only once patched: the rule reads the
	// table, not a list of names.
	v := patchVocabulary(t, voc, "PRODUCT_NOT_FOUND", func(i *adcp.CodeInfo) { i.Advisory = true })
	e := mustNew(t, "PRODUCT_NOT_FOUND", "m", seller.WithField("product_ids[0]"))
	if _, err := seller.MCPToolResult(v, e, ""); err == nil || !strings.Contains(err.Error(), "non-fatal advisory") {
		t.Errorf("a code marked advisory became a failure: err = %v", err)
	}
	if _, err := seller.MCPToolResult(voc, e, ""); err != nil {
		t.Errorf("the code, not advisory in AdCP %s, was refused: %v", voc.SpecVersion(), err)
	}
}

func TestSuccessPayloadWithWarnings(t *testing.T) {
	stale := mustNew(t, "STALE_RESPONSE", "Served from cache")
	sj, _ := jsonwire.Marshal(stale)
	warn := strings.TrimSuffix(string(sj), "}") + `,"severity":"warning"}`
	// A warning on a submitted task, which needs no payload data.
	review := mustNew(t, "X_ACME_MANUAL_REVIEW", "This media buy needs manual approval", seller.WithRecovery(adcp.RecoveryTransient))
	rj, _ := jsonwire.Marshal(review)
	rwarn := strings.TrimSuffix(string(rj), "}") + `,"severity":"warning"}`
	tests := []struct {
		name    string
		payload any
		w       *adcp.Error
		want    string // exact bytes: member order is kept
	}{
		{"nil payload", nil, review, `{"errors":[` + rwarn + `]}`},
		{"members kept in order", json.RawMessage(`{"z":1, "products":[{"id":"p1"}], "a":{"b":2}}`), stale,
			`{"z":1,"products":[{"id":"p1"}],"a":{"b":2},"errors":[` + warn + `]}`},
		{"appends to errors", []byte(`{"errors":[{"code":"X","message":"m"}],"products":[{}]}`), stale,
			`{"errors":[{"code":"X","message":"m"},` + warn + `],"products":[{}]}`},
		{"appends to empty errors", []byte(`{"errors":[ ]}`), review, `{"errors":[` + rwarn + `]}`},
		{"struct payload", struct {
			Products []string `json:"products"`
		}{[]string{"a<b"}}, stale, `{"products":["a<b"],"errors":[` + warn + `]}`},
		{"stale with a scalar member", json.RawMessage(`{"total":0}`), stale, `{"total":0,"errors":[` + warn + `]}`},
	}
	for _, tt := range tests {
		got, err := seller.SuccessPayloadWithWarnings(voc, tt.payload, []*adcp.Error{tt.w})
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if string(got) != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
	}

	// No warnings: the payload, compacted.
	if got, err := seller.SuccessPayloadWithWarnings(voc, json.RawMessage(`{"a": 1}`), nil); err != nil || string(got) != `{"a":1}` {
		t.Errorf("no warnings: %s, %v", got, err)
	}

	for name, p := range map[string]any{
		"adcp_error in payload": json.RawMessage(`{"adcp_error":{"code":"X"}}`),
		"errors not an array":   json.RawMessage(`{"errors":{}}`),
		"payload not an object": json.RawMessage(`[1]`),
		"invalid JSON":          json.RawMessage(`{"a":`),
		"duplicate member":      json.RawMessage(`{"a":1,"a":2}`),
		"trailing data":         json.RawMessage(`{"a":1} {}`),
	} {
		if got, err := seller.SuccessPayloadWithWarnings(voc, p, []*adcp.Error{stale}); err == nil {
			t.Errorf("%s: = %s, want an error", name, got)
		}
	}
	if _, err := seller.SuccessPayloadWithWarnings(voc, nil, []*adcp.Error{{Message: "no code"}}); err == nil {
		t.Error("a warning without code was accepted")
	}
}

// TestStaleResponseNeedsData: STALE_RESPONSE marks served data as stale, so
// a payload without data is refused, whatever else it holds.
//
// checklist: 53
func TestStaleResponseNeedsData(t *testing.T) {
	stale := mustNew(t, "STALE_RESPONSE", "Served from cache")
	review := mustNew(t, "X_ACME_MANUAL_REVIEW", "m", seller.WithRecovery(adcp.RecoveryTransient))
	for _, p := range []any{
		nil,
		json.RawMessage(`{}`),
		json.RawMessage(`{"products":[]}`),
		json.RawMessage(`{"products":null,"name":"","filters":{}}`),
		json.RawMessage(`{"errors":[{"code":"X","message":"m"}],"context":{"trace":"t1"},"ext":{"a":1}}`),
		struct {
			Products []string `json:"products"`
		}{},
	} {
		if got, err := seller.SuccessPayloadWithWarnings(voc, p, []*adcp.Error{review, stale}); err == nil || !strings.Contains(err.Error(), "non-empty") {
			t.Errorf("STALE_RESPONSE on empty payload %v: = %s, %v; want a refusal", p, got, err)
		}
		if _, err := seller.SuccessPayloadWithWarnings(voc, p, []*adcp.Error{review}); err != nil {
			t.Errorf("another warning on empty payload %v: %v", p, err)
		}
	}
}

// checklist: 44
func TestHTTPStatus(t *testing.T) {
	tests := []struct {
		e    *adcp.Error
		want int
	}{
		{nil, 200},
		{&adcp.Error{Code: "CONFIGURATION_ERROR"}, 500},
		{&adcp.Error{Code: "GOVERNANCE_UNAVAILABLE"}, 503},
		// Tool-level errors, advisories and the reserved JSON-RPC codes.
		{&adcp.Error{Code: "BUDGET_TOO_LOW"}, 200},
		{&adcp.Error{Code: "GOVERNANCE_DENIED"}, 200},
		{&adcp.Error{Code: "STALE_RESPONSE"}, 200},
		{&adcp.Error{Code: "RATE_LIMITED"}, 200},
		{&adcp.Error{Code: "AUTH_MISSING"}, 200},
		{&adcp.Error{Code: "SERVICE_UNAVAILABLE"}, 200},
		{&adcp.Error{Code: "X_ACME_CONFIGURATION_ERROR"}, 200},
	}
	for _, tt := range tests {
		if got := seller.HTTPStatus(tt.e); got != tt.want {
			t.Errorf("HTTPStatus(%v) = %d, want %d", tt.e, got, tt.want)
		}
	}
	// The two system failures are fatal on every marker: both builders
	// accept them (isError true, state failed).
	for _, code := range []adcp.Code{"CONFIGURATION_ERROR", "GOVERNANCE_UNAVAILABLE"} {
		if !voc.Known(code) {
			t.Errorf("%s is not a code of AdCP %s", code, voc.SpecVersion())
			continue
		}
		e := mustNew(t, code, "Seller deployment is misconfigured")
		if _, err := seller.MCPToolResult(voc, e, ""); err != nil {
			t.Errorf("MCPToolResult(%s): %v", code, err)
		}
		if _, err := seller.A2AFailedTask(voc, "t", e, ""); err != nil {
			t.Errorf("A2AFailedTask(%s): %v", code, err)
		}
	}
}

func TestSuccessPayloadKeepsSeverity(t *testing.T) {
	w := mustNew(t, "BUDGET_CAP_REACHED", "Cap reached")
	w.Extra = map[string]json.RawMessage{"severity": json.RawMessage(`"info"`)}
	got, err := seller.SuccessPayloadWithWarnings(voc, nil, []*adcp.Error{w})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(got), `"severity"`) > 1 || strings.Contains(string(got), `"warning"`) {
		t.Errorf("severity overwritten or duplicated: %s", got)
	}
}

// Benchmarks: building each wire shape, beside the baseline of encoding the
// bare error (the least any builder must do).
func benchError(b *testing.B) *adcp.Error {
	e, err := seller.New(voc, "RATE_LIMITED", "Request rate exceeded", seller.WithRetryAfterSeconds(5),
		seller.WithDetails(map[string]any{"limit": 100, "remaining": 0, "window_seconds": 60, "scope": "account"}))
	if err != nil {
		b.Fatal(err)
	}
	return e
}

func BenchmarkWireBaselineEncodeError(b *testing.B) {
	e := benchError(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := jsonwire.Marshal(e); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWireNew(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		benchError(b)
	}
}

// BenchmarkWireNewTypical is New for a typical error: a message, a
// suggestion and a field, no details. BenchmarkWireNewTypicalFloor is its
// baseline in the same run: only the encoding and the checks on the encoded
// error that New cannot skip.
// BenchmarkWireNewTypedDetails is New with the details as the generated
// struct, as the README shows it.
func BenchmarkWireNewTypedDetails(b *testing.B) {
	f := func(x float64) *float64 { return &x }
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := seller.New(voc, "RATE_LIMITED", "Request rate exceeded", seller.WithRetryAfterSeconds(5),
			seller.WithDetails(&testvocab.RateLimitedDetails{Limit: f(100), Remaining: f(0), WindowSeconds: f(60),
				Scope: testvocab.RateLimitedDetailsScopeAccount})); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWireNewTypical(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := seller.New(voc, "BUDGET_TOO_LOW", "Budget is below the seller's minimum for this product",
			seller.WithSuggestion("Increase the budget and resubmit"), seller.WithField("packages[0].budget")); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWireNewTimestamp is New for an error whose message carries a
// time, as a rate limiter's often does.
func BenchmarkWireNewTimestamp(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := seller.New(voc, "RATE_LIMITED", "Rate limit exceeded; retry after 2026-12-01T10:30:00Z",
			seller.WithRetryAfterSeconds(60)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWireNewTypicalFloor(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		e := &adcp.Error{Code: "BUDGET_TOO_LOW", Message: "Budget is below the seller's minimum for this product",
			Suggestion: "Increase the budget and resubmit", Field: "packages[0].budget", Recovery: adcp.RecoveryCorrectable}
		raw, err := jsonwire.Marshal(e)
		if err != nil {
			b.Fatal(err)
		}
		if err := seller.ClientAccepts(voc, e, raw); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWireMCPToolResult(b *testing.B) {
	e := benchError(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := seller.MCPToolResult(voc, e, "Rate limited — retry in 5s."); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWireNewThenMCPToolResult is what a seller does for each error it
// answers with: build it, then write the tool result.
func BenchmarkWireNewThenMCPToolResult(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		e, err := seller.New(voc, "BUDGET_TOO_LOW", "Budget is below the seller's minimum for this product",
			seller.WithSuggestion("Increase the budget and resubmit"), seller.WithField("packages[0].budget"))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := seller.MCPToolResult(voc, e, ""); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWireFinalizeIssues is Finalize of a VALIDATION_ERROR with two
// issues, what a seller answers a request that fails its schema with.
func BenchmarkWireFinalizeIssues(b *testing.B) {
	e0, err := seller.New(voc, "VALIDATION_ERROR", "The request is invalid")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		e := *e0
		e.Issues = []adcp.Issue{{Pointer: "/packages/0/budget", Message: "must be at least 500", Keyword: "minimum"},
			{Pointer: "/name", Message: "required", Keyword: "required"}}
		if _, _, err := seller.Finalize(voc, &e); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWireJSONRPCError(b *testing.B) {
	e := benchError(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := seller.JSONRPCError(voc, "req-1", e); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWireA2AFailedTask(b *testing.B) {
	e := benchError(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := seller.A2AFailedTask(voc, "task_1", e, ""); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWireSuccessPayloadWithWarnings(b *testing.B) {
	w, err := seller.New(voc, "STALE_RESPONSE", "Served from cache")
	if err != nil {
		b.Fatal(err)
	}
	payload := json.RawMessage(`{"products":[{"product_id":"p1","name":"Display"}]}`)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := seller.SuccessPayloadWithWarnings(voc, payload, []*adcp.Error{w}); err != nil {
			b.Fatal(err)
		}
	}
}

// largePayload is a get_products-like payload of 200 products (36 KB).
func largePayload() json.RawMessage {
	var sb strings.Builder
	sb.WriteString(`{"products":[`)
	for i := 0; i < 200; i++ {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, `{"product_id":"p%d","name":"Display %d","formats":["a","b","c"],"price":{"cpm":%d.5,"currency":"USD"},`+
			`"description":"A product with a longer description that goes on for a while"}`, i, i, i)
	}
	sb.WriteString(`],"context":{"x":1}}`)
	return json.RawMessage(sb.String())
}

// BenchmarkWireSuccessPayloadLarge is SuccessPayloadWithWarnings on a
// large payload; BenchmarkWireBaselineCompactLarge, its baseline in the
// same run, only compacts the payload with encoding/json (one pass, one
// copy: less than any implementation must do).
func BenchmarkWireSuccessPayloadLarge(b *testing.B) {
	w, err := seller.New(voc, "STALE_RESPONSE", "Served from cache")
	if err != nil {
		b.Fatal(err)
	}
	payload := largePayload()
	b.SetBytes(int64(len(payload)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := seller.SuccessPayloadWithWarnings(voc, payload, []*adcp.Error{w}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWireBaselineCompactLarge(b *testing.B) {
	payload := largePayload()
	b.SetBytes(int64(len(payload)))
	b.ReportAllocs()
	var out bytes.Buffer
	for i := 0; i < b.N; i++ {
		out.Reset()
		if err := json.Compact(&out, payload); err != nil {
			b.Fatal(err)
		}
	}
}
