package schemaload

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// ecmaSpace is what ECMAScript's \s matches (WhiteSpace and LineTerminator),
// written as the inside of a Go character class. Go's \s is ASCII only.
const ecmaSpace = `\t\n\x{000B}\f\r \x{00A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}`

// translatePattern rewrites an ECMAScript (JSON Schema) regular expression
// for Go's regexp (RE2), keeping its meaning: \uXXXX, \xHH, \cX and \0
// become \x{…}, \s and . take their ECMAScript sets, named groups become
// plain groups, and an identity escape (\Q, \/, \é) becomes the character
// itself. It accepts only what ECMAScript, regexp2 in ECMAScript mode (the
// engine the schemas are validated with) and Go read alike, and refuses the
// rest with an error (the caller skips the check, with a warning):
// lookaround (but the lookahead below) and backreferences, which RE2
// cannot express; an unescaped "[" inside a class, which ECMAScript reads
// as a literal but regexp2 as a POSIX class ([[:digit:]]) or a class
// subtraction ([a-z-[aeiou]]); escaped letters that regexp2 or Go give a
// meaning ECMAScript does not (\A, \z, \Z, \G, \a, \e, \p), octal escapes,
// a "\c" without a letter, quantifiers with nothing to repeat, and ranges
// that start or end at a class escape or at \- (a range in ECMAScript,
// none in regexp2). The result is checked with regexp.Compile.
// FuzzTranslatePattern compares it with regexp2.
//
// It also accepts the one lookahead that has an exact Go form: "^" and a
// literal prefix L at the top level, then a negative lookahead "(?!X)",
// then the rest R. With "^" anchoring every match at the start, L literal
// (every match consumes exactly L first, so the lookahead always looks at
// the text right after L) and no top-level "|" (the lookahead applies to
// every alternative), the value matches p exactly when it matches "^LR"
// and does not match "^L(?:X)" (X matching at the start of what follows
// L). The idiom of the SLA duration pattern, "(?!$)" ("not at the end of
// input": the string is not L), keeps its form "^L$". It returns the Go
// forms of both ("" for not when p needs no exclusion).
func translatePattern(p string) (goPattern, not string, err error) {
	t := &patternTranslator{src: p}
	if err := t.disjunction(0); err != nil {
		return "", "", err
	}
	if t.pos < len(p) {
		return "", "", fmt.Errorf("unbalanced ) at offset %d", t.pos)
	}
	if t.not != "" && t.bar {
		return "", "", fmt.Errorf("lookahead beside a top-level |: not supported by Go regexp")
	}
	for _, out := range []string{t.out.String(), t.not} {
		if _, err := regexp.Compile(out); err != nil {
			return "", "", fmt.Errorf("Go regexp rejects the translation %q: %v", out, err)
		}
	}
	return t.out.String(), t.not, nil
}

// patternTranslator is the state of one translation.
type patternTranslator struct {
	src string
	pos int
	out strings.Builder

	literal bool   // out is "^" and literal characters only, at the top level
	not     string // the Go form of what must not match ("" when none)
	bar     bool   // the pattern has a top-level "|"
}

// maxPatternDepth bounds group nesting (Go's own limit is 1000).
const maxPatternDepth = 1000

// ecmaDot is ECMAScript's ".": anything but a line terminator.
const ecmaDot = `[^\n\r\x{2028}\x{2029}]`

// identityLetters are the letters whose escape both ECMAScript and regexp2
// read as the letter itself ("\Q" is "Q"); Go gives some of them a meaning
// (\Q…\E quotes), so the translation writes the bare letter.
const identityLetters = "CEFHIJKLMNOQRTUVXYghijlmoqy"

func (t *patternTranslator) peek() byte {
	if t.pos < len(t.src) {
		return t.src[t.pos]
	}
	return 0
}

func (t *patternTranslator) errorf(format string, args ...any) error {
	return fmt.Errorf(format+" at offset %d", append(args, t.pos)...)
}

