package rematch

import (
	"errors"
	"strconv"
	"sync/atomic"
	"unicode/utf8"
)

type instOp uint8

const (
	iFail instOp = iota
	iRune
	iAny
	iAnyNoNL
	iSplit // to out first, then arg
	iSave
	iEmpty
	iNop
	iMatch
)

type inst struct {
	op     instOp
	cond   uint8
	out    int
	arg    int // iSplit: second branch; iSave: slot
	ranges []rune
}

// Regexp is a compiled expression. It is safe for concurrent use.
type Regexp struct {
	src       string
	prog      []inst
	start     int
	ncap      int  // capturing groups, without the whole match
	beginText bool // every match starts at the beginning of the text

	cache atomic.Pointer[machine] // a free machine, reused
}

// compileError is Compile's error about expr as a whole. It is not inlined:
// errors.New and strconv.Quote would be, at each of Compile's two sites.
//
//go:noinline
func compileError(expr, why string) error {
	return errors.New("rematch: " + strconv.Quote(expr) + ": " + why)
}

// Compile parses and compiles expr; see the package documentation for the
// syntax it accepts.
func Compile(expr string) (*Regexp, error) {
	p := &parser{src: expr}
	n, err := p.parseAlt()
	if err != nil {
		if errors.Is(err, errUnsupported) {
			return nil, compileError(expr, "syntax not supported by the runtime's matcher")
		}
		return nil, err
	}
	if p.more() { // a ')' without its '('
		return nil, p.errorf("unexpected )")
	}
	c := &compiler{prog: []inst{{op: iFail}}}
	f := c.cat(c.save(0), c.compile(n))
	f = c.cat(f, c.save(1))
	m := c.emit(inst{op: iMatch})
	c.patch(f.outs, m)
	if c.tooBig {
		return nil, compileError(expr, "expression too large")
	}
	re := &Regexp{src: expr, prog: c.prog, start: f.start, ncap: p.ncap}
	for pc := re.start; ; {
		in := &re.prog[pc]
		if in.op == iEmpty && in.cond&condBeginText != 0 {
			re.beginText = true
		}
		if in.op != iEmpty && in.op != iSave && in.op != iNop {
			break
		}
		pc = in.out
	}
	return re, nil
}

// MustCompile is Compile for package variables: it panics on an error.
func MustCompile(expr string) *Regexp {
	re, err := Compile(expr)
	if err != nil {
		panic(err)
	}
	return re
}

// String returns the source expression.
func (re *Regexp) String() string { return re.src }

// NumSubexp returns the number of capturing groups.
func (re *Regexp) NumSubexp() int { return re.ncap }

type frag struct {
	start    int
	outs     []int // holes: pc<<1 for out, pc<<1|1 for arg
	nullable bool
}

// compiler builds a program. Its helpers are kept out of line
// (go:noinline): a program is compiled once, and inlining them only grows
// every binary that links the matcher (by about 4 KB).
type compiler struct {
	prog   []inst
	tooBig bool
}

//go:noinline
func (c *compiler) emit(in inst) int {
	if len(c.prog) >= maxInsts {
		c.tooBig = true
		return 0
	}
	c.prog = append(c.prog, in)
	return len(c.prog) - 1
}

//go:noinline
func (c *compiler) patch(holes []int, to int) {
	for _, h := range holes {
		if c.tooBig {
			return
		}
		if h&1 == 0 {
			c.prog[h>>1].out = to
		} else {
			c.prog[h>>1].arg = to
		}
	}
}

//go:noinline
func (c *compiler) one(in inst, nullable bool) frag {
	pc := c.emit(in)
	return frag{start: pc, outs: []int{pc << 1}, nullable: nullable}
}

//go:noinline
func (c *compiler) save(slot int) frag { return c.one(inst{op: iSave, arg: slot}, true) }

//go:noinline
func (c *compiler) cat(a, b frag) frag {
	c.patch(a.outs, b.start)
	return frag{start: a.start, outs: b.outs, nullable: a.nullable && b.nullable}
}

//go:noinline
func (c *compiler) alt(a, b frag) frag {
	pc := c.emit(inst{op: iSplit, out: a.start, arg: b.start})
	return frag{start: pc, outs: append(append([]int(nil), a.outs...), b.outs...), nullable: a.nullable || b.nullable}
}

