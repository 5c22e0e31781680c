package schemaload

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// ecmaSpace is what ECMAScript's \s matches (WhiteSpace and LineTerminator),
// written as the inside of a Go character class. Go's \s is ASCII only.
const ecmaSpace = `\t\n\x{000B}\f\r \x{00A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}`

// translatePattern rewrites an ECMAScript (JSON Schema) regular expression
// for Go's regexp (RE2). It rewrites what RE2 spells differently (\uXXXX,
// \cX, \0, \s, ".", [\b], named groups) and refuses what RE2 cannot express:
// lookahead, lookbehind and backreferences. The result is checked with
// regexp.Compile.
func translatePattern(p string) (string, error) {
	var b strings.Builder
	inClass := false
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\\':
			if i+1 >= len(p) {
				return "", fmt.Errorf("trailing backslash")
			}
			i++
			e := p[i]
			switch {
			case e == 'u':
				if i+4 >= len(p) || !isHex(p[i+1:i+5]) {
					return "", fmt.Errorf(`\u at offset %d is not followed by four hex digits`, i-1)
				}
				b.WriteString(`\x{` + p[i+1:i+5] + `}`)
				i += 4
			case e == 'c':
				if i+1 >= len(p) || !isASCIILetter(p[i+1]) {
					return "", fmt.Errorf(`\c at offset %d is not followed by a letter`, i-1)
				}
				fmt.Fprintf(&b, `\x{%X}`, p[i+1]%32)
				i++
			case e == '0' && (i+1 >= len(p) || p[i+1] < '0' || p[i+1] > '9'):
				b.WriteString(`\x{0}`)
			case e >= '1' && e <= '9':
				return "", fmt.Errorf(`backreference \%c is not supported by Go regexp`, e)
			case e == 'k':
				return "", fmt.Errorf(`named backreference \k is not supported by Go regexp`)
			case e == 'b' && inClass:
				b.WriteString(`\x{8}`)
			case e == 's':
				if inClass {
					b.WriteString(ecmaSpace)
				} else {
					b.WriteString("[" + ecmaSpace + "]")
				}
			case e == 'S':
				if inClass {
					return "", fmt.Errorf(`\S inside a character class cannot be expressed in Go regexp`)
				}
				b.WriteString("[^" + ecmaSpace + "]")
			case e == 'p' || e == 'P':
				return "", fmt.Errorf(`\%c is a Unicode property escape only with the u flag`, e)
			default:
				b.WriteByte('\\')
				b.WriteByte(e)
			}
		case inClass:
			if c == ']' {
				inClass = false
			}
			b.WriteByte(c)
		case c == '[':
			if strings.HasPrefix(p[i:], "[]") || strings.HasPrefix(p[i:], "[^]") {
				return "", fmt.Errorf("empty character class at offset %d", i)
			}
			inClass = true
			b.WriteByte(c)
			if i+1 < len(p) && p[i+1] == '^' {
				b.WriteByte('^')
				i++
			}
		case c == '.':
			b.WriteString(`[^\n\r\x{2028}\x{2029}]`)
		case c == '(' && strings.HasPrefix(p[i:], "(?"):
			rest := p[i+2:]
			switch {
			case strings.HasPrefix(rest, "="), strings.HasPrefix(rest, "!"):
				return "", fmt.Errorf("lookahead at offset %d is not supported by Go regexp", i)
			case strings.HasPrefix(rest, "<="), strings.HasPrefix(rest, "<!"):
				return "", fmt.Errorf("lookbehind at offset %d is not supported by Go regexp", i)
			case strings.HasPrefix(rest, "<"):
				b.WriteString("(?P<")
				i += 2
			case strings.HasPrefix(rest, ":"):
				b.WriteString("(?:")
				i += 2
			default:
				return "", fmt.Errorf("unknown group syntax at offset %d", i)
			}
		default:
			b.WriteByte(c)
		}
	}
	out := b.String()
	if _, err := regexp.Compile(out); err != nil {
		return "", fmt.Errorf("Go regexp rejects the translation %q: %v", out, err)
	}
	return out, nil
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// translatePatternNot translates p like translatePattern and, where that
// fails, recognises the one lookahead idiom that has an exact Go form: "^"
// and a literal prefix L at the top level, then "(?!$)", then the rest R.
// With "^" anchoring every match at the start, L literal (every match
// consumes exactly L first) and no top-level "|" (the lookahead applies to
// every alternative), the lookahead only says "the string is not L": the
// value matches p exactly when it matches "^LR" and does not match "^L$".
// It returns the Go forms of both ("" for not when p needs no exclusion).
func translatePatternNot(p string) (goPattern, not string, err error) {
	goPattern, err = translatePattern(p)
	if err == nil {
		return goPattern, "", nil
	}
	prefix, rest, ok := splitNotEndLookahead(p)
	if !ok {
		return "", "", err
	}
	stripped, serr := translatePattern("^" + prefix + rest)
	if serr != nil {
		return "", "", serr
	}
	return stripped, "^" + regexp.QuoteMeta(prefix) + "$", nil
}

// notEndLookahead is the lookahead of the idiom: "not at the end of input".
const notEndLookahead = "(?!$)"

// splitNotEndLookahead splits "^" L "(?!$)" R into L and R when L is made of
// literal characters only and R neither starts with a quantifier (which
// would apply to the lookahead) nor has a "|" outside parentheses.
func splitNotEndLookahead(p string) (prefix, rest string, ok bool) {
	if !strings.HasPrefix(p, "^") {
		return "", "", false
	}
	i := 1
	for i < len(p) && !strings.ContainsRune(`\^$.|?*+()[]{}`, rune(p[i])) {
		i++
	}
	prefix = p[1:i]
	if !strings.HasPrefix(p[i:], notEndLookahead) || !utf8.ValidString(prefix) {
		return "", "", false
	}
	rest = p[i+len(notEndLookahead):]
	if rest != "" && strings.ContainsRune("*+?{", rune(rest[0])) {
		return "", "", false
	}
	if hasTopLevelBar(rest) {
		return "", "", false
	}
	return prefix, rest, true
}

// hasTopLevelBar reports whether the pattern has a "|" outside every group
// (escapes and character classes skipped). An unbalanced ")" counts as a
// top-level bar: the caller must not reason about such a pattern.
func hasTopLevelBar(p string) bool {
	depth, inClass := 0, false
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '\\':
			i++
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
			if strings.HasPrefix(p[i:], "[]") || strings.HasPrefix(p[i:], "[^]") {
				return true // an empty class: left to translatePattern, which refuses it
			}
		case c == '(':
			depth++
		case c == ')':
			depth--
			if depth < 0 {
				return true
			}
		case c == '|' && depth == 0:
			return true
		}
	}
	return false
}
