// Package rematch is a small regular-expression matcher for the runtime: the
// subset of Go's regexp syntax the runtime's own expressions (message
// hygiene, seller codes) and the patterns of the published AdCP schemas use,
// with Go's leftmost-first semantics, matched in time linear in the input
// (a Pike VM, as package regexp's NFA). It exists so that a program linking
// the runtime does not link package regexp, regexp/syntax and the Unicode
// tables they reach.
//
// Supported: literals, '.', character classes with ranges, negation and the
// Perl classes \d \s \w (and \D \S \W), ASCII escapes (\a \f \t \n \r \v,
// \xHH, \x{HHHH}, escaped punctuation), anchors ^ $ \A \z \b \B, capturing
// and non-capturing groups, flags i m s U (as (?flags) and (?flags:re)),
// alternation, and the repetitions * + ? {n} {n,} {n,m} with their lazy
// forms. Compile refuses everything else (Unicode classes \p, POSIX classes,
// named groups, \Q…\E, octal escapes); every expression it accepts, package
// regexp accepts and matches alike (the package's differential tests).
package rematch

import (
	"cmp"
	"errors"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp/internal/smallsort"
)

// Limits: Go's repetition bound, and a bound on the compiled program.
const (
	maxRepeat = 1000
	maxInsts  = 20000
)

type nodeOp uint8

const (
	nEmpty   nodeOp = iota
	nClass          // rune in ranges
	nAnyNL          // any rune
	nAnyNoNL        // any rune but \n
	nAssert         // empty-width assertion
	nCapture
	nConcat
	nAlt
	nRepeat
)

// Empty-width conditions.
const (
	condBeginLine uint8 = 1 << iota
	condEndLine
	condBeginText
	condEndText
	condWordBoundary
	condNoWordBoundary
)

type node struct {
	op       nodeOp
	ranges   []rune // nClass: sorted, merged [lo, hi] pairs
	cond     uint8  // nAssert
	cap      int    // nCapture: group index
	subs     []*node
	min, max int  // nRepeat: max -1 is unbounded
	lazy     bool // nRepeat
}

// Flags of the parser.
const (
	flagFold uint8 = 1 << iota
	flagMulti
	flagDotNL
	flagUngreedy
)

type parser struct {
	src   string
	pos   int
	flags uint8
	ncap  int
	depth int
	// repeatEnd is where the repetition repeatAt last parsed ends.
	repeatEnd int
}

var errUnsupported = errors.New("not supported by the runtime's matcher")

func (p *parser) errorf(msg string) error {
	return errors.New("rematch: " + msg + " at offset " + strconv.Itoa(p.pos) + " in " + strconv.Quote(p.src))
}

func (p *parser) more() bool { return p.pos < len(p.src) }

func (p *parser) peek() byte { return p.src[p.pos] }

// nextRune reads one rune of the source.
func (p *parser) nextRune() (rune, error) {
	r, w := utf8.DecodeRuneInString(p.src[p.pos:])
	if r == utf8.RuneError && w == 1 {
		return 0, p.errorf("invalid UTF-8")
	}
	p.pos += w
	return r, nil
}

// parseAlt parses alternatives up to ')' or the end.
func (p *parser) parseAlt() (*node, error) {
	p.depth++
	if p.depth > 500 {
		return nil, p.errorf("expression nests too deeply")
	}
	defer func() { p.depth-- }()
	var alts []*node
	for {
		c, err := p.parseConcat()
		if err != nil {
			return nil, err
		}
		alts = append(alts, c)
		if p.more() && p.peek() == '|' {
			p.pos++
			continue
		}
		break
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	return &node{op: nAlt, subs: alts}, nil
}

// parseConcat parses a sequence of repeated atoms up to '|', ')' or the end.
func (p *parser) parseConcat() (*node, error) {
	var seq []*node
	for p.more() {
		c := p.peek()
		if c == '|' || c == ')' {
			break
		}
		if c == '*' || c == '+' || c == '?' {
			return nil, p.errorf("missing argument to repetition operator")
		}
		if c == '{' {
			if _, _, ok := p.repeatAt(p.pos); ok {
				return nil, p.errorf("missing argument to repetition operator")
			}
		}
		atom, err := p.parseAtom()
		if err != nil {
			return nil, err
		}
		if atom == nil { // a flag group: changes flags, matches nothing
			continue
		}
		atom, err = p.parseRepeat(atom)
		if err != nil {
			return nil, err
		}
		seq = append(seq, atom)
	}
	switch len(seq) {
	case 0:
		return &node{op: nEmpty}, nil
	case 1:
		return seq[0], nil
	}
	return &node{op: nConcat, subs: seq}, nil
}

// repeatAt parses {n}, {n,} or {n,m} at i; ok is false when the text there
// is not a repetition (Go then reads '{' as a literal).
func (p *parser) repeatAt(i int) (min, max int, ok bool) {
	s := p.src[i:]
	if len(s) < 2 || s[0] != '{' {
		return 0, 0, false
	}
	j := 1
	// num reads a decimal number as regexp/syntax does: no leading zeros;
	// too large a number is read as maxRepeat+1 (an error later).
	num := func() (int, bool) {
		st := j
		if j+1 < len(s) && s[j] == '0' && s[j+1] >= '0' && s[j+1] <= '9' {
			return 0, false
		}
		n := 0
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			if n <= maxRepeat {
				n = n*10 + int(s[j]-'0')
			}
			j++
		}
		if j == st {
			return 0, false
		}
		return n, true
	}
	min, ok = num()
	if !ok {
		return 0, 0, false
	}
	max = min
	if j < len(s) && s[j] == ',' {
		j++
		if j < len(s) && s[j] == '}' {
			max = -1
		} else if max, ok = num(); !ok {
			return 0, 0, false
		}
	}
	if j >= len(s) || s[j] != '}' {
		return 0, 0, false
	}
	p.repeatEnd = i + j + 1
	return min, max, true
}

