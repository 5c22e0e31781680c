// Package adcpimpl is for generated code only: the contract between the
// packages adcp-gen writes and the runtime. Its API is not for people and may
// change with the generated-code version (see GenVersion); user code imports
// package adcp and the generated package instead.
//
// It holds the exact, lenient JSON codec every generated struct uses and the
// validator its Validate methods fill.
//
// Decoding is lenient and exact:
//   - object keys are matched case-sensitively (unlike encoding/json), and a
//     duplicate key replaces the earlier value (like JSON.parse);
//   - a known member whose value has the wrong JSON type, or does not fit the
//     Go type (retry_after: 1e400), leaves the typed field zero and is kept
//     raw in Extra, so that re-encoding reproduces it and Validate reports it;
//   - unknown members are kept in Extra (open types) or rejected (closed types).
//
// Encoding writes the members that were present when the value was decoded;
// for a value built in Go it writes every required member (even a zero one)
// and every optional member that is set. Strings are written without HTML
// escaping.
package adcpimpl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// State records how a generated value was obtained: decoded from JSON or
// built in Go, and which of its members were present on the wire.
type State struct {
	decoded bool
	present uint64 // bit i: member i (schema order) was present with a usable value
}

// Emit reports whether member bit is written: it is set in Go, or it was
// present on the wire, or it is required and the value was built in Go.
func (s State) Emit(bit uint, required, set bool) bool {
	return set || s.present&(1<<bit) != 0 || (required && !s.decoded)
}

// DecodedState returns the State of a value decoded from JSON whose members
// present holds (bit i: member i, schema order, present with a usable
// value), as Finish returns it: for a decoder that reads decoded values
// (map[string]any) instead of JSON text.
func DecodedState(present uint64) State { return State{decoded: true, present: present} }

// Decoder walks the members of one JSON object.
type Decoder struct {
	it      jsonwire.Iter
	data    []byte
	Key     string // current member name
	val     []byte // current member value (a sub-slice of data)
	plain   bool   // val is a plain string literal (jsonwire.StringPlain)
	extra   map[string]json.RawMessage
	present uint64
	err     error
	Null    bool   // the input was null
	str     string // a copy of data (Begin), for the strings decoded
}

// ValidDecoder is *T for a generated struct T: UnmarshalValidJSON is its
// UnmarshalJSON for data already known to be valid JSON. UnmarshalJSON
// checks the input once (Check) and nested members, sub-slices of
// checked input, are decoded without checking them again.
type ValidDecoder[T any] interface {
	*T
	UnmarshalValidJSON(data []byte) error
}

// Check reports data that is not valid JSON, by json.Valid's rules.
func Check(data []byte, typeName string) error {
	if !jsonwire.Valid(data) {
		return fmt.Errorf("adcp: %s: invalid JSON", typeName)
	}
	return nil
}

// Begin returns a decoder over the members of data, which is valid
// JSON. JSON null gives a decoder with no members (UnmarshalJSON of null is
// a no-op, as encoding/json expects). It copies data once: the plain keys
// and strings it decodes are parts of that copy, not one copy each.
func Begin(data []byte, typeName string) (Decoder, error) {
	data = data[jsonwire.Space(data, 0):]
	if bytes.HasPrefix(data, []byte("null")) {
		return Decoder{Null: true}, nil
	}
	if len(data) == 0 || data[0] != '{' {
		return Decoder{}, fmt.Errorf("adcp: %s: JSON value is not an object", typeName)
	}
	return Decoder{data: data, str: string(data), it: jsonwire.Open(data, 0, 0, '{')}, nil
}

// Next advances to the next member; it returns false after the last one,
// and where data is not valid JSON (which callers never pass).
func (d *Decoder) Next() bool {
	if !d.it.Next() {
		return false
	}
	d.Key, _ = d.stringValue(d.it.Key, d.it.KeyPlain)
	start := d.it.Pos
	if d.plain = false; d.data[start] == '"' {
		d.it.Pos, d.plain = jsonwire.StringPlain(d.data, start)
	} else {
		d.it.Skip()
	}
	if d.it.Pos < 0 {
		return false
	}
	d.val = d.data[start:d.it.Pos]
	return true
}

// keep stores the current member raw in Extra (a later duplicate replaces it).
// It is not inlined: it is the cold path of every member decoder.
//
//go:noinline
func (d *Decoder) keep() {
	if d.extra == nil {
		d.extra = make(map[string]json.RawMessage)
	}
	d.extra[d.Key] = append(json.RawMessage(nil), d.val...)
}

// Unknown handles a member the type does not declare.
func (d *Decoder) Unknown(closed bool, typeName string) {
	if closed {
		if d.err == nil {
			d.err = fmt.Errorf("adcp: %s: unknown member %q", typeName, d.Key)
		}
		return
	}
	d.keep()
}

// known starts the decoding of a declared member: an earlier duplicate kept
// in Extra is dropped.
func (d *Decoder) known(bit uint) {
	delete(d.extra, d.Key)
	d.present &^= 1 << bit
}

