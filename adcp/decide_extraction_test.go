package adcp_test

import (
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
)

// checklist: 30
func TestDecideExtraction(t *testing.T) {
	tests := []struct {
		name     string
		response string
		want     adcp.Action
	}{
		{"advisory on a success is surfaced, not retried",
			`{"structuredContent":{"products":[],"errors":[{"code":"STALE_RESPONSE","message":"cached","recovery":"transient"}]}}`,
			adcp.ActionSurfaceToCaller},
		{"the same error on a failure is retried",
			`{"isError":true,"structuredContent":{"adcp_error":{"code":"STALE_RESPONSE","message":"cached","recovery":"transient"}}}`,
			adcp.ActionRetry},
		{"nothing found is a generic error",
			`{"content":[{"type":"text","text":"done"}]}`,
			adcp.ActionGenericError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, _ := adcp.Extract([]byte(tt.response))
			if got := (adcp.Policy{}).DecideExtraction(x, adcp.RequestContext{}); got.Action != tt.want {
				t.Errorf("DecideExtraction: %s (%s), want %s", got.Action, got.Reason, tt.want)
			}
		})
	}
}