// parseRepeat applies the repetition operators that follow an atom.
func (p *parser) parseRepeat(atom *node) (*node, error) {
	if !p.more() {
		return atom, nil
	}
	var min, max int
	switch p.peek() {
	case '*':
		min, max = 0, -1
		p.pos++
	case '+':
		min, max = 1, -1
		p.pos++
	case '?':
		min, max = 0, 1
		p.pos++
	case '{':
		var ok bool
		if min, max, ok = p.repeatAt(p.pos); !ok {
			return atom, nil
		}
		if min > maxRepeat || max > maxRepeat || max >= 0 && min > max {
			return nil, p.errorf("invalid repeat count")
		}
		p.pos = p.repeatEnd
	default:
		return atom, nil
	}
	lazy := false
	if p.more() && p.peek() == '?' {
		lazy = true
		p.pos++
	}
	if p.flags&flagUngreedy != 0 {
		lazy = !lazy
	}
	if p.more() {
		if c := p.peek(); c == '*' || c == '+' || c == '?' {
			return nil, p.errorf("invalid nested repetition operator")
		} else if c == '{' {
			if _, _, ok := p.repeatAt(p.pos); ok {
				return nil, p.errorf("invalid nested repetition operator")
			}
		}
	}
	return &node{op: nRepeat, subs: []*node{atom}, min: min, max: max, lazy: lazy}, nil
}

// parseAtom parses one atom; nil (without error) for a flag group.
func (p *parser) parseAtom() (*node, error) {
	c := p.peek()
	switch c {
	case '(':
		return p.parseGroup()
	case '[':
		return p.parseClass()
	case '.':
		p.pos++
		if p.flags&flagDotNL != 0 {
			return &node{op: nAnyNL}, nil
		}
		return &node{op: nAnyNoNL}, nil
	case '^':
		p.pos++
		if p.flags&flagMulti != 0 {
			return &node{op: nAssert, cond: condBeginLine}, nil
		}
		return &node{op: nAssert, cond: condBeginText}, nil
	case '$':
		p.pos++
		if p.flags&flagMulti != 0 {
			return &node{op: nAssert, cond: condEndLine}, nil
		}
		return &node{op: nAssert, cond: condEndText}, nil
	case '\\':
		if p.pos+1 < len(p.src) {
			switch p.src[p.pos+1] {
			case 'A':
				p.pos += 2
				return &node{op: nAssert, cond: condBeginText}, nil
			case 'z':
				p.pos += 2
				return &node{op: nAssert, cond: condEndText}, nil
			case 'b':
				p.pos += 2
				return &node{op: nAssert, cond: condWordBoundary}, nil
			case 'B':
				p.pos += 2
				return &node{op: nAssert, cond: condNoWordBoundary}, nil
			}
		}
		if cls, ok, err := p.perlClass(); err != nil || ok {
			if err != nil {
				return nil, err
			}
			return &node{op: nClass, ranges: cls}, nil
		}
		r, err := p.parseEscape()
		if err != nil {
			return nil, err
		}
		return p.literal(r), nil
	}
	r, err := p.nextRune()
	if err != nil {
		return nil, err
	}
	return p.literal(r), nil
}

