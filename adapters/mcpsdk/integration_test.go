package mcpsdk_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/adcp-gen/adcp-gen/adapters/mcpsdk"
	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// errCase is an error a seller sends and what the buyer must make of it.
type errCase struct {
	name     string
	err      func(t *testing.T) *adcp.Error
	recovery adcp.Recovery
	action   adcp.Action
	delay    time.Duration // the retry delay the buyer must wait, 0 for none
}

// mustNew builds an error with the seller builder.
func mustNew(code adcp.Code, msg string, opts ...seller.Option) func(t *testing.T) *adcp.Error {
	return func(t *testing.T) *adcp.Error {
		t.Helper()
		e, err := seller.New(adcperr.Vocabulary, code, msg, opts...)
		if err != nil {
			t.Fatalf("seller.New(adcperr.Vocabulary, %s): %v", code, err)
		}
		return e
	}
}

// toolCases covers every recovery class, a vendor code and an unknown code
// passed through without recovery.
var toolCases = []errCase{
	{"transient retry_after", mustNew(adcperr.CodeRateLimited, "Too many requests.", seller.WithRetryAfter(30*time.Second)),
		adcp.RecoveryTransient, adcp.ActionRetry, 30 * time.Second},
	{"transient backoff", mustNew(adcperr.CodeServiceUnavailable, "Try again later."),
		adcp.RecoveryTransient, adcp.ActionRetry, 0},
	{"correctable field", mustNew(adcperr.CodeBudgetTooLow, "Budget is under the minimum.", seller.WithField("packages[0].budget")),
		adcp.RecoveryCorrectable, adcp.ActionSurfaceToCaller, 0},
	{"correctable", mustNew(adcperr.CodeProductNotFound, "Unknown product.", seller.WithSuggestion("Discover products again.")),
		adcp.RecoveryCorrectable, adcp.ActionSurfaceToCaller, 0},
	{"terminal", mustNew(adcperr.CodeAccountSuspended, "The account is suspended."),
		adcp.RecoveryTerminal, adcp.ActionEscalateToHuman, 0},
	{"vendor code", mustNew("X_ACME_INVENTORY_HOLD", "Inventory is on hold.", seller.WithRecovery(adcp.RecoveryTransient), seller.WithRetryAfterSeconds(2.5)),
		adcp.RecoveryTransient, adcp.ActionRetry, 3 * time.Second},
	{"unknown code without recovery", func(*testing.T) *adcp.Error {
		return &adcp.Error{Code: "X_OTHER_UNLISTED", Message: "Passed through from upstream."}
	}, adcp.RecoveryTerminal, adcp.ActionEscalateToHuman, 0},
}

// args selects the case a tool fails with.
type args struct {
	Case string `json:"case"`
}

// quote is a typed tool output: with it the SDK owns StructuredContent.
type quote struct {
	Price float64 `json:"price"`
}

// caseErrors builds every case's error once.
func caseErrors(t *testing.T, cases []errCase) map[string]*adcp.Error {
	m := map[string]*adcp.Error{}
	for _, c := range cases {
		m[c.name] = c.err(t)
	}
	return m
}

