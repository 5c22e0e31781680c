package seller_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/adcperr"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

// TestBuildRefusesUnsafeURLs: a URL in details that a buyer's
// adcp.CheckDetailsURLs would refuse whatever hosts it knows is refused by
// the builders and the wire shapes, with an error that names the member;
// one it would follow from a known host is built.
func TestBuildRefusesUnsafeURLs(t *testing.T) {
	tests := []struct {
		name    string
		code    adcp.Code
		details any
		member  string // "" when the error is built
	}{
		{"https setup_url", adcperr.CodeAccountSetupRequired, &adcperr.AccountSetupRequiredDetails{SetupURL: "https://seller.example/setup"}, ""},
		{"javascript setup_url", adcperr.CodeAccountSetupRequired, &adcperr.AccountSetupRequiredDetails{SetupURL: "javascript:alert(document.cookie)"}, "details/setup_url"},
		{"upper-case scheme", adcperr.CodeAccountSetupRequired, &adcperr.AccountSetupRequiredDetails{SetupURL: "JAVASCRIPT:alert(1)"}, "details/setup_url"},
		{"data setup_url", adcperr.CodeAccountSetupRequired, &adcperr.AccountSetupRequiredDetails{SetupURL: "data:text/html,<script>x</script>"}, "details/setup_url"},
		{"http setup_url", adcperr.CodeAccountSetupRequired, &adcperr.AccountSetupRequiredDetails{SetupURL: "http://seller.example/setup"}, "details/setup_url"},
		{"userinfo", adcperr.CodeAccountSetupRequired, &adcperr.AccountSetupRequiredDetails{SetupURL: "https://seller.example@evil.example/"}, "details/setup_url"},
		{"no host", adcperr.CodeAccountSetupRequired, &adcperr.AccountSetupRequiredDetails{SetupURL: "https:///setup"}, "details/setup_url"},
		{"policy_url", adcperr.CodePolicyViolation, &adcperr.PolicyViolationDetails{PolicyURL: "javascript:void(0)"}, "details/policy_url"},
		{"nested, raw", adcperr.CodePolicyViolation, json.RawMessage(`{"links":{"help_url":["https://seller.example/a","vbscript:x"]}}`), "details/links/help_url/1"},
		{"a member not named for a URL is text", adcperr.CodePolicyViolation, json.RawMessage(`{"note":"javascript:x"}`), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := seller.New(adcperr.Vocabulary, tt.code, "See details.", seller.WithDetails(tt.details))
			if tt.member == "" {
				if err != nil {
					t.Fatalf("New: %v", err)
				}
				if err := adcp.CheckDetailsURLs(e, "seller.example"); err != nil {
					t.Errorf("built, but a buyer that knows seller.example refuses it: %v", err)
				}
				return
			}
			if err == nil || !errors.Is(err, adcp.ErrUnsafeURL) || !strings.Contains(err.Error(), tt.member) {
				t.Fatalf("New = %v; want an error wrapping adcp.ErrUnsafeURL naming %s", err, tt.member)
			}

			// Assembled by hand, the error is refused where it is finalized
			// or sent.
			raw, _ := json.Marshal(tt.details)
			byHand := &adcp.Error{Code: tt.code, Message: "See details.", Details: raw}
			if _, _, err := seller.Finalize(adcperr.Vocabulary, byHand); !errors.Is(err, adcp.ErrUnsafeURL) {
				t.Errorf("Finalize = %v", err)
			}
			if _, err := seller.MCPToolResult(adcperr.Vocabulary, byHand, ""); !errors.Is(err, adcp.ErrUnsafeURL) {
				t.Errorf("MCPToolResult = %v", err)
			}
		})
	}
}
