package adcptest_test

import (
	"errors"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/adcptest"
	"github.com/adcp-gen/adcp-gen/adcp/internal/testvocab"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

// checklist: 9
func TestResolveErrorCode(t *testing.T) {
	rate, err := seller.New(testvocab.Vocabulary, testvocab.CodeRateLimited, "m")
	if err != nil {
		t.Fatal(err)
	}
	mcp, err := seller.MCPToolResult(testvocab.Vocabulary, rate, "")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		resp string
		want adcp.Code // "" for error_code_not_resolvable
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
		got, err := adcptest.ResolveErrorCode([]byte(tt.resp))
		if tt.want == "" {
			if err != adcptest.ErrErrorCodeNotResolvable {
				t.Errorf("%s: = %q, %v; want error_code_not_resolvable", tt.name, got, err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("%s: = %q, %v; want %s", tt.name, got, err, tt.want)
		}
	}
	if err := adcptest.CheckErrorCode(mcp, "RATE_LIMITED"); err != nil {
		t.Errorf("CheckErrorCode match: %v", err)
	}
	if err := adcptest.CheckErrorCode(mcp, "AUTH_MISSING"); err == nil || errors.Is(err, adcptest.ErrErrorCodeNotResolvable) {
		t.Errorf("CheckErrorCode mismatch: %v, want an error naming the code found", err)
	}
	if err := adcptest.CheckErrorCode([]byte(`{}`), "AUTH_MISSING"); err != adcptest.ErrErrorCodeNotResolvable {
		t.Errorf("CheckErrorCode on nothing: %v", err)
	}
}
