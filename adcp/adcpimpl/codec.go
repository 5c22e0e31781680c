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
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// State records how a generated value was obtained: decoded from JSON or
// built in Go, and which of its members were present on the wire.
type State struct {
	decoded bool
	present uint64 // bit i: member i (schema order) was present with a usable value
}

// emit reports whether member bit is written: it is set in Go, or it was
// present on the wire, or it is required and the value was built in Go.
// It is not inlined (a call per member of every generated type).
//
//go:noinline
func (s State) Emit(bit uint, required, set bool) bool {
	return set || s.present&(1<<bit) != 0 || (required && !s.decoded)
}

// Decoder walks the members of one JSON object.
type Decoder struct {
	data    []byte
	pos     int
	Key     string // current member name
	val     []byte // current member value (a sub-slice of data)
	plain   bool   // val is a plain string literal (jsonwire.StringPlain)
	extra   map[string]json.RawMessage
	present uint64
	err     error
	Null    bool   // the input was null
	str     string // a copy of data, when not empty (BeginCopy)
}

// ValidDecoder is implemented by every generated struct: UnmarshalValidJSON is
// its UnmarshalJSON for data already known to be valid JSON. UnmarshalJSON
// checks the input once (Check) and nested members, sub-slices of
// checked input, are decoded without checking them again.
type ValidDecoder interface {
	UnmarshalValidJSON(data []byte) error
}

// Check reports data that is not valid JSON, by json.Valid's rules
// (scan.go) without its allocations.
func Check(data []byte, typeName string) error {
	if !jsonwire.Valid(data) {
		return fmt.Errorf("adcp: %s: invalid JSON", typeName)
	}
	return nil
}

// Begin returns a decoder over the members of data, which is valid
// JSON. JSON null gives a decoder with no members (UnmarshalJSON of null is
// a no-op, as encoding/json expects).
func Begin(data []byte, typeName string) (Decoder, error) {
	data = data[skipSpace(data, 0):]
	if bytes.HasPrefix(data, []byte("null")) {
		return Decoder{Null: true}, nil
	}
	if len(data) == 0 || data[0] != '{' {
		return Decoder{}, fmt.Errorf("adcp: %s: JSON value is not an object", typeName)
	}
	return Decoder{data: data, pos: 1}, nil
}

// BeginCopy is Begin for a small value: it copies data once, and the plain
// keys and strings it decodes are parts of that copy, not one copy each.
func BeginCopy(data []byte, typeName string) (Decoder, error) {
	d, err := Begin(data, typeName)
	if err == nil && !d.Null {
		d.str = string(d.data)
	}
	return d, err
}

// text returns b, a part of d.data, as a string: a part of d.str when
// there is one, else a copy.
func (d *Decoder) text(b []byte) string {
	if d.str == "" {
		return string(b)
	}
	i := cap(d.data) - cap(b) // b's offset in d.data
	return d.str[i : i+len(b)]
}

