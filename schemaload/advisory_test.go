package schemaload

import "testing"

var advisoryCases = []struct {
	desc, suggestion string
	want             bool
}{
	{"", "", false},
	{"Non-fatal advisory raised when the budget is low.", "", true},
	{"NON-FATAL ADVISORY raised when the budget is low.", "", true},
	{"Rides as an AdVisory entry. More.", "", true},
	{"The request failed.", "Advisory — seller-side fix needed: retry", true},
	{"The request failed.", "not an advisory", false},
	{"Non-fatal adviſory raised when the budget is low.", "", true}, // (?i) folds ſ to s
	{"An advisor of the buyer.", "advisor", false},
	{"advisor", "y", false},
	{"The request failed. It is not advisory.", "", false},
	{"Plain failure: nothing to see. advisory later", "", false},
	{"résumé advisory", "", true},
	{"résumé", "", false},
}

// TestIsAdvisoryText: the marks of an advisory, and what is not one.
func TestIsAdvisoryText(t *testing.T) {
	for _, tc := range advisoryCases {
		if got := isAdvisoryText(tc.desc, tc.suggestion); got != tc.want {
			t.Errorf("isAdvisoryText(%q, %q) = %v, want %v", tc.desc, tc.suggestion, got, tc.want)
		}
	}
}
