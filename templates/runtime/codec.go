package adcperr

// The JSON codec shared by every generated struct.
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

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// codecState records how a generated value was obtained: decoded from JSON or
// built in Go, and which of its members were present on the wire.
type codecState struct {
	decoded bool
	present uint64 // bit i: member i (schema order) was present with a usable value
}

// emit reports whether member bit is written: it is set in Go, or it was
// present on the wire, or it is required and the value was built in Go.
func (s codecState) emit(bit uint, required, set bool) bool {
	return set || s.present&(1<<bit) != 0 || (required && !s.decoded)
}

// codecDecoder walks the members of one JSON object.
type codecDecoder struct {
	data    []byte
	pos     int
	key     string // current member name
	val     []byte // current member value (a sub-slice of data)
	extra   map[string]json.RawMessage
	present uint64
	err     error
	null    bool // the input was null
}

// codecValidDecoder is implemented by every generated struct: decodeValid is
// its UnmarshalJSON for data already known to be valid JSON. UnmarshalJSON
// checks the input once (codecCheck) and nested members, sub-slices of
// checked input, are decoded without checking them again.
type codecValidDecoder interface {
	decodeValid(data []byte) error
}

// codecCheck reports data that is not valid JSON, by json.Valid's rules
// (scan.go) without its allocations.
func codecCheck(data []byte, typeName string) error {
	if !scanValid(data) {
		return fmt.Errorf("adcperr: %s: invalid JSON", typeName)
	}
	return nil
}

// codecBegin returns a decoder over the members of data, which is valid
// JSON. JSON null gives a decoder with no members (UnmarshalJSON of null is
// a no-op, as encoding/json expects).
func codecBegin(data []byte, typeName string) (codecDecoder, error) {
	data = data[codecSkipSpace(data, 0):]
	if bytes.HasPrefix(data, []byte("null")) {
		return codecDecoder{null: true}, nil
	}
	if len(data) == 0 || data[0] != '{' {
		return codecDecoder{}, fmt.Errorf("adcperr: %s: JSON value is not an object", typeName)
	}
	return codecDecoder{data: data, pos: 1}, nil
}

// next advances to the next member; it returns false after the last one.
// data is known to be valid JSON.
func (d *codecDecoder) next() bool {
	d.pos = codecSkipSpace(d.data, d.pos)
	if d.pos < len(d.data) && d.data[d.pos] == ',' {
		d.pos = codecSkipSpace(d.data, d.pos+1)
	}
	if d.pos >= len(d.data) || d.data[d.pos] == '}' {
		return false
	}
	end := codecSkipString(d.data, d.pos)
	d.key = codecUnquote(d.data[d.pos:end])
	d.pos = codecSkipSpace(d.data, end) + 1 // the colon
	d.pos = codecSkipSpace(d.data, d.pos)
	end = codecSkipValue(d.data, d.pos)
	d.val = d.data[d.pos:end]
	d.pos = end
	return true
}

// keep stores the current member raw in Extra (a later duplicate replaces it).
func (d *codecDecoder) keep() {
	if d.extra == nil {
		d.extra = make(map[string]json.RawMessage)
	}
	d.extra[d.key] = append(json.RawMessage(nil), d.val...)
}

// unknown handles a member the type does not declare.
func (d *codecDecoder) unknown(closed bool, typeName string) {
	if closed {
		if d.err == nil {
			d.err = fmt.Errorf("adcperr: %s: unknown member %q", typeName, d.key)
		}
		return
	}
	d.keep()
}

// known starts the decoding of a declared member: an earlier duplicate kept
// in Extra is dropped.
func (d *codecDecoder) known(bit uint) {
	delete(d.extra, d.key)
	d.present &^= 1 << bit
}

// done records the outcome of decoding a declared member.
func (d *codecDecoder) done(bit uint, ok bool) {
	if ok {
		d.present |= 1 << bit
	} else {
		d.keep()
	}
}

// finish returns the decoded state and the first error.
func (d *codecDecoder) finish() (map[string]json.RawMessage, codecState, error) {
	return d.extra, codecState{decoded: true, present: d.present}, d.err
}

func codecSkipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// codecSkipString returns the index just past the string starting at b[i].
func codecSkipString(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return i
}

