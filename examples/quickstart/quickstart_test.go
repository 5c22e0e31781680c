package quickstart_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
)

// A buyer finds the AdCP error in a seller's response and decides what to do.
func Example_buyer() {
	body := []byte(`{"isError": true, "structuredContent": {"adcp_error":
		{"code": "RATE_LIMITED", "message": "Slow down", "retry_after": 2.5}}}`)

	x, ok := adcp.Extract(body) // an MCP tool result, an A2A task or a JSON-RPC response
	if !ok {
		return // no AdCP error: handle the response generically
	}
	policy := adcp.Policy{Vocabulary: adcperr.Vocabulary}
	d := policy.DecideExtraction(x, adcp.RequestContext{})
	fmt.Println(x.Err.Code, d.Action, d.Delay) // d.Delay: retry_after rounded up, clamped to 1..3600 s
	fmt.Println(x.Err.Display().Message)       // sanitised and cut before any LLM sees it
	// Output:
	// RATE_LIMITED retry 3s
	// Slow down
}

// callSeller stands for the buyer's call: it returns the seller's response.
func callSeller(ctx context.Context, a adcp.Attempt) []byte {
	return []byte(`{"structuredContent": {"media_buy_id": "mb-1"}}`)
}

// A buyer retries an operation as the errors it gets back say: retry_after
// honoured, at most 3 attempts and 300 s of waiting by default.
func Example_retry() {
	policy := adcp.Policy{Vocabulary: adcperr.Vocabulary}
	err := adcp.Retry(context.Background(), adcp.RetryOptions{Policy: policy},
		func(ctx context.Context, a adcp.Attempt) error {
			body := callSeller(ctx, a) // the same request each time, with the same idempotency_key
			if x, ok := adcp.Extract(body); ok && !x.NonFatal {
				return x.Err
			}
			return nil
		})
	fmt.Println("err:", err)
	// Output: err: <nil>
}

// A seller builds an error with typed details and sends it as an MCP tool
// result (isError, the text content and structuredContent).
func Example_seller() {
	e, err := seller.New(adcperr.Vocabulary, adcperr.CodeRateLimited, "Too many requests",
		seller.WithRetryAfter(30*time.Second),
		seller.WithDetails(&adcperr.RateLimitedDetails{Scope: adcperr.RateLimitedDetailsScopeAccount}))
	if err != nil {
		log.Fatal(err) // the error breaks the spec: a bug in the seller
	}
	result, err := seller.MCPToolResult(adcperr.Vocabulary, e, "")
	if err != nil {
		log.Fatal(err)
	}
	x, _ := adcp.Extract(result) // what a buyer reads
	fmt.Println(x.Path, x.Err.Code, x.Err.Recovery, *x.Err.RetryAfter, string(x.Err.Details))
	// Output: structuredContent RATE_LIMITED transient 30 {"scope":"account"}
}