// literal is the node matching r (and, under the i flag, its case orbit).
func (p *parser) literal(r rune) *node {
	var rs []rune
	if p.flags&flagFold != 0 {
		rs = addFolded(nil, r, r)
	} else {
		rs = []rune{r, r}
	}
	return &node{op: nClass, ranges: clean(rs)}
}

// parseGroup parses (re), (?:re), (?flags) and (?flags:re).
func (p *parser) parseGroup() (*node, error) {
	p.pos++ // (
	if p.more() && p.peek() == '?' {
		p.pos++
		flags := p.flags
		neg, sawFlag := false, false
		for {
			if !p.more() {
				return nil, p.errorf("missing closing )")
			}
			c := p.peek()
			p.pos++
			switch c {
			case 'i', 'm', 's', 'U':
				bit := map[byte]uint8{'i': flagFold, 'm': flagMulti, 's': flagDotNL, 'U': flagUngreedy}[c]
				if neg {
					flags &^= bit
				} else {
					flags |= bit
				}
				sawFlag = true
			case '-':
				if neg {
					return nil, p.errorf("invalid or unsupported Perl syntax")
				}
				neg, sawFlag = true, false
			case ')':
				if neg && !sawFlag {
					return nil, p.errorf("invalid or unsupported Perl syntax")
				}
				p.flags = flags
				return nil, nil
			case ':':
				if neg && !sawFlag {
					return nil, p.errorf("invalid or unsupported Perl syntax")
				}
				old := p.flags
				p.flags = flags
				sub, err := p.parseAlt()
				if err != nil {
					return nil, err
				}
				if !p.more() || p.peek() != ')' {
					return nil, p.errorf("missing closing )")
				}
				p.pos++
				p.flags = old
				return &node{op: nConcat, subs: []*node{sub}}, nil
			default:
				return nil, p.errorf("invalid or unsupported Perl syntax")
			}
		}
	}
	p.ncap++
	idx := p.ncap
	old := p.flags
	sub, err := p.parseAlt()
	if err != nil {
		return nil, err
	}
	p.flags = old // flags set inside a group end with it
	if !p.more() || p.peek() != ')' {
		return nil, p.errorf("missing closing )")
	}
	p.pos++
	return &node{op: nCapture, cap: idx, subs: []*node{sub}}, nil
}

// perlClass parses \d \D \s \S \w \W at p.pos; ok is false for another
// escape.
func (p *parser) perlClass() (cls []rune, ok bool, err error) {
	if p.pos+1 >= len(p.src) {
		return nil, false, nil
	}
	var pos []rune
	switch p.src[p.pos+1] | 0x20 {
	case 'd':
		pos = []rune{'0', '9'}
	case 's':
		pos = []rune{'\t', '\n', '\f', '\r', ' ', ' '}
	case 'w':
		pos = []rune{'0', '9', 'A', 'Z', '_', '_', 'a', 'z'}
	default:
		return nil, false, nil
	}
	neg := p.src[p.pos+1] < 'a'
	p.pos += 2
	if p.flags&flagFold != 0 {
		var f []rune
		for i := 0; i < len(pos); i += 2 {
			f = addFolded(f, pos[i], pos[i+1])
		}
		pos = f
	}
	pos = clean(pos)
	if neg {
		pos = negate(pos)
	}
	return pos, true, nil
}

// parseEscape parses an escape that stands for one rune.
func (p *parser) parseEscape() (rune, error) {
	p.pos++ // backslash
	if !p.more() {
		return 0, p.errorf("trailing backslash at end of expression")
	}
	c, err := p.nextRune()
	if err != nil {
		return 0, err
	}
	switch {
	case c < utf8.RuneSelf && !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'):
		return c, nil
	case c == 'a':
		return '\a', nil
	case c == 'f':
		return '\f', nil
	case c == 't':
		return '\t', nil
	case c == 'n':
		return '\n', nil
	case c == 'r':
		return '\r', nil
	case c == 'v':
		return '\v', nil
	case c == 'x':
		if p.more() && p.peek() == '{' {
			end := p.pos + 1
			for end < len(p.src) && p.src[end] != '}' {
				end++
			}
			if end >= len(p.src) || end == p.pos+1 || end-p.pos-1 > 8 {
				return 0, p.errorf("invalid escape sequence")
			}
			v, err := strconv.ParseUint(p.src[p.pos+1:end], 16, 32)
			if err != nil || v > unicode.MaxRune {
				return 0, p.errorf("invalid escape sequence")
			}
			p.pos = end + 1
			return rune(v), nil
		}
		if p.pos+2 > len(p.src) {
			return 0, p.errorf("invalid escape sequence")
		}
		v, err := strconv.ParseUint(p.src[p.pos:p.pos+2], 16, 8)
		if err != nil {
			return 0, p.errorf("invalid escape sequence")
		}
		p.pos += 2
		return rune(v), nil
	}
	return 0, errUnsupported
}

