package schemaload

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// translatePattern rewrites an ECMAScript (JSON Schema) regular expression
// for Go's regexp (RE2), keeping its meaning. It accepts a subset that
// ECMAScript, regexp2 in ECMAScript mode (the engine the schemas are
// validated with) and Go read alike, and refuses the rest with an error.
// The subset: literal characters of the Basic Multilingual Plane; "."
// (given ECMAScript's set: anything but a line terminator); \d, \D, \w, \W;
// \uXXXX (written \x{XXXX}); an escaped ASCII punctuation character; groups
// (…) and (?:…); "|", "^" and "$"; the quantifiers *, +, ?, {n}, {n,} and
// {n,m} after an atom; character classes of those characters and escapes,
// with ranges between two characters and a "-" only in a range or last.
// The result is checked with regexp.Compile.
//
// It also accepts the one lookahead that has an exact Go form: "^", a
// literal prefix L, a negative lookahead "(?!X)", then the rest R. With "^"
// anchoring every match at the start and L literal, the lookahead always
// looks at the text right after L, so the value matches exactly when it
// matches "^LR" and does not match "^L(?:X)": translatePattern returns the
// Go forms of both (not is "" when the pattern has no lookahead). The idiom
// "not at the end of input" of the SLA duration pattern, "(?!$)", keeps
// the form "^L$". A top-level "|" would let an alternative escape the
// lookahead, so a lookahead is refused beside one.
func translatePattern(p string) (goPattern, not string, err error) {
	return translate(p, true)
}

// translate is translatePattern, which accepts a lookahead only when
// lookahead is set: the body of a lookahead is translated without, so that
// a lookahead inside it is refused as it is met, not read again at each level.
func translate(p string, lookahead bool) (goPattern, not string, err error) {
	var out strings.Builder
	inClass := false       // inside [...]
	quantifiable := false  // the last thing written is an atom a quantifier may follow
	depth, bar := 0, false // group nesting; whether a top-level "|" was seen
	i := 0
	fail := func(format string, args ...any) (string, string, error) {
		return "", "", fmt.Errorf(format+" at offset %d", append(args, i)...)
	}
	for i < len(p) {
		c := p[i]
		if inClass {
			switch c {
			case ']':
				out.WriteByte(']')
				i++
				inClass, quantifiable = false, true
				continue
			case '[':
				return fail(`"[" inside a character class (regexp2 reads [: as a POSIX class and -[ as a subtraction)`)
			case '-':
				if !strings.HasPrefix(p[i:], "-]") {
					return fail(`"-" inside a character class that is neither a range nor last`)
				}
				out.WriteByte('-')
				i++
				continue
			}
			lo, n, char, err := classAtom(p[i:])
			if err != nil {
				return fail("%v", err)
			}
			i += n
			if strings.HasPrefix(p[i:], "-") && !strings.HasPrefix(p[i:], "-]") {
				hi, n, hiChar, err := classAtom(p[i+1:])
				if err != nil {
					return fail("%v", err)
				}
				if !char || !hiChar {
					return fail("range with a class escape at one end")
				}
				lo += "-" + hi
				i += 1 + n
			}
			out.WriteString(lo)
			continue
		}
		switch {
		case c == '(' && lookahead && strings.HasPrefix(p[i:], "(?!") && p[0] == '^' && !strings.ContainsAny(p[1:i], `\()[]{}|^$*+?.`):
			// A lookahead after "^" and literal characters only.
			end := groupEnd(p, i+3)
			if end < 0 {
				return fail("unbalanced (")
			}
			x, _, err := translate(p[i+3:end], false)
			if err != nil {
				return fail("lookahead %q: not a pattern Go can read (%v)", p[i+3:end], err)
			}
			if x != "$" {
				x = "(?:" + x + ")"
			}
			not = out.String() + x
			i = end + 1
			quantifiable = false
		case strings.HasPrefix(p[i:], "(?:"):
			out.WriteString("(?:")
			i += 3
			depth++
			quantifiable = false
		case strings.HasPrefix(p[i:], "(?"):
			return fail("group syntax other than (…) and (?:…)")
		case strings.IndexByte("()|^$", c) >= 0:
			out.WriteByte(c)
			i++
			quantifiable = c == ')'
			switch c {
			case '(':
				depth++
			case ')':
				depth--
			case '|':
				bar = bar || depth == 0
			}
		case c == '*' || c == '+' || c == '?' || c == '{':
			q := braces.FindString(p[i:])
			if c != '{' {
				q = p[i : i+1]
			}
			if q == "" || !quantifiable {
				return fail("quantifier or %q not after a character, class or group", c)
			}
			out.WriteString(q)
			i += len(q)
			quantifiable = false
		case c == '[':
			out.WriteByte('[')
			i++
			if strings.HasPrefix(p[i:], "^") {
				out.WriteByte('^')
				i++
			}
			if strings.HasPrefix(p[i:], "]") {
				return fail("empty character class")
			}
			inClass = true
		case c == '.':
			out.WriteString(`[^\n\r\x{2028}\x{2029}]`)
			i++
			quantifiable = true
		case c == '}' || c == ']':
			return fail("unescaped %q", c)
		default:
			s, n, _, err := classAtom(p[i:])
			if err != nil {
				return fail("%v", err)
			}
			if c != '\\' {
				s = regexp.QuoteMeta(s)
			}
			out.WriteString(s)
			i += n
			quantifiable = true
		}
	}
	if not != "" && bar {
		return "", "", fmt.Errorf("lookahead beside a top-level |: not supported by Go regexp")
	}
	for _, re := range []string{out.String(), not} {
		if _, err := regexp.Compile(re); err != nil {
			return "", "", fmt.Errorf("Go regexp rejects the translation %q: %v", re, err)
		}
	}
	return out.String(), not, nil
}

