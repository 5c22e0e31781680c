package schemaload

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// node is one JSON value that keeps the order of object members, which
// encoding/json maps (and the jsonschema library) lose. Schema order is the
// order of codes, fields and enum values in the model.
type node struct {
	kind  nodeKind
	keys  []string       // object member names, in document order
	vals  []*node        // object member values, parallel to keys
	index map[string]int // position of each key, for objects of more than smallObject members
	elems []*node        // array elements
	str   string         // string value
	num   json.Number
	b     bool
	src   []byte // the value's own bytes in the document
}

type nodeKind int

const (
	nodeNull nodeKind = iota
	nodeBool
	nodeNumber
	nodeString
	nodeArray
	nodeObject
)

func (k nodeKind) String() string {
	return [...]string{"null", "boolean", "number", "string", "array", "object"}[k]
}

// smallObject is the number of members up to which an object is searched
// member by member; a larger one gets an index, so every lookup (and the
// parser's duplicate check) stays constant-time.
const smallObject = 16

// get returns the value of member key of an object node, or nil.
func (n *node) get(key string) *node {
	if i := n.find(key); i >= 0 {
		return n.vals[i]
	}
	return nil
}

// find returns the position of member key in an object node, or -1.
func (n *node) find(key string) int {
	if n == nil || n.kind != nodeObject {
		return -1
	}
	if n.index != nil {
		if i, ok := n.index[key]; ok {
			return i
		}
		return -1
	}
	for i, k := range n.keys {
		if k == key {
			return i
		}
	}
	return -1
}

// addMember appends a member to an object node, keeping its index.
func (n *node) addMember(key string, v *node) {
	n.keys = append(n.keys, key)
	n.vals = append(n.vals, v)
	switch {
	case n.index != nil:
		n.index[key] = len(n.keys) - 1
	case len(n.keys) > smallObject:
		n.index = make(map[string]int, 2*len(n.keys))
		for i, k := range n.keys {
			n.index[k] = i
		}
	}
}

// getString returns the string member key, and whether it is a string.
func (n *node) getString(key string) (string, bool) {
	v := n.get(key)
	if v == nil || v.kind != nodeString {
		return "", false
	}
	return v.str, true
}

// raw returns the value's JSON text, compacted.
func (n *node) raw() json.RawMessage {
	var buf bytes.Buffer
	if err := json.Compact(&buf, n.src); err != nil {
		return append(json.RawMessage(nil), n.src...)
	}
	return buf.Bytes()
}

// toAny converts the tree to the plain values the jsonschema library takes
// (map[string]any, []any, json.Number, string, bool, nil).
func (n *node) toAny() any {
	switch n.kind {
	case nodeBool:
		return n.b
	case nodeNumber:
		return n.num
	case nodeString:
		return n.str
	case nodeArray:
		out := make([]any, len(n.elems))
		for i, e := range n.elems {
			out[i] = e.toAny()
		}
		return out
	case nodeObject:
		out := make(map[string]any, len(n.keys))
		for i, k := range n.keys {
			out[k] = n.vals[i].toAny()
		}
		return out
	}
	return nil
}

// pointerJoin appends one reference token to a JSON pointer (RFC 6901).
func pointerJoin(ptr string, tok string) string {
	tok = strings.ReplaceAll(tok, "~", "~0")
	tok = strings.ReplaceAll(tok, "/", "~1")
	return ptr + "/" + tok
}

// pointerTokens splits a JSON pointer into unescaped reference tokens.
func pointerTokens(ptr string) ([]string, error) {
	if ptr == "" {
		return nil, nil
	}
	if ptr[0] != '/' {
		return nil, fmt.Errorf("JSON pointer %q does not start with /", ptr)
	}
	toks := strings.Split(ptr[1:], "/")
	for i, t := range toks {
		t = strings.ReplaceAll(t, "~1", "/")
		toks[i] = strings.ReplaceAll(t, "~0", "~")
	}
	return toks, nil
}

// lookup resolves a JSON pointer inside n, or returns nil.
func (n *node) lookup(ptr string) *node {
	toks, err := pointerTokens(ptr)
	if err != nil {
		return nil
	}
	cur := n
	for _, t := range toks {
		switch cur.kind {
		case nodeObject:
			cur = cur.get(t)
		case nodeArray:
			i, err := strconv.Atoi(t)
			if err != nil || i < 0 || i >= len(cur.elems) || strconv.Itoa(i) != t {
				return nil
			}
			cur = cur.elems[i]
		default:
			return nil
		}
		if cur == nil {
			return nil
		}
	}
	return cur
}