// disjunction translates alternatives up to an unmatched ")" or the end.
func (t *patternTranslator) disjunction(depth int) error {
	if depth > maxPatternDepth {
		return t.errorf("groups nested deeper than %d", maxPatternDepth)
	}
	quantifiable := false
	for t.pos < len(t.src) {
		c := t.src[t.pos]
		literal := t.literal
		t.literal = false
		switch {
		case c == ')':
			return nil
		case c == '|':
			t.pos++
			t.out.WriteByte('|')
			quantifiable = false
			t.bar = t.bar || depth == 0
		case t.atQuantifier():
			if !quantifiable {
				return t.errorf("quantifier with nothing to repeat")
			}
			if err := t.quantifier(); err != nil {
				return err
			}
			quantifiable = false
		case c == '^' || c == '$':
			t.literal = c == '^' && t.pos == 0
			t.pos++
			t.out.WriteByte(c)
			quantifiable = false
		case c == '(' && literal && strings.HasPrefix(t.src[t.pos:], "(?!"):
			if err := t.negativeLookahead(); err != nil {
				return err
			}
			quantifiable = false
		case c == '(':
			if err := t.group(depth); err != nil {
				return err
			}
			quantifiable = true
		case c == '[':
			if err := t.class(); err != nil {
				return err
			}
			quantifiable = true
		case c == '.':
			t.pos++
			t.out.WriteString(ecmaDot)
			quantifiable = true
		case c == '\\':
			var err error
			if quantifiable, err = t.atomEscape(); err != nil {
				return err
			}
		default:
			r, size := utf8.DecodeRuneInString(t.src[t.pos:])
			t.pos += size
			t.out.WriteString(regexp.QuoteMeta(string(r))) // "{", "}" and "]" are literals here
			quantifiable = true
			t.literal = literal && !strings.ContainsRune("]{}", r) && (r != utf8.RuneError || size > 1)
		}
	}
	return nil
}

// braces matches a {n}, {n,} or {n,m} quantifier.
var braces = regexp.MustCompile(`^\{([0-9]+)(,([0-9]*))?\}`)

// atQuantifier reports whether *, +, ?, {n}, {n,} or {n,m} is at the
// current position.
func (t *patternTranslator) atQuantifier() bool {
	c := t.peek()
	return c == '*' || c == '+' || c == '?' || c == '{' && braces.MatchString(t.src[t.pos:])
}

// quantifier copies *, +, ?, {n}, {n,} or {n,m}, and a lazy "?"; another
// quantifier right after is an error in ECMAScript.
func (t *patternTranslator) quantifier() error {
	if m := braces.FindStringSubmatch(t.src[t.pos:]); m != nil {
		lo, comma, hi := count(m[1]), m[2], m[3]
		if hi != "" && lo > count(hi) {
			return t.errorf("quantifier %s out of order", m[0])
		}
		// Counts in decimal without leading zeros: Go reads {00} as text.
		t.out.WriteString("{" + strconv.Itoa(lo) + comma[:min(len(comma), 1)])
		if hi != "" {
			t.out.WriteString(strconv.Itoa(count(hi)))
		}
		t.out.WriteString("}")
		t.pos += len(m[0])
	} else {
		t.out.WriteByte(t.src[t.pos])
		t.pos++
	}
	if t.peek() == '?' {
		t.out.WriteByte('?')
		t.pos++
	}
	if t.atQuantifier() {
		return t.errorf("quantifier with nothing to repeat")
	}
	return nil
}

// count reads a run of decimal digits, saturating (Go refuses counts over
// 1000 anyway).
func count(digits string) int {
	n, err := strconv.Atoi(digits)
	if err != nil {
		return 1 << 30
	}
	return n
}

