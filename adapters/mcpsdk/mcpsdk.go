package mcpsdk

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ToolResult returns the isError CallToolResult of a tool that failed with
// e: seller.MCPToolResult decoded into the SDK type, its structuredContent
// kept as the builder's bytes. humanText, when not empty, is a second text
// item of one terse sentence. The result also records e with SetError, so
// that server-side middleware can find it with GetError.
//
// It refuses what seller.MCPToolResult refuses: a nil error, an advisory
// code, an error over 4096 bytes of JSON.
func ToolResult(v *adcp.Vocabulary, e *adcp.Error, humanText string, opts ...seller.WireOption) (*mcp.CallToolResult, error) {
	texts, structured, err := seller.MCPToolResultParts(v, e, humanText, opts...)
	if err != nil {
		return nil, err
	}
	res := &mcp.CallToolResult{IsError: true, StructuredContent: json.RawMessage(structured), Content: make([]mcp.Content, len(texts))}
	for i, t := range texts {
		res.Content[i] = &mcp.TextContent{Text: t}
	}
	res.SetError(e) // Content is set, so SetError only records e.
	return res, nil
}

// RPCError returns the JSON-RPC error with which infrastructure rejects a
// request before tool dispatch: seller.JSONRPCError's error member as the
// SDK type, data holding {"adcp_error": …}. Return it unwrapped from a
// MethodHandler (see Reject): the SDK drops the data of a wrapped one.
//
// Only RATE_LIMITED, AUTH_MISSING and SERVICE_UNAVAILABLE have a reserved
// code; every other code is refused (send it in the tool result).
func RPCError(v *adcp.Vocabulary, e *adcp.Error, opts ...seller.WireOption) (*jsonrpc.Error, error) {
	code, msg, data, err := seller.JSONRPCErrorObject(v, e, opts...)
	if err != nil {
		return nil, err
	}
	return &jsonrpc.Error{Code: int64(code), Message: msg, Data: data}, nil
}

// RejectFunc decides, before dispatch, whether to reject a request: it
// returns nil to let the request through, or the error to reject it with
// (RATE_LIMITED, AUTH_MISSING or SERVICE_UNAVAILABLE).
type RejectFunc func(ctx context.Context, method string, req mcp.Request) *adcp.Error

// Reject returns server middleware (Server.AddReceivingMiddleware) that
// rejects the requests check refuses with the reserved JSON-RPC code of the
// error, data carrying the AdCP error, before any handler runs. opts are
// passed to RPCError (for example seller.WithCollapsedJSONRPCCode).
//
// An error RPCError refuses (a code without a reserved JSON-RPC code) is a
// bug in check: the request is answered with a JSON-RPC internal error
// naming the problem, never let through.
func Reject(v *adcp.Vocabulary, check RejectFunc, opts ...seller.WireOption) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			e := check(ctx, method, req)
			if e == nil {
				return next(ctx, method, req)
			}
			rpcErr, err := RPCError(v, e, opts...)
			if err != nil {
				return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: err.Error()}
			}
			return nil, rpcErr
		}
	}
}

// Extract finds the AdCP error in what ClientSession.CallTool returned: in
// error.data.adcp_error of the *jsonrpc.Error in err's chain (CallTool wraps
// it) when err is not nil, else in the tool result, following the detection
// order of adcp.Extract (structuredContent.adcp_error and the content[] text
// fallback on an isError result, then the payload's errors[], with
// Extraction.NonFatal on a result that succeeded). It reports false when
// there is no valid AdCP error: the caller falls back to generic error
// handling.
//
// It reads the SDK's values where they are (adcp.ExtractValue), with the
// same extraction as adcp.Extract on the response the client decoded (a
// result encoding/json can encode), except that Raw does not repeat
// json.Marshal's compaction of error.data and its escapes of <, > and &.
func Extract(res *mcp.CallToolResult, err error) (adcp.Extraction, bool) {
	if err != nil {
		var rpcErr *jsonrpc.Error
		if !errors.As(err, &rpcErr) || rpcErr == nil || len(rpcErr.Data) == 0 {
			return adcp.Extraction{}, false
		}
		return adcp.ExtractValue(map[string]any{"error": map[string]any{"data": rpcErr.Data}})
	}
	if res == nil {
		return adcp.Extraction{}, false
	}
	return adcp.ExtractValue(resultValue(res))
}

// resultValue is what adcp.ExtractValue reads of res: isError,
// structuredContent and content as res encodes them (omitted when
// omitempty omits them), except that content holds only the text items
// whose text may be a JSON object (after JSON white space, a brace): the
// detection order reads no other item, and encoding one again to read it
// (a base64 blob, a text of <, each written as a 6-byte escape) costs many
// times its size. A text is held as it is, which is what its encoding
// decodes to, unless it is not valid UTF-8 (a result the client did not
// decode), which the item's encoding replaces. The result's other members
// (_meta, resultType, ...) are no part of the detection order.
func resultValue(res *mcp.CallToolResult) map[string]any {
	m := map[string]any{"content": nil} // null, as json.Marshal writes a nil slice
	if res.Content != nil {
		items := []any{}
		for _, c := range res.Content {
			t, ok := c.(*mcp.TextContent)
			if !ok || t == nil || !strings.HasPrefix(strings.TrimLeft(t.Text, " \t\n\r"), "{") {
				continue
			}
			if utf8.ValidString(t.Text) {
				items = append(items, map[string]any{"type": "text", "text": t.Text})
			} else {
				items = append(items, c)
			}
		}
		m["content"] = items
	}
	if res.IsError {
		m["isError"] = true
	}
	if res.StructuredContent != nil {
		m["structuredContent"] = res.StructuredContent
	}
	return m
}