// codecSkipValue returns the index just past the JSON value starting at b[i].
func codecSkipValue(b []byte, i int) int {
	switch b[i] {
	case '"':
		return codecSkipString(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				i = codecSkipString(b, i) - 1
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

// codecUnquote decodes a JSON string literal (known to be valid).
func codecUnquote(lit []byte) string {
	if len(lit) < 2 || lit[0] != '"' {
		return ""
	}
	inner := lit[1 : len(lit)-1]
	if bytes.IndexByte(inner, '\\') < 0 && utf8.Valid(inner) {
		return string(inner)
	}
	var s string
	_ = json.Unmarshal(lit, &s)
	return s
}

// The member decoders: each decodes d.val into dst and reports the outcome
// to d; a value that does not fit leaves dst zero and goes to Extra.

func codecString[T ~string](d *codecDecoder, bit uint, dst *T) {
	d.known(bit)
	s, ok := codecElemString[T](d.val)
	*dst = s
	d.done(bit, ok)
}

func codecFloat(d *codecDecoder, bit uint, dst *float64) {
	d.known(bit)
	f, ok := codecElemFloat(d.val)
	*dst = f
	d.done(bit, ok)
}

func codecFloatPtr(d *codecDecoder, bit uint, dst **float64) {
	d.known(bit)
	*dst = nil
	if f, ok := codecElemFloat(d.val); ok {
		*dst = &f
		d.done(bit, true)
		return
	}
	d.done(bit, false)
}

func codecInt(d *codecDecoder, bit uint, dst *int64) {
	d.known(bit)
	n, ok := codecElemInt(d.val)
	*dst = n
	d.done(bit, ok)
}

func codecIntPtr(d *codecDecoder, bit uint, dst **int64) {
	d.known(bit)
	*dst = nil
	if n, ok := codecElemInt(d.val); ok {
		*dst = &n
		d.done(bit, true)
		return
	}
	d.done(bit, false)
}

func codecBool(d *codecDecoder, bit uint, dst *bool) {
	d.known(bit)
	b, ok := codecElemBool(d.val)
	*dst = b
	d.done(bit, ok)
}

func codecBoolPtr(d *codecDecoder, bit uint, dst **bool) {
	d.known(bit)
	*dst = nil
	if b, ok := codecElemBool(d.val); ok {
		*dst = &b
		d.done(bit, true)
		return
	}
	d.done(bit, false)
}

// codecRaw keeps any JSON value (null included) as it is.
func codecRaw(d *codecDecoder, bit uint, dst *json.RawMessage) {
	d.known(bit)
	*dst = append(json.RawMessage(nil), d.val...)
	d.done(bit, true)
}

// codecObject decodes a nested generated struct held by value.
func codecObject[T any, P interface {
	*T
	codecValidDecoder
}](d *codecDecoder, bit uint, dst *T) {
	d.known(bit)
	var zero T
	*dst = zero
	ok := codecElemObject[T, P](d.val, dst)
	if !ok {
		*dst = zero
	}
	d.done(bit, ok)
}

// codecObjectPtr decodes a nested generated struct held by pointer.
func codecObjectPtr[T any, P interface {
	*T
	codecValidDecoder
}](d *codecDecoder, bit uint, dst **T) {
	d.known(bit)
	*dst = nil
	v := new(T)
	if codecElemObject[T, P](d.val, v) {
		*dst = v
		d.done(bit, true)
		return
	}
	d.done(bit, false)
}

// codecSlice decodes a JSON array whose every element elem accepts.
func codecSlice[T any](d *codecDecoder, bit uint, dst *[]T, elem func([]byte, *T) bool) {
	d.known(bit)
	*dst = nil
	s, ok := codecElemSlice(d.val, elem)
	if ok {
		*dst = s
	}
	d.done(bit, ok)
}

// The element decoders.

func codecElemString[T ~string](v []byte) (T, bool) {
	if len(v) == 0 || v[0] != '"' {
		return "", false
	}
	return T(codecUnquote(v)), true
}

func codecElemFloat(v []byte) (float64, bool) {
	if len(v) == 0 || (v[0] != '-' && (v[0] < '0' || v[0] > '9')) {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(v), 64)
	if err != nil || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

func codecElemInt(v []byte) (int64, bool) {
	if n, err := strconv.ParseInt(string(v), 10, 64); err == nil {
		return n, true
	}
	f, ok := codecElemFloat(v)
	if !ok || f != math.Trunc(f) || f < -(1<<63) || f >= 1<<63 {
		return 0, false
	}
	return int64(f), true
}

func codecElemBool(v []byte) (bool, bool) {
	switch string(v) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

func codecElemObject[T any, P interface {
	*T
	codecValidDecoder
}](v []byte, dst *T) bool {
	if len(v) == 0 || v[0] != '{' {
		return false
	}
	return P(dst).decodeValid(v) == nil
}

func codecElemSlice[T any](v []byte, elem func([]byte, *T) bool) ([]T, bool) {
	if len(v) == 0 || v[0] != '[' {
		return nil, false
	}
	out := []T{}
	i := codecSkipSpace(v, 1)
	for i < len(v) && v[i] != ']' {
		end := codecSkipValue(v, i)
		var el T
		if !elem(v[i:end], &el) {
			return nil, false
		}
		out = append(out, el)
		i = codecSkipSpace(v, end)
		if i < len(v) && v[i] == ',' {
			i = codecSkipSpace(v, i+1)
		}
	}
	return out, true
}

// Element adapters for codecSlice.

func codecSliceString[T ~string](v []byte, dst *T) (ok bool) {
	*dst, ok = codecElemString[T](v)
	return ok
}

func codecSliceFloat(v []byte, dst *float64) (ok bool) {
	*dst, ok = codecElemFloat(v)
	return ok
}

func codecSliceInt(v []byte, dst *int64) (ok bool) {
	*dst, ok = codecElemInt(v)
	return ok
}

func codecSliceBool(v []byte, dst *bool) (ok bool) {
	*dst, ok = codecElemBool(v)
	return ok
}

func codecSliceRaw(v []byte, dst *json.RawMessage) bool {
	*dst = append(json.RawMessage(nil), v...)
	return true
}

func codecSliceObject[T any, P interface {
	*T
	codecValidDecoder
}](v []byte, dst *T) bool {
	return codecElemObject[T, P](v, dst)
}

// codecEncoder writes one JSON object.
type codecEncoder struct {
	buf     []byte
	emitted uint64 // bit i: declared member i was written
	n       int    // members written
	err     error
}

func (e *codecEncoder) open() { e.buf = append(e.buf, '{') }

// field writes the name of declared member bit.
func (e *codecEncoder) field(bit uint, name string) {
	e.emitted |= 1 << bit
	e.name(name)
}

func (e *codecEncoder) name(name string) {
	if e.n > 0 {
		e.buf = append(e.buf, ',')
	}
	e.n++
	e.buf = codecAppendString(e.buf, name)
	e.buf = append(e.buf, ':')
}

// close writes the members of extra that were not written as declared
// members (names lists the declared members by bit), sorted by name.
func (e *codecEncoder) close(extra map[string]json.RawMessage, names []string) ([]byte, error) {
	if len(extra) > 0 {
		keys := make([]string, 0, len(extra))
		for k := range extra {
			keys = append(keys, k)
		}
		sort.Strings(keys)
	next:
		for _, k := range keys {
			for i, n := range names {
				if n == k && e.emitted&(1<<uint(i)) != 0 {
					continue next
				}
			}
			e.name(k)
			e.raw(extra[k])
		}
	}
	e.buf = append(e.buf, '}')
	return e.buf, e.err
}

func (e *codecEncoder) str(s string) { e.buf = codecAppendString(e.buf, s) }

func (e *codecEncoder) float(f float64) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		if e.err == nil {
			e.err = fmt.Errorf("adcperr: cannot encode non-finite number %v", f)
		}
		e.buf = append(e.buf, '0')
		return
	}
	e.buf = codecAppendFloat(e.buf, f)
}

func (e *codecEncoder) int(n int64) { e.buf = strconv.AppendInt(e.buf, n, 10) }

func (e *codecEncoder) bool(b bool) { e.buf = strconv.AppendBool(e.buf, b) }

// raw writes a JSON value as it is; nil is written as null.
func (e *codecEncoder) raw(v json.RawMessage) {
	if len(v) == 0 {
		e.buf = append(e.buf, "null"...)
		return
	}
	e.buf = append(e.buf, v...)
}

// value writes a nested generated value.
func (e *codecEncoder) value(m json.Marshaler) {
	b, err := m.MarshalJSON()
	if err != nil && e.err == nil {
		e.err = err
	}
	e.raw(b)
}

// codecSliceEncode writes a JSON array (a nil slice as []).
func codecSliceEncode[T any](e *codecEncoder, s []T, elem func(*codecEncoder, T)) {
	e.buf = append(e.buf, '[')
	for i, v := range s {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		elem(e, v)
	}
	e.buf = append(e.buf, ']')
}

// Element encoders for codecSliceEncode.

func codecEncString[T ~string](e *codecEncoder, v T) { e.str(string(v)) }
func codecEncFloat(e *codecEncoder, v float64)       { e.float(v) }
func codecEncInt(e *codecEncoder, v int64)           { e.int(v) }
func codecEncBool(e *codecEncoder, v bool)           { e.bool(v) }
func codecEncRaw(e *codecEncoder, v json.RawMessage) { e.raw(v) }
func codecEncValue[T json.Marshaler](e *codecEncoder, v T) {
	e.value(v)
}

// codecAppendString appends s as a JSON string, escaping only what JSON
// requires (no HTML escaping); invalid UTF-8 becomes U+FFFD.
func codecAppendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, "\ufffd"...)
			i++
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// codecAppendFloat appends f the way encoding/json writes a float64.
func codecAppendFloat(b []byte, f float64) []byte {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// codecValidator collects the violations of one Validate call.
type codecValidator struct {
	list []string
}

// ValidationError lists every constraint a value breaks, each with the JSON
// pointer of the offending member.
type ValidationError struct {
	Type       string   // Go type validated
	Violations []string // "pointer: message", in member order
}

func (e *ValidationError) Error() string {
	return "adcperr: invalid " + e.Type + ": " + strings.Join(e.Violations, "; ")
}

func (v *codecValidator) add(path, msg string) {
	if path == "" {
		path = "/"
	}
	v.list = append(v.list, path+": "+msg)
}

func (v *codecValidator) result(typeName string) error {
	if len(v.list) == 0 {
		return nil
	}
	return &ValidationError{Type: typeName, Violations: v.list}
}

// extra reports members kept raw because their value did not fit (names are
// the declared members), and, for closed types, members not declared.
func (v *codecValidator) extra(path string, extra map[string]json.RawMessage, names []string, closed bool) {
	if len(extra) == 0 {
		return
	}
	keys := make([]string, 0, len(extra))
	for k := range extra {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		declared := false
		for _, n := range names {
			if n == k {
				declared = true
				break
			}
		}
		switch {
		case declared:
			v.add(path+"/"+codecPointerToken(k), "invalid value "+codecShort(extra[k]))
		case closed:
			v.add(path+"/"+codecPointerToken(k), "member not allowed")
		}
	}
}

// missing reports a required member that is absent (unless its value was
// kept raw, which extra reports).
func (v *codecValidator) missing(path, name string, extra map[string]json.RawMessage) {
	if _, kept := extra[name]; !kept {
		v.add(path+"/"+codecPointerToken(name), "required member missing")
	}
}

func (v *codecValidator) minLength(path, s string, n int) {
	if utf8.RuneCountInString(s) < n {
		v.add(path, "shorter than "+strconv.Itoa(n)+" characters")
	}
}

func (v *codecValidator) maxLength(path, s string, n int) {
	if utf8.RuneCountInString(s) > n {
		v.add(path, "longer than "+strconv.Itoa(n)+" characters")
	}
}

func (v *codecValidator) pattern(path, s string, re *regexp.Regexp) {
	if !re.MatchString(s) {
		v.add(path, "does not match pattern "+strconv.Quote(re.String()))
	}
}

// patternNot checks a pattern with an exclusion, the Go form of a schema
// pattern "^L(?!$)R": s must match re ("^LR") and must not match not ("^L$").
func (v *codecValidator) patternNot(path, s string, re, not *regexp.Regexp) {
	switch {
	case !re.MatchString(s):
		v.add(path, "does not match pattern "+strconv.Quote(re.String()))
	case not.MatchString(s):
		v.add(path, "matches the excluded pattern "+strconv.Quote(not.String()))
	}
}

// uri checks format "uri": an absolute URI, with a scheme.
func (v *codecValidator) uri(path, s string) {
	u, err := url.Parse(s)
	if err != nil || u.Scheme == "" {
		v.add(path, "not an absolute URI")
	}
}

func (v *codecValidator) enum(path, s string, known bool) {
	if !known {
		v.add(path, "value "+strconv.Quote(s)+" is not allowed")
	}
}

// constant checks that the JSON encoding of a value equals want.
func (v *codecValidator) constant(path string, got []byte, want string) {
	if !codecJSONEqual(got, []byte(want)) {
		v.add(path, "must be "+want)
	}
}

func (v *codecValidator) minimum(path string, f, min float64) {
	if f < min {
		v.add(path, "less than "+codecNumber(min))
	}
}

func (v *codecValidator) maximum(path string, f, max float64) {
	if f > max {
		v.add(path, "greater than "+codecNumber(max))
	}
}

func (v *codecValidator) exclusiveMinimum(path string, f, min float64) {
	if f <= min {
		v.add(path, "not greater than "+codecNumber(min))
	}
}

func (v *codecValidator) exclusiveMaximum(path string, f, max float64) {
	if f >= max {
		v.add(path, "not less than "+codecNumber(max))
	}
}

func (v *codecValidator) minItems(path string, n, min int) {
	if n < min {
		v.add(path, "fewer than "+strconv.Itoa(min)+" items")
	}
}

func (v *codecValidator) maxItems(path string, n, max int) {
	if n > max {
		v.add(path, "more than "+strconv.Itoa(max)+" items")
	}
}

// uniqueItems checks that no two items are equal as JSON values.
func codecUniqueItems[T any](v *codecValidator, path string, items []T) {
	enc := make([]any, len(items))
	for i := range items {
		b, err := json.Marshal(items[i])
		if err != nil {
			return
		}
		_ = json.Unmarshal(b, &enc[i])
		for j := 0; j < i; j++ {
			if reflect.DeepEqual(enc[i], enc[j]) {
				v.add(path, "items "+strconv.Itoa(j)+" and "+strconv.Itoa(i)+" are equal")
				return
			}
		}
	}
}

// union checks that a raw value is one of the JSON types listed.
func (v *codecValidator) union(path string, raw json.RawMessage, types ...string) {
	got := codecJSONType(raw)
	for _, t := range types {
		if t == got || (t == "number" && got == "integer") {
			return
		}
	}
	v.add(path, "JSON "+got+" is not one of "+strings.Join(types, ", "))
}

// codecJSONType names the JSON type of a raw value ("integer" for a number
// without a fraction).
func codecJSONType(raw []byte) string {
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

// codecJSONEqual reports whether a and b encode the same JSON value.
func codecJSONEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// codecPointerToken escapes a member name for a JSON pointer (RFC 6901).
func codecPointerToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func codecNumber(f float64) string { return string(codecAppendFloat(nil, f)) }

// codecShort quotes a raw value for a message, cut to 64 bytes.
func codecShort(raw []byte) string {
	const max = 64
	if len(raw) > max {
		return string(raw[:max]) + "…"
	}
	return string(raw)
}

// errCodecNotObject is returned when details are absent or not an object.
var errCodecNotObject = errors.New("adcperr: details are absent or not a JSON object")

// codecDetails decodes e.Details into dst, the Go type of shape s, after
// checking that e's code carries s (and that s.When holds).
func codecDetails(e *Error, s *DetailsShape, dst Details) error {
	carried := false
	for _, c := range s.Codes {
		if c == e.Code {
			carried = true
			break
		}
	}
	if !carried {
		return fmt.Errorf("adcperr: code %q does not carry %s details", string(e.Code), s.Name)
	}
	raw := bytes.TrimSpace(e.Details)
	if len(raw) == 0 || raw[0] != '{' {
		return errCodecNotObject
	}
	if s.When != nil {
		var probe map[string]json.RawMessage
		if err := json.Unmarshal(raw, &probe); err != nil {
			return fmt.Errorf("adcperr: %s details: %v", s.Name, err)
		}
		v, ok := codecElemString[string](probe[s.When.Key])
		if !ok || v != s.When.Value {
			return fmt.Errorf("adcperr: %s details apply only when %s is %q", s.Name, s.When.Key, s.When.Value)
		}
	}
	if err := dst.(json.Unmarshaler).UnmarshalJSON(raw); err != nil {
		return fmt.Errorf("adcperr: %s details: %w", s.Name, err)
	}
	return nil
}
