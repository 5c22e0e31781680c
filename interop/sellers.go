package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/a2aproject/a2a-go/a2asrv"
	"github.com/a2aproject/a2a-go/a2asrv/eventqueue"
	"github.com/adcp-gen/adcp-gen/adapters/a2ago"
	"github.com/adcp-gen/adcp-gen/adapters/mcpsdk"
	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var v = adcperr.Vocabulary

// build returns the case's error as a Go seller builds it (its members
// completed and checked by seller.Finalize), or nil when the builder refuses
// it (the oversized case, sent raw).
func build(c *Case) *adcp.Error {
	var e adcp.Error
	if json.Unmarshal(c.wire(), &e) != nil {
		return nil
	}
	done, _, err := seller.Finalize(v, &e)
	if err != nil {
		return nil
	}
	return done
}

type caseArgs struct {
	Case string `json:"case"`
}

// quote is the typed output of the Go MCP seller's tool: mcpsdk.AddTool
// publishes its schema widened to admit the AdCP error result.
type quote struct {
	Products []any `json:"products"`
	Errors   []any `json:"errors,omitempty"`
}

// startGoMCP serves the Go MCP seller (go-sdk v1.8.0 and the adapter) behind
// a gateway on a random loopback port and returns its URL.
func startGoMCP(ctx context.Context, cases map[string]*Case) (string, error) {
	s := mcp.NewServer(&mcp.Implementation{Name: "interop-go-seller", Version: "1.0.0"}, nil)
	s.AddReceivingMiddleware(mcpsdk.Reject(v, func(_ context.Context, method string, req mcp.Request) *adcp.Error {
		if c := callCase(req, cases); method == "tools/call" && c != nil && c.Mode == "rpc" {
			return build(c)
		}
		return nil
	}))
	mcpsdk.AddTool(s, v, &mcp.Tool{Name: "adcp_case", Description: "Fails as the case says."},
		func(_ context.Context, _ *mcp.CallToolRequest, a caseArgs) (*mcp.CallToolResult, quote, error) {
			c := cases[a.Case]
			if c == nil {
				return nil, quote{}, errors.New("no such case")
			}
			switch c.Mode {
			case "advisory":
				var adv any
				_ = json.Unmarshal(c.Error, &adv)
				return nil, quote{Products: []any{}, Errors: []any{adv}}, nil
			case "text_only":
				e := build(c)
				text, _ := json.Marshal(map[string]any{"adcp_error": e})
				return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: string(text)}}}, quote{}, nil
			}
			if e := build(c); e != nil {
				return nil, quote{}, e
			}
			// Refused by the builder (over 4096 bytes): sent raw, as a misbehaving seller would.
			body := json.RawMessage(`{"adcp_error":` + string(c.wire()) + `}`)
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: string(body)}}, StructuredContent: body}, quote{}, nil
		})
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true})
	gateway := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		r.Body = io.NopCloser(bytes.NewReader(body))
		var m struct {
			Method string `json:"method"`
			Params struct {
				Arguments caseArgs `json:"arguments"`
			} `json:"params"`
		}
		_ = json.Unmarshal(body, &m)
		c := cases[m.Params.Arguments.Case]
		if m.Method != "tools/call" || c == nil || c.Mode != "gateway" {
			h.ServeHTTP(w, r)
			return
		}
		// WriteHTTPRejection answers with HTTP 200; the case's status replaces it.
		if err := mcpsdk.WriteHTTPRejection(statusWriter{w, c.HTTPStatus}, r, v, build(c)); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	})
	base, err := serve(ctx, gateway)
	return base + "/mcp", err
}

// statusWriter writes status in place of the status its handler writes.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (s statusWriter) WriteHeader(int) { s.ResponseWriter.WriteHeader(s.status) }

// callCase returns the case a tools/call request names.
func callCase(req mcp.Request, cases map[string]*Case) *Case {
	call, ok := req.(*mcp.CallToolRequest)
	if !ok || call.Params == nil {
		return nil
	}
	var a caseArgs
	if json.Unmarshal(call.Params.Arguments, &a) != nil {
		return nil
	}
	return cases[a.Case]
}

