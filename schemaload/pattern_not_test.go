package schemaload

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dlclark/regexp2"
)

// slaPattern is the ISO 8601 duration pattern of core/sla-window.json.
const slaPattern = `^P(?!$)(\d+Y)?(\d+M)?(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?$`

// notMatcher is the Go side of a translation with an exclusion.
type notMatcher struct{ re, not *regexp.Regexp }

func (m notMatcher) match(s string) bool {
	return m.re.MatchString(s) && (m.not == nil || !m.not.MatchString(s))
}

func compileNot(t testing.TB, goPattern, not string) notMatcher {
	t.Helper()
	m := notMatcher{re: regexp.MustCompile(goPattern)}
	if not != "" {
		m.not = regexp.MustCompile(not)
	}
	return m
}

func TestTranslatePatternNot(t *testing.T) {
	tests := []struct {
		ecma   string
		goRE   string // "" = untranslatable
		not    string
		inputs []string
	}{
		{slaPattern, `^P(\d+Y)?(\d+M)?(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?$`, `^P$`, []string{
			"P", "", "P1Y", "P2M", "P3D", "PT", "PT4H", "PT5M", "PT6S", "P1Y2M3DT4H5M6S", "P1Y2M3D", "P10D",
			"p1Y", "1Y", "PP", "P1", "PY", "P1YT", "P\n", "P ", " P1D", "P1D ", "P1D\n", "P٣D", "P1W", "PT1H1H",
		}},
		{`^ab(?!$)c*$`, `^abc*$`, `^ab$`, []string{"ab", "abc", "abcc", "a", "abd", ""}},
		{`^(?!$).*`, `^[^\n\r\x{2028}\x{2029}]*`, `^$`, []string{"", "x", "\n", "\u2028"}},
		{`^x.y(?!$)z`, "", "", nil},    // the prefix is not literal
		{`^a(?!$)*b`, "", "", nil},     // a quantified lookahead
		{`^a(?!$)b|c`, "", "", nil},    // top-level alternation
		{`^a(?!$)(?=b)`, "", "", nil},  // another lookahead
		{`a(?!$)b`, "", "", nil},       // not anchored
		{`^a(?!$)b)`, "", "", nil},     // unbalanced
		{`^a(?!b`, "", "", nil},        // the lookahead unclosed
		{`^a(?!\1)b`, "", "", nil},     // a body Go cannot express
		{`^a\.(?!$)c`, "", "", nil},    // an escape in the prefix
		{`^a(?!$)(?!$)c`, "", "", nil}, // twice
		{`^a(?!^(?!b))c`, "", "", nil}, // a lookahead in the lookahead
		// Any negative lookahead right after the literal prefix.
		{`^(?!0)\d+$`, `^\d+$`, `^(?:0)`, []string{"0", "01", "10", "1", "", "00", "9"}},
		{`^a(?!b|c[de])[a-z]*$`, `^a[a-z]*$`, `^a(?:b|c[de])`, []string{"a", "ab", "ac", "acd", "ace", "acf", "ax", "abx"}},
	}
	for _, tt := range tests {
		got, not, err := translatePattern(tt.ecma)
		if tt.goRE == "" {
			if err == nil {
				t.Errorf("translatePattern(%q) = %q, %q; want an error", tt.ecma, got, not)
			}
			continue
		}
		if err != nil || got != tt.goRE || not != tt.not {
			t.Errorf("translatePattern(%q) = %q, %q, %v; want %q, %q", tt.ecma, got, not, err, tt.goRE, tt.not)
			continue
		}
		m := compileNot(t, got, not)
		ecma := regexp2.MustCompile(tt.ecma, regexp2.ECMAScript)
		for _, in := range tt.inputs {
			want, err := ecma.MatchString(in)
			if err != nil {
				t.Fatal(err)
			}
			if g := m.match(in); g != want {
				t.Errorf("%q on %q: Go %v, ECMAScript %v", tt.ecma, in, g, want)
			}
		}
	}
}

// TestTranslatePatternNotPlain checks that patterns translatePattern handles
// get no exclusion.
func TestTranslatePatternNotPlain(t *testing.T) {
	got, not, err := translatePattern(`^x_[a-z]+$`)
	if err != nil || got != `^x_[a-z]+$` || not != "" {
		t.Errorf("= %q, %q, %v", got, not, err)
	}
}

