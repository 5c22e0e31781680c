package schemaload

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// isAdvisoryTextRef is isAdvisoryText without the mayHoldAdvisory shortcut.
func isAdvisoryTextRef(description, suggestion string) bool {
	first := description
	if loc := sentenceEnd.FindStringIndex(description); loc != nil {
		first = description[:loc[0]]
	}
	if advisoryDenied.MatchString(description) || advisoryDenied.MatchString(suggestion) {
		return false
	}
	return advisorySuggestion.MatchString(suggestion) || advisoryWord.MatchString(first) || advisoryNoun.MatchString(description)
}

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

// TestMayHoldAdvisory: the shortcut never changes isAdvisoryText's answer,
// and answers false only for text without the word in any case.
func TestMayHoldAdvisory(t *testing.T) {
	for _, tc := range advisoryCases {
		if got := isAdvisoryText(tc.desc, tc.suggestion); got != tc.want {
			t.Errorf("isAdvisoryText(%q, %q) = %v, want %v", tc.desc, tc.suggestion, got, tc.want)
		}
		if got, ref := isAdvisoryText(tc.desc, tc.suggestion), isAdvisoryTextRef(tc.desc, tc.suggestion); got != ref {
			t.Errorf("isAdvisoryText(%q, %q) = %v, the expressions alone say %v", tc.desc, tc.suggestion, got, ref)
		}
	}
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"", false}, {"advisor", false}, {"ADVISORY", true}, {"xAdViSoRyx", true}, {"adv isory", false},
		{"AdvisorY", true}, {"@DVISORY", false}, {"é — advisor", false}, {"advisorz", false},
		{"ADVIſORY", true}, {"advi\xffsory", false}, {"—advisory—", true}, {"aadvisory", true}, {"advisory"[:7], false},
	} {
		if got := mayHoldAdvisory(tc.s); got != tc.want {
			t.Errorf("mayHoldAdvisory(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}

// FuzzAdvisoryShortcut: isAdvisoryText agrees with the expressions alone on
// any text.
func FuzzAdvisoryShortcut(f *testing.F) {
	for _, tc := range advisoryCases {
		f.Add(tc.desc, tc.suggestion)
	}
	for _, s := range advisoryWindowCases {
		f.Add(s, s)
	}
	f.Fuzz(func(t *testing.T, desc, suggestion string) {
		if got, ref := isAdvisoryText(desc, suggestion), isAdvisoryTextRef(desc, suggestion); got != ref {
			t.Errorf("isAdvisoryText(%q, %q) = %v, the expressions alone say %v", desc, suggestion, got, ref)
		}
	})
}

// advisoryWindowCases reach the edges of matchNearAdvisory's windows: the
// characters either side of a match, "not an " cut short, several
// occurrences close together.
var advisoryWindowCases = []string{
	"xnot advisory", "not an advisoryx", "not  advisory", "NOT AN ADVISORY.", "an advisoryé", "énot advisory",
	"advisory not advisory", "not an adviſory", "annot advisory", "an an advisory", "Xan advisory", "_an advisory",
	"not an_advisory", "notadvisory", "advisoryadvisory", "a advisory", "not an advisor", "\xffnot advisory",
	"not an advisory\xff", "é advisory é", "1an advisory", "an advisory1", "an\tadvisory",
}

// TestAdvisoryWindows: isAdvisoryText agrees with the expressions alone on
// the window cases, as description and as suggestion, and on texts
// assembled at random from them and from the words around the word.
func TestAdvisoryWindows(t *testing.T) {
	check := func(desc, suggestion string) {
		t.Helper()
		if got, ref := isAdvisoryText(desc, suggestion), isAdvisoryTextRef(desc, suggestion); got != ref {
			t.Fatalf("isAdvisoryText(%q, %q) = %v, the expressions alone say %v", desc, suggestion, got, ref)
		}
	}
	for _, s := range advisoryWindowCases {
		check(s, "")
		check("", s)
		check("First. "+s, s+" tail")
	}
	frags := append([]string{"not", "an", "advisory", "ADVISORY", "adviſory", " ", "  ", ".", ". ", ":", "\n", "x", "_", "é", "1",
		"\xff", "—", "non-fatal", "Advisory, not a failure"}, advisoryWindowCases...)
	r := rand.New(rand.NewPCG(3, 4))
	for n := 0; n < 5000; n++ {
		var b strings.Builder
		for k := r.IntN(10); k >= 0; k-- {
			b.WriteString(frags[r.IntN(len(frags))])
		}
		s := b.String()
		check(s, "")
		check("", s)
	}
}