//go:noinline
func (c *compiler) quest(f frag, lazy bool) frag {
	pc, open := c.split(f, lazy)
	return frag{start: pc, outs: append([]int{open}, f.outs...), nullable: true}
}

// split emits a split with f on one branch: the preferred one, or the
// other when lazy. It returns the split's pc and the branch left to patch
// (a patch list entry: pc<<1 for out, pc<<1|1 for arg).
func (c *compiler) split(f frag, lazy bool) (pc, open int) {
	pc = c.emit(inst{op: iSplit})
	if lazy {
		if !c.tooBig {
			c.prog[pc].arg = f.start
		}
		return pc, pc << 1
	}
	if !c.tooBig {
		c.prog[pc].out = f.start
	}
	return pc, pc<<1 | 1
}

// loop is the main loop of a plus or star.
//
//go:noinline
func (c *compiler) loop(f frag, lazy bool) frag {
	pc, open := c.split(f, lazy)
	c.patch(f.outs, pc)
	return frag{start: pc, outs: []int{open}, nullable: true}
}

//go:noinline
func (c *compiler) star(f frag, lazy bool) frag {
	if f.nullable {
		// (f+)? keeps the priority order right (as regexp/syntax does).
		return c.quest(c.plus(f, lazy), lazy)
	}
	return c.loop(f, lazy)
}

//go:noinline
func (c *compiler) plus(f frag, lazy bool) frag {
	return frag{start: f.start, outs: c.loop(f, lazy).outs, nullable: f.nullable}
}

func (c *compiler) compile(n *node) frag {
	if c.tooBig {
		return frag{}
	}
	switch n.op {
	case nEmpty:
		return c.one(inst{op: iNop}, true)
	case nClass:
		return c.one(inst{op: iRune, ranges: n.ranges}, false)
	case nAnyNL:
		return c.one(inst{op: iAny}, false)
	case nAnyNoNL:
		return c.one(inst{op: iAnyNoNL}, false)
	case nAssert:
		return c.one(inst{op: iEmpty, cond: n.cond}, true)
	case nCapture:
		f := c.cat(c.save(2*n.cap), c.compile(n.subs[0]))
		return c.cat(f, c.save(2*n.cap+1))
	case nConcat:
		f := c.compile(n.subs[0])
		for _, s := range n.subs[1:] {
			f = c.cat(f, c.compile(s))
		}
		return f
	case nAlt:
		// a|b|c is a|(b|c)
		f := c.compile(n.subs[len(n.subs)-1])
		for i := len(n.subs) - 2; i >= 0; i-- {
			f = c.alt(c.compile(n.subs[i]), f)
		}
		return f
	case nRepeat:
		return c.repeat(n)
	}
	panic("rematch: unknown node")
}

// repeat expands x{n,m} as regexp/syntax's Simplify does.
func (c *compiler) repeat(n *node) frag {
	x, lazy := n.subs[0], n.lazy
	switch {
	case n.min == 0 && n.max == -1:
		return c.star(c.compile(x), lazy)
	case n.min == 1 && n.max == -1:
		return c.plus(c.compile(x), lazy)
	case n.min == 0 && n.max == 1:
		return c.quest(c.compile(x), lazy)
	case n.max == -1: // x{4,} is xxx x+
		f := c.compile(x)
		for i := 1; i < n.min-1; i++ {
			f = c.cat(f, c.compile(x))
		}
		return c.cat(f, c.plus(c.compile(x), lazy))
	case n.min == 0 && n.max == 0:
		return c.one(inst{op: iNop}, true)
	}
	// x{n,m} is n copies of x, then m-n nested optional copies:
	// x{2,5} = xx(x(x(x)?)?)?
	var f frag
	have := false
	for i := 0; i < n.min; i++ {
		if have {
			f = c.cat(f, c.compile(x))
		} else {
			f, have = c.compile(x), true
		}
	}
	if n.max > n.min {
		// Compile from the innermost: suffix = (x(x(x)?)?)?
		suffix := c.quest(c.compile(x), lazy)
		for i := n.min + 1; i < n.max; i++ {
			suffix = c.quest(c.cat(c.compile(x), suffix), lazy)
		}
		if have {
			f = c.cat(f, suffix)
		} else {
			f, have = suffix, true
		}
	}
	return f
}

