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
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestAddToolSchemaAdmitsErrors: the output schema AddTool publishes
// admits both the typed output and the AdCP error result, so a client that
// validates structured results (as the TypeScript SDK does) keeps the
// error; joined errors all reach the payload's errors[].
func TestAddToolSchemaAdmitsErrors(t *testing.T) {
	budget := mustNew(adcperr.CodeBudgetTooLow, "Budget is under the minimum.", seller.WithField("packages[0].budget"))(t)
	dates := mustNew(adcperr.CodeValidationError, "end_time must be after start_time.", seller.WithField("end_time"))(t)
	s := mcp.NewServer(&mcp.Implementation{Name: "seller", Version: "v0.0.1"}, nil)
	mcpsdk.AddTool(s, adcperr.Vocabulary, &mcp.Tool{Name: "quote"}, func(_ context.Context, _ *mcp.CallToolRequest, a args) (*mcp.CallToolResult, quote, error) {
		switch a.Case {
		case "one":
			return nil, quote{}, budget
		case "two":
			return nil, quote{}, errors.Join(dates, budget)
		}
		return nil, quote{Price: 2}, nil
	})
	cs := connect(t, s)
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil || len(tools.Tools) != 1 {
		t.Fatalf("ListTools = %v, %v", tools, err)
	}
	raw, _ := json.Marshal(tools.Tools[0].OutputSchema)
	var schema jsonschema.Schema
	if err := json.Unmarshal(raw, &schema); err != nil {
		t.Fatal(err)
	}
	resolved, err := schema.Resolve(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name  string
		codes []adcp.Code
	}{{"one", []adcp.Code{budget.Code}}, {"two", []adcp.Code{dates.Code, budget.Code}}, {"ok", nil}} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "quote", Arguments: args{tt.name}})
		if err != nil {
			t.Fatal(err)
		}
		var sc map[string]any
		b, _ := json.Marshal(res.StructuredContent)
		_ = json.Unmarshal(b, &sc)
		if err := resolved.Validate(sc); err != nil {
			t.Errorf("%s: the published output schema refuses the result %s: %v", tt.name, b, err)
		}
		x, ok := mcpsdk.Extract(res, nil)
		if len(tt.codes) == 0 {
			if ok || res.IsError {
				t.Errorf("%s: success reported as an error", tt.name)
			}
			continue
		}
		if !ok || x.Err.Code != tt.codes[0] || x.Path != adcp.PathStructuredContent {
			t.Fatalf("%s: Extract = %+v, %v", tt.name, x, ok)
		}
		var payload struct {
			Payload struct {
				Errors []struct{ Code adcp.Code } `json:"errors"`
			} `json:"payload"`
		}
		_ = json.Unmarshal(b, &payload)
		if len(payload.Payload.Errors) != len(tt.codes) {
			t.Errorf("%s: payload errors[] = %+v, want %v", tt.name, payload.Payload.Errors, tt.codes)
		}
	}
}

// TestKeepErrorBodies: behind a gateway answering 429 or 503 with the
// JSON-RPC error in the body, a go-sdk buyer with KeepErrorBodies extracts
// the AdCP error; a 503 without one still fails as before.
func TestKeepErrorBodies(t *testing.T) {
	sent := mustNew(adcperr.CodeRateLimited, "Too many requests.", seller.WithRetryAfter(7*time.Second))(t)
	for _, tt := range []struct {
		name   string
		status int
		adcp   bool
	}{{"429", http.StatusTooManyRequests, true}, {"503", http.StatusServiceUnavailable, true}, {"503 without AdCP error", http.StatusServiceUnavailable, false}} {
		t.Run(tt.name, func(t *testing.T) {
			s := mcp.NewServer(&mcp.Implementation{Name: "seller", Version: "v0.0.1"}, nil)
			s.AddTool(&mcp.Tool{Name: "t", InputSchema: map[string]any{"type": "object"}},
				func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
					return &mcp.CallToolResult{}, nil
				})
			h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true})
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				var m struct {
					ID     json.RawMessage `json:"id"`
					Method string          `json:"method"`
				}
				body := new(json.RawMessage)
				_ = json.NewDecoder(r.Body).Decode(body)
				_ = json.Unmarshal(*body, &m)
				if m.Method != "tools/call" {
					r.Body = io.NopCloser(bytes.NewReader(*body))
					h.ServeHTTP(w, r)
					return
				}
				out, _ := seller.JSONRPCError(adcperr.Vocabulary, m.ID, sent)
				if !tt.adcp {
					out = []byte(`{"jsonrpc":"2.0","id":` + string(m.ID) + `,"error":{"code":-32000,"message":"overloaded"}}`)
				}
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(tt.status)
				_, _ = w.Write(out)
			}))
			defer srv.Close()
			transport := &mcp.StreamableClientTransport{Endpoint: srv.URL, DisableStandaloneSSE: true, MaxRetries: -1,
				HTTPClient: &http.Client{Transport: mcpsdk.KeepErrorBodies(nil)}}
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "buyer", Version: "v0.0.1"}, nil).Connect(context.Background(), transport, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer cs.Close()
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "t"})
			x, ok := mcpsdk.Extract(res, err)
			if ok != tt.adcp {
				t.Fatalf("extracted = %v, want %v (err %v)", ok, tt.adcp, err)
			}
			if ok {
				checkDecision(t, x, sent, errCase{recovery: adcp.RecoveryTransient, action: adcp.ActionRetry, delay: 7 * time.Second})
			}
		})
	}
}