// goA2A is the Go A2A seller's executor (a2a-go v0.3.3 and the adapter).
type goA2A struct{ cases map[string]*Case }

func (x goA2A) Execute(ctx context.Context, reqCtx *a2asrv.RequestContext, q eventqueue.Queue) error {
	name := ""
	if reqCtx.Message != nil && len(reqCtx.Message.Parts) > 0 {
		if p, ok := reqCtx.Message.Parts[0].(a2a.TextPart); ok {
			name = p.Text
		}
	}
	c := x.cases[name]
	if c == nil {
		return errors.New("no such case")
	}
	info := reqCtx.TaskInfo()
	now := time.Now().UTC()
	task := &a2a.Task{ID: info.TaskID, ContextID: info.ContextID, Status: a2a.TaskStatus{State: a2a.TaskStateFailed, Timestamp: &now}}
	var wire map[string]any
	_ = json.Unmarshal(c.wire(), &wire)
	switch e := build(c); {
	case c.Mode == "advisory":
		var adv map[string]any
		_ = json.Unmarshal(c.Error, &adv)
		task.Status.State = a2a.TaskStateCompleted
		task.Artifacts = []*a2a.Artifact{{ID: "result", Parts: a2a.ContentParts{a2a.TextPart{Text: "0 products."},
			a2a.DataPart{Data: map[string]any{"products": []any{}, "errors": []any{adv}}}}}}
	case c.Mode == "text_only":
		task.Status.Message = a2a.NewMessageForTask(a2a.MessageRoleAgent, reqCtx, a2a.TextPart{Text: c.message()},
			a2a.DataPart{Data: map[string]any{"adcp_error": wire}})
	case e != nil:
		t, err := a2ago.FailedTask(v, reqCtx, e, "")
		if err != nil {
			return err
		}
		task = t
	default: // refused by the builder: sent raw
		task.Artifacts = []*a2a.Artifact{{ID: "error-result", Parts: a2a.ContentParts{a2a.TextPart{Text: c.message()},
			a2a.DataPart{Data: map[string]any{"adcp_error": wire}}}}}
	}
	return q.Write(ctx, task)
}

func (goA2A) Cancel(context.Context, *a2asrv.RequestContext, eventqueue.Queue) error {
	return errors.New("not supported")
}

// startGoA2A serves the Go A2A seller, to A2A 0.3 clients and (through
// a2ago.V1Handler) to A2A 1.0 clients, and returns its base URL.
func startGoA2A(ctx context.Context, cases map[string]*Case) (string, error) {
	mux := http.NewServeMux()
	mux.Handle("/.well-known/agent-card.json", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a2asrv.NewStaticAgentCardHandler(&a2a.AgentCard{
			Name: "interop-go-seller", Description: "Fails as the case says.", Version: "1.0.0", ProtocolVersion: "0.3.0",
			URL: "http://" + r.Host + "/", PreferredTransport: a2a.TransportProtocolJSONRPC,
			DefaultInputModes: []string{"text"}, DefaultOutputModes: []string{"text"}, Skills: []a2a.AgentSkill{},
		}).ServeHTTP(w, r)
	}))
	mux.Handle("/", a2ago.V1Handler(a2asrv.NewJSONRPCHandler(a2asrv.NewHandler(goA2A{cases}))))
	return serve(ctx, mux)
}

// serve serves h on a random loopback port until ctx is done.
func serve(ctx context.Context, h http.Handler) (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	return "http://" + ln.Addr().String(), nil
}

// message is the case's error message.
func (c *Case) message() string {
	var m struct {
		Message string `json:"message"`
	}
	_ = json.Unmarshal(c.Error, &m)
	return m.Message
}

// wire is the case's adcp_error as sent (padding expanded, no severity).
func (c *Case) wire() []byte {
	var m map[string]any
	_ = json.Unmarshal(c.Error, &m)
	delete(m, "severity")
	if d, ok := m["details"].(map[string]any); ok && d["pad"] == "PAD4200" {
		d["pad"] = strings.Repeat("x", 4200)
	}
	out, _ := json.Marshal(m)
	return out
}
