package mcpsdk

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// EchoContext returns server middleware (Server.AddReceivingMiddleware) that
// echoes the caller's context object, arguments.context of tools/call, in
// the tool's result, success or error: it becomes the "context" member of
// structuredContent and of a content[0] text holding a JSON object (the
// text fallback of an error), where they have none. AdCP buyers correlate
// responses, and above all errors, by it; the compliance storyboards check
// it. A context that is not an object, and results without structured
// content, pass unchanged.
//
// A typed tool's output type must declare the member (say
// Context map[string]any `json:"context,omitempty"`) for its published
// output schema to admit it.
func EchoContext() mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			r, ok := res.(*mcp.CallToolResult)
			if method != "tools/call" || err != nil || !ok || r == nil || r.StructuredContent == nil {
				return res, err
			}
			call, ok := req.(*mcp.CallToolRequest)
			if !ok || call.Params == nil {
				return res, err
			}
			var args struct {
				Context json.RawMessage `json:"context"`
			}
			if json.Unmarshal(call.Params.Arguments, &args) != nil || !isObjectJSON(args.Context) {
				return res, err
			}
			if sc, ok := withContext(r.StructuredContent, args.Context); ok {
				r.StructuredContent = sc
			}
			if len(r.Content) > 0 {
				if t, ok := r.Content[0].(*mcp.TextContent); ok {
					if text, ok := withContext(t.Text, args.Context); ok {
						t.Text = string(text)
					}
				}
			}
			return r, nil
		}
	}
}

// withContext returns the JSON object v (a value, raw JSON or a string of
// JSON) with its member "context" set to ctx, and false when v is not an
// object or already has a context.
func withContext(v any, ctx json.RawMessage) (json.RawMessage, bool) {
	var raw []byte
	switch x := v.(type) {
	case json.RawMessage:
		raw = x
	case string:
		raw = []byte(x)
	default:
		b, err := json.Marshal(x)
		if err != nil {
			return nil, false
		}
		raw = b
	}
	var obj map[string]json.RawMessage
	if !isObjectJSON(raw) || json.Unmarshal(raw, &obj) != nil {
		return nil, false
	}
	if _, ok := obj["context"]; ok {
		return nil, false
	}
	raw = bytes.TrimSpace(raw)
	out := append([]byte(nil), raw[:len(raw)-1]...)
	if len(obj) > 0 {
		out = append(out, ',')
	}
	out = append(out, `"context":`...)
	out = append(out, ctx...)
	return append(out, '}'), true
}

// isObjectJSON reports whether raw is one JSON object.
func isObjectJSON(raw []byte) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) > 1 && raw[0] == '{' && json.Valid(raw)
}