// done records the outcome of decoding a declared member.
func (d *Decoder) done(bit uint, ok bool) {
	if ok {
		d.present |= 1 << bit
	} else {
		d.keep()
	}
}

// Finish returns the members kept raw, the decoded state and the first error.
func (d *Decoder) Finish() (map[string]json.RawMessage, State, error) {
	return d.extra, DecodedState(d.present), d.err
}

// stringValue decodes the valid JSON value v, a part of d.data, as
// encoding/json decodes a string (plain: v is known to be a plain string,
// jsonwire.StringPlain), or reports that it is not a string. A string that
// is its own text is a part of d.str when there is one, else a copy.
func (d *Decoder) stringValue(v []byte, plain bool) (string, bool) {
	switch {
	case len(v) == 0 || v[0] != '"':
		return "", false
	case !plain && !jsonwire.Plain(v):
		return string(jsonwire.Unquote(make([]byte, 0, len(v)), v)), true
	case d.str == "":
		return string(v[1 : len(v)-1]), true
	}
	i := cap(d.data) - cap(v) + 1 // the text's offset in d.data
	return d.str[i : i+len(v)-2], true
}

// The member decoders: each decodes d.val into dst and reports the outcome
// to d; a value that does not fit leaves dst zero and goes to Extra.

func String[T ~string](d *Decoder, bit uint, dst *T) {
	d.known(bit)
	s, ok := d.stringValue(d.val, d.plain)
	*dst = T(s)
	d.done(bit, ok)
}

// Value decodes a member held by value that the element decoder elem
// (SliceFloat, SliceInt, SliceBool, SliceObject) decodes.
func Value[T any](d *Decoder, bit uint, dst *T, elem func([]byte, *T) bool) {
	d.known(bit)
	var zero T
	*dst = zero
	ok := elem(d.val, dst)
	if !ok {
		*dst = zero
	}
	d.done(bit, ok)
}

// Ptr is Value for a member held by pointer (nil when it does not fit).
func Ptr[T any](d *Decoder, bit uint, dst **T, elem func([]byte, *T) bool) {
	d.known(bit)
	v := new(T)
	if *dst = nil; elem(d.val, v) {
		*dst = v
	}
	d.done(bit, *dst != nil)
}

// Raw keeps any JSON value (null included) as it is.
func Raw(d *Decoder, bit uint, dst *json.RawMessage) {
	d.known(bit)
	d.done(bit, SliceRaw(d.val, dst))
}

// Slice decodes a JSON array whose every element elem accepts.
func Slice[T any](d *Decoder, bit uint, dst *[]T, elem func([]byte, *T) bool) {
	d.known(bit)
	var ok bool
	*dst, ok = decodeSlice(d.val, elem)
	d.done(bit, ok)
}

// FloatPtrRounded is Ptr with SliceFloat for a member the runtime reads as
// a float64 even when the JSON number is not exactly one (Error.retry_after,
// which a client rounds up anyway): any finite number fits. It returns the
// number as written when the float64 is not exactly it, "" otherwise, for
// exact validation and re-encoding (see SliceFloat).
func FloatPtrRounded(d *Decoder, bit uint, dst **float64) string {
	Ptr(d, bit, dst, floatRounded)
	if *dst == nil || exactFloat(string(d.val), **dst) {
		return ""
	}
	return string(d.val)
}

// SameNumber reports whether the JSON number lit parses to f.
func SameNumber(lit string, f float64) bool {
	var g float64
	return floatRounded([]byte(lit), &g) && g == f
}

func decodeSlice[T any](v []byte, elem func([]byte, *T) bool) ([]T, bool) {
	if len(v) == 0 || v[0] != '[' {
		return nil, false
	}
	out := []T{}
	for it := jsonwire.Open(v, 0, 0, '['); it.Next(); {
		start := it.Pos
		var el T
		if it.Skip(); it.Pos < 0 || !elem(v[start:it.Pos], &el) {
			return nil, false
		}
		out = append(out, el)
	}
	return out, true
}

// The element decoders, of Slice's elements and of the members above: each
// decodes one JSON value into dst, or reports that it does not fit.

func SliceString[T ~string](v []byte, dst *T) bool {
	var d Decoder // without a copy of the input to share: stringValue copies
	s, ok := d.stringValue(v, false)
	*dst = T(s)
	return ok
}

// SliceFloat decodes a JSON number that a float64 holds exactly: one whose
// decimal is the shortest decimal of the float64 it parses to (exactFloat).
// A number that float64 would round to another value (3600.0000000000000001)
// or that overflows it (1e400) does not fit: it is kept raw, so that
// re-encoding reproduces it and Validate compares it exactly, as JSON Schema
// does.
func SliceFloat(v []byte, dst *float64) bool {
	return floatRounded(v, dst) && exactFloat(string(v), *dst)
}

// floatRounded decodes any finite JSON number, rounded to a float64.
func floatRounded(v []byte, dst *float64) bool {
	if len(v) == 0 || (v[0] != '-' && (v[0] < '0' || v[0] > '9')) {
		return false
	}
	f, err := strconv.ParseFloat(string(v), 64)
	*dst = f
	return err == nil && !math.IsInf(f, 0)
}

