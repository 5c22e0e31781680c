package seller_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/testvocab"
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
		{"https setup_url", testvocab.CodeAccountSetupRequired, &testvocab.AccountSetupRequiredDetails{SetupURL: "https://seller.example/setup"}, ""},
		{"javascript setup_url", testvocab.CodeAccountSetupRequired, &testvocab.AccountSetupRequiredDetails{SetupURL: "javascript:alert(document.cookie)"}, "details/setup_url"},
		{"upper-case scheme", testvocab.CodeAccountSetupRequired, &testvocab.AccountSetupRequiredDetails{SetupURL: "JAVASCRIPT:alert(1)"}, "details/setup_url"},
		{"data setup_url", testvocab.CodeAccountSetupRequired, &testvocab.AccountSetupRequiredDetails{SetupURL: "data:text/html,<script>x</script>"}, "details/setup_url"},
		{"http setup_url", testvocab.CodeAccountSetupRequired, &testvocab.AccountSetupRequiredDetails{SetupURL: "http://seller.example/setup"}, "details/setup_url"},
		{"userinfo", testvocab.CodeAccountSetupRequired, &testvocab.AccountSetupRequiredDetails{SetupURL: "https://seller.example@evil.example/"}, "details/setup_url"},
		{"no host", testvocab.CodeAccountSetupRequired, &testvocab.AccountSetupRequiredDetails{SetupURL: "https:///setup"}, "details/setup_url"},
		{"policy_url", testvocab.CodePolicyViolation, &testvocab.PolicyViolationDetails{PolicyURL: "javascript:void(0)"}, "details/policy_url"},
		{"nested, raw", testvocab.CodePolicyViolation, json.RawMessage(`{"links":{"help_url":["https://seller.example/a","vbscript:x"]}}`), "details/links/help_url/1"},
		{"a member not named for a URL is text", testvocab.CodePolicyViolation, json.RawMessage(`{"note":"javascript:x"}`), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := seller.New(testvocab.Vocabulary, tt.code, "See details.", seller.WithDetails(tt.details))
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
			if _, _, err := seller.Finalize(testvocab.Vocabulary, byHand); !errors.Is(err, adcp.ErrUnsafeURL) {
				t.Errorf("Finalize = %v", err)
			}
			if _, err := seller.MCPToolResult(testvocab.Vocabulary, byHand, ""); !errors.Is(err, adcp.ErrUnsafeURL) {
				t.Errorf("MCPToolResult = %v", err)
			}
		})
	}
}
