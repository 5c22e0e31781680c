// Package mcpsdk carries AdCP errors (package adcperr) over the MCP Go SDK,
// github.com/modelcontextprotocol/go-sdk. It lives in its own module so that
// the core module and the generated package stay standard-library only.
//
// Every value this package builds comes from the adcperr wire builders
// (MCPToolResult, JSONRPCError) and every extraction goes through
// adcp.Extract: the wire rules live in one place.
//
// # Seller side
//
// A tool that fails returns both layers of the error model in an isError
// result. With a handler registered by Server.AddTool (or mcp.AddTool with
// Out = any), return the result ToolResult builds:
//
//	e, err := seller.New(adcp.CodeBudgetTooLow, "Budget is below the minimum.",
//		seller.WithField("packages[0].budget"))
//	if err != nil {
//		return nil, err
//	}
//	return mcpsdk.ToolResult(v, e, "")
//
// With a typed handler (mcp.AddTool with a typed Out), install ToolErrors
// and return the *adcp.Error, wrapped or not, as the handler's error:
//
//	server.AddReceivingMiddleware(mcpsdk.ToolErrors())
//	mcp.AddTool(server, tool, func(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
//		return nil, Out{}, fmt.Errorf("pricing: %w", e)
//	})
//
// Infrastructure that rejects a request before tool dispatch (rate limits,
// missing credentials, overload) answers with a JSON-RPC error carrying one
// of the reserved codes; Reject is that middleware, WriteHTTPRejection the
// same answer from an HTTP gateway in front of the MCP endpoint:
//
//	server.AddReceivingMiddleware(mcpsdk.Reject(func(ctx context.Context, method string, req mcp.Request) *adcp.Error {
//		if method == "tools/call" && !limiter.Allow() {
//			return rateLimited // built with seller.New(adcp.CodeRateLimited, …)
//		}
//		return nil
//	}))
//
// # Buyer side
//
//	res, err := session.CallTool(ctx, params)
//	if x, ok := mcpsdk.Extract(res, err); ok {
//		d := adcp.Policy{Vocabulary: adcperr.Vocabulary}.Decide(x.Err, adcp.RequestContext{NonFatal: x.NonFatal})
//		// d.Action: retry, surface_to_caller or escalate_to_human
//	}
//
// # Traps in go-sdk v1.8.0, and what this package does about them
//
//   - A typed handler's error becomes an isError result whose only content
//     is err.Error() (mcp/server.go, toolForErr; CallToolResult.SetError in
//     mcp/protocol.go). An *adcp.Error returned that way reaches the
//     buyer as the text "adcp: CODE: message", which no client can extract.
//     ToolErrors replaces that result with ToolResult's.
//   - toolForErr passes a *jsonrpc.Error through as a JSON-RPC error only
//     when it is the error itself (a type assertion, not errors.As): a
//     wrapped *jsonrpc.Error becomes an isError text result and its data,
//     the adcp_error, is lost. Returned wrapped from a raw handler or a
//     middleware, jsonrpc2 keeps its code but drops its data
//     (internal/jsonrpc2/messages.go, toWireError). ToolErrors unwraps it so
//     that it reaches the buyer as the bare error would.
//   - With a typed Out, toolForErr overwrites StructuredContent with the
//     marshalled Out value whenever the handler returns a nil error, even on
//     an isError result: the adcp_error and the payload layer vanish and
//     only the content[0] text fallback is left. ToolErrors restores the
//     result of a ToolResult returned that way (ToolResult records the error
//     with CallToolResult.SetError, which survives the overwrite).
//   - Over the streamable HTTP transport the client discards the body of a
//     429, 500, 502, 503 or 504 response and reports only the status text
//     (mcp/streamable.go, checkResponse and isTransientHTTPStatus): a
//     gateway must send the reserved JSON-RPC codes with HTTP 200, as
//     WriteHTTPRejection does. (This client does decode the body of another
//     4xx, such as 400.)
//   - The client decodes structuredContent into map[string]any, so Extract
//     sees numbers as float64 and Extraction.Raw is a re-encoding, not the
//     bytes on the wire.
package mcpsdk