// group translates (…), (?:…) and (?<name>…), refusing lookaround.
func (t *patternTranslator) group(depth int) error {
	rest := t.src[t.pos:]
	switch {
	case strings.HasPrefix(rest, "(?:"):
		t.pos += 3
		t.out.WriteString("(?:")
	case strings.HasPrefix(rest, "(?="), strings.HasPrefix(rest, "(?!"):
		return t.errorf("lookahead is not supported by Go regexp")
	case strings.HasPrefix(rest, "(?<="), strings.HasPrefix(rest, "(?<!"):
		return t.errorf("lookbehind is not supported by Go regexp")
	case strings.HasPrefix(rest, "(?<"):
		end := strings.IndexByte(rest, '>')
		if end < 0 || !groupName.MatchString(rest[3:end]) {
			return t.errorf("group name that is not a word")
		}
		t.pos += end + 1
		t.out.WriteString("(?:") // the name does not change what matches
	case strings.HasPrefix(rest, "(?"):
		return t.errorf("unknown group syntax")
	default:
		t.pos++
		t.out.WriteByte('(')
	}
	if err := t.disjunction(depth + 1); err != nil {
		return err
	}
	if t.peek() != ')' {
		return t.errorf("missing )")
	}
	t.pos++
	t.out.WriteByte(')')
	return nil
}

// negativeLookahead translates the "(?!X)" after the literal prefix L that
// out holds ("^L") into t.not, "^L(?:X)", or "^L$" for X "$".
func (t *patternTranslator) negativeLookahead() error {
	body := &patternTranslator{src: t.src, pos: t.pos + len("(?!")}
	if err := body.disjunction(1); err != nil {
		return err
	}
	if body.peek() != ')' {
		return body.errorf("missing )")
	}
	t.not = t.out.String() + "(?:" + body.out.String() + ")"
	if t.src[t.pos+len("(?!"):body.pos] == "$" {
		t.not = t.out.String() + "$"
	}
	t.pos = body.pos + 1
	if strings.ContainsRune("*+?{", rune(t.peek())) {
		return t.errorf("a lookahead followed by a quantifier or \"{\"")
	}
	return nil
}

// groupName is a group name all three engines accept.
var groupName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// atomEscape translates an escape outside a class and reports whether it
// can be quantified (\b and \B are assertions).
func (t *patternTranslator) atomEscape() (quantifiable bool, err error) {
	if e := t.src[t.pos:min(t.pos+2, len(t.src))]; e == `\b` || e == `\B` {
		t.out.WriteString(e)
		t.pos += 2
		return false, nil
	}
	s, _, err := t.escape(false)
	if err != nil {
		return false, err
	}
	t.out.WriteString(s)
	return true, nil
}

