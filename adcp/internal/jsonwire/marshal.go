package jsonwire

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Marshal encodes v as the specification measures and sends it: compact
// JSON, UTF-8, with <, > and & left as they are (no \u003c inflation).
//
// A value with its own MarshalJSON (the runtime's Error, a generated
// struct) is that method's output when it is valid and compact, which is
// then what encoding/json writes of it, without encoding/json's second pass
// over it. A value built of the types a decoder into any makes, and of
// those a caller writes details or a payload with (see AppendPlain), is
// written without reflection. Anything else, a nil pointer included, is
// encoding/json's.
func Marshal(v any) ([]byte, error) {
	if m, ok := v.(json.Marshaler); ok {
		if rv := reflect.ValueOf(v); rv.Kind() != reflect.Pointer || !rv.IsNil() {
			if b, err := m.MarshalJSON(); err == nil && Valid(b) && CompactLen(b) == len(b) {
				return b, nil
			}
		}
	} else if b, ok := AppendPlain(make([]byte, 0, 128), v); ok {
		return b, nil
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// FloatNumbers replaces, in place, each number of a value decoded with
// UseNumber that a float64 holds by that float64, as a decoder into any
// holds it (and as Validate measures it); a number no float64 holds (1e400)
// stays as written.
func FloatNumbers(v any) any {
	switch t := v.(type) {
	case json.Number:
		if f, err := strconv.ParseFloat(string(t), 64); err == nil {
			return f
		}
	case map[string]any:
		for k, x := range t {
			t[k] = FloatNumbers(x)
		}
	case []any:
		for i, x := range t {
			t[i] = FloatNumbers(x)
		}
	}
	return v
}

// AppendPlain appends v as Marshal (encoding/json without HTML escaping)
// writes it when v is built of what a decoder into any makes and what a
// caller writes details or a payload with: nil, a bool, a string, a float64
// that is finite, an int or int64, a json.Number or json.RawMessage that is
// valid, and map[string]any and []any of such values, nested at most
// plainDepth deep. For anything else (a type encoding/json reflects on, a
// value it refuses) it reports false, and b may have grown: the caller
// discards it.
func AppendPlain(b []byte, v any) ([]byte, bool) {
	var stack [8]plainMember // for the members of small objects
	w := plainWriter{b: b, members: stack[:0]}
	ok := w.value(v, 0)
	return w.b, ok
}

// plainDepth bounds AppendPlain's recursion: a deeper value (a cyclic one
// included) is left to encoding/json, which refuses a cycle.
const plainDepth = 64

// plainWriter is AppendPlain's state: what it wrote, and the members of the
// objects it is writing, sorted (one slice for all of them, as a stack).
type plainWriter struct {
	b       []byte
	members []plainMember
}

type plainMember struct {
	_   [0]func() // not comparable: no equality function is linked
	key string
	val any
}

func (w *plainWriter) value(v any, depth int) bool {
	switch t := v.(type) {
	case nil:
		w.b = append(w.b, "null"...)
	case bool:
		w.b = strconv.AppendBool(w.b, t)
	case string:
		w.b = AppendStringTo(w.b, t)
	case float64:
		if math.IsNaN(t) || math.IsInf(t, 0) {
			return false
		}
		w.b = AppendFloat(w.b, t)
	case int:
		w.b = strconv.AppendInt(w.b, int64(t), 10)
	case int64:
		w.b = strconv.AppendInt(w.b, t, 10)
	case json.Number:
		switch {
		case t == "":
			w.b = append(w.b, '0') // as encoding/json writes it
		case ValidNumber(string(t)):
			w.b = append(w.b, t...)
		default:
			return false
		}
	case json.RawMessage:
		switch {
		case t == nil:
			w.b = append(w.b, "null"...)
		case Valid(t):
			w.b = AppendCompact(w.b, t)
		default:
			return false
		}
	case []any:
		if t == nil {
			w.b = append(w.b, "null"...)
			break
		}
		if depth >= plainDepth {
			return false
		}
		w.b = append(w.b, '[')
		for i, x := range t {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			if !w.value(x, depth+1) {
				return false
			}
		}
		w.b = append(w.b, ']')
	case map[string]any:
		if t == nil {
			w.b = append(w.b, "null"...)
			break
		}
		if depth >= plainDepth {
			return false
		}
		mark := len(w.members)
		for k, x := range t {
			w.members = append(w.members, plainMember{key: k, val: x})
		}
		return w.object(mark, depth)
	default:
		return false
	}
	return true
}

// object writes the object whose members are w.members[mark:], in the order
// encoding/json writes them (keys byte-wise), and pops them.
func (w *plainWriter) object(mark, depth int) bool {
	n := len(w.members) - mark
	slices.SortFunc(w.members[mark:], func(a, b plainMember) int { return strings.Compare(a.key, b.key) })
	w.b = append(w.b, '{')
	for i := range n {
		x := w.members[mark+i] // w.members may grow (and move) below
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.b = append(AppendStringTo(w.b, x.key), ':')
		if !w.value(x.val, depth+1) {
			return false
		}
	}
	w.b = append(w.b, '}')
	w.members = w.members[:mark]
	return true
}

// ValidNumber reports whether s is a JSON number (encoding/json's
// isValidNumber): Number's grammar, over all of s.
func ValidNumber(s string) bool {
	return s != "" && Number([]byte(s), 0) == len(s)
}
