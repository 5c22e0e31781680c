package schemaload

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
)

// node is one JSON value that keeps the order of object members, which
// encoding/json maps (and the jsonschema library) lose. Schema order is the
// order of codes, fields and enum values in the model.
type node struct {
	kind    nodeKind
	keys    []string         // object member names, in document order
	members map[string]*node // object member values, by name
	elems   []*node          // array elements
	str     string           // string value
	num     json.Number
	b       bool
	src     []byte // the value's own bytes in the document
}

// nodeKind is the JSON type of a node, as JSON Schema names it.
type nodeKind string

const (
	nodeNull   nodeKind = "null"
	nodeBool   nodeKind = "boolean"
	nodeNumber nodeKind = "number"
	nodeString nodeKind = "string"
	nodeArray  nodeKind = "array"
	nodeObject nodeKind = "object"
)

// get returns the value of member key of an object node, or nil.
func (n *node) get(key string) *node {
	if n == nil || n.kind != nodeObject {
		return nil
	}
	return n.members[key]
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
	_ = json.Compact(&buf, n.src) // src is valid JSON: parseJSON read it
	return buf.Bytes()
}

// pointerJoin appends one reference token to a JSON pointer (RFC 6901).
func pointerJoin(ptr string, tok string) string {
	return ptr + "/" + adcpimpl.PointerToken(tok)
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

// parseJSON decodes one JSON document, the file rel, into an ordered tree,
// reading it with encoding/json's Decoder.Token (which keeps member order).
// Duplicate object member names are an error (the schema would be
// ambiguous), as is anything after the top-level value, and nesting deeper
// than maxDepth or an object or array of more than maxMembers members.
// Errors are *Error values naming rel and the pointer of the innermost
// value being read, with the line, column and byte offset where reading
// failed.
func parseJSON(rel string, data []byte) (*node, error) {
	p := &treeParser{file: rel, data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	p.dec.UseNumber()
	n, err := p.value()
	if err != nil {
		return nil, err
	}
	if end := p.skip(p.dec.InputOffset(), " \t\r\n"); end < len(data) {
		return nil, p.failAt(end, "unexpected data after the top-level value")
	}
	return n, nil
}

type treeParser struct {
	file string
	data []byte
	dec  *json.Decoder
	path []string // reference tokens of the value being read
}

// failAt builds the error at byte offset off, at the current pointer.
func (p *treeParser) failAt(off int, msg string) error {
	off = min(max(off, 0), len(p.data))
	line := 1 + bytes.Count(p.data[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(p.data[:off], '\n') // 1 + the bytes after the last newline
	return errorf(p.file, pointerOf(p.path), fmt.Sprintf("invalid JSON at line %d, column %d (byte offset %d): %s", line, col, off, msg))
}

// token reads the next token, turning the decoder's errors into *Error
// values.
func (p *treeParser) token() (json.Token, error) {
	tok, err := p.dec.Token()
	var se *json.SyntaxError
	switch {
	case err == nil:
		return tok, nil
	case errors.As(err, &se):
		return nil, p.failAt(int(se.Offset), se.Error())
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return nil, p.failAt(len(p.data), "unexpected end of input")
	}
	return nil, p.failAt(int(p.dec.InputOffset()), err.Error())
}

// skip returns the offset of the first byte at or after off not in set.
func (p *treeParser) skip(off int64, set string) int {
	return len(p.data) - len(bytes.TrimLeft(p.data[off:], set))
}

// value reads the next value.
func (p *treeParser) value() (*node, error) {
	start := p.skip(p.dec.InputOffset(), " \t\r\n,:") // the separators go with the next token
	tok, err := p.token()
	if err != nil {
		return nil, err
	}
	n := &node{}
	switch t := tok.(type) {
	case json.Delim: // '{' or '[': Token reports a misplaced closing one as an error
		if len(p.path) >= maxDepth {
			return nil, p.failAt(start, fmt.Sprintf("nested deeper than the %d levels a spec file may have", maxDepth))
		}
		n.kind = nodeArray
		if t == '{' {
			n.kind, n.members = nodeObject, map[string]*node{}
		}
		if err := p.members(n); err != nil {
			return nil, err
		}
		if _, err := p.token(); err != nil { // the closing delimiter
			return nil, err
		}
	case string:
		n.kind, n.str = nodeString, t
	case json.Number:
		n.kind, n.num = nodeNumber, t
	case bool:
		n.kind, n.b = nodeBool, t
	case nil:
		n.kind = nodeNull
	}
	n.src = p.data[start:p.dec.InputOffset()]
	return n, nil
}

// members reads the members of an object, or the elements of an array,
// up to its closing delimiter.
func (p *treeParser) members(n *node) error {
	for i := 0; p.dec.More(); i++ {
		if i == maxMembers {
			return p.failAt(int(p.dec.InputOffset()), fmt.Sprintf("more than the %d members an object or array of a spec file may have", maxMembers))
		}
		key := strconv.Itoa(i)
		if n.kind == nodeObject {
			tok, err := p.token()
			if err != nil {
				return err
			}
			key, _ = tok.(string) // Token reports a key that is not a string as an error
		}
		p.path = append(p.path, key)
		if n.members[key] != nil {
			return p.failAt(int(p.dec.InputOffset()), fmt.Sprintf("duplicate member %q", key))
		}
		v, err := p.value()
		if err != nil {
			return err
		}
		p.path = p.path[:len(p.path)-1]
		if n.kind == nodeObject {
			n.keys = append(n.keys, key)
			n.members[key] = v
		} else {
			n.elems = append(n.elems, v)
		}
	}
	return nil
}