// parseError is a JSON syntax problem, or input past the bounds: the
// pointer of the innermost value being read and the byte offset where
// reading failed.
type parseError struct {
	Pointer string
	Offset  int64
	Line    int
	Col     int
	Msg     string
}

func (e *parseError) Error() string {
	return fmt.Sprintf("invalid JSON at line %d, column %d (byte offset %d): %s", e.Line, e.Col, e.Offset, e.Msg)
}

// parseJSON decodes one JSON document (RFC 8259, as encoding/json reads
// it) into an ordered tree. Duplicate object member names are an error (the
// schema would be ambiguous), as is anything after the top-level value, and
// nesting deeper than maxDepth or an object or array of more than maxMembers
// members. It runs in time linear in the input.
// It is a direct scanner: json.Decoder.Token, which it replaces, spent most
// of the load time allocating tokens.
func parseJSON(data []byte) (*node, error) {
	p := &treeParser{data: data}
	p.skipSpace()
	n, err := p.value()
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.pos < len(data) {
		return nil, p.failAt(p.pos, "unexpected data after the top-level value")
	}
	return n, nil
}

type treeParser struct {
	data []byte
	pos  int
	path []string // reference tokens of the value being read
}

// failAt builds a parseError at byte offset off, at the current pointer.
func (p *treeParser) failAt(off int, msg string) error {
	if off > len(p.data) {
		off = len(p.data)
	}
	line, col := 1, 1
	for _, c := range p.data[:off] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return &parseError{Pointer: pointerOf(p.path), Offset: int64(off), Line: line, Col: col, Msg: msg}
}

// unexpected reports the byte at the current position (or the end of input).
func (p *treeParser) unexpected(context string) error {
	if p.pos >= len(p.data) {
		return p.failAt(p.pos, "unexpected end of input")
	}
	return p.failAt(p.pos, fmt.Sprintf("invalid character %q %s", p.data[p.pos], context))
}

func (p *treeParser) skipSpace() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// value reads the value at p.pos (whitespace already skipped).
func (p *treeParser) value() (*node, error) {
	if p.pos >= len(p.data) {
		return nil, p.unexpected("")
	}
	start := p.pos
	n := &node{}
	switch c := p.data[p.pos]; {
	case c == '{' || c == '[':
		if len(p.path) >= maxDepth {
			return nil, p.failAt(p.pos, fmt.Sprintf("nested deeper than the %d levels a spec file may have", maxDepth))
		}
		var err error
		if c == '{' {
			n.kind = nodeObject
			err = p.object(n)
		} else {
			n.kind = nodeArray
			err = p.array(n)
		}
		if err != nil {
			return nil, err
		}
	case c == '"':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		n.kind, n.str = nodeString, s
	case c == '-' || '0' <= c && c <= '9':
		if err := p.number(); err != nil {
			return nil, err
		}
		n.kind, n.num = nodeNumber, json.Number(p.data[start:p.pos])
	case c == 't':
		if err := p.literal("true"); err != nil {
			return nil, err
		}
		n.kind, n.b = nodeBool, true
	case c == 'f':
		if err := p.literal("false"); err != nil {
			return nil, err
		}
		n.kind = nodeBool
	case c == 'n':
		if err := p.literal("null"); err != nil {
			return nil, err
		}
		n.kind = nodeNull
	default:
		return nil, p.unexpected("looking for beginning of value")
	}
	n.src = p.data[start:p.pos]
	return n, nil
}

// tooMany is the error of an object or array with more than maxMembers members.
func (p *treeParser) tooMany() error {
	return p.failAt(p.pos, fmt.Sprintf("more than the %d members an object or array of a spec file may have", maxMembers))
}

func (p *treeParser) object(n *node) error {
	p.pos++ // {
	p.skipSpace()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		return nil
	}
	for {
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return p.unexpected("looking for beginning of object key string")
		}
		if len(n.keys) == maxMembers {
			return p.tooMany()
		}
		k, err := p.str()
		if err != nil {
			return err
		}
		p.path = append(p.path, k)
		if n.find(k) >= 0 {
			return p.failAt(p.pos, fmt.Sprintf("duplicate member %q", k))
		}
		p.skipSpace()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return p.unexpected("after object key")
		}
		p.pos++
		p.skipSpace()
		v, err := p.value()
		if err != nil {
			return err
		}
		p.path = p.path[:len(p.path)-1]
		n.addMember(k, v)
		p.skipSpace()
		if p.pos >= len(p.data) {
			return p.unexpected("")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
			p.skipSpace()
		case '}':
			p.pos++
			return nil
		default:
			return p.unexpected("after object key:value pair")
		}
	}
}

