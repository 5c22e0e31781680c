package adcperr

import "testing"

func TestResolveErrorCode(t *testing.T) {
	rate := mustNew(t, "RATE_LIMITED", "m")
	mcp, _ := MCPToolResult(rate, "")
	tests := []struct {
		name string
		resp string
		want Code // "" for error_code_not_resolvable
	}{
		{"mcp envelope", string(mcp), "RATE_LIMITED"},
		{"envelope wins over payload", `{"isError":true,"structuredContent":{"adcp_error":{"code":"A_B","message":"m"},"payload":{"errors":[{"code":"C_D","message":"m"}]}}}`, "A_B"},
		{"payload only", `{"status":"failed","errors":[{"code":"BUDGET_TOO_LOW","message":"m"}]}`, "BUDGET_TOO_LOW"},
		{"payload member", `{"payload":{"errors":[{"code":"PRODUCT_NOT_FOUND","message":"m"}]}}`, "PRODUCT_NOT_FOUND"},
		{"no error", `{"products":[]}`, ""},
		{"empty errors", `{"errors":[]}`, ""},
		{"code not a string", `{"errors":[{"code":7}]}`, ""},
		{"not JSON", `<html>`, ""},
	}
	for _, tt := range tests {
		got, err := ResolveErrorCode([]byte(tt.resp))
		if tt.want == "" {
			if err != ErrErrorCodeNotResolvable {
				t.Errorf("%s: = %q, %v; want error_code_not_resolvable", tt.name, got, err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("%s: = %q, %v; want %s", tt.name, got, err, tt.want)
		}
	}
	if err := CheckErrorCode(mcp, "RATE_LIMITED"); err != nil {
		t.Errorf("CheckErrorCode match: %v", err)
	}
	if err := CheckErrorCode(mcp, "AUTH_MISSING"); err == nil {
		t.Error("CheckErrorCode mismatch passed")
	}
	if err := CheckErrorCode([]byte(`{}`), "AUTH_MISSING"); err != ErrErrorCodeNotResolvable {
		t.Errorf("CheckErrorCode on nothing: %v", err)
	}
}
