package schemaload

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// node is one JSON value that keeps the order of object members, which
// encoding/json maps (and the jsonschema library) lose. Schema order is the
// order of codes, fields and enum values in the model.
type node struct {
	kind  nodeKind
	keys  []string // object member names, in document order
	vals  []*node  // object member values, parallel to keys
	elems []*node  // array elements
	str   string   // string value
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

// get returns the value of member key of an object node, or nil.
func (n *node) get(key string) *node {
	if n == nil || n.kind != nodeObject {
		return nil
	}
	for i, k := range n.keys {
		if k == key {
			return n.vals[i]
		}
	}
	return nil
}

// index returns the position of member key in an object node, or -1.
func (n *node) index(key string) int {
	if n == nil {
		return -1
	}
	for i, k := range n.keys {
		if k == key {
			return i
		}
	}
	return -1
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

// parseError is a JSON syntax problem: the pointer of the innermost value
// being read and the byte offset where reading failed.
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

// parseJSON decodes one JSON document into an ordered tree. Duplicate object
// member names are an error (the schema would be ambiguous), as is anything
// after the top-level value.
func parseJSON(data []byte) (*node, error) {
	p := &treeParser{data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	p.dec.UseNumber()
	n, err := p.value("")
	if err != nil {
		return nil, err
	}
	end := p.dec.InputOffset()
	if rest := bytes.TrimLeft(data[end:], " \t\r\n"); len(rest) > 0 {
		return nil, p.failAt("", int64(len(data)-len(rest)), "unexpected data after the top-level value")
	}
	return n, nil
}

type treeParser struct {
	data []byte
	dec  *json.Decoder
}

// fail builds a parseError at the decoder's position (or the syntax error's).
func (p *treeParser) fail(ptr string, err error, msg string) error {
	off := p.dec.InputOffset()
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off = se.Offset
		msg = se.Error()
	} else if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		msg = "unexpected end of input"
		off = int64(len(p.data))
	} else if err != nil && msg == "" {
		msg = err.Error()
	}
	return p.failAt(ptr, off, msg)
}

// failAt builds a parseError at byte offset off.
func (p *treeParser) failAt(ptr string, off int64, msg string) error {
	if off > int64(len(p.data)) {
		off = int64(len(p.data))
	}
	line, col := 1, 1
	for _, c := range p.data[:off] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return &parseError{Pointer: ptr, Offset: off, Line: line, Col: col, Msg: msg}
}

func (p *treeParser) value(ptr string) (*node, error) {
	start := p.dec.InputOffset()
	tok, err := p.dec.Token()
	if err != nil {
		return nil, p.fail(ptr, err, "")
	}
	n := &node{}
	switch t := tok.(type) {
	case nil:
		n.kind = nodeNull
	case bool:
		n.kind, n.b = nodeBool, t
	case json.Number:
		n.kind, n.num = nodeNumber, t
	case string:
		n.kind, n.str = nodeString, t
	case json.Delim:
		switch t {
		case '[':
			n.kind = nodeArray
			for p.dec.More() {
				e, err := p.value(pointerJoin(ptr, strconv.Itoa(len(n.elems))))
				if err != nil {
					return nil, err
				}
				n.elems = append(n.elems, e)
			}
		case '{':
			n.kind = nodeObject
			for p.dec.More() {
				kt, err := p.dec.Token()
				if err != nil {
					return nil, p.fail(ptr, err, "")
				}
				k, ok := kt.(string)
				if !ok {
					return nil, p.fail(ptr, nil, "object member name is not a string")
				}
				if n.index(k) >= 0 {
					return nil, p.fail(pointerJoin(ptr, k), nil, fmt.Sprintf("duplicate member %q", k))
				}
				v, err := p.value(pointerJoin(ptr, k))
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, k)
				n.vals = append(n.vals, v)
			}
		default:
			return nil, p.fail(ptr, nil, fmt.Sprintf("unexpected %q", t))
		}
		if _, err := p.dec.Token(); err != nil { // the closing delimiter
			return nil, p.fail(ptr, err, "")
		}
	}
	n.src = bytes.TrimLeft(p.data[start:p.dec.InputOffset()], " \t\r\n,:")
	return n, nil
}