// TestEchoContext: the caller's context comes back in structuredContent
// and in the text fallback, on errors and on successes.
func TestEchoContext(t *testing.T) {
	e := mustNew(adcperr.CodeBudgetTooLow, "Budget is under the minimum.")(t)
	s := mcp.NewServer(&mcp.Implementation{Name: "seller", Version: "v0.0.1"}, nil)
	s.AddReceivingMiddleware(mcpsdk.EchoContext())
	type out struct {
		Price   float64        `json:"price"`
		Context map[string]any `json:"context,omitempty"`
	}
	mcpsdk.AddTool(s, adcperr.Vocabulary, &mcp.Tool{Name: "t", InputSchema: map[string]any{"type": "object"}},
		func(_ context.Context, _ *mcp.CallToolRequest, in map[string]any) (*mcp.CallToolResult, out, error) {
			if in["fail"] == true {
				return nil, out{}, e
			}
			return nil, out{Price: 1}, nil
		})
	cs := connect(t, s)
	for _, fail := range []bool{true, false} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "t",
			Arguments: map[string]any{"fail": fail, "context": map[string]any{"correlation_id": "c-1"}}})
		if err != nil {
			t.Fatal(err)
		}
		var sc struct {
			Context struct {
				CorrelationID string `json:"correlation_id"`
			} `json:"context"`
		}
		b, _ := json.Marshal(res.StructuredContent)
		if json.Unmarshal(b, &sc) != nil || sc.Context.CorrelationID != "c-1" {
			t.Errorf("fail=%v: structuredContent %s has no context", fail, b)
		}
		text := res.Content[0].(*mcp.TextContent).Text
		if json.Unmarshal([]byte(text), &sc) != nil || sc.Context.CorrelationID != "c-1" {
			t.Errorf("fail=%v: text %s has no context", fail, text)
		}
		if fail {
			if x, ok := mcpsdk.Extract(res, nil); !ok || x.Err.Code != e.Code {
				t.Errorf("Extract = %+v, %v", x, ok)
			}
		}
	}
}

// BenchmarkEchoContext measures the middleware on a successful typed tool's
// result of 200 products (29 KB) beside its baseline, json.Marshal of the
// same output, which the SDK runs on every such result.
func BenchmarkEchoContext(b *testing.B) {
	type product struct {
		ID, Name, Description string
		Formats               []string
		CPM                   float64
	}
	type out struct {
		Products []product      `json:"products"`
		Context  map[string]any `json:"context,omitempty"`
	}
	var o out
	for i := 0; i < 200; i++ {
		o.Products = append(o.Products, product{fmt.Sprint("p", i), fmt.Sprint("Display ", i),
			"A product with a longer description that goes on for a while", []string{"a", "b", "c"}, float64(i) + .5})
	}
	text, err := json.Marshal(o)
	if err != nil {
		b.Fatal(err)
	}
	h := mcpsdk.EchoContext()(func(context.Context, string, mcp.Request) (mcp.Result, error) {
		return &mcp.CallToolResult{StructuredContent: o, Content: []mcp.Content{&mcp.TextContent{Text: string(text)}}}, nil
	})
	req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "t", Arguments: json.RawMessage(`{"context":{"correlation_id":"c-1"}}`)}}
	b.Run("baseline=json.Marshal", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := json.Marshal(o); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("EchoContext", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := h(context.Background(), "tools/call", req); err != nil {
				b.Fatal(err)
			}
		}
	})
}
