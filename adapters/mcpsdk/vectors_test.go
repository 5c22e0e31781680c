package mcpsdk_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/adcp-gen/adcp-gen/adapters/mcpsdk"
	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
	"github.com/adcp-gen/adcp-gen/internal/testshared"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestVectorsThroughSDK replays every MCP vector of the official transport
// error mapping through a real go-sdk server and client (a tool returns the
// vector's result, or its JSON-RPC error): the client's extraction matches
// the extraction from the vector's bytes, and the action is the expected one.
func TestVectorsThroughSDK(t *testing.T) {
	dir := testshared.Dir(t, "test-vectors")
	b, err := os.ReadFile(filepath.Join(dir, "transport-error-mapping.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Vectors []struct {
			ID             string          `json:"id"`
			Transport      string          `json:"transport"`
			Response       json.RawMessage `json:"response"`
			ExpectedAction adcp.Action     `json:"expected_action"`
		} `json:"vectors"`
	}
	if err := json.Unmarshal(b, &file); err != nil {
		t.Fatal(err)
	}
	responses := map[string]json.RawMessage{}
	for _, v := range file.Vectors {
		responses[v.ID] = v.Response
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "replay", Version: "v0.0.1"}, nil)
	s.AddTool(&mcp.Tool{Name: "replay", InputSchema: map[string]any{"type": "object"}},
		func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var a args
			if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
				return nil, err
			}
			raw := responses[a.Case]
			var rpc struct {
				Error *jsonrpc.Error `json:"error"`
			}
			if err := json.Unmarshal(raw, &rpc); err == nil && rpc.Error != nil {
				return nil, rpc.Error
			}
			res := new(mcp.CallToolResult)
			if err := json.Unmarshal(raw, res); err != nil {
				return nil, err
			}
			return res, nil
		})
	cs := connect(t, s)
	n := 0
	for _, v := range file.Vectors {
		if v.Transport != "mcp" {
			continue
		}
		n++
		t.Run(v.ID, func(t *testing.T) {
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "replay", Arguments: args{v.ID}})
			x, ok := mcpsdk.Extract(res, err)
			y, yok := adcp.Extract(v.Response)
			if ok != yok || x.Path != y.Path || (ok && x.Err.Code != y.Err.Code) {
				t.Errorf("through go-sdk: %s %v; from the bytes: %s %v (err %v)", x.Path, ok, y.Path, yok, err)
			}
			var e *adcp.Error
			if ok {
				e = x.Err
			}
			if d := (adcp.Policy{Vocabulary: adcperr.Vocabulary}).Decide(e, adcp.RequestContext{NonFatal: x.NonFatal}); d.Action != v.ExpectedAction {
				t.Errorf("action = %s, want %s", d.Action, v.ExpectedAction)
			}
		})
	}
	if n == 0 {
		t.Fatal("no MCP vectors")
	}
}
