// Package mcpsdk carries AdCP errors (package adcperr) over the MCP Go SDK,
// github.com/modelcontextprotocol/go-sdk. It lives in its own module so that
// the core module and the generated package stay standard-library only.
//
// Every value this package builds comes from the seller's wire builders
// (MCPToolResult, JSONRPCError) and every extraction goes through the
// runtime's detection order (adcp.ExtractValue on the SDK's values where
// the client decoded them, adcp.Extract on bytes): the wire rules live in
// one place.
//
// # Seller side
//
// Register typed tools with AddTool, whose published output schema admits
// the AdCP error result too (see the traps below); a handler simply returns
// the *adcp.Error, wrapped or not, or several joined with errors.Join:
//
//	mcpsdk.AddTool(server, v, &mcp.Tool{Name: "create_media_buy"}, func(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
//		e, err := seller.New(v, adcperr.CodeBudgetTooLow, "Budget is below the minimum.",
//			seller.WithField("packages[0].budget"))
//		if err != nil {
//			return nil, Out{}, err
//		}
//		return nil, Out{}, e
//	})
//
// With a raw handler (Server.AddTool), return the result ToolResult builds,
// and publish AdmitErrorResult(schema) if the tool has an output schema.
// EchoContext echoes the caller's context object in every tool result, as
// AdCP buyers and the compliance storyboards expect.
//
// Infrastructure that rejects a request before tool dispatch (rate limits,
// missing credentials, overload) answers with a JSON-RPC error carrying one
// of the reserved codes; Reject is that middleware, WriteHTTPRejection the
// same answer from an HTTP gateway in front of the MCP endpoint:
//
//	server.AddReceivingMiddleware(mcpsdk.Reject(v, func(ctx context.Context, method string, req mcp.Request) *adcp.Error {
//		if method == "tools/call" && !limiter.Allow() {
//			return rateLimited // built with seller.New(v, adcperr.CodeRateLimited, …)
//		}
//		return nil
//	}))
//
// # Buyer side
//
// Behind gateways that answer 429 or 5xx with the JSON-RPC error in the
// body, give the client KeepErrorBodies as its HTTP transport:
//
//	transport := &mcp.StreamableClientTransport{Endpoint: url,
//		HTTPClient: &http.Client{Transport: mcpsdk.KeepErrorBodies(nil)}}
//	res, err := session.CallTool(ctx, params)
//	if x, ok := mcpsdk.Extract(res, err); ok {
//		d := adcp.Policy{Vocabulary: adcperr.Vocabulary}.DecideExtraction(x, adcp.RequestContext{})
//		// d.Action: retry, surface_to_caller or escalate_to_human
//	}
//
// # Traps in go-sdk v1.8.0, and what this package does about them
//
//   - A typed handler's error becomes an isError result whose only content
//     is err.Error() (the SDK's toolForErr and CallToolResult.SetError). An
//     *adcp.Error returned that way reaches the buyer as the text
//     "adcp: CODE: message", which no client can extract. AddTool sends
//     ToolResult's result instead.
//   - A raw handler's error becomes a JSON-RPC error without data. toolForErr
//     passes a *jsonrpc.Error through as a JSON-RPC error only when it is
//     the error itself (a type assertion, not errors.As): a wrapped one
//     becomes an isError text result, and returned wrapped from a raw
//     handler or a middleware, jsonrpc2 keeps its code but drops its data
//     (its toWireError). Return ToolResult's result from a raw handler, and
//     RPCError's error unwrapped (as Reject does).
//   - With a typed Out, toolForErr overwrites StructuredContent with the
//     marshalled Out value whenever the handler returns a nil error, even on
//     an isError result: the adcp_error and the payload layer vanish and
//     only the content[0] text fallback is left. AddTool hands the SDK no
//     Out value with an isError result.
//   - mcp.AddTool publishes the output schema inferred from Out (required
//     members, additionalProperties false), which the error result does not
//     fit: the TypeScript client rejects it with -32602 after listTools.
//     AddTool publishes AdmitErrorResult of it instead.
//   - Over the streamable HTTP transport the client discards the body of a
//     429, 500, 502, 503 or 504 response and reports only the status text
//     (the SDK's checkResponse and isTransientHTTPStatus):
//     KeepErrorBodies hands such a body that holds an AdCP JSON-RPC error to
//     the client with status 200. A gateway should still send the reserved
//     codes with HTTP 200, as WriteHTTPRejection does: the TypeScript client
//     keeps a non-2xx body only as the text of its error. (This client does
//     decode the body of another 4xx, such as 400.)
//   - The server decodes a number id into a float64 and answers with it
//     converted to an int64: 2.5 comes back as 2, 9007199254740993 as
//     9007199254740992, 1e300 as the smallest int64, and 1e400 gets a
//     plain-text 400: a response the client may match to another request,
//     or none. RequireExactIDs, in front of the streamable HTTP handler,
//     refuses such a request with a JSON-RPC Invalid Request.
//   - The client decodes structuredContent into map[string]any, so Extract
//     sees numbers as float64 and Extraction.Raw() is a re-encoding, not the
//     bytes on the wire, written when it is called.
package mcpsdk
