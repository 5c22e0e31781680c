package mcpsdk_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/adcp-gen/adcp-gen/adapters/mcpsdk"
	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestToolResultMatchesBuilder: the SDK value encodes to the builder's
// output, member for member.
func TestToolResultMatchesBuilder(t *testing.T) {
	e := mustNew(adcperr.CodeBudgetTooLow, "Budget is under the minimum.", seller.WithField("packages[0].budget"))(t)
	for _, human := range []string{"", "The budget is too low."} {
		res, err := mcpsdk.ToolResult(adcperr.Vocabulary, e, human)
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		want, err := seller.MCPToolResult(adcperr.Vocabulary, e, human)
		if err != nil {
			t.Fatal(err)
		}
		var g, w any
		if err := json.Unmarshal(got, &g); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(want, &w); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(g, w) {
			t.Errorf("ToolResult encodes to\n%s\nwant\n%s", got, want)
		}
		if !errors.Is(res.GetError(), adcperr.CodeBudgetTooLow) {
			t.Errorf("GetError() = %v, want the error", res.GetError())
		}
	}
}

// TestBuildersRefuse: what the adcperr builders refuse, the adapters refuse.
func TestBuildersRefuse(t *testing.T) {
	stale := &adcp.Error{Code: "STALE_RESPONSE", Message: "Cached."}
	if _, err := mcpsdk.ToolResult(adcperr.Vocabulary, stale, ""); err == nil {
		t.Error("ToolResult accepted an advisory code")
	}
	if _, err := mcpsdk.ToolResult(adcperr.Vocabulary, nil, ""); err == nil {
		t.Error("ToolResult accepted nil")
	}
	budget := &adcp.Error{Code: "BUDGET_TOO_LOW", Message: "Too low."}
	if _, err := mcpsdk.RPCError(adcperr.Vocabulary, budget); err == nil {
		t.Error("RPCError accepted a code without a reserved JSON-RPC code")
	}
	rl, err := mcpsdk.RPCError(adcperr.Vocabulary, &adcp.Error{Code: "RATE_LIMITED", Message: "Slow down."})
	if err != nil || rl.Code != seller.JSONRPCRateLimited || len(rl.Data) == 0 {
		t.Errorf("RPCError(adcperr.Vocabulary, RATE_LIMITED) = %+v, %v", rl, err)
	}
}

// TestExtractNothing: responses without a valid AdCP error report false.
func TestExtractNothing(t *testing.T) {
	tests := []struct {
		name string
		res  *mcp.CallToolResult
		err  error
	}{
		{"nil", nil, nil},
		{"success", &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}, StructuredContent: map[string]any{"price": 1}}, nil},
		{"adcp_error without isError", &mcp.CallToolResult{StructuredContent: map[string]any{"adcp_error": map[string]any{"code": "RATE_LIMITED"}}}, nil},
		{"plain error", nil, errors.New("connection reset")},
		{"JSON-RPC error without data", nil, fmt.Errorf("calling: %w", &jsonrpc.Error{Code: seller.JSONRPCRateLimited, Message: "slow"})},
		{"JSON-RPC error with a bad code", nil, &jsonrpc.Error{Code: -32029, Message: "slow", Data: json.RawMessage(`{"adcp_error":{"code":""}}`)}},
	}
	for _, tt := range tests {
		if x, ok := mcpsdk.Extract(tt.res, tt.err); ok {
			t.Errorf("%s: extracted %+v", tt.name, x)
		}
	}
}

// TestExtractNonFatal: a warning in the payload of a successful result is
// extracted as non-fatal.
//
// checklist: 30
func TestExtractNonFatal(t *testing.T) {
	res := &mcp.CallToolResult{StructuredContent: map[string]any{
		"products": []any{},
		"errors":   []any{map[string]any{"code": "STALE_RESPONSE", "message": "Cached.", "severity": "warning"}},
	}}
	x, ok := mcpsdk.Extract(res, nil)
	if !ok || !x.NonFatal || x.Path != adcp.PathPayload || x.Err.Code != "STALE_RESPONSE" {
		t.Fatalf("Extract = %+v, %v", x, ok)
	}
	if d := (adcp.Policy{Vocabulary: adcperr.Vocabulary}).Decide(x.Err, adcp.RequestContext{NonFatal: x.NonFatal}); d.Action != adcp.ActionSurfaceToCaller {
		t.Errorf("action = %s, want %s", d.Action, adcp.ActionSurfaceToCaller)
	}
}

// BenchmarkExtractResult measures extraction from the SDK's result beside its
// baseline, adcp.Extract on the same result's bytes.
func BenchmarkExtractResult(b *testing.B) {
	e := &adcp.Error{Code: "BUDGET_TOO_LOW", Message: "Too low.", Field: "packages[0].budget", Recovery: "correctable"}
	raw, err := seller.MCPToolResult(adcperr.Vocabulary, e, "")
	if err != nil {
		b.Fatal(err)
	}
	var decoded mcp.CallToolResult // as the client hands it over
	if err := json.Unmarshal(raw, &decoded); err != nil {
		b.Fatal(err)
	}
	b.Run("baseline=adcp.Extract", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, ok := adcp.Extract(raw); !ok {
				b.Fatal("not extracted")
			}
		}
	})
	b.Run("Extract", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, ok := mcpsdk.Extract(&decoded, nil); !ok {
				b.Fatal("not extracted")
			}
		}
	})
}

