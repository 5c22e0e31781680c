package mcpsdk_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adapters/mcpsdk"
	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
	"github.com/adcp-gen/adcp-gen/internal/extracttest"
	"github.com/adcp-gen/adcp-gen/internal/testshared"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// checkExtractResult holds Extract on a result, which reads the result's
// values, to adcp.Extract on the result's encoding: json.Marshal(res) with
// its HTML escapes undone (the SDK's MarshalJSON escapes <, > and &).
func checkExtractResult(t *testing.T, res *mcp.CallToolResult) {
	t.Helper()
	escaped, err := json.Marshal(res)
	if err != nil {
		t.Skipf("json.Marshal: %v", err) // not a result a client decodes
	}
	raw := extracttest.UnescapeHTML(escaped)
	got, ok := mcpsdk.Extract(res, nil)
	want, wok := adcp.Extract(raw)
	if d := extracttest.Diff(got, ok, want, wok); d != "" {
		t.Fatalf("Extract(%s, nil): %s", raw, d)
	}
}

// mcpVectors are the official vectors' MCP and JSON-RPC responses.
func mcpVectors(t testing.TB) map[string][]byte {
	return testshared.VectorResponses(t, "transport-error-mapping.json", "mcp-response-extraction.json")
}

func TestExtractResultMatchesBytes(t *testing.T) {
	cases := map[string]*mcp.CallToolResult{}
	for id, raw := range mcpVectors(t) {
		res := new(mcp.CallToolResult)
		if json.Unmarshal(raw, res) == nil {
			cases["vector "+id] = res
		}
	}
	errText := `{ "adcp_error" : {"code":"RATE_LIMITED","message":"slow","retry_after":5} }`
	built, err := mcpsdk.ToolResult(adcperr.Vocabulary, &adcp.Error{Code: "RATE_LIMITED", Message: "slow"}, "Slow down.")
	if err != nil {
		t.Fatal(err)
	}
	for name, res := range map[string]*mcp.CallToolResult{
		"built by ToolResult (raw structuredContent)": built,
		"image before the text": {IsError: true, Content: []mcp.Content{
			&mcp.ImageContent{Data: []byte("png"), MIMEType: "image/png"}, &mcp.TextContent{Text: errText}}},
		"text with meta":   {IsError: true, Meta: mcp.Meta{"k": 1}, Content: []mcp.Content{&mcp.TextContent{Text: errText, Meta: mcp.Meta{"x": "y"}}}},
		"invalid utf-8":    {IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: `{"adcp_error":{"code":"X_A","message":"\xff\xfe"}}`}}},
		"not an error":     {Content: []mcp.Content{&mcp.TextContent{Text: errText}}},
		"no content":       {IsError: true},
		"empty content":    {IsError: true, Content: []mcp.Content{}},
		"struct payload":   {StructuredContent: struct{ Errors []adcp.Error }{[]adcp.Error{{Code: "STALE_RESPONSE", Message: "m"}}}},
		"array structure":  {IsError: true, StructuredContent: []any{1}, Content: []mcp.Content{&mcp.TextContent{Text: errText}}},
		"string structure": {IsError: true, StructuredContent: "x", Content: []mcp.Content{&mcp.TextContent{Text: errText}}},
		"error result, payload errors and a text error": {IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: errText}},
			StructuredContent: map[string]any{"errors": []any{map[string]any{"code": "BUDGET_TOO_LOW", "message": "Too low."}}}},
		"payload warning": {StructuredContent: map[string]any{"errors": []any{map[string]any{"code": "STALE_RESPONSE", "message": "Cached."}}}},
		"raw payload":     {StructuredContent: json.RawMessage(` {"errors":[{"message":"m","code":"STALE_RESPONSE"}]} `)},
	} {
		cases[name] = res
	}
	for name, res := range cases {
		t.Run(name, func(t *testing.T) { checkExtractResult(t, res) })
	}

	// A nil item, which json.Marshal(res) panics on (the SDK's
	// TextContent.MarshalJSON dereferences it), is null: skipped.
	nilItem := &mcp.CallToolResult{IsError: true, Content: []mcp.Content{(*mcp.TextContent)(nil), &mcp.TextContent{Text: errText}}}
	if x, ok := mcpsdk.Extract(nilItem, nil); !ok || x.Err.Code != "RATE_LIMITED" {
		t.Errorf("Extract of a result with a nil item first = %+v, %v", x, ok)
	}
}

