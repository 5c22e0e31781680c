package adcperr

import (
	"fmt"
	"time"
)

// These examples use the typed details of RATE_LIMITED: emit copies this
// file only into packages whose spec version has error-details/rate-limited.json.

// Details stay raw on the error and decode on demand into the shape of the
// code; details that do not fit never fail the error itself.
func ExampleError_RateLimitedDetails() {
	x, _ := Extract([]byte(`{
	  "isError": true,
	  "structuredContent": {"adcp_error": {
	    "code": "RATE_LIMITED", "message": "Slow down", "recovery": "transient", "retry_after": 30,
	    "details": {"limit": 100, "remaining": 0, "window_seconds": 60, "scope": "account"}
	  }}
	}`))
	d, err := x.Err.RateLimitedDetails()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(*d.Limit, *d.Remaining, *d.WindowSeconds, d.Scope)

	// The accessor refuses an error whose code does not carry the shape.
	_, err = (&Error{Code: CodeBudgetTooLow, Message: "Too low"}).RateLimitedDetails()
	fmt.Println(err != nil)
	// Output:
	// 100 0 60 account
	// true
}

// A seller attaches typed details; New checks them against their schema.
func ExampleWithDetails() {
	limit, window := 100.0, 60.0
	e, err := New(CodeRateLimited, "Too many requests",
		WithRetryAfter(30*time.Second),
		WithDetails(&RateLimitedDetails{Limit: &limit, WindowSeconds: &window, Scope: RateLimitedDetailsScopeAccount}))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(e.Recovery, *e.RetryAfter, string(e.Details))
	// Output: transient 30 {"limit":100,"window_seconds":60,"scope":"account"}
}
