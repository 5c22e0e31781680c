package seller

import (
	"strings"
	"testing"
)

// checklist: 51
func TestValidVendorCode(t *testing.T) {
	long := "X_" + "V" + strings.Repeat("9", 19) + "_" + "C" + strings.Repeat("_", 39) // 63 characters
	tests := []struct {
		code string
		ok   bool
	}{
		{"X_STREAMHAUS_FLOOR_NOT_MET", true},
		{"X_AB_CD", true},
		{"X_A1_B2", true},
		{"X_ACME_RETRY_LATER_2", true},
		{long, true},
		{"", false},
		{"STREAMHAUS_FLOOR", false},                       // no X_ prefix
		{"x_acme_code", false},                            // lower case
		{"X_ACME", false},                                 // no CODE
		{"X_A_CODE", false},                               // VENDOR of one character
		{"X_1ACME_CODE", false},                           // VENDOR starts with a digit
		{"X_ACME_C", false},                               // CODE of one character
		{"X_ACME_1CODE", false},                           // CODE starts with a digit
		{"X_ACME_CODE-2", false},                          // hyphen
		{"X_ACME__CODE", false},                           // CODE starts with "_"
		{"X_" + strings.Repeat("V", 21) + "_CODE", false}, // VENDOR of 21
		{"X_ACME_C" + strings.Repeat("D", 40), false},     // CODE of 41
		{"X_ACMÉ_CODE", false},
	}
	if len(long) != 63 {
		t.Fatalf("long code has %d characters", len(long))
	}
	for _, tt := range tests {
		err := ValidVendorCode(tt.code)
		if (err == nil) != tt.ok {
			t.Errorf("ValidVendorCode(%q) = %v, want ok %v", tt.code, err, tt.ok)
		}
	}
}