// sellerServer returns a server whose tools fail with errs[args.case], one
// tool per handler shape.
func sellerServer(t *testing.T, errs map[string]*adcp.Error) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "seller", Version: "v0.0.1"}, nil)
	lookup := func(name string) *adcp.Error {
		e, ok := errs[name]
		if !ok {
			t.Errorf("no case %q", name)
		}
		return e
	}
	rateLimited, err := mcpsdk.RPCError(adcperr.Vocabulary, mustNew(adcperr.CodeRateLimited, "Slow down.", seller.WithRetryAfter(5*time.Second))(t))
	if err != nil {
		t.Fatal(err)
	}
	// A raw handler returning ToolResult: the plain way.
	s.AddTool(&mcp.Tool{Name: "raw_result", InputSchema: map[string]any{"type": "object"}},
		func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var a args
			if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
				return nil, err
			}
			return mcpsdk.ToolResult(adcperr.Vocabulary, lookup(a.Case), "The request failed.")
		})
	// A raw handler returning the *adcp.Error as its error.
	s.AddTool(&mcp.Tool{Name: "raw_error", InputSchema: map[string]any{"type": "object"}},
		func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var a args
			if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
				return nil, err
			}
			return nil, lookup(a.Case)
		})
	// A raw handler returning a wrapped JSON-RPC error.
	s.AddTool(&mcp.Tool{Name: "raw_wrapped_rpc", InputSchema: map[string]any{"type": "object"}},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, fmt.Errorf("quota: %w", rateLimited)
		})
	// Typed handlers (typed Out).
	mcp.AddTool(s, &mcp.Tool{Name: "typed_error"}, func(_ context.Context, _ *mcp.CallToolRequest, a args) (*mcp.CallToolResult, quote, error) {
		return nil, quote{}, lookup(a.Case)
	})
	mcp.AddTool(s, &mcp.Tool{Name: "typed_wrapped"}, func(_ context.Context, _ *mcp.CallToolRequest, a args) (*mcp.CallToolResult, quote, error) {
		return nil, quote{}, fmt.Errorf("pricing: %w", lookup(a.Case))
	})
	mcp.AddTool(s, &mcp.Tool{Name: "typed_result"}, func(_ context.Context, _ *mcp.CallToolRequest, a args) (*mcp.CallToolResult, quote, error) {
		res, err := mcpsdk.ToolResult(adcperr.Vocabulary, lookup(a.Case), "")
		return res, quote{}, err
	})
	mcp.AddTool(s, &mcp.Tool{Name: "typed_wrapped_rpc"}, func(context.Context, *mcp.CallToolRequest, args) (*mcp.CallToolResult, quote, error) {
		return nil, quote{}, fmt.Errorf("quota: %w", rateLimited)
	})
	// The same typed handlers registered with the adapter's AddTool.
	mcpsdk.AddTool(s, adcperr.Vocabulary, &mcp.Tool{Name: "adapter_error"}, func(_ context.Context, _ *mcp.CallToolRequest, a args) (*mcp.CallToolResult, quote, error) {
		return nil, quote{}, lookup(a.Case)
	})
	mcpsdk.AddTool(s, adcperr.Vocabulary, &mcp.Tool{Name: "adapter_wrapped"}, func(_ context.Context, _ *mcp.CallToolRequest, a args) (*mcp.CallToolResult, quote, error) {
		return nil, quote{}, fmt.Errorf("pricing: %w", lookup(a.Case))
	})
	mcpsdk.AddTool(s, adcperr.Vocabulary, &mcp.Tool{Name: "adapter_result"}, func(_ context.Context, _ *mcp.CallToolRequest, a args) (*mcp.CallToolResult, quote, error) {
		res, err := mcpsdk.ToolResult(adcperr.Vocabulary, lookup(a.Case), "")
		return res, quote{}, err
	})
	return s
}

// connect runs s over the SDK's in-memory transports and returns a client
// session to it.
func connect(t *testing.T, s *mcp.Server) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "buyer", Version: "v0.0.1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		ss.Wait()
	})
	return cs
}

// checkDecision asserts that the extracted error has the sent code and that
// the buyer decides the expected recovery and action, the same as for the
// error the seller built.
func checkDecision(t *testing.T, x adcp.Extraction, sent *adcp.Error, c errCase) {
	t.Helper()
	if x.Err.Code != sent.Code {
		t.Errorf("code = %q, want %q", x.Err.Code, sent.Code)
	}
	got := adcp.Policy{Vocabulary: adcperr.Vocabulary}.Decide(x.Err, adcp.RequestContext{NonFatal: x.NonFatal})
	want := adcp.Policy{Vocabulary: adcperr.Vocabulary}.Decide(sent, adcp.RequestContext{})
	if got.Recovery != c.recovery || got.Action != c.action || got.Delay != c.delay {
		t.Errorf("decision = %s/%s/%v, want %s/%s/%v", got.Recovery, got.Action, got.Delay, c.recovery, c.action, c.delay)
	}
	if got.Recovery != want.Recovery || got.Action != want.Action || got.Delay != want.Delay || got.Field != want.Field {
		t.Errorf("decision on the wire %+v differs from the decision on the sent error %+v", got, want)
	}
}

// payloadCode returns structuredContent.payload.errors[0].code of a result.
func payloadCode(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	raw, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var sc struct {
		Payload struct {
			Errors []struct {
				Code string `json:"code"`
			} `json:"errors"`
		} `json:"payload"`
	}
	if err := json.Unmarshal(raw, &sc); err != nil || len(sc.Payload.Errors) == 0 {
		return ""
	}
	return sc.Payload.Errors[0].Code
}

