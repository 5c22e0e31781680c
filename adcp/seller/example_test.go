package seller_test

import (
	"fmt"
	"time"

	"github.com/adcp-gen/adcp-gen/adcp"
	adcperr "github.com/adcp-gen/adcp-gen/adcp/internal/testvocab" // stands for a package adcp-gen generates
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

// A seller builds a conformant error (New completes recovery from the
// vocabulary and checks the rest) and sends it as an MCP tool result with
// both layers: adcp_error and the payload's errors[].
func ExampleNew() {
	e, err := seller.New(adcperr.Vocabulary, adcperr.CodeBudgetTooLow, "Total budget is under the product minimum",
		seller.WithField("budget.total"), seller.WithSuggestion("Raise the total budget"))
	if err != nil {
		fmt.Println(err)
		return
	}
	result, err := seller.MCPToolResult(adcperr.Vocabulary, e, "")
	if err != nil {
		fmt.Println(err)
		return
	}
	x, _ := adcp.Extract(result) // what the buyer reads
	fmt.Println(x.Path, x.Err.Code, x.Err.Recovery, x.Err.Field)

	_, err = seller.New(adcperr.Vocabulary, adcperr.CodeBudgetTooLow, "") // a message is required
	fmt.Println(err)
	// Output:
	// structuredContent BUDGET_TOO_LOW correctable budget.total
	// adcp: BUDGET_TOO_LOW: message is required
}

// A seller attaches typed details; New checks them against their schema.
func ExampleWithDetails() {
	limit, window := 100.0, 60.0
	e, err := seller.New(adcperr.Vocabulary, adcperr.CodeRateLimited, "Too many requests",
		seller.WithRetryAfter(30*time.Second),
		seller.WithDetails(&adcperr.RateLimitedDetails{Limit: &limit, WindowSeconds: &window, Scope: adcperr.RateLimitedDetailsScopeAccount}))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(e.Recovery, *e.RetryAfter, string(e.Details))

	// Details that break their schema are refused.
	_, err = seller.New(adcperr.Vocabulary, adcperr.CodeRateLimited, "Too many requests",
		seller.WithDetails(&adcperr.RateLimitedDetails{Scope: "planet"}))
	fmt.Println(err != nil)
	// Output:
	// transient 30 {"limit":100,"window_seconds":60,"scope":"account"}
	// true
}