// parseClass parses a bracketed character class.
func (p *parser) parseClass() (*node, error) {
	p.pos++ // [
	neg := false
	if p.more() && p.peek() == '^' {
		neg = true
		p.pos++
	}
	var cls []rune
	first := true
	for {
		if !p.more() {
			return nil, p.errorf("missing closing ]")
		}
		c := p.peek()
		if c == ']' && !first {
			p.pos++
			break
		}
		if c == '[' && p.pos+1 < len(p.src) && p.src[p.pos+1] == ':' {
			return nil, errUnsupported // POSIX classes
		}
		first = false
		if c == '\\' {
			if pc, ok, err := p.perlClass(); err != nil {
				return nil, err
			} else if ok {
				cls = append(cls, pc...)
				continue
			}
		}
		lo, err := p.classChar()
		if err != nil {
			return nil, err
		}
		hi := lo
		if p.pos+1 < len(p.src) && p.peek() == '-' && p.src[p.pos+1] != ']' {
			p.pos++
			if hi, err = p.classChar(); err != nil {
				return nil, err
			}
			if hi < lo {
				return nil, p.errorf("invalid character class range")
			}
		}
		if p.flags&flagFold != 0 {
			cls = addFolded(cls, lo, hi)
		} else {
			cls = append(cls, lo, hi)
		}
	}
	cls = clean(cls)
	if neg {
		cls = negate(cls)
	}
	return &node{op: nClass, ranges: cls}, nil
}

// classChar reads one rune of a class, escaped or not.
func (p *parser) classChar() (rune, error) {
	if p.peek() == '\\' {
		if p.pos+1 < len(p.src) && (p.src[p.pos+1] == 'b' || p.src[p.pos+1] == 'B' || p.src[p.pos+1] == 'A' || p.src[p.pos+1] == 'z') {
			return 0, p.errorf("invalid escape sequence")
		}
		return p.parseEscape()
	}
	return p.nextRune()
}

// Bounds of the runes that have case variants (regexp/syntax's minFold and
// maxFold).
const (
	minFold = 0x0041
	maxFold = 0x1e943
)

// addFolded appends [lo, hi] and every rune case-equivalent to one in it.
func addFolded(r []rune, lo, hi rune) []rune {
	if lo <= minFold && hi >= maxFold {
		return append(r, lo, hi)
	}
	if hi < minFold || lo > maxFold {
		return append(r, lo, hi)
	}
	if lo < minFold {
		r = append(r, lo, minFold-1)
		lo = minFold
	}
	if hi > maxFold {
		r = append(r, maxFold+1, hi)
		hi = maxFold
	}
	for c := lo; c <= hi; c++ {
		r = append(r, c, c)
		for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
			r = append(r, f, f)
		}
	}
	return r
}

// clean sorts and merges range pairs.
func clean(r []rune) []rune {
	n := len(r) / 2
	ps := make([][2]rune, n)
	for i := range ps {
		ps[i] = [2]rune{r[2*i], r[2*i+1]}
	}
	smallsort.Func(ps, func(a, b [2]rune) int {
		if a[0] != b[0] {
			return cmp.Compare(a[0], b[0])
		}
		return cmp.Compare(a[1], b[1])
	})
	for i, p := range ps {
		r[2*i], r[2*i+1] = p[0], p[1]
	}
	if n < 2 {
		return r
	}
	w := 2
	for i := 2; i < len(r); i += 2 {
		lo, hi := r[i], r[i+1]
		if lo <= r[w-1]+1 {
			if hi > r[w-1] {
				r[w-1] = hi
			}
			continue
		}
		r[w], r[w+1] = lo, hi
		w += 2
	}
	return r[:w]
}

// negate returns the complement of clean ranges.
func negate(r []rune) []rune {
	var out []rune
	next := rune(0)
	for i := 0; i < len(r); i += 2 {
		if r[i] > next {
			out = append(out, next, r[i]-1)
		}
		next = r[i+1] + 1
	}
	if next <= unicode.MaxRune {
		out = append(out, next, unicode.MaxRune)
	}
	return out
}

// pairs sorts range pairs by their low end.
