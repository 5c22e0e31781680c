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
		{`^[A-Za-z][A-Za-z0-9._:-]{0,63}$`, `^[A-Za-z][A-Za-z0-9._:-]{0,63}$`, []string{"a", "a:b-c.d_e", "1a", "a" + strings.Repeat("b", 64)}},
		// regexp2 lets "." match U+2028 (and \r); ECMAScript does not, and
		// neither does the translation (see TestTranslateDotLineTerminators).
		{`a.c`, `a[^\n\r\x{2028}\x{2029}]c`, []string{"abc", "a\nc", "a\u00e9c"}},
		{`^\w\W[\D\d]é$`, `^\w\W[\D\d]é$`, []string{"a-1é", "a-xé", "-a1é"}},
		{`^a{1,}b{2}|[*+?{}().|$^]$`, `^a{1,}b{2}|[*+?{}().|$^]$`, []string{"abb", "ab", "{", "^", "x"}},
		{`^[a-c-]\/\-\x41$`, "", nil}, // \- and \x are refused
		{`^\x41\u00e9[\u0041-\u0043]$`, "", nil},
		{`^\u00e9[\u0041-\u0043]$`, `^\x{00e9}[\x{0041}-\x{0043}]$`, []string{"éB", "éD"}},
		{`^\/a$`, `^\/a$`, []string{"/a", "a"}},
		{`^P(?!$)(\d+Y)?$`, "", nil},
		{`(?=a)`, "", nil},
		{`(?<=a)b`, "", nil},
		{`(?<!a)b`, "", nil},
		{`(a)\1`, "", nil},
		{`(?<n>a)`, "", nil},
		{`\u12`, "", nil}, {`\ud83d\ude00`, "", nil}, {`😀`, "", nil},
		{`a{2000}`, "", nil},
		// ECMAScript reads "[" in a class as a literal; regexp2 does not.
		{`^[[:digit:]]$`, "", nil},
		{`^[a-z-[aeiou]]$`, "", nil},
		// Escapes the subset leaves out, some of them read differently by
		// the engines.
		{`\A`, "", nil}, {`\z`, "", nil}, {`\Z`, "", nil}, {`\G`, "", nil}, {`\a`, "", nil}, {`\e`, "", nil},
		{`\p{L}`, "", nil}, {`\x{41}`, "", nil}, {`\u{41}`, "", nil}, {`\cJ`, "", nil}, {`\01`, "", nil}, {`\0`, "", nil},
		{`\8`, "", nil}, {`\s`, "", nil}, {`\b`, "", nil}, {`[\b]`, "", nil}, {`\Q`, "", nil}, {`\é`, "", nil}, {`\t`, "", nil},
		// Nothing to repeat, repeated twice, lazy, or braces that are not a
		// quantifier.
		{`^*$`, "", nil}, {`{2}`, "", nil}, {`a**`, "", nil}, {`a*?`, "", nil}, {`a{2}{3}`, "", nil}, {`a{3,2}`, "", nil},
		{`a{01}`, "", nil}, {`a{,3}`, "", nil}, {`a}`, "", nil}, {`a]`, "", nil},
		// Ranges with a class escape at one end, a "-" not last, empty
		// classes, other groups.
		{`[\d-z]`, "", nil}, {`[a-\d]`, "", nil}, {`[-a]`, "", nil}, {`[a-c-e]`, "", nil}, {`[\--A]`, "", nil}, {`[]`, "", nil}, {`[^]`, "", nil},
		{`(?i)a`, "", nil}, {`(?>a)`, "", nil}, {`(?#c)`, "", nil},
		{`a)`, "", nil}, {`(a`, "", nil}, {`[a`, "", nil}, {`a\`, "", nil},
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
// difference allowed is regexp2's own departure from ECMAScript, where the
// translation keeps ECMAScript's meaning: regexp2's "." matches U+2028 and
// U+2029.
func FuzzTranslatePattern(f *testing.F) {
	for _, p := range []string{
		`^[^\u0000-\u001F\u007F]+$`, `^x_[a-z0-9]+(?:_[a-z0-9]+)*$`, `a.c\s`, `^\d{1,3}\.\w$`, slaPattern,
		`^[[:digit:]]$`, `^\Qa.b\E$`, `[\s\S]`, `^\w+\W.`, `^[+-0\d]{2,}$`, `([^\]\.])|\u0041|\u00e9[\u0000-\u001F]`,
		`^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$`, `^a{0,2}|(?:b)+|[$^.|]*`,
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
		if strings.Contains(pattern, ".") && strings.ContainsAny(input, "\u2028\u2029") {
			return // regexp2 departs from ECMAScript here
		}
		if got := m.match(input); got != want {
			t.Fatalf("pattern %q (Go %q, not %q) on %q: Go %v, regexp2 %v", pattern, goPattern, not, input, got, want)
		}
	})
}

// TestLoadPatternMeaning: a pattern whose ECMAScript meaning the translation
// cannot keep loads with its check skipped and a warning naming it; one
// within its subset is translated.
func TestLoadPatternMeaning(t *testing.T) {
	details := replaceIn(t, "error-details/rate-limited.json", `"properties": {`, `"properties": {
    "digits": {"type": "string", "pattern": "^[[:digit:]]+$"},
    "quoted": {"type": "string", "pattern": "^a\\.b$"},`)
	s, err := Load(writeFixture(t, map[string]string{"error-details/rate-limited.json": details}))
	if err != nil {
		t.Fatal(err)
	}
	rl := typeNamed(t, s, "RateLimitedDetails")
	if d := field(t, rl, "digits").Type; d.GoPattern != "" || d.Pattern != `^[[:digit:]]+$` {
		t.Errorf("digits: GoPattern %q", d.GoPattern)
	}
	if q := field(t, rl, "quoted").Type; q.GoPattern != `^a\.b$` {
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