// escape reads an escape that stands for characters, in a class or not, and
// returns its Go form and the one character it stands for (-1 for a class
// escape such as \d).
func (t *patternTranslator) escape(inClass bool) (string, rune, error) {
	t.pos++ // the backslash
	r, size := utf8.DecodeRuneInString(t.src[t.pos:])
	if size == 0 {
		return "", 0, t.errorf("trailing backslash")
	}
	t.pos += size
	switch {
	case strings.ContainsRune("dDwW", r):
		return `\` + string(r), -1, nil
	case strings.ContainsRune("tnvfr", r):
		return `\` + string(r), rune("\t\n\v\f\r"[strings.IndexRune("tnvfr", r)]), nil
	case r == 's' && inClass:
		return ecmaSpace, -1, nil
	case r == 's':
		return "[" + ecmaSpace + "]", -1, nil
	case r == 'S' && inClass:
		return "", 0, t.errorf(`\S inside a character class cannot be expressed in Go regexp`)
	case r == 'S':
		return "[^" + ecmaSpace + "]", -1, nil
	case r == 'b' && inClass:
		return `\x{8}`, 8, nil
	case r == 'c':
		if c := t.peek(); isASCIILetter(c) {
			t.pos++
			return fmt.Sprintf(`\x{%X}`, c%32), rune(c % 32), nil
		}
		return "", 0, t.errorf(`\c not followed by a letter`)
	case r == 'x' || r == 'u':
		n := map[rune]int{'x': 2, 'u': 4}[r]
		hex := t.src[t.pos:min(t.pos+n, len(t.src))]
		v, err := strconv.ParseUint(hex, 16, 32)
		if len(hex) < n || err != nil {
			return "", 0, t.errorf(`\%c not followed by %d hex digits`, r, n)
		}
		t.pos += n
		if utf16.IsSurrogate(rune(v)) {
			return "", 0, t.errorf(`\u%s is half of a UTF-16 surrogate pair`, hex)
		}
		return `\x{` + hex + `}`, rune(v), nil
	case r == '0':
		if c := t.peek(); '0' <= c && c <= '9' {
			return "", 0, t.errorf(`octal escape`)
		}
		return `\x{0}`, 0, nil
	case '1' <= r && r <= '9':
		return "", 0, t.errorf(`backreference or octal escape \%c`, r)
	case r == 'k':
		return "", 0, t.errorf(`named backreference \k`)
	case r < utf8.RuneSelf && isASCIILetter(byte(r)) && !strings.ContainsRune(identityLetters, r):
		return "", 0, t.errorf(`escape \%c (its meaning differs between ECMAScript, regexp2 and Go)`, r)
	}
	if r < utf8.RuneSelf && (unicode.IsPunct(r) || unicode.IsSymbol(r)) {
		return `\` + string(r), r, nil // Go reads an escaped ASCII punctuation character as itself
	}
	return quoteRune(r, inClass), r, nil
}

// quoteRune writes r as a literal, outside or inside a Go character class
// (where "-" is left to the caller).
func quoteRune(r rune, inClass bool) string {
	if inClass {
		if strings.ContainsRune(`\][^`, r) {
			return `\` + string(r)
		}
		return string(r)
	}
	return regexp.QuoteMeta(string(r))
}

// class translates a character class.
func (t *patternTranslator) class() error {
	t.pos++ // [
	t.out.WriteByte('[')
	if t.peek() == '^' {
		t.pos++
		t.out.WriteByte('^')
	}
	if t.peek() == ']' {
		return t.errorf("empty character class")
	}
	for {
		switch t.peek() {
		case 0:
			if t.pos >= len(t.src) {
				return t.errorf("missing ]")
			}
		case ']':
			t.pos++
			t.out.WriteByte(']')
			return nil
		}
		loStart := t.pos
		lo, loChar, err := t.classAtom()
		if err != nil {
			return err
		}
		if t.peek() != '-' || t.pos+1 >= len(t.src) || t.src[t.pos+1] == ']' {
			t.out.WriteString(lo)
			continue
		}
		loSrc := t.src[loStart:t.pos]
		t.pos++ // -
		hiStart := t.pos
		hi, hiChar, err := t.classAtom()
		if err != nil {
			return err
		}
		if loChar < 0 || hiChar < 0 {
			return t.errorf("range with a class escape at one end")
		}
		if loSrc == `\-` || t.src[hiStart:t.pos] == `\-` {
			// ECMAScript reads [\--A] as the range from - to A; regexp2
			// reads no range there.
			return t.errorf(`range with \- at one end (regexp2 reads no range there)`)
		}
		if loChar > hiChar {
			return t.errorf("range out of order")
		}
		t.out.WriteString(lo + "-" + hi)
	}
}

// classAtom reads one atom of a class and returns its Go form and the
// character it stands for (-1 for a class escape such as \d).
func (t *patternTranslator) classAtom() (string, rune, error) {
	r, size := utf8.DecodeRuneInString(t.src[t.pos:])
	switch r {
	case '[':
		return "", 0, t.errorf(`"[" inside a character class (regexp2 reads [: as a POSIX class and -[ as a subtraction)`)
	case '\\':
		return t.escape(true)
	}
	t.pos += size
	if r == '-' && t.peek() != ']' && t.src[t.pos-2] != '[' {
		return `\-`, r, nil // a "-" Go could read as a range
	}
	return quoteRune(r, true), r, nil
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