// TestEveryPath: every handler shape the adapter serves (a raw handler
// returning ToolResult, typed handlers registered with AddTool) delivers
// both layers of every kind of error, and the buyer decides the same.
//
// checklist: 42, 44
func TestEveryPath(t *testing.T) {
	errs := caseErrors(t, toolCases)
	cs := connect(t, sellerServer(t, errs))
	for _, tool := range []string{"raw_result", "adapter_error", "adapter_wrapped", "adapter_result"} {
		for _, c := range toolCases {
			t.Run(tool+"/"+c.name, func(t *testing.T) {
				res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args{c.name}})
				if err != nil {
					t.Fatalf("CallTool: %v", err)
				}
				if !res.IsError {
					t.Fatal("isError is false")
				}
				x, ok := mcpsdk.Extract(res, err)
				if !ok {
					t.Fatalf("no AdCP error extracted from %+v", res)
				}
				if x.Path != adcp.PathStructuredContent || x.NonFatal {
					t.Errorf("path = %s (non-fatal %v), want %s", x.Path, x.NonFatal, adcp.PathStructuredContent)
				}
				checkDecision(t, x, errs[c.name], c)
				if got := payloadCode(t, res); got != string(errs[c.name].Code) {
					t.Errorf("payload errors[0].code = %q, want %q", got, errs[c.name].Code)
				}
				// The text layer alone gives the same error.
				text, ok := adcp.ExtractValue(map[string]any{"isError": true, "content": res.Content})
				if !ok || text.Path != adcp.PathTextFallback || text.Err.Code != errs[c.name].Code {
					t.Errorf("text fallback = %+v, %v", text, ok)
				}
			})
		}
	}
}

// TestSDKTraps shows, against the real SDK, what each handler shape the
// package documentation warns about gives the buyer.
func TestSDKTraps(t *testing.T) {
	c := toolCases[2] // correctable, with field
	cs := connect(t, sellerServer(t, caseErrors(t, []errCase{c})))
	tests := []struct {
		tool          string
		path          adcp.Path // "" when nothing can be extracted
		rpcCodeNoData bool      // a JSON-RPC error with no data
	}{
		// A typed handler's error becomes text only: "adcp: CODE: message".
		{tool: "typed_error"},
		{tool: "typed_wrapped"},
		// A typed Out overwrites structuredContent: only the text fallback is left.
		{tool: "typed_result", path: adcp.PathTextFallback},
		// A raw handler's plain error becomes a JSON-RPC error without data.
		{tool: "raw_error", rpcCodeNoData: true},
		// A wrapped *jsonrpc.Error: text result (typed), or code without data (raw).
		{tool: "typed_wrapped_rpc"},
		{tool: "raw_wrapped_rpc", rpcCodeNoData: true},
	}
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tt.tool, Arguments: args{c.name}})
			x, ok := mcpsdk.Extract(res, err)
			if tt.path == "" && ok {
				t.Errorf("extracted %s from %s; the SDK behaviour changed, update the package documentation", x.Err.Code, x.Path)
			}
			if tt.path != "" && (!ok || x.Path != tt.path) {
				t.Errorf("path = %q (ok %v), want %q", x.Path, ok, tt.path)
			}
			var rpcErr *jsonrpc.Error
			if got := errors.As(err, &rpcErr) && len(rpcErr.Data) == 0; got != tt.rpcCodeNoData {
				t.Errorf("JSON-RPC error without data = %v, want %v (err %v)", got, tt.rpcCodeNoData, err)
			}
		})
	}
}

// rejectCases are the errors infrastructure sends before tool dispatch.
var rejectCases = []struct {
	errCase
	opts    []seller.WireOption
	rpcCode int64
}{
	{errCase{"rate limited", mustNew(adcperr.CodeRateLimited, "Too many requests.", seller.WithRetryAfter(1500*time.Millisecond)),
		adcp.RecoveryTransient, adcp.ActionRetry, 2 * time.Second}, nil, seller.JSONRPCRateLimited},
	{errCase{"auth missing", mustNew(adcperr.CodeAuthMissing, "Credentials are required."),
		adcp.RecoveryCorrectable, adcp.ActionSurfaceToCaller, 0}, nil, seller.JSONRPCAuthMissing},
	{errCase{"service unavailable", mustNew(adcperr.CodeServiceUnavailable, "Overloaded."),
		adcp.RecoveryTransient, adcp.ActionRetry, 0}, nil, seller.JSONRPCServiceUnavailable},
	{errCase{"collapsed code", mustNew(adcperr.CodeRateLimited, "Too many requests."),
		adcp.RecoveryTransient, adcp.ActionRetry, 0}, []seller.WireOption{seller.WithCollapsedJSONRPCCode(-32000)}, -32000},
}

// TestRejectMiddleware: the reserved JSON-RPC codes from middleware that
// rejects before dispatch reach the buyer with their data.
//
// checklist: 41
func TestRejectMiddleware(t *testing.T) {
	for _, c := range rejectCases {
		t.Run(c.name, func(t *testing.T) {
			sent := c.err(t)
			dispatched := false
			s := mcp.NewServer(&mcp.Implementation{Name: "seller", Version: "v0.0.1"}, nil)
			s.AddReceivingMiddleware(mcpsdk.Reject(adcperr.Vocabulary, func(_ context.Context, method string, _ mcp.Request) *adcp.Error {
				if method == "tools/call" {
					return sent
				}
				return nil
			}, c.opts...))
			s.AddTool(&mcp.Tool{Name: "t", InputSchema: map[string]any{"type": "object"}},
				func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
					dispatched = true
					return &mcp.CallToolResult{}, nil
				})
			cs := connect(t, s)
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "t"})
			if dispatched {
				t.Error("the tool ran")
			}
			var rpcErr *jsonrpc.Error
			if !errors.As(err, &rpcErr) || rpcErr.Code != c.rpcCode {
				t.Fatalf("err = %v, want JSON-RPC code %d", err, c.rpcCode)
			}
			x, ok := mcpsdk.Extract(res, err)
			if !ok || x.Path != adcp.PathJSONRPCError {
				t.Fatalf("path = %q (ok %v), want %s", x.Path, ok, adcp.PathJSONRPCError)
			}
			checkDecision(t, x, sent, c.errCase)
		})
	}
}

