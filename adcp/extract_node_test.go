package adcp

import (
	"bytes"
	"encoding/json"
)

// The decoded tree the reference extractions (extract_ref_test.go,
// success_ref_test.go) walk: each object they look into is decoded with
// encoding/json, one level at a time. It was the package's second JSON
// reader; the shipped package now reads JSON only with the navigator of
// navigate.go, and this tree stays here as the independent reference the
// differential tests and fuzz targets compare it with.

// jnode is one JSON value of a response, either still encoded (raw) or
// already decoded by an SDK (val). The reference walks nodes so that raw
// bytes and decoded values follow exactly the same rules.
type jnode struct {
	raw json.RawMessage // the encoded value, when the value is still encoded
	val any             // the decoded value otherwise (nil is JSON null)
}

// newJNode wraps a response value: encoded JSON ([]byte, json.RawMessage) or
// a decoded value (map[string]any, []any, string, float64, bool, nil,
// json.Number). Any other value (an SDK struct, say) is encoded with
// encoding/json first; a value that does not encode is JSON null.
func newJNode(v any) jnode {
	switch t := v.(type) {
	case json.RawMessage:
		return rawJNode(t)
	case []byte:
		return rawJNode(t)
	case nil, map[string]any, []any, string, bool, float64, json.Number,
		map[string]json.RawMessage, []json.RawMessage:
		return jnode{val: t}
	default:
		b, err := json.Marshal(t)
		if err != nil {
			return jnode{}
		}
		return rawJNode(b)
	}
}

// rawJNode wraps encoded JSON, without surrounding JSON white space (space,
// tab, line feed, carriage return: what JSON.parse and json.Valid allow, not
// other Unicode spaces).
func rawJNode(b []byte) jnode {
	b = bytes.Trim(b, jsonSpace)
	if len(b) == 0 {
		return jnode{}
	}
	return jnode{raw: b}
}

// kind returns the first byte of the value's JSON encoding: '{', '[', '"',
// 't', 'f', 'n', or a number's first character.
func (n jnode) kind() byte {
	if n.raw != nil {
		return n.raw[0]
	}
	switch t := n.val.(type) {
	case nil:
		return 'n'
	case map[string]any, map[string]json.RawMessage:
		// A nil map here is a typed nil in an interface: an (empty) object.
		return '{'
	case []any, []json.RawMessage:
		return '['
	case string:
		return '"'
	case bool:
		if t {
			return 't'
		}
		return 'f'
	default:
		return '0'
	}
}

// jobject is a decoded JSON object whose members are nodes.
type jobject struct {
	raw map[string]json.RawMessage
	val map[string]any
}

// object returns the value as an object, or false when it is not one.
func (n jnode) object() (jobject, bool) {
	if n.kind() != '{' {
		return jobject{}, false
	}
	if n.raw != nil {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(n.raw, &m); err != nil || m == nil {
			return jobject{}, false
		}
		return jobject{raw: m}, true
	}
	switch m := n.val.(type) {
	case map[string]any:
		return jobject{val: m}, true
	case map[string]json.RawMessage:
		return jobject{raw: m}, true
	}
	return jobject{}, false
}

// get returns the member k.
func (o jobject) get(k string) (jnode, bool) {
	if o.raw != nil {
		v, ok := o.raw[k]
		if !ok {
			return jnode{}, false
		}
		return rawJNode(v), true
	}
	v, ok := o.val[k]
	if !ok {
		return jnode{}, false
	}
	return newJNode(v), true
}

// obj returns the member k when it is an object.
func (o jobject) obj(k string) (jobject, bool) {
	v, ok := o.get(k)
	if !ok {
		return jobject{}, false
	}
	return v.object()
}

// len returns the number of members.
func (o jobject) len() int {
	if o.raw != nil {
		return len(o.raw)
	}
	return len(o.val)
}