// BenchmarkExtractError measures extraction from a JSON-RPC error the
// client returned beside its baseline, adcp.Extract on the response's bytes.
func BenchmarkExtractError(b *testing.B) {
	raw, err := seller.JSONRPCError(adcperr.Vocabulary, "req-1", &adcp.Error{Code: "RATE_LIMITED", Message: "Slow down.", Recovery: "transient"})
	if err != nil {
		b.Fatal(err)
	}
	var resp struct {
		Error *jsonrpc.Error `json:"error"`
	}
	if err := json.Unmarshal(raw, &resp); err != nil {
		b.Fatal(err)
	}
	callErr := fmt.Errorf("calling \"tool\": %w", resp.Error) // as CallTool wraps it
	b.Run("baseline=adcp.Extract", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, ok := adcp.Extract(raw); !ok {
				b.Fatal("not extracted")
			}
		}
	})
	b.Run("Extract", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, ok := mcpsdk.Extract(nil, callErr); !ok {
				b.Fatal("not extracted")
			}
		}
	})
}

// TestToolResultDecodes: ToolResult, built from the builder's pieces
// (seller.MCPToolResultParts), is
// what json.Unmarshal makes of the builder's bytes (structuredContent kept
// raw), field for field.
func TestToolResultDecodes(t *testing.T) {
	five := 5.0
	for _, c := range []struct {
		e     *adcp.Error
		human string
	}{
		{&adcp.Error{Code: "RATE_LIMITED", Message: "Slow <down> & \u2028", Recovery: "transient", RetryAfter: &five}, ""},
		{&adcp.Error{Code: "BUDGET_TOO_LOW", Message: "Too low.", Field: "packages[0].budget"}, "The budget is \"too\" low.\n"},
		{&adcp.Error{Code: "X_ACME_NOTE", Message: "m\xff", Recovery: "terminal", Details: json.RawMessage(`{"note":"\ud83d"}`)}, "bad \xc3 byte"},
	} {
		got, err := mcpsdk.ToolResult(adcperr.Vocabulary, c.e, c.human)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := seller.MCPToolResult(adcperr.Vocabulary, c.e, c.human)
		if err != nil {
			t.Fatal(err)
		}
		want := new(mcp.CallToolResult)
		if err := json.Unmarshal(raw, want); err != nil {
			t.Fatal(err)
		}
		var sc struct {
			StructuredContent json.RawMessage `json:"structuredContent"`
		}
		if err := json.Unmarshal(raw, &sc); err != nil {
			t.Fatal(err)
		}
		want.StructuredContent = sc.StructuredContent
		want.SetError(c.e)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("ToolResult = %#v\nwant %#v", got, want)
		}
	}
}

// BenchmarkToolResult measures ToolResult beside its baseline, the
// builder's bytes alone (seller.MCPToolResult).
func BenchmarkToolResult(b *testing.B) {
	e := &adcp.Error{Code: "RATE_LIMITED", Message: "Slow down.", Recovery: "transient"}
	b.Run("baseline=seller.MCPToolResult", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := seller.MCPToolResult(adcperr.Vocabulary, e, ""); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("ToolResult", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := mcpsdk.ToolResult(adcperr.Vocabulary, e, ""); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestRPCErrorDecodes: RPCError, built from seller.JSONRPCErrorObject, is
// what json.Unmarshal makes of the error member of seller.JSONRPCError's
// response.
func TestRPCErrorDecodes(t *testing.T) {
	for _, c := range []struct {
		e    *adcp.Error
		opts []seller.WireOption
	}{
		{&adcp.Error{Code: "RATE_LIMITED", Message: "Slow <down> & \u2028 \xff", Recovery: "transient"}, nil},
		{&adcp.Error{Code: "AUTH_MISSING", Recovery: "correctable", Message: "No credentials."}, []seller.WireOption{seller.WithCollapsedJSONRPCCode(-32050)}},
	} {
		got, err := mcpsdk.RPCError(adcperr.Vocabulary, c.e, c.opts...)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := seller.JSONRPCError(adcperr.Vocabulary, nil, c.e, c.opts...)
		if err != nil {
			t.Fatal(err)
		}
		var want struct {
			Error *jsonrpc.Error `json:"error"`
		}
		if err := json.Unmarshal(raw, &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want.Error) {
			t.Errorf("RPCError = %+v\nwant %+v", got, want.Error)
		}
	}
}

// BenchmarkRPCError measures RPCError, what Reject answers each rejected
// request with, beside its baseline, the builder's bytes alone
// (seller.JSONRPCError).
func BenchmarkRPCError(b *testing.B) {
	e := &adcp.Error{Code: "RATE_LIMITED", Message: "Slow down.", Recovery: "transient"}
	b.Run("baseline=seller.JSONRPCError", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := seller.JSONRPCError(adcperr.Vocabulary, nil, e); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("RPCError", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := mcpsdk.RPCError(adcperr.Vocabulary, e); err != nil {
				b.Fatal(err)
			}
		}
	})
}