// TestExtractLargeContent: Extract on a result the client decoded from a
// large response allocates at most what decoding it allocated. It used to encode
// every content item again to read it, and encoding/json writes each <, >
// and & of a text as a 6-byte escape: a 16 MiB result with one text item
// of "<" took 2 GB and 8 s, one of 200,000 nested tool_result items 13 GB.
// Only text items whose text may be a JSON object are read.
func TestExtractLargeContent(t *testing.T) {
	const n = 1 << 20
	items := func(item string) string {
		return strings.TrimSuffix(strings.Repeat(item+",", n/len(item)), ",")
	}
	for name, content := range map[string]string{
		"text of <":         `{"type":"text","text":"` + strings.Repeat("<", n) + `"}`,
		"object text of <":  `{"type":"text","text":"{\"a\":\"` + strings.Repeat("<", n) + `\"}"}`,
		"image":             `{"type":"image","mimeType":"image/png","data":"` + strings.Repeat("AAAA", n/4) + `"}`,
		"embedded blob":     `{"type":"resource","resource":{"uri":"https://x.example/a","blob":"` + strings.Repeat("AAAA", n/4) + `"}}`,
		"images":            items(`{"type":"image","mimeType":"image/png","data":""}`),
		"tool results":      items(`{"type":"tool_result","toolUseId":"a","content":[{"type":"text","text":"<<<<<<<<"}]}`),
		"texts with _meta":  items(`{"type":"text","text":"a","_meta":{"a":"<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<"}}`),
		"texts of <":        items(`{"type":"text","text":"<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<"}`),
		"object texts of <": items(`{"type":"text","text":"{\"a\":\"<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<\"}"}`),
	} {
		for _, isError := range []bool{true, false} {
			body := fmt.Sprintf(`{"isError":%t,"content":[%s]}`, isError, content)
			res := new(mcp.CallToolResult)
			decode := allocated(func() {
				if err := json.Unmarshal([]byte(body), res); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			})
			var ok bool
			if got := allocated(func() { _, ok = mcpsdk.Extract(res, nil) }); got > decode || ok {
				t.Errorf("%s (isError %t): Extract allocated %d bytes (found %t), decoding the %d-byte result %d",
					name, isError, got, ok, len(body), decode)
			}
		}
	}
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// FuzzExtractResultMatchesBytes decodes a result as the client does and
// holds Extract on it to adcp.Extract on its encoding.
func FuzzExtractResultMatchesBytes(f *testing.F) {
	for _, raw := range mcpVectors(f) {
		f.Add(raw)
	}
	f.Add([]byte(`{"isError":true,"content":[{"type":"image","data":"aGk=","mimeType":"image/png"},{"type":"audio","data":"aGk=","mimeType":"audio/wav"},` +
		`{"type":"resource_link","uri":"https://x.example/a","name":"a"},{"type":"text","text":"{\"adcp_error\":{\"code\":\"RATE_LIMITED\"}}"}]}`))
	f.Add([]byte(`{"isError":true,"content":[{"type":"text","text":"{\"adcp_error\":{\"code\":\"RATE_LIMITED\"}}"}],` +
		`"structuredContent":{"errors":[{"code":"BUDGET_TOO_LOW","message":"m"}]}}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		res := new(mcp.CallToolResult)
		if json.Unmarshal(raw, res) != nil {
			return
		}
		checkExtractResult(t, res)
	})
}

// checkExtractError holds Extract on a JSON-RPC error to adcp.Extract on
// the JSON-RPC response that carried the error, its data as received
// (json.Marshal would compact it and escape its <, > and &).
func checkExtractError(t *testing.T, rpcErr *jsonrpc.Error) {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(map[string]any{"code": rpcErr.Code, "message": rpcErr.Message}); err != nil {
		t.Fatal(err)
	}
	raw := bytes.TrimSpace(b.Bytes())
	if len(rpcErr.Data) > 0 {
		raw = append(append(append(raw[:len(raw)-1:len(raw)-1], `,"data":`...), rpcErr.Data...), '}')
	}
	raw = append(append([]byte(`{"error":`), raw...), '}')
	got, ok := mcpsdk.Extract(nil, fmt.Errorf("calling: %w", rpcErr))
	want, wok := adcp.Extract(raw)
	if d := extracttest.Diff(got, ok, want, wok); d != "" {
		t.Fatalf("Extract(nil, %s): %s", raw, d)
	}
}

func TestExtractErrorMatchesBytes(t *testing.T) {
	for name, data := range map[string]string{
		"rate limited":    `{"adcp_error":{"code":"RATE_LIMITED","message":"slow & steady <now>","retry_after":5}}`,
		"spaced":          " { \"adcp_error\" : { \"code\" : \"AUTH_MISSING\" } } ",
		"no data":         ``,
		"null":            `null`,
		"array":           `[{"adcp_error":{"code":"X"}}]`,
		"falsy":           `{"adcp_error":0}`,
		"not json":        `{"adcp_error":`,
		"two values":      `{} {}`,
		"duplicate":       `{"adcp_error":{"code":"A"},"adcp_error":{"code":"B"}}`,
		"escaped members": `{"adcp_\u0065rror":{"code":"RATE_LIMITED","message":"\u0026"}}`,
	} {
		t.Run(name, func(t *testing.T) {
			checkExtractError(t, &jsonrpc.Error{Code: -32029, Message: "Rate limit exceeded", Data: json.RawMessage(data)})
		})
	}
}

func FuzzExtractErrorMatchesBytes(f *testing.F) {
	f.Add(int64(-32029), "slow", []byte(`{"adcp_error":{"code":"RATE_LIMITED","retry_after":5}}`))
	f.Add(int64(1)<<60, "<&>", []byte(` {"adcp_error":{"code":"X_Y","message":"\u003c"}} `))
	f.Fuzz(func(t *testing.T, code int64, msg string, data []byte) {
		checkExtractError(t, &jsonrpc.Error{Code: code, Message: msg, Data: data})
	})
}