// array returns the elements of the value, or nil when it is not an array.
func (n jnode) array() []jnode {
	if n.kind() != '[' {
		return nil
	}
	if n.raw != nil {
		var a []json.RawMessage
		if err := json.Unmarshal(n.raw, &a); err != nil {
			return nil
		}
		out := make([]jnode, len(a))
		for i, v := range a {
			out[i] = rawJNode(v)
		}
		return out
	}
	switch a := n.val.(type) {
	case []any:
		out := make([]jnode, len(a))
		for i, v := range a {
			out[i] = newJNode(v)
		}
		return out
	case []json.RawMessage:
		out := make([]jnode, len(a))
		for i, v := range a {
			out[i] = rawJNode(v)
		}
		return out
	}
	return nil
}

// str returns the value when it is a string.
func (n jnode) str() (string, bool) {
	if n.kind() != '"' {
		return "", false
	}
	if n.raw != nil {
		var s string
		if err := json.Unmarshal(n.raw, &s); err != nil {
			return "", false
		}
		return s, true
	}
	s, ok := n.val.(string)
	return s, ok
}

// isTrue reports whether the value is the JSON literal true.
func (n jnode) isTrue() bool { return n.kind() == 't' }

// truthy reports whether the value would be truthy in JavaScript, the
// language of the specification's reference code: everything but null,
// false, 0 and "".
func (n jnode) truthy() bool {
	switch n.kind() {
	case 'n', 'f':
		return false
	case '"':
		s, _ := n.str()
		return s != ""
	case '{', '[', 't':
		return true
	}
	var f float64
	if n.raw != nil {
		if json.Unmarshal(n.raw, &f) != nil {
			return true // a number too large for float64 is not zero
		}
	} else {
		switch t := n.val.(type) {
		case float64:
			f = t
		case json.Number:
			var err error
			if f, err = t.Float64(); err != nil {
				return true
			}
		default:
			return true
		}
	}
	return f != 0 && f == f
}

// encode returns the value's JSON encoding: the bytes as received when the
// value is still encoded, else the encoding/json encoding without HTML
// escaping (object members sorted by name).
func (n jnode) encode() (json.RawMessage, bool) {
	if n.raw != nil {
		return n.raw, true
	}
	return extractEncodeCompact(n.val)
}

// extractUnwrap returns the response inside a JSON-RPC result and inside
// the A2A {"task": …} / {"statusUpdate": …} envelopes of streams and push
// notifications.
func extractUnwrap(root jobject) jobject {
	resp := root
	if r, ok := root.obj("result"); ok {
		resp = r
	}
	for _, k := range [...]string{"task", "statusUpdate"} {
		if _, ok := resp.get("status"); ok {
			break
		}
		if w, ok := resp.obj(k); ok {
			return w
		}
	}
	return resp
}

// extractArray returns the elements of the array member k of o.
func extractArray(o jobject, k string) []jnode {
	v, ok := o.get(k)
	if !ok {
		return nil
	}
	return v.array()
}

// extractStatusParts returns status.message.parts of an A2A task.
func extractStatusParts(resp jobject) []jnode {
	st, ok := resp.obj("status")
	if !ok {
		return nil
	}
	msg, ok := st.obj("message")
	if !ok {
		return nil
	}
	return extractArray(msg, "parts")
}

// extractDataPart returns the data member of an A2A part: a part with a data
// member and, when it has a kind (A2A 0.x), kind "data". A2A 1.0 parts have
// no kind. The optional error MIME type is not required.
func extractDataPart(p jnode) (jnode, bool) {
	o, ok := p.object()
	if !ok {
		return jnode{}, false
	}
	if k, ok := o.get("kind"); ok {
		if s, _ := k.str(); s != "data" {
			return jnode{}, false
		}
	}
	return o.get("data")
}

// extractTextJSON parses an MCP content item of type "text" as a JSON object.
func extractTextJSON(item jnode) (jobject, bool) {
	o, ok := item.object()
	if !ok {
		return jobject{}, false
	}
	if t, ok := o.get("type"); !ok {
		return jobject{}, false
	} else if s, _ := t.str(); s != "text" {
		return jobject{}, false
	}
	t, ok := o.get("text")
	if !ok {
		return jobject{}, false
	}
	s, ok := t.str()
	if !ok || s == "" {
		return jobject{}, false
	}
	return rawJNode([]byte(s)).object()
}