// next advances to the next member; it returns false after the last one.
// data is known to be valid JSON.
func (d *Decoder) Next() bool {
	d.pos = skipSpace(d.data, d.pos)
	if d.pos < len(d.data) && d.data[d.pos] == ',' {
		d.pos = skipSpace(d.data, d.pos+1)
	}
	if d.pos >= len(d.data) || d.data[d.pos] == '}' {
		return false
	}
	// A plain key or string value (jsonwire.StringPlain) is its own
	// decoding. (Data that is not valid JSON, which no caller passes, is
	// read to its end, as skipString reads it, not panicked on.)
	end, plain := jsonwire.StringPlain(d.data, d.pos)
	switch {
	case plain:
		d.Key = d.text(d.data[d.pos+1 : end-1])
	case end < 0:
		end = len(d.data)
		fallthrough
	default:
		d.Key = unquote(d.data[d.pos:end])
	}
	d.pos = skipSpace(d.data, end) + 1 // the colon
	d.pos = skipSpace(d.data, d.pos)
	if d.plain = false; d.pos < len(d.data) && d.data[d.pos] == '"' {
		if end, d.plain = jsonwire.StringPlain(d.data, d.pos); end < 0 {
			end = len(d.data)
		}
	} else {
		end = skipValue(d.data, d.pos)
	}
	d.val = d.data[d.pos:end]
	d.pos = end
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

// unknown handles a member the type does not declare.
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

// DecodedState returns the State of a value decoded from JSON whose members
// present holds (bit i: member i, schema order, present with a usable
// value), as Finish returns it: for a decoder that reads decoded values
// (map[string]any) instead of JSON text.
func DecodedState(present uint64) State { return State{decoded: true, present: present} }

// finish returns the decoded state and the first error.
func (d *Decoder) Finish() (map[string]json.RawMessage, State, error) {
	return d.extra, State{decoded: true, present: d.present}, d.err
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index just past the string starting at b[i], in
// valid JSON: jsonwire.String, which passes over eight bytes at a time (it
// validates too, and returns -1 for what valid JSON never holds; len(b)
// then, as an unterminated string would give).
func skipString(b []byte, i int) int {
	if end := jsonwire.String(b, i); end >= 0 {
		return end
	}
	return len(b)
}

// skipValue returns the index just past the JSON value starting at b[i].
func skipValue(b []byte, i int) int {
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				i = skipString(b, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
		}
		return i
	default:
		for i < len(b) && b[i] != ',' && b[i] != '}' && b[i] != ']' && b[i] != ' ' &&
			b[i] != '\t' && b[i] != '\n' && b[i] != '\r' {
			i++
		}
		return i
	}
}

// unquote decodes a JSON string literal (known to be valid) as
// encoding/json does.
func unquote(lit []byte) string {
	if len(lit) < 2 || lit[0] != '"' {
		return ""
	}
	if jsonwire.Plain(lit) {
		return string(lit[1 : len(lit)-1])
	}
	return string(jsonwire.Unquote(make([]byte, 0, len(lit)), lit))
}

// The member decoders: each decodes d.val into dst and reports the outcome
// to d; a value that does not fit leaves dst zero and goes to Extra.

func String[T ~string](d *Decoder, bit uint, dst *T) {
	d.known(bit)
	if d.plain || d.str != "" && len(d.val) > 0 && d.val[0] == '"' && jsonwire.Plain(d.val) {
		*dst = T(d.text(d.val[1 : len(d.val)-1]))
		d.done(bit, true)
		return
	}
	s, ok := elemString[T](d.val)
	*dst = s
	d.done(bit, ok)
}

// decodeValue is the member decoder of a value elem decodes.
func decodeValue[T any](d *Decoder, bit uint, dst *T, elem func([]byte) (T, bool)) {
	d.known(bit)
	var ok bool
	*dst, ok = elem(d.val)
	d.done(bit, ok)
}

// decodePtr is the member decoder of a value elem decodes, held by pointer
// (nil when it does not fit).
func decodePtr[T any](d *Decoder, bit uint, dst **T, elem func([]byte) (T, bool)) {
	d.known(bit)
	*dst = nil
	v, ok := elem(d.val)
	if ok {
		*dst = &v
	}
	d.done(bit, ok)
}

func Float(d *Decoder, bit uint, dst *float64)     { decodeValue(d, bit, dst, elemFloat) }
func FloatPtr(d *Decoder, bit uint, dst **float64) { decodePtr(d, bit, dst, elemFloat) }
func Int(d *Decoder, bit uint, dst *int64)         { decodeValue(d, bit, dst, elemInt) }
func IntPtr(d *Decoder, bit uint, dst **int64)     { decodePtr(d, bit, dst, elemInt) }
func Bool(d *Decoder, bit uint, dst *bool)         { decodeValue(d, bit, dst, elemBool) }
func BoolPtr(d *Decoder, bit uint, dst **bool)     { decodePtr(d, bit, dst, elemBool) }

// FloatPtrRounded is FloatPtr for a member the runtime reads as a float64
// even when the JSON number is not exactly one (Error.retry_after, which a
// client rounds up anyway): any finite number fits. It returns the number as
// written when the float64 is not exactly it, nil otherwise, for exact
// validation and re-encoding (see elemFloat).
func FloatPtrRounded(d *Decoder, bit uint, dst **float64) []byte {
	d.known(bit)
	*dst = nil
	f, ok := elemFloatRounded(d.val)
	d.done(bit, ok)
	if !ok {
		return nil
	}
	*dst = &f
	if ExactFloat(string(d.val), f) {
		return nil
	}
	return append([]byte(nil), d.val...)
}

// NumberBounds checks the JSON number lit (a float64 did not hold it
// exactly) against inclusive bounds, exactly.
func (v *Validator) NumberBounds(path string, lit []byte, min, max *float64) {
	d, ok := parseDecimal(string(lit))
	if !ok {
		v.Add(path, "invalid number")
		return
	}
	if min != nil {
		if b, _ := parseDecimal(number(*min)); d.cmp(b) < 0 {
			v.Add(path, "less than "+number(*min))
		}
	}
	if max != nil {
		if b, _ := parseDecimal(number(*max)); d.cmp(b) > 0 {
			v.Add(path, "greater than "+number(*max))
		}
	}
}

// SameNumber reports whether the JSON number lit parses to f.
func SameNumber(lit []byte, f float64) bool {
	g, ok := elemFloatRounded(lit)
	return ok && g == f
}

// Raw keeps any JSON value (null included) as it is.
func Raw(d *Decoder, bit uint, dst *json.RawMessage) {
	d.known(bit)
	*dst = append(json.RawMessage(nil), d.val...)
	d.done(bit, true)
}

// Object decodes a nested generated struct held by value.
func Object[T any, P interface {
	*T
	ValidDecoder
}](d *Decoder, bit uint, dst *T) {
	d.known(bit)
	var zero T
	*dst = zero
	ok := elemObject[T, P](d.val, dst)
	if !ok {
		*dst = zero
	}
	d.done(bit, ok)
}

// ObjectPtr decodes a nested generated struct held by pointer.
func ObjectPtr[T any, P interface {
	*T
	ValidDecoder
}](d *Decoder, bit uint, dst **T) {
	d.known(bit)
	*dst = nil
	v := new(T)
	if elemObject[T, P](d.val, v) {
		*dst = v
		d.done(bit, true)
		return
	}
	d.done(bit, false)
}

// Slice decodes a JSON array whose every element elem accepts.
func Slice[T any](d *Decoder, bit uint, dst *[]T, elem func([]byte, *T) bool) {
	d.known(bit)
	*dst = nil
	s, ok := elemSlice(d.val, elem)
	if ok {
		*dst = s
	}
	d.done(bit, ok)
}

// The element decoders.

func elemString[T ~string](v []byte) (T, bool) {
	if len(v) == 0 || v[0] != '"' {
		return "", false
	}
	return T(unquote(v)), true
}

// elemFloat decodes a JSON number that a float64 holds exactly: one whose
// decimal is the shortest decimal of the float64 it parses to (ExactFloat).
// A number that float64 would round to another value (3600.0000000000000001)
// or that overflows it (1e400) does not fit: it is kept raw, so that
// re-encoding reproduces it and Validate compares it exactly, as JSON Schema
// does.
func elemFloat(v []byte) (float64, bool) {
	f, ok := elemFloatRounded(v)
	if !ok || !ExactFloat(string(v), f) {
		return 0, false
	}
	return f, true
}

// elemFloatRounded decodes any finite JSON number, rounded to a float64.
func elemFloatRounded(v []byte) (float64, bool) {
	if len(v) == 0 || (v[0] != '-' && (v[0] < '0' || v[0] > '9')) {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(v), 64)
	if err != nil || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

func elemInt(v []byte) (int64, bool) {
	if n, err := strconv.ParseInt(string(v), 10, 64); err == nil {
		return n, true
	}
	f, ok := elemFloat(v)
	if !ok || f != math.Trunc(f) || f < -(1<<63) || f >= 1<<63 {
		return 0, false
	}
	return int64(f), true
}

func elemBool(v []byte) (bool, bool) {
	switch string(v) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

func elemObject[T any, P interface {
	*T
	ValidDecoder
}](v []byte, dst *T) bool {
	if len(v) == 0 || v[0] != '{' {
		return false
	}
	return P(dst).UnmarshalValidJSON(v) == nil
}

func elemSlice[T any](v []byte, elem func([]byte, *T) bool) ([]T, bool) {
	if len(v) == 0 || v[0] != '[' {
		return nil, false
	}
	out := []T{}
	i := skipSpace(v, 1)
	for i < len(v) && v[i] != ']' {
		end := skipValue(v, i)
		var el T
		if !elem(v[i:end], &el) {
			return nil, false
		}
		out = append(out, el)
		i = skipSpace(v, end)
		if i < len(v) && v[i] == ',' {
			i = skipSpace(v, i+1)
		}
	}
	return out, true
}

// Element adapters for Slice.

func SliceString[T ~string](v []byte, dst *T) (ok bool) {
	*dst, ok = elemString[T](v)
	return ok
}

func SliceFloat(v []byte, dst *float64) (ok bool) {
	*dst, ok = elemFloat(v)
	return ok
}

func SliceInt(v []byte, dst *int64) (ok bool) {
	*dst, ok = elemInt(v)
	return ok
}

func SliceBool(v []byte, dst *bool) (ok bool) {
	*dst, ok = elemBool(v)
	return ok
}

func SliceRaw(v []byte, dst *json.RawMessage) bool {
	*dst = append(json.RawMessage(nil), v...)
	return true
}

func SliceObject[T any, P interface {
	*T
	ValidDecoder
}](v []byte, dst *T) bool {
	return elemObject[T, P](v, dst)
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

// NewEncoderSize returns an encoder with room for n bytes (at least a small
// object's): for a caller that knows about how long its encoding will be.
func NewEncoderSize(n int) Encoder { return Encoder{buf: make([]byte, 0, max(n, 128))} }

func (e *Encoder) Open() { e.buf = append(e.buf, '{') }

// field writes the name of declared member bit.
//
//go:noinline
func (e *Encoder) Field(bit uint, name string) {
	e.emitted |= 1 << bit
	e.name(name)
}

// name writes a member name. It is not inlined into every generated
// MarshalJSON (nor is Raw).
//
//go:noinline
func (e *Encoder) name(name string) {
	if e.n > 0 {
		e.buf = append(e.buf, ',')
	}
	e.n++
	e.buf = AppendString(e.buf, name)
	e.buf = append(e.buf, ':')
}

// close writes the members of extra that were not written as declared
// members (names lists the declared members by bit), sorted by name.
func (e *Encoder) Close(extra map[string]json.RawMessage, names []string) ([]byte, error) {
	if len(extra) > 0 {
		keys := make([]string, 0, len(extra))
		for k := range extra {
			keys = append(keys, k)
		}
		slices.Sort(keys)
	next:
		for _, k := range keys {
			for i, n := range names {
				if n == k && e.emitted&(1<<uint(i)) != 0 {
					continue next
				}
			}
			e.name(k)
			e.Raw(extra[k])
		}
	}
	e.buf = append(e.buf, '}')
	return e.buf, e.err
}

// Str writes a JSON string. It is not inlined into the generated
// MarshalJSON methods (one call per string member), nor is Field.
//
//go:noinline
func (e *Encoder) Str(s string) { e.buf = AppendString(e.buf, s) }

func (e *Encoder) Float(f float64) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		if e.err == nil {
			e.err = fmt.Errorf("adcp: cannot encode non-finite number %v", f)
		}
		e.buf = append(e.buf, '0')
		return
	}
	e.buf = AppendFloat(e.buf, f)
}

func (e *Encoder) Int(n int64) { e.buf = strconv.AppendInt(e.buf, n, 10) }

func (e *Encoder) Bool(b bool) { e.buf = strconv.AppendBool(e.buf, b) }

// Raw writes a raw JSON value as it is; nil is written as null. A value
// that is not exactly one JSON value is written as null and fails the
// encoding: written as it is, `1,"code":"X"` would add members.
//
//go:noinline
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

// Element encoders for EncodeSlice.

func EncString[T ~string](e *Encoder, v T) { e.Str(string(v)) }
func EncFloat(e *Encoder, v float64)       { e.Float(v) }
func EncInt(e *Encoder, v int64)           { e.Int(v) }
func EncBool(e *Encoder, v bool)           { e.Bool(v) }
func EncRaw(e *Encoder, v json.RawMessage) { e.Raw(v) }

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

// Validator collects the violations of one Validate call.
type Validator struct {
	list []string
}

// ValidationError lists every constraint a value breaks, each with the JSON
// pointer of the offending member.
type ValidationError struct {
	Type       string   // Go type validated
	Violations []string // "pointer: message", in member order
}

func (e *ValidationError) Error() string {
	return "adcp: invalid " + e.Type + ": " + strings.Join(e.Violations, "; ")
}

// Add records that the value at path breaks a constraint. It is not
// inlined: validators call it from many places, each only on failure.
//
//go:noinline
func (v *Validator) Add(path, msg string) {
	if path == "" {
		path = "/"
	}
	v.list = append(v.list, path+": "+msg)
}

func (v *Validator) Result(typeName string) error {
	if len(v.list) == 0 {
		return nil
	}
	return &ValidationError{Type: typeName, Violations: v.list}
}

// Extra reports members kept raw because their value did not fit (names
// are the declared members), and, for closed types, members not declared.
func (v *Validator) Extra(path string, extra map[string]json.RawMessage, names []string, closed bool) {
	keys := make([]string, 0, len(extra))
	for k := range extra {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		declared := slices.Contains(names, k)
		p := path + "/" + PointerToken(k)
		switch {
		case declared:
			v.Add(p, "invalid value "+short(extra[k]))
		case closed:
			v.Add(p, "member not allowed")
		}
	}
}

// missing reports a required member that is absent (unless its value was
// kept raw, which extra reports).
func (v *Validator) Missing(path, name string, extra map[string]json.RawMessage) {
	if _, kept := extra[name]; !kept {
		v.Add(path+"/"+PointerToken(name), "required member missing")
	}
}

func (v *Validator) MinLength(path, s string, n int) {
	if utf8.RuneCountInString(s) < n {
		v.Add(path, "shorter than "+strconv.Itoa(n)+" characters")
	}
}

func (v *Validator) MaxLength(path, s string, n int) {
	if utf8.RuneCountInString(s) > n {
		v.Add(path, "longer than "+strconv.Itoa(n)+" characters")
	}
}

// Matcher is a compiled pattern: a *regexp.Regexp, as MustPattern returns.
type Matcher interface {
	MatchString(s string) bool
	String() string
}

// MustPattern returns the matcher of a pattern in Go regexp syntax, and
// panics when it does not compile; the generator checks every pattern with
// CompilePattern first.
func MustPattern(expr string) Matcher { return regexp.MustCompile(expr) }

// CompilePattern reports why expr is not a pattern MustPattern compiles.
func CompilePattern(expr string) error {
	_, err := regexp.Compile(expr)
	return err
}

func (v *Validator) Pattern(path, s string, re Matcher) {
	if !re.MatchString(s) {
		v.Add(path, "does not match pattern "+strconv.Quote(re.String()))
	}
}

// patternNot checks a pattern with an exclusion, the Go form of a schema
// pattern "^L(?!$)R": s must match re ("^LR") and must not match not ("^L$").
func (v *Validator) PatternNot(path, s string, re, not Matcher) {
	switch {
	case !re.MatchString(s):
		v.Add(path, "does not match pattern "+strconv.Quote(re.String()))
	case not.MatchString(s):
		v.Add(path, "matches the excluded pattern "+strconv.Quote(not.String()))
	}
}

// URI checks format "uri": an absolute URI, with a scheme (as
// santhosh-tekuri/jsonschema checks it: net/url's parse, and a host holding
// a colon must be a bracketed IPv6 address).
func (v *Validator) URI(path, s string) {
	if checkURI(s) != nil {
		v.Add(path, "not an absolute URI")
	}
}

// DateTime checks format "date-time": an RFC 3339 date and time.
func (v *Validator) DateTime(path, s string) {
	if err := checkDateTime(s); err != nil {
		v.Add(path, "not an RFC 3339 date-time: "+err.Error())
	}
}

// Format checks one of the other formats the runtime asserts ("date",
// "time", "uuid"), as santhosh-tekuri/jsonschema checks it.
func (v *Validator) Format(path, s, format string) {
	if check := formatCheck(format); check != nil {
		if err := check(s); err != nil {
			v.Add(path, "not a valid "+format+": "+err.Error())
		}
	}
}

func (v *Validator) Enum(path, s string, known bool) {
	if !known {
		v.Add(path, "value "+strconv.Quote(s)+" is not allowed")
	}
}

func (v *Validator) Minimum(path string, f, min float64) {
	if f < min {
		v.Add(path, "less than "+number(min))
	}
}

func (v *Validator) Maximum(path string, f, max float64) {
	if f > max {
		v.Add(path, "greater than "+number(max))
	}
}

func (v *Validator) MinItems(path string, n, min int) {
	if n < min {
		v.Add(path, "fewer than "+strconv.Itoa(min)+" items")
	}
}

func (v *Validator) MaxItems(path string, n, max int) {
	if n > max {
		v.Add(path, "more than "+strconv.Itoa(max)+" items")
	}
}

// union checks that a raw value is one of the JSON types listed.
func (v *Validator) Union(path string, raw json.RawMessage, types ...string) {
	got := jSONType(raw)
	for _, t := range types {
		if t == got || (t == "number" && got == "integer") {
			return
		}
	}
	v.Add(path, "JSON "+got+" is not one of "+strings.Join(types, ", "))
}

// jSONType names the JSON type of a raw value ("integer" for a number
// without a fraction).
func jSONType(raw []byte) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "null"
	}
	switch raw[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	if f, err := strconv.ParseFloat(string(raw), 64); err == nil && f == math.Trunc(f) {
		return "integer"
	}
	return "number"
}

// PointerToken escapes a member name for a JSON pointer (RFC 6901).
func PointerToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func number(f float64) string { return string(AppendFloat(nil, f)) }

// short quotes a raw value for a message, cut to 64 bytes.
func short(raw []byte) string {
	const max = 64
	if len(raw) > max {
		return string(raw[:max]) + "…"
	}
	return string(raw)
}

// Ptr returns a pointer to a copy of v, for optional members in literals.
func Ptr[T any](v T) *T { return &v }
