package schemaload

import "testing"

// TestAdvisoryRemembered: the answers isAdvisoryText remembers are the
// expressions' answers, asked first and asked again, and only the texts
// that may hold the word are remembered.
func TestAdvisoryRemembered(t *testing.T) {
	for round := range 2 {
		for _, tc := range advisoryCases {
			desc, suggestion := tc.desc+" "+t.Name(), tc.suggestion // texts no other test asks about
			if got, ref := isAdvisoryText(desc, suggestion), isAdvisoryTextRef(desc, suggestion); got != ref {
				t.Errorf("round %d: isAdvisoryText(%q, %q) = %v, the expressions say %v", round, desc, suggestion, got, ref)
			}
			advisoryTexts.Lock()
			is, ok := advisoryTexts.is[[2]string{desc, suggestion}]
			advisoryTexts.Unlock()
			if may := mayHoldAdvisory(desc) || mayHoldAdvisory(suggestion); ok != may || ok && is != isAdvisoryTextRef(desc, suggestion) {
				t.Errorf("round %d: (%q, %q): remembered %v (%v), want remembered %v", round, desc, suggestion, ok, is, may)
			}
		}
	}
}