// TestRejectRefusesApplicationCode: a check that rejects with a code that
// has no reserved JSON-RPC code gets an internal error, never dispatch.
//
// checklist: 40
func TestRejectRefusesApplicationCode(t *testing.T) {
	e := mustNew(adcperr.CodeBudgetTooLow, "Budget is under the minimum.")(t)
	s := mcp.NewServer(&mcp.Implementation{Name: "seller", Version: "v0.0.1"}, nil)
	s.AddReceivingMiddleware(mcpsdk.Reject(adcperr.Vocabulary, func(_ context.Context, method string, _ mcp.Request) *adcp.Error {
		if method == "tools/call" {
			return e
		}
		return nil
	}))
	s.AddTool(&mcp.Tool{Name: "t", InputSchema: map[string]any{"type": "object"}},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			t.Error("the tool ran")
			return &mcp.CallToolResult{}, nil
		})
	_, err := connect(t, s).CallTool(context.Background(), &mcp.CallToolParams{Name: "t"})
	var rpcErr *jsonrpc.Error
	if !errors.As(err, &rpcErr) || rpcErr.Code != jsonrpc.CodeInternalError {
		t.Fatalf("err = %v, want JSON-RPC internal error", err)
	}
}

// TestHTTPGateway: over the streamable HTTP transport, a gateway's reserved
// code reaches the buyer with HTTP 200 (WriteHTTPRejection); the client
// drops the body of a 429 or 503 (and decodes that of a 400).
func TestHTTPGateway(t *testing.T) {
	sent := mustNew(adcperr.CodeRateLimited, "Too many requests.", seller.WithRetryAfter(10*time.Second))(t)
	tests := []struct {
		name   string
		status int // 0: WriteHTTPRejection
		want   bool
	}{
		{"WriteHTTPRejection", 0, true},
		{"429 drops the body", http.StatusTooManyRequests, false},
		{"503 drops the body", http.StatusServiceUnavailable, false},
		{"400 keeps the body", http.StatusBadRequest, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mcp.NewServer(&mcp.Implementation{Name: "seller", Version: "v0.0.1"}, nil)
			s.AddTool(&mcp.Tool{Name: "t", InputSchema: map[string]any{"type": "object"}},
				func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
					t.Error("the tool ran")
					return &mcp.CallToolResult{}, nil
				})
			mcpHandler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
			gateway := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				body, _ := io.ReadAll(r.Body)
				r.Body = io.NopCloser(bytes.NewReader(body))
				var m struct {
					ID     json.RawMessage `json:"id"`
					Method string          `json:"method"`
				}
				_ = json.Unmarshal(body, &m)
				switch {
				case m.Method != "tools/call":
					mcpHandler.ServeHTTP(w, r)
				case tt.status == 0:
					if err := mcpsdk.WriteHTTPRejection(w, r, adcperr.Vocabulary, sent); err != nil {
						t.Error(err)
					}
				default: // a gateway that also sets the HTTP status
					out, err := seller.JSONRPCError(adcperr.Vocabulary, m.ID, sent)
					if err != nil {
						t.Error(err)
					}
					w.Header().Set("Content-Type", "application/json")
					w.WriteHeader(tt.status)
					_, _ = w.Write(out)
				}
			})
			srv := httptest.NewServer(gateway)
			defer srv.Close()
			ctx := context.Background()
			transport := &mcp.StreamableClientTransport{Endpoint: srv.URL, DisableStandaloneSSE: true, MaxRetries: -1}
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "buyer", Version: "v0.0.1"}, nil).Connect(ctx, transport, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer cs.Close()
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "t"})
			if err == nil {
				t.Fatal("CallTool succeeded")
			}
			x, ok := mcpsdk.Extract(res, err)
			if ok != tt.want {
				t.Fatalf("extracted = %v, want %v (err %v)", ok, tt.want, err)
			}
			if ok {
				checkDecision(t, x, sent, errCase{recovery: adcp.RecoveryTransient, action: adcp.ActionRetry, delay: 10 * time.Second})
			}
		})
	}
}