func (p *treeParser) array(n *node) error {
	p.pos++ // [
	p.skipSpace()
	if p.pos >= len(p.data) {
		return p.unexpected("")
	}
	if p.data[p.pos] == ']' {
		p.pos++
		return nil
	}
	for {
		if len(n.elems) == maxMembers {
			return p.tooMany()
		}
		p.path = append(p.path, strconv.Itoa(len(n.elems)))
		e, err := p.value()
		if err != nil {
			return err
		}
		p.path = p.path[:len(p.path)-1]
		n.elems = append(n.elems, e)
		p.skipSpace()
		if p.pos >= len(p.data) {
			return p.unexpected("")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
			p.skipSpace()
		case ']':
			p.pos++
			return nil
		default:
			return p.unexpected("after array element")
		}
	}
}

func (p *treeParser) literal(word string) error {
	for i := 0; i < len(word); i++ {
		if p.pos >= len(p.data) || p.data[p.pos] != word[i] {
			return p.unexpected("in literal " + word)
		}
		p.pos++
	}
	return nil
}

// number reads -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (p *treeParser) number() error {
	if p.data[p.pos] == '-' {
		p.pos++
	}
	switch {
	case p.pos < len(p.data) && p.data[p.pos] == '0':
		p.pos++
	case p.pos < len(p.data) && '1' <= p.data[p.pos] && p.data[p.pos] <= '9':
		p.digits()
	default:
		return p.unexpected("in numeric literal")
	}
	if p.pos < len(p.data) && p.data[p.pos] == '.' {
		p.pos++
		if p.digits() == 0 {
			return p.unexpected("after decimal point in numeric literal")
		}
	}
	if p.pos < len(p.data) && (p.data[p.pos] == 'e' || p.data[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.data) && (p.data[p.pos] == '+' || p.data[p.pos] == '-') {
			p.pos++
		}
		if p.digits() == 0 {
			return p.unexpected("in exponent of numeric literal")
		}
	}
	return nil
}

func (p *treeParser) digits() int {
	start := p.pos
	for p.pos < len(p.data) && '0' <= p.data[p.pos] && p.data[p.pos] <= '9' {
		p.pos++
	}
	return p.pos - start
}

// str reads a string literal and returns its value, decoded as
// encoding/json does: invalid UTF-8 and lone surrogates become U+FFFD.
func (p *treeParser) str() (string, error) {
	p.pos++ // opening quote
	start := p.pos
	// Fast path: no escapes, ASCII or valid UTF-8, no control characters.
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		if c == '"' {
			raw := p.data[start:p.pos]
			if utf8.Valid(raw) {
				p.pos++
				return string(raw), nil
			}
			break
		}
		if c == '\\' || c < 0x20 {
			break
		}
		p.pos++
	}
	p.pos = start
	var b []byte
	for {
		if p.pos >= len(p.data) {
			return "", p.unexpected("")
		}
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			return string(b), nil
		case c < 0x20:
			return "", p.unexpected("in string literal")
		case c == '\\':
			p.pos++
			if p.pos >= len(p.data) {
				return "", p.unexpected("")
			}
			e := p.data[p.pos]
			p.pos++
			switch e {
			case '"', '\\', '/':
				b = append(b, e)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				r, ok := p.hex4()
				if !ok {
					return "", p.unexpected("in \\u hexadecimal character escape")
				}
				if utf16.IsSurrogate(r) {
					// A high surrogate followed by an escaped low one is one
					// character; anything else is U+FFFD.
					if p.pos+1 < len(p.data) && p.data[p.pos] == '\\' && p.data[p.pos+1] == 'u' {
						save := p.pos
						p.pos += 2
						r2, ok := p.hex4()
						if !ok {
							return "", p.unexpected("in \\u hexadecimal character escape")
						}
						if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
							r = dec
						} else {
							p.pos = save
							r = utf8.RuneError
						}
					} else {
						r = utf8.RuneError
					}
				}
				b = utf8.AppendRune(b, r)
			default:
				p.pos--
				return "", p.unexpected("in string escape code")
			}
		case c < utf8.RuneSelf:
			b = append(b, c)
			p.pos++
		default:
			r, size := utf8.DecodeRune(p.data[p.pos:])
			p.pos += size
			b = utf8.AppendRune(b, r) // RuneError for invalid bytes
		}
	}
}

// hex4 reads four hexadecimal digits.
func (p *treeParser) hex4() (rune, bool) {
	if p.pos+4 > len(p.data) {
		p.pos = len(p.data)
		return 0, false
	}
	var r rune
	for i := 0; i < 4; i++ {
		c := p.data[p.pos]
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r*16 + rune(c)
		p.pos++
	}
	return r, true
}