// groupEnd returns the offset of the ")" that closes the group whose
// contents start at offset i of p, or -1: escapes and character classes
// are skipped, nested groups counted.
func groupEnd(p string, i int) int {
	depth := 0
	for ; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '[':
			for i++; i < len(p) && p[i] != ']'; i++ {
				if p[i] == '\\' {
					i++
				}
			}
		case '(':
			depth++
		case ')':
			if depth == 0 {
				return i
			}
			depth--
		}
	}
	return -1
}

// braces matches a {n}, {n,} or {n,m} quantifier, its counts in decimal
// without leading zeros (Go reads {01} as text).
var braces = regexp.MustCompile(`^\{(0|[1-9][0-9]*)(,(0|[1-9][0-9]*)?)?\}`)

// classAtom reads the character or escape at the start of s, in a class or
// not, and returns its Go form (for use in a class), the bytes it takes
// and whether it stands for one character (not \d, \D, \w or \W).
func classAtom(s string) (goForm string, n int, char bool, err error) {
	r, size := utf8.DecodeRuneInString(s)
	switch {
	case r == utf8.RuneError && size == 1:
		return "", 0, false, fmt.Errorf("invalid UTF-8")
	case r > 0xFFFF:
		return "", 0, false, fmt.Errorf("character %q outside the Basic Multilingual Plane (ECMAScript reads two UTF-16 code units)", r)
	case r != '\\':
		return s[:size], size, true, nil
	case len(s) < 2:
		return "", 0, false, fmt.Errorf("trailing backslash")
	}
	e := s[1]
	switch {
	case strings.IndexByte("dDwW", e) >= 0:
		return s[:2], 2, false, nil
	case e == 'u':
		hex := s[2:min(6, len(s))]
		v, err := strconv.ParseUint(hex, 16, 16)
		if len(hex) < 4 || err != nil || 0xD800 <= v && v <= 0xDFFF {
			return "", 0, false, fmt.Errorf(`\u not followed by 4 hex digits of a character`)
		}
		return `\x{` + hex + `}`, 6, true, nil
	case strings.IndexByte(`!"#$%&'()*+,./:;<=>?@[\]^_{|}~`+"`", e) >= 0:
		// Go and ECMAScript read an escaped ASCII punctuation character as
		// itself; regexp2 reads no range at \- ([\--A]).
		return s[:2], 2, true, nil
	}
	return "", 0, false, fmt.Errorf(`escape \%c (its meaning differs between ECMAScript, regexp2 and Go, or is not supported)`, e)
}
