package adcp_test

import (
	"fmt"

	"github.com/adcp-gen/adcp-gen/adcp"
)

// ExtractValue reads responses an SDK has already decoded into Go values.
func ExampleExtractValue() {
	responses := []any{
		map[string]any{"isError": true, "structuredContent": map[string]any{
			"adcp_error": map[string]any{"code": "RATE_LIMITED", "retry_after": 5.0, "recovery": "transient"},
		}},
		map[string]any{"jsonrpc": "2.0", "id": 1.0, "error": map[string]any{"code": -32029.0, "message": "Rate limit exceeded", "data": map[string]any{
			"adcp_error": map[string]any{"code": "BUDGET_EXHAUSTED", "recovery": "terminal"},
		}}},
		map[string]any{"structuredContent": map[string]any{"products": []any{}}},
	}
	var kept []*adcp.Error
	for _, r := range responses {
		x, ok := adcp.ExtractValue(r)
		if !ok {
			fmt.Println("no AdCP error")
			continue
		}
		fmt.Println(x.Path, x.Err.Code, x.Err.Recovery)
		kept = append(kept, x.Err)
	}
	fmt.Println(len(kept), kept[0].Code)
	// Output:
	// structuredContent RATE_LIMITED transient
	// jsonrpc_error BUDGET_EXHAUSTED terminal
	// no AdCP error
	// 2 RATE_LIMITED
}