// TestSLAPatternAgainstECMAScript compares the translation of the SLA
// duration pattern with regexp2 in ECMAScript mode on every string of up to
// four characters over an alphabet that exercises each part of it.
func TestSLAPatternAgainstECMAScript(t *testing.T) {
	got, not, err := translatePattern(slaPattern)
	if err != nil {
		t.Fatal(err)
	}
	m := compileNot(t, got, not)
	ecma := regexp2.MustCompile(slaPattern, regexp2.ECMAScript)
	alphabet := []string{"P", "T", "1", "Y", "M", "D", "H", "S", "\n", "x"}
	var walk func(s string, depth int)
	count, matches := 0, 0
	walk = func(s string, depth int) {
		want, err := ecma.MatchString(s)
		if err != nil {
			t.Fatal(err)
		}
		if g := m.match(s); g != want {
			t.Errorf("%q: Go %v, ECMAScript %v", s, g, want)
		}
		count++
		if want {
			matches++
		}
		if depth == 0 {
			return
		}
		for _, a := range alphabet {
			walk(s+a, depth-1)
		}
	}
	walk("", 4)
	walk("P1Y2M3DT", 3)
	if matches == 0 || matches == count {
		t.Fatalf("%d of %d strings match: the alphabet does not exercise the pattern", matches, count)
	}
}

// FuzzTranslatePatternNot checks translations with an exclusion against
// regexp2 in ECMAScript mode, wherever the translation of the pattern without
// its lookahead agrees with regexp2 on its own (so that a known
// ECMAScript/RE2 gap elsewhere in the pattern is not blamed on the idiom).
func FuzzTranslatePatternNot(f *testing.F) {
	f.Add(slaPattern, "P")
	f.Add(slaPattern, "P1D")
	f.Add(`^ab(?!$)c*$`, "ab")
	f.Add(`^(?!$)\d`, "")
	f.Add(`^a(?!$)(b|c)`, "ab")
	f.Add(`^(?!0)\d+$`, "01")
	f.Add(`^ab(?!c|d[^x])[a-z]*$`, "abdy")
	f.Fuzz(func(t *testing.T, pattern, input string) {
		got, not, err := translatePattern(pattern)
		if err != nil || not == "" {
			return
		}
		prefix, body, rest, ok := splitLookahead(pattern, not)
		if !ok {
			t.Fatalf("%q: exclusion %q of no lookahead after a literal prefix", pattern, not)
		}
		ecma, err := regexp2.Compile(pattern, regexp2.ECMAScript)
		if err != nil {
			return
		}
		ecma.MatchTimeout = 1e8
		stripped, err := regexp2.Compile("^"+prefix+rest, regexp2.ECMAScript)
		if err != nil {
			return
		}
		stripped.MatchTimeout = 1e8
		m := compileNot(t, got, not)
		wantStripped, err := stripped.MatchString(input)
		if err != nil || m.re.MatchString(input) != wantStripped {
			return // a gap of translatePattern, not of the idiom
		}
		if body != "$" {
			// Likewise for the lookahead's own pattern, after the prefix.
			excluded, err := regexp2.Compile("^"+prefix+"(?:"+body+")", regexp2.ECMAScript)
			if err != nil {
				return
			}
			excluded.MatchTimeout = 1e8
			if want, err := excluded.MatchString(input); err != nil || m.not.MatchString(input) != want {
				return
			}
		}
		want, err := ecma.MatchString(input)
		if err != nil {
			return
		}
		if g := m.match(input); g != want {
			t.Fatalf("%q on %q: Go %v (%q, not %q), ECMAScript %v", pattern, input, g, got, not, want)
		}
	})
}

// splitLookahead splits a pattern translatePattern took with the exclusion
// not, "^" L "(?!" X ")" R, into L, X and R: X is the first body up to a
// ")" whose own translation gives not.
func splitLookahead(pattern, not string) (prefix, body, rest string, ok bool) {
	i := strings.Index(pattern, "(?!")
	if !strings.HasPrefix(pattern, "^") || i < 0 {
		return "", "", "", false
	}
	prefix = pattern[1:i]
	for j := i + len("(?!"); j < len(pattern); j++ {
		if pattern[j] != ')' {
			continue
		}
		body, rest = pattern[i+len("(?!"):j], pattern[j+1:]
		x, err := plainPattern(body)
		if body == "$" && not == "^"+regexp.QuoteMeta(prefix)+"$" || err == nil && not == "^"+regexp.QuoteMeta(prefix)+"(?:"+x+")" {
			return prefix, body, rest, true
		}
	}
	return "", "", "", false
}

// TestTranslatePatternNestedLookaheads: lookaheads nested in lookaheads
// are refused reading the pattern once, with a message no longer than the
// pattern and a sentence: each level quoted the one inside it and its
// message, so 1,000 levels (a 5 KB pattern) took 2 GB, and 10,000 did not
// finish in two minutes.
func TestTranslatePatternNestedLookaheads(t *testing.T) {
	p := strings.Repeat("^a(?!", 10000) + "b" + strings.Repeat(")", 10000)
	done := make(chan error, 1)
	go func() {
		_, _, err := translatePattern(p)
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || len(err.Error()) > 2*len(p)+200 {
			t.Errorf("error of %d bytes for a pattern of %d: %.200v", len(fmt.Sprint(err)), len(p), err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("translatePattern has not returned after 30 s")
	}
}
