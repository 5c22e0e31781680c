package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/a2aproject/a2a-go/a2aclient"
	"github.com/adcp-gen/adcp-gen/adapters/a2ago"
	"github.com/adcp-gen/adcp-gen/adapters/mcpsdk"
	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Got is what a buyer made of a response, in the suite's terms.
type Got struct {
	Code   *string `json:"code"`
	Path   string  `json:"path"`
	Action string  `json:"action"`
	Delay  float64 `json:"delay,omitempty"`
	Field  string  `json:"field,omitempty"`
	Note   string  `json:"note,omitempty"`
}

var paths = map[adcp.Path]string{
	adcp.PathStructuredContent: "structured", adcp.PathArtifact: "structured",
	adcp.PathTextFallback: "fallback", adcp.PathStatusMessage: "fallback",
	adcp.PathJSONRPCError: "jsonrpc_error", adcp.PathPayload: "payload",
}

// decide is the Go buyer: the runtime's extraction, decided by
// adcp.Policy with the shipped vocabulary (generic_error when nothing was
// extracted); an error on a response that succeeded is a success.
func decide(x adcp.Extraction, ok bool, note string) Got {
	g := Got{Path: "none", Action: "success", Note: note}
	if ok {
		code := string(x.Err.Code)
		g.Code, g.Path = &code, paths[x.Path]
	}
	if !x.NonFatal {
		d := adcp.Policy{Vocabulary: v}.DecideExtraction(x, adcp.RequestContext{})
		g.Action, g.Delay, g.Field = string(d.Action), d.Delay.Seconds(), d.Field
	}
	return g
}

// mcpBuyer returns the buyer that calls every MCP case on a TypeScript MCP
// server with go-sdk; keep wraps the HTTP transport in
// mcpsdk.KeepErrorBodies.
func mcpBuyer(keep bool) func(context.Context, string, []*Case) ([]Got, error) {
	return func(ctx context.Context, url string, cases []*Case) ([]Got, error) {
		hc := &http.Client{Timeout: 20 * time.Second}
		if keep {
			hc.Transport = mcpsdk.KeepErrorBodies(nil)
		}
		t := &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: hc, DisableStandaloneSSE: true, MaxRetries: -1}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "interop-go-buyer", Version: "1.0.0"}, nil).Connect(ctx, t, nil)
		if err != nil {
			return nil, err
		}
		defer cs.Close()
		var out []Got
		for _, c := range cases {
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "adcp_case", Arguments: caseArgs{c.ID}})
			x, ok := mcpsdk.Extract(res, err)
			out = append(out, decide(x, ok, note(err)))
		}
		return out, nil
	}
}

// a2aBuyer sends every A2A case to an A2A 0.3 agent with a2a-go.
func a2aBuyer(ctx context.Context, url string, cases []*Case) ([]Got, error) {
	client, err := a2aclient.NewFromEndpoints(ctx, []a2a.AgentInterface{{URL: url, Transport: a2a.TransportProtocolJSONRPC}})
	if err != nil {
		return nil, err
	}
	defer client.Destroy()
	var out []Got
	for _, c := range cases {
		res, err := client.SendMessage(ctx, &a2a.MessageSendParams{Message: a2a.NewMessage(a2a.MessageRoleUser, a2a.TextPart{Text: c.ID})})
		x, ok := a2ago.Extract(res) // res is nil when err is not
		n := note(err)
		if t, isTask := res.(*a2a.Task); isTask {
			n = "state " + string(t.Status.State)
		}
		out = append(out, decide(x, ok, n))
	}
	return out, nil
}

// a2aV1Buyer sends every A2A case to an A2A 1.0 agent with a2ago.V1Client.
func a2aV1Buyer(ctx context.Context, url string, cases []*Case) ([]Got, error) {
	client := &a2ago.V1Client{Endpoint: url, HTTPClient: &http.Client{Timeout: 20 * time.Second}}
	var out []Got
	for _, c := range cases {
		resp, err := client.SendText(ctx, c.ID)
		if err != nil {
			out = append(out, decide(adcp.Extraction{}, false, note(err)))
			continue
		}
		var r struct {
			Result struct {
				Task struct {
					Status struct {
						State string `json:"state"`
					} `json:"status"`
				} `json:"task"`
			} `json:"result"`
		}
		_ = json.Unmarshal(resp, &r)
		x, ok := adcp.Extract(resp)
		out = append(out, decide(x, ok, "state "+r.Result.Task.Status.State))
	}
	return out, nil
}

// note is err's message as the matrix shows it, shortened; "" for nil.
func note(err error) string {
	if err == nil {
		return ""
	}
	s := err.Error()
	if len(s) > 110 {
		return s[:110] + "…"
	}
	return s
}

func errGot(err error) Got {
	return Got{Path: "none", Action: "generic_error", Note: fmt.Sprintf("buyer failed: %v", err)}
}
