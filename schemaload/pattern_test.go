package schemaload

import (
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/dlclark/regexp2"
)

// plainPattern is translatePattern for a pattern that must need no
// exclusion: one that does is refused.
func plainPattern(p string) (string, error) {
	out, not, err := translatePattern(p)
	if err == nil && not != "" {
		return "", errors.New("the pattern needs an exclusion")
	}
	return out, err
}

func TestTranslatePattern(t *testing.T) {
	tests := []struct {
		ecma   string
		goRE   string // "" = untranslatable
		inputs []string
	}{
		{`^[^\u0000-\u001F\u007F]+$`, `^[^\x{0000}-\x{001F}\x{007F}]+$`, []string{"AA", "a\tb", "", "é", "x\x7f"}},
		{`^(?:/(?:[^~/\u0000-\u001F\u007F]|~0|~1)*)*$`, `^(?:/(?:[^~/\x{0000}-\x{001F}\x{007F}]|~0|~1)*)*$`, []string{"", "/a/b", "a", "/~0/~1", "/~2", "/a\nb"}},
		{`^x_[a-z0-9]+(?:_[a-z0-9]+)*$`, `^x_[a-z0-9]+(?:_[a-z0-9]+)*$`, []string{"x_a", "x_a_b", "x_", "X_A", "x_a__b"}},
		{`^\d+\.\d+\.\d+(-[a-zA-Z0-9.-]+)?(\+[a-zA-Z0-9.-]+)?$`, `^\d+\.\d+\.\d+(-[a-zA-Z0-9.-]+)?(\+[a-zA-Z0-9.-]+)?$`, []string{"3.1.2", "3.1.0-beta.3+sha.1", "3.1", "٣.1.2"}},
		// regexp2 lets "." match U+2028 (and \r); ECMAScript does not, and
		// neither does the translation (see TestTranslateDotLineTerminators).
		{`a.c`, `a[^\n\r\x{2028}\x{2029}]c`, []string{"abc", "a\nc", "a\u00e9c"}},
		{`^\s+$`, `^[` + ecmaSpace + `]+$`, []string{" ", "\u00a0", "\ufeff", "x", "\u2003"}},
		{`[\s,]`, `[` + ecmaSpace + `,]`, []string{",", "\u3000", "x"}},
		{`^\S$`, `^[^` + ecmaSpace + `]$`, []string{"x", " ", "\u00a0"}},
		{`^[\b]$`, `^[\x{8}]$`, []string{"\b", "b"}},
		{`^\cJ$`, `^\x{A}$`, []string{"\n", "J"}},
		{`^\0$`, `^\x{0}$`, []string{"\x00", "0"}},
		{`^(?<y>\d{4})$`, `^(?:\d{4})$`, []string{"2024", "24"}},
		// Identity escapes keep their ECMAScript meaning: \Q…\E is "Q…E".
		{`^\Qa.b\E$`, `^Qa[^\n\r\x{2028}\x{2029}]bE$`, []string{"QaxbE", "a.b", "Qa.bE"}},
		{`^\y\é$`, `^yé$`, []string{"yé", "y"}},
		{`^[\Q-\T]$`, `^[Q-T]$`, []string{"R", "Q", "\\"}},
		{`^a{,3}}]$`, `^a\{,3\}\}\]$`, []string{"a{,3}}]", "aa"}},
		{`^[-a.-]$`, `^[-a.-]$`, []string{"-", ".", "b"}},
		{`^[a-c-e]$`, `^[a-c\-e]$`, []string{"-", "b", "d", "e"}},
		{`^[--0]$`, `^[--0]$`, []string{"-", "/", "0", "1"}},
		{`^[\-a]$`, `^[\-a]$`, []string{"-", "a", "\\"}}, {`^[x\--]$`, `^[x\--]$`, []string{"-", "x", "y"}},
		{`^a{01,002}$`, `^a{1,2}$`, []string{"a", "aa", "a{01,002}"}},
		{`0{00}`, `0{0}`, []string{"0", ""}},
		{`^\x41\u00e9[\x41-\x43]$`, `^\x{41}\x{00e9}[\x{41}-\x{43}]$`, []string{"AéB", "AéD"}},
		{`^\/a$`, `^\/a$`, []string{"/a", "a"}},
		{`^P(?!$)(\d+Y)?$`, "", nil},
		{`(?=a)`, "", nil},
		{`(?<=a)b`, "", nil},
		{`(?<!a)b`, "", nil},
		{`(a)\1`, "", nil},
		{`(?<n>a)\k<n>`, "", nil},
		{`[\S]`, "", nil},
		{`\u12`, "", nil},
		{`a{2000}`, "", nil},
		// ECMAScript reads "[" in a class as a literal; regexp2 does not.
		{`^[[:digit:]]$`, "", nil},
		{`^[a-z-[aeiou]]$`, "", nil},
		// Escapes whose meaning differs between the engines.
		{`\A`, "", nil}, {`\z`, "", nil}, {`\Z`, "", nil}, {`\G`, "", nil}, {`\a`, "", nil}, {`\e`, "", nil},
		{`\p{L}`, "", nil}, {`\x{41}`, "", nil}, {`\u{41}`, "", nil}, {`\c1`, "", nil}, {`[\c1]`, "", nil}, {`\01`, "", nil},
		{`\8`, "", nil}, {`\ud83d\ude00`, "", nil},
		// Nothing to repeat, or repeated twice.
		{`^*$`, "", nil}, {`{2}`, "", nil}, {`\b+`, "", nil}, {`a**`, "", nil}, {`a{2}{3}`, "", nil}, {`a{3,2}`, "", nil},
		// Ranges with a class escape at one end, empty classes, .NET groups.
		{`[\d-z]`, "", nil}, {`[\--A]`, "", nil}, {`[+-\-]`, "", nil}, {`[\--\-]`, "", nil}, {`[]`, "", nil}, {`[^]`, "", nil}, {`(?i)a`, "", nil}, {`(?>a)`, "", nil}, {`(?#c)`, "", nil},
		{`(?<a$>x)`, "", nil}, {`a)`, "", nil}, {`(a`, "", nil}, {`[a`, "", nil}, {`a\`, "", nil},
	}
	for _, tt := range tests {
		got, err := plainPattern(tt.ecma)
		if tt.goRE == "" {
			if err == nil {
				t.Errorf("translatePattern(%q) = %q, want an error", tt.ecma, got)
			}
			continue
		}
		if err != nil || got != tt.goRE {
			t.Errorf("translatePattern(%q) = %q, %v; want %q", tt.ecma, got, err, tt.goRE)
			continue
		}
		goRE := regexp.MustCompile(got)
		ecma := regexp2.MustCompile(tt.ecma, regexp2.ECMAScript)
		for _, in := range tt.inputs {
			want, err := ecma.MatchString(in)
			if err != nil {
				t.Fatal(err)
			}
			if g := goRE.MatchString(in); g != want {
				t.Errorf("%q on %q: Go %v, ECMAScript %v", tt.ecma, in, g, want)
			}
		}
	}
}

func TestTranslateDotLineTerminators(t *testing.T) {
	got, err := plainPattern(`^.$`)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(got)
	for _, in := range []string{"\n", "\r", "\u2028", "\u2029"} {
		if re.MatchString(in) {
			t.Errorf("%q matches %q: ECMAScript's . excludes line terminators", got, in)
		}
	}
	if !re.MatchString("\u00e9") {
		t.Errorf("%q must match a non-ASCII letter", got)
	}
}

// FuzzTranslatePattern is the differential test of the translation: where
// translatePattern accepts a pattern regexp2 accepts in ECMAScript mode,
// the Go form must compile and decide every input as regexp2 does. The
// differences allowed are regexp2's own departures from ECMAScript, where the
// translation keeps ECMAScript's meaning: regexp2's "." matches U+2028 and
// U+2029, and its \b and \B count non-ASCII letters as word characters.
func FuzzTranslatePattern(f *testing.F) {
	for _, p := range []string{
		`^[^\u0000-\u001F\u007F]+$`, `^x_[a-z0-9]+(?:_[a-z0-9]+)*$`, `a.c\s`, `^\d{1,3}\.\w$`, slaPattern,
		`^[[:digit:]]$`, `^\Qa.b\E$`, `[\s\S]`, `^\S+\b.`, `^[--0\cJ]{2,}?$`, `(?<n>[^\]\-])|\x41|\u00e9`,
		`^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$`, `^{a}|a{,2}|]|}`, `\B\y[\B]`,
	} {
		for _, in := range []string{"", "abc", "3.1.2", "P1DT2H", "x_a_b", " \u00a0\ufeff\u2028\u3000", "QaxbE", "5]", "[", "\n\r\t", "é", "Aé"} {
			f.Add(p, in)
		}
	}
	f.Fuzz(func(t *testing.T, pattern, input string) {
		if !utf8.ValidString(pattern) || !utf8.ValidString(input) {
			return // JSON strings, once decoded, are valid UTF-8
		}
		ecma, err := regexp2.Compile(pattern, regexp2.ECMAScript)
		if err != nil {
			return // the loader refuses the schema
		}
		ecma.MatchTimeout = time.Second
		goPattern, not, err := translatePattern(pattern)
		if err != nil {
			return // refused: the check is skipped, with a warning
		}
		re, err := regexp.Compile(goPattern)
		if err != nil {
			t.Fatalf("translation %q of %q does not compile: %v", goPattern, pattern, err)
		}
		m := notMatcher{re: re}
		if not != "" {
			if m.not, err = regexp.Compile(not); err != nil {
				t.Fatalf("exclusion %q of %q does not compile: %v", not, pattern, err)
			}
		}
		want, err := ecma.MatchString(input)
		if err != nil {
			return // regexp2 timed out
		}
		dotGap := strings.Contains(pattern, ".") && strings.ContainsAny(input, "\u2028\u2029")
		boundaryGap := (strings.Contains(pattern, `\b`) || strings.Contains(pattern, `\B`)) && !isASCII(input)
		if dotGap || boundaryGap {
			return // regexp2 departs from ECMAScript here
		}
		if got := m.match(input); got != want {
			t.Fatalf("pattern %q (Go %q, not %q) on %q: Go %v, regexp2 %v", pattern, goPattern, not, input, got, want)
		}
	})
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// TestLoadPatternMeaning: a pattern whose ECMAScript meaning the translation
// cannot keep loads with its check skipped and a warning naming it; one
// whose identity escapes it can keep is translated.
func TestLoadPatternMeaning(t *testing.T) {
	details := replaceIn(t, "error-details/rate-limited.json", `"properties": {`, `"properties": {
    "digits": {"type": "string", "pattern": "^[[:digit:]]+$"},
    "quoted": {"type": "string", "pattern": "^\\Qa.b\\E$"},`)
	s, err := Load(writeFixture(t, map[string]string{"error-details/rate-limited.json": details}))
	if err != nil {
		t.Fatal(err)
	}
	rl := typeNamed(t, s, "RateLimitedDetails")
	if d := field(t, rl, "digits").Type; d.GoPattern != "" || d.Pattern != `^[[:digit:]]+$` {
		t.Errorf("digits: GoPattern %q", d.GoPattern)
	}
	if q := field(t, rl, "quoted").Type; q.GoPattern != `^Qa`+ecmaDot+`bE$` {
		t.Errorf("quoted: GoPattern %q", q.GoPattern)
	}
	found := false
	for _, w := range s.Warnings {
		found = found || w.Pointer == "/properties/digits/pattern" && strings.Contains(w.Msg, "skips this check")
	}
	if !found {
		t.Errorf("no warning for the [[:digit:]] pattern in %v", s.Warnings)
	}
}