func SliceInt(v []byte, dst *int64) bool {
	if n, err := strconv.ParseInt(string(v), 10, 64); err == nil {
		*dst = n
		return true
	}
	var f float64
	if !SliceFloat(v, &f) || f != math.Trunc(f) || f < -(1<<63) || f >= 1<<63 {
		return false
	}
	*dst = int64(f)
	return true
}

func SliceBool(v []byte, dst *bool) bool {
	*dst = string(v) == "true"
	return *dst || string(v) == "false"
}

func SliceRaw(v []byte, dst *json.RawMessage) bool {
	*dst = append(json.RawMessage(nil), v...)
	return true
}

func SliceObject[T any, P ValidDecoder[T]](v []byte, dst *T) bool {
	return len(v) > 0 && v[0] == '{' && P(dst).UnmarshalValidJSON(v) == nil
}

// Encoder writes one JSON object.
type Encoder struct {
	buf     []byte
	emitted uint64 // bit i: declared member i was written
	n       int    // members written
	err     error
}

// NewEncoder returns an encoder with room for a small object.
func NewEncoder() Encoder { return Encoder{buf: make([]byte, 0, 128)} }

func (e *Encoder) Open() { e.buf = append(e.buf, '{') }

// Field writes the name of declared member bit.
func (e *Encoder) Field(bit uint, name string) {
	e.emitted |= 1 << bit
	e.name(name)
}

// name writes a member name.
func (e *Encoder) name(name string) {
	if e.n > 0 {
		e.buf = append(e.buf, ',')
	}
	e.n++
	e.buf = AppendString(e.buf, name)
	e.buf = append(e.buf, ':')
}

// Close writes the members of extra that were not written as declared
// members (names lists the declared members by bit), sorted by name.
func (e *Encoder) Close(extra map[string]json.RawMessage, names []string) ([]byte, error) {
	for _, k := range sortedKeys(extra) {
		if i := slices.Index(names, k); i < 0 || e.emitted&(1<<uint(i)) == 0 {
			e.name(k)
			e.Raw(extra[k])
		}
	}
	e.buf = append(e.buf, '}')
	return e.buf, e.err
}

// Str writes a JSON string.
func (e *Encoder) Str(s string) { e.buf = AppendString(e.buf, s) }

func (e *Encoder) Float(f float64) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		if e.err == nil {
			e.err = fmt.Errorf("adcp: cannot encode non-finite number %v", f)
		}
		e.buf = append(e.buf, '0')
		return
	}
	e.buf = jsonwire.AppendFloat(e.buf, f)
}

func (e *Encoder) Int(n int64) { e.buf = strconv.AppendInt(e.buf, n, 10) }

func (e *Encoder) Bool(b bool) { e.buf = strconv.AppendBool(e.buf, b) }

// Raw writes a raw JSON value as it is; nil is written as null. A value
// that is not exactly one JSON value is written as null and fails the
// encoding: written as it is, `1,"code":"X"` would add members.
func (e *Encoder) Raw(v json.RawMessage) {
	switch {
	case len(v) == 0:
		e.buf = append(e.buf, "null"...)
	case !jsonwire.Valid(v):
		if e.err == nil {
			e.err = errors.New("adcp: a raw member is not exactly one JSON value")
		}
		e.buf = append(e.buf, "null"...)
	default:
		e.buf = append(e.buf, v...)
	}
}

// EncodeSlice writes a JSON array (a nil slice as []).
func EncodeSlice[T any](e *Encoder, s []T, elem func(*Encoder, T)) {
	e.buf = append(e.buf, '[')
	for i, v := range s {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		elem(e, v)
	}
	e.buf = append(e.buf, ']')
}

// EncString is EncodeSlice's element encoder of a string type; the other
// kinds' are Encoder's methods ((*Encoder).Int) and EncValue.
func EncString[T ~string](e *Encoder, v T) { e.Str(string(v)) }

// EncValue writes a generated value, an element or a nested member,
// calling its MarshalJSON on the type parameter: a struct is not boxed in
// an interface (an allocation) to call it.
func EncValue[T json.Marshaler](e *Encoder, v T) {
	b, err := v.MarshalJSON()
	if err != nil && e.err == nil {
		e.err = err
	}
	e.Raw(b)
}

// AppendString appends s as encoding/json writes a string without HTML
// escaping; invalid UTF-8 becomes \ufffd. A string of printable ASCII
// without a quote or backslash (a member name, most values) is its own
// encoding: it is quoted as it is, without an encoder.
func AppendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			out, _ := jsonwire.Marshal(s) // a string always encodes
			return append(b, out...)
		}
	}
	return append(append(append(b, '"'), s...), '"')
}

// AppendFloat appends f the way encoding/json writes a float64.
func AppendFloat(b []byte, f float64) []byte { return jsonwire.AppendFloat(b, f) }