// The machine.

type thread struct {
	pc  int
	cap []int
}

type queue struct {
	sparse []int
	dense  []thread
}

func (q *queue) has(pc int) bool {
	j := q.sparse[pc]
	return j < len(q.dense) && q.dense[j].pc == pc
}

type machine struct {
	re       *Regexp
	q0, q1   queue
	matched  bool
	matchcap []int
	cap      []int
	pool     [][]int // free capture arrays
	ncap     int
	s        string
}

// newMachine returns a machine for re recording ncap positions, reusing
// the one re keeps when it is free.
func (re *Regexp) newMachine(s string, ncap int) *machine {
	m := re.cache.Swap(nil)
	if m == nil || m.ncap != ncap {
		n := len(re.prog)
		m = &machine{re: re, ncap: ncap, matchcap: make([]int, ncap), cap: make([]int, ncap)}
		m.q0 = queue{sparse: make([]int, n)}
		m.q1 = queue{sparse: make([]int, n)}
	}
	m.s = s
	return m
}

// free hands the machine back to re.
func (re *Regexp) free(m *machine) {
	m.s = ""
	re.cache.Store(m)
}

// alloc returns a capture array holding cap.
func (m *machine) alloc(cap []int) []int {
	var c []int
	if n := len(m.pool); n > 0 {
		c, m.pool = m.pool[n-1], m.pool[:n-1]
	} else {
		c = make([]int, m.ncap)
	}
	copy(c, cap)
	return c
}

// release returns the capture arrays of q's threads to the pool.
func (m *machine) release(q *queue) {
	for i := range q.dense {
		if c := q.dense[i].cap; c != nil {
			m.pool = append(m.pool, c)
			q.dense[i].cap = nil
		}
	}
	q.dense = q.dense[:0]
}

const endOfText rune = -1

func (m *machine) step(pos int) (rune, int) {
	if pos >= len(m.s) {
		return endOfText, 0
	}
	if c := m.s[pos]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(m.s[pos:])
}

func isWordChar(r rune) bool {
	return r == '_' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
}

// context is regexp/syntax's EmptyOpContext.
func context(r1, r2 rune) uint8 {
	op := condNoWordBoundary
	boundary := false
	switch {
	case isWordChar(r1):
		boundary = true
	case r1 == '\n':
		op |= condBeginLine
	case r1 < 0:
		op |= condBeginText | condBeginLine
	}
	switch {
	case isWordChar(r2):
		boundary = !boundary
	case r2 == '\n':
		op |= condEndLine
	case r2 < 0:
		op |= condEndText | condEndLine
	}
	if boundary {
		op ^= condWordBoundary | condNoWordBoundary
	}
	return op
}

func matchRune(ranges []rune, r rune) bool {
	// binary search over pairs
	lo, hi := 0, len(ranges)/2
	for lo < hi {
		m := (lo + hi) / 2
		switch {
		case r < ranges[2*m]:
			hi = m
		case r > ranges[2*m+1]:
			lo = m + 1
		default:
			return true
		}
	}
	return false
}

func (m *machine) add(q *queue, pc, pos int, cap []int, cond uint8) {
	for {
		if pc == 0 || q.has(pc) {
			return
		}
		j := len(q.dense)
		q.dense = append(q.dense, thread{pc: pc})
		q.sparse[pc] = j
		in := &m.re.prog[pc]
		switch in.op {
		case iFail:
			return
		case iSplit:
			m.add(q, in.out, pos, cap, cond)
			pc = in.arg
		case iEmpty:
			if in.cond&^cond != 0 {
				return
			}
			pc = in.out
		case iNop:
			pc = in.out
		case iSave:
			if in.arg < len(cap) {
				old := cap[in.arg]
				cap[in.arg] = pos
				m.add(q, in.out, pos, cap, cond)
				cap[in.arg] = old
				return
			}
			pc = in.out
		default: // a rune or a match: a thread
			if len(cap) > 0 {
				q.dense[j].cap = m.alloc(cap)
			}
			return
		}
	}
}

