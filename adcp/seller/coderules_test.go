package seller_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

// TestCodeRulesFromVocabulary checks that Finalize takes a code's rules
// from its catalogue entry (CodeInfo.FieldRequired, RequiredDetails,
// RecommendedDetails), not from the code's name: made-up codes carry them
// here, and standard codes of the same names without them do not.
func TestCodeRulesFromVocabulary(t *testing.T) {
	v := adcp.MustVocabulary(adcp.VocabularyConfig{SpecVersion: "0.0.0-rules", Codes: []adcp.CodeInfo{
		{Code: "THING_MOVED", Recovery: adcp.RecoveryCorrectable, RequiredDetails: []string{"where"}, RecommendedDetails: []string{"why"}},
		{Code: "FIELD_REFUSED", Recovery: adcp.RecoveryCorrectable, FieldRequired: true},
		{Code: "ACCOUNT_MOVED", Recovery: adcp.RecoveryCorrectable},
		{Code: "FIELD_NOT_PERMITTED", Recovery: adcp.RecoveryCorrectable},
	}})
	for _, tt := range []struct {
		name, code, details, field string
		err, warn                  string
	}{
		{"required member missing", "THING_MOVED", `{"why":"x"}`, "", "details.where is required", ""},
		{"no details", "THING_MOVED", "", "", "details.where is required", ""},
		{"recommended member missing", "THING_MOVED", `{"where":"x"}`, "", "", "THING_MOVED should carry details.why"},
		{"both", "THING_MOVED", `{"where":"x","why":"y"}`, "", "", ""},
		{"field missing", "FIELD_REFUSED", "", "", "field is required", ""},
		{"field set", "FIELD_REFUSED", "", "a.b", "", ""},
		{"no rule in this vocabulary", "ACCOUNT_MOVED", "", "", "", ""},
		{"no field rule in this vocabulary", "FIELD_NOT_PERMITTED", "", "", "", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := &adcp.Error{Code: adcp.Code(tt.code), Message: "m", Field: tt.field}
			if tt.details != "" {
				e.Details = json.RawMessage(tt.details)
			}
			_, warn, err := seller.Finalize(v, e)
			switch {
			case tt.err == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Fatalf("error %v, want one with %q", err, tt.err)
			}
			joined := strings.Join(warn, "\n")
			if tt.warn != "" && !strings.Contains(joined, tt.warn) {
				t.Errorf("warnings %q lack %q", warn, tt.warn)
			}
			if tt.warn == "" && strings.Contains(joined, "should carry") {
				t.Errorf("unexpected warning: %q", warn)
			}
		})
	}
}
