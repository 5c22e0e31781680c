package adcp_test

import (
	"fmt"

	"github.com/adcp-gen/adcp-gen/adcp"
	adcperr "github.com/adcp-gen/adcp-gen/adcp/internal/testvocab" // stands for a package adcp-gen generates
)

// A client that builds its own retry loop reads Decision.IdempotencyKey to
// know whether the next request may carry a new idempotency_key.
func ExampleKeyRule() {
	p := adcp.Policy{Vocabulary: adcperr.Vocabulary}
	for _, e := range []*adcp.Error{
		{Code: adcperr.CodeIdempotencyInFlight, Message: "Still running"},
		{Code: adcperr.CodeIdempotencyExpired, Message: "Key expired"},
		{Code: adcperr.CodeRateLimited, Message: "Slow down"},
	} {
		d := p.Decide(e, adcp.RequestContext{})
		switch d.IdempotencyKey {
		case adcp.KeyKeep:
			fmt.Println(e.Code, d.Action, "with the same key")
		case adcp.KeyCheckBeforeNew:
			fmt.Println(e.Code, d.Action, "after a natural-key lookup")
		default:
			fmt.Println(e.Code, d.Action)
		}
	}
	// Output:
	// IDEMPOTENCY_IN_FLIGHT retry with the same key
	// IDEMPOTENCY_EXPIRED surface_to_caller after a natural-key lookup
	// RATE_LIMITED retry
}