// run looks for the leftmost-first match starting at or after pos; ncap is
// the number of positions to record (0: only whether there is a match).
// The result is the machine's, valid until its next run.
func (m *machine) run(pos int) []int {
	re, ncap := m.re, m.ncap
	m.matched = false
	for i := range m.matchcap {
		m.matchcap[i] = -1
	}
	runq, nextq := &m.q0, &m.q1
	r, width := m.step(pos)
	r1, width1 := endOfText, 0
	if r != endOfText {
		r1, width1 = m.step(pos + width)
	}
	var flag uint8
	if pos == 0 {
		flag = context(-1, r)
	} else {
		flag = m.contextAt(pos)
	}
	cap := m.cap
	for {
		if len(runq.dense) == 0 {
			if re.beginText && pos != 0 {
				break
			}
			if m.matched {
				break
			}
		}
		if !m.matched && (pos == 0 || !re.beginText) {
			for i := range cap {
				cap[i] = -1
			}
			if ncap > 0 {
				cap[0] = pos
			}
			m.add(runq, re.start, pos, cap, flag)
		}
		flag = context(r, r1)
		// step
		for j := 0; j < len(runq.dense); j++ {
			t := &runq.dense[j]
			in := &re.prog[t.pc]
			ok := false
			switch in.op {
			case iMatch:
				if ncap > 0 {
					t.cap[1] = pos
					copy(m.matchcap, t.cap)
				}
				// First match: cut off the lower-priority threads.
				for _, d := range runq.dense[j+1:] {
					if d.cap != nil {
						m.pool = append(m.pool, d.cap)
					}
				}
				runq.dense = runq.dense[:j+1]
				m.matched = true
			case iRune:
				ok = matchRune(in.ranges, r)
			case iAny:
				ok = r != endOfText
			case iAnyNoNL:
				ok = r != endOfText && r != '\n'
			}
			if ok {
				m.add(nextq, in.out, pos+width, t.cap, flag)
			}
		}
		m.release(runq)
		if width == 0 {
			break
		}
		if ncap == 0 && m.matched {
			break
		}
		pos += width
		r, width = r1, width1
		if r != endOfText {
			r1, width1 = m.step(pos + width)
		}
		runq, nextq = nextq, runq
	}
	m.release(runq)
	m.release(nextq)
	if !m.matched {
		return nil
	}
	return m.matchcap
}

func (m *machine) contextAt(pos int) uint8 {
	r1, r2 := endOfText, endOfText
	if uint(pos-1) < uint(len(m.s)) {
		r1 = rune(m.s[pos-1])
		if r1 >= utf8.RuneSelf {
			r1, _ = utf8.DecodeLastRuneInString(m.s[:pos])
		}
	}
	if uint(pos) < uint(len(m.s)) {
		r2 = rune(m.s[pos])
		if r2 >= utf8.RuneSelf {
			r2, _ = utf8.DecodeRuneInString(m.s[pos:])
		}
	}
	return context(r1, r2)
}

// MatchString reports whether s contains a match.
func (re *Regexp) MatchString(s string) bool {
	m := re.newMachine(s, 0)
	ok := m.run(0) != nil
	re.free(m)
	return ok
}

// FindAllStringIndex is regexp's: the start and end of every successive
// match, at most n (all when n < 0).
func (re *Regexp) FindAllStringIndex(s string, n int) [][]int {
	return re.all(s, n, 2)
}

// FindAllStringSubmatchIndex is regexp's: the positions of every successive
// match and its groups (-1 for a group that did not take part).
func (re *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return re.all(s, n, 2*(re.ncap+1))
}

// all is regexp's allMatches.
func (re *Regexp) all(s string, n, ncap int) [][]int {
	end := len(s)
	if n < 0 {
		n = end + 1
	}
	var out [][]int
	mach := re.newMachine(s, ncap)
	defer re.free(mach)
	for pos, i, prevEnd := 0, 0, -1; i < n && pos <= end; {
		m := mach.run(pos)
		if m == nil {
			break
		}
		accept := true
		if m[1] == pos {
			// An empty match right after a match is not one.
			if m[0] == prevEnd {
				accept = false
			}
			if pos < end {
				_, w := utf8.DecodeRuneInString(s[pos:])
				pos += w
			} else {
				pos = end + 1
			}
		} else {
			pos = m[1]
		}
		prevEnd = m[1]
		if accept {
			out = append(out, append([]int(nil), m...))
			i++
		}
	}
	return out
}
