package adcp

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// decodedErrorEncoding validates an adcp_error found as a decoded value and
// decodes it, or reports false when it is not a valid AdCP error. The
// result is exactly what the encoding round trip gives (extractEncodeCompact,
// then extractProblem on its bytes, then decoding them; kept as
// oldDecodedErrorEncoding in valueerr_old_test.go), without encoding/json:
//
//   - An error whose encoding's length is the size Validate measures (the
//     types encoding/json decodes into, every string valid UTF-8, every
//     number a finite float64: exactErrorEncoding) is measured and decoded
//     from the values themselves, and not written: Extraction.Raw writes
//     it when asked (valuemeasure.go).
//   - Otherwise (json.Number, invalid UTF-8, which a re-encoding may shrink:
//     "\ufffd" to 3 bytes, 1.0 to 1; json.RawMessage leaves,
//     map[string]json.RawMessage, NaN or infinite floats, other Go types)
//     it is written as encoding/json writes it and the bytes are judged
//     (writtenErrorEncoding), or it goes the old way.
func decodedErrorEncoding(val any) (decodedError, bool) {
	return decodedErrorInto(val, nil)
}

// decodedErrorInto is decodedErrorEncoding decoding the common valid error
// (plainError) into ex's storage when ex is not nil, instead of a new
// errorBlock.
func decodedErrorInto(val any, ex *Extractor) (decodedError, bool) {
	m, ok := val.(map[string]any)
	if !ok || m == nil {
		raw, ok := oldValueErrorEncoding(val)
		return decodedError{raw: raw}, ok
	}
	if e, decided := plainError(m, ex); decided {
		if e == nil {
			return decodedError{}, false
		}
		return decodedError{val: m, err: e}, true
	}
	if d, ok, known := exactErrorEncoding(m); known {
		return d, ok
	}
	raw, ok, e := writtenErrorEncoding(m)
	return decodedError{raw: raw, err: e}, ok
}

// plainError is decodedErrorEncoding for the common valid error: every
// member one the schema declares (a plain member), every string member a
// valid UTF-8 string, retry_after a finite float64, details a value the
// measurer sizes exactly, issues an array of plain issues (plainIssues),
// the code 1 to MaxCodeLength characters, and the whole encoding at most
// MaxErrorSize bytes. It measures the encoding and decodes the error in
// one range over the members (errorFromValues's fields, with nothing kept
// raw but details, written into Error.Details; fewer instructions than
// looking up each plain member, even the most frequent first). With ex not nil it decodes
// into ex.e (overwritten even when the error is not plain), with
// retry_after in a float64 of ex's never used again; else into a local
// block copied to a new one only when the error is plain. It returns the
// Error decoded and true; nil and true for an error whose every member it
// measured but which is not valid (no code, a code too short or too long,
// too large); nil and false for any other error, which exactErrorEncoding
// then decides from the start. The verdict and the Error are exactly its
// own.
func plainError(m map[string]any, ex *Extractor) (*Error, bool) {
	if len(m) > plainMembers {
		return nil, false
	}
	var local errorBlock
	var e *Error
	if ex == nil {
		e = &local.e
	} else {
		e = &ex.e
		*e = Error{}
	}
	var ra float64
	var present uint64
	dl := 0 // the length of the encoding of details
	// The braces, the commas and the colons, then each member.
	n := 1 + 2*len(m)
	codeASCII := false
	for k, x := range m {
		field, bit := stringMember(e, k)
		switch {
		case field != nil: // a string member, read below the switch
		case k == "retry_after":
			f, isFloat := x.(float64)
			if !isFloat {
				return nil, false
			}
			l, finite := floatLen(f)
			if !finite {
				return nil, false
			}
			n += len("retry_after") + 2 + l
			ra, present = f, present|1<<4
			continue
		case k == "details":
			l, exact := detailsLen(x)
			if !exact {
				return nil, false
			}
			n += len("details") + 2 + l
			dl, present = l, present|1<<6
			continue
		case k == "issues":
			var l int
			if e.Issues, l = plainIssues(x); l < 0 {
				return nil, false
			}
			n += len("issues") + 2 + l
			present |= 1 << 5
			continue
		default:
			return nil, false // a member kept raw in Extra
		}
		s, isStr := x.(string)
		if !isStr || len(s) > MaxErrorSize {
			return nil, false // a longer string is too large: not read twice
		}
		l, ascii, exact := plainStringLen(s)
		if !exact {
			return nil, false
		}
		// The plain names need no escaping: their length, and quotes.
		n += len(k) + 2 + l
		*field, present = s, present|1<<bit
		if bit == 0 {
			codeASCII = ascii
		}
	}
	// Every member was measured: the verdict is the general path's.
	if present&1 == 0 || n > MaxErrorSize {
		return nil, true
	}
	c := len(e.Code)
	if !codeASCII {
		c = utf8.RuneCountInString(string(e.Code))
	}
	if c == 0 || c > MaxCodeLength {
		return nil, true
	}
	if present&(1<<6) != 0 {
		e.Details = appendExact(make(json.RawMessage, 0, dl), m["details"])
	}
	e.codec = adcpimpl.DecodedState(present)
	if ex != nil {
		if present&(1<<4) != 0 {
			ex.e.RetryAfter = ex.float(ra)
		}
		return &ex.e, true // not e: local stays on the stack
	}
	blk := new(errorBlock)
	*blk = local
	if present&(1<<4) != 0 {
		blk.retryAfter = ra
		blk.e.RetryAfter = &blk.retryAfter
	}
	return &blk.e, true
}

// detailsLen is the length of the encoding of details, the value of an
// error's details member, when the measurer sizes it exactly and it is at
// most MaxErrorSize bytes; false otherwise.
//
//go:noinline
func detailsLen(details any) (int, bool) {
	ms := measurer{limit: MaxErrorSize}
	if !ms.value(details, 1) || ms.n > MaxErrorSize {
		return 0, false
	}
	return ms.n, true
}

// plainMembers is how many members plainError decodes: the schema's.
const plainMembers = len(errorMemberNames)

// plainIssues decodes the value of an error's issues member when it is an
// array of plain issues: objects whose members are all Issue's strings
// (pointer, message, keyword, schemaPath, schema_id), valid UTF-8, as
// Issue.UnmarshalValidJSON decodes their encoding (nothing kept in Extra,
// each member's bit in the codec state). It returns them and the length
// of the array's encoding; -1 for any other value (discriminator, another
// member, a value of another type, an encoding past MaxErrorSize), which
// the general path decodes.
//
//go:noinline
func plainIssues(x any) ([]Issue, int) {
	items, ok := x.([]any)
	// n objects take at least 3n+1 bytes: refused by the general path
	// before anything is allocated for them.
	if !ok || items == nil || 3*len(items)+1 > MaxErrorSize {
		return nil, -1
	}
	out := make([]Issue, len(items))
	n := 2 + max(len(items)-1, 0) // the brackets and the commas
	for i, item := range items {
		m, ok := item.(map[string]any)
		if !ok || m == nil {
			return nil, -1
		}
		// The braces, the commas and the colons, then each member.
		n += 1 + 2*len(m)
		if len(m) == 0 {
			n++
		}
		is := &out[i]
		var present uint64
		for k, v := range m {
			dst, bit := issueStringMember(is, k)
			if dst == nil {
				return nil, -1 // discriminator, or a member kept raw in Extra
			}
			s, isStr := v.(string)
			if !isStr || len(s) > MaxErrorSize {
				return nil, -1
			}
			l, _, exact := plainStringLen(s)
			if !exact {
				return nil, -1
			}
			// The names need no escaping: their length, and quotes.
			n += len(k) + 2 + l
			*dst, present = s, present|1<<bit
		}
		is.codec = adcpimpl.DecodedState(present)
		if n > MaxErrorSize {
			return nil, -1
		}
	}
	return out, n
}

// plainStringLen is exactStringLen with a fast path, eight bytes at a
// time, for the strings most errors hold: ASCII that needs no escaping
// (ascii is then true).
func plainStringLen(s string) (n int, ascii, exact bool) {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	// A word is plain when none of its bytes is 0x80 or more, below 0x20
	// (control bytes), a quote or a backslash. With no byte of 0x80 or
	// more, w-ones*0x20 sets the high bit of a byte below 0x20 (or of one
	// above it, borrowing: the answer is still yes), and x-ones&^x that of
	// a zero byte of x.
	var bad uint64
	if len(s) >= 8 {
		// Every eight bytes, the last eight overlapping the ones before.
		for i := 0; ; i += 8 {
			if i > len(s)-8 {
				i = len(s) - 8
			}
			w := jsonwire.Word(s[i : i+8])
			q, bs := w^(ones*'"'), w^(ones*'\\')
			bad |= w | (w - ones*0x20) | ((q - ones) &^ q) | ((bs - ones) &^ bs)
			if i == len(s)-8 {
				break
			}
		}
	} else {
		for i := 0; i < len(s); i++ {
			if c := s[i]; c >= utf8.RuneSelf || jsonwire.EscapedLen[c] != 1 {
				bad = highs
				break
			}
		}
	}
	if bad&highs != 0 {
		n, exact = exactStringLen(s)
		return n, false, exact
	}
	return 2 + len(s), true, true
}

// exactErrorEncoding is decodedErrorEncoding for the errors whose measure
// is exactly their encoding's length (every string valid UTF-8, every
// number a finite float64, only the types encoding/json decodes into,
// nested at most maxValueDepth deep): one pass over the members measures
// the encoding without writing it, stopping once past MaxErrorSize (an
// oversized error is refused before anything is copied), and the error is
// then decoded from the values. known is false for the other errors.
func exactErrorEncoding(m map[string]any) (d decodedError, ok, known bool) {
	// The members, each with the length of its value's encoding (end).
	var spanBuf [12]memberSpan
	spans := spanBuf[:0]
	// The braces, the commas and the colons, then each member.
	ms := measurer{n: 1 + 2*len(m), limit: MaxErrorSize}
	if len(m) == 0 {
		ms.n = 2
	}
	code, hasCode, codeIsStr, issues := "", false, false, false
	// An error whose members are all the schema's is read by look-ups (a
	// range over a map writes its iterator, with write barriers while the
	// collector marks); any other by a range.
	found := 0
	if len(m) <= len(errorMemberNames) {
		for _, k := range errorMemberNames {
			x, has := m[k]
			if !has {
				continue
			}
			found++
			ms.n += len(k) + 2
			switch k {
			case "code":
				hasCode = true
				code, codeIsStr = x.(string)
			case "issues":
				issues = true
			}
			before := ms.n
			if !ms.value(x, 1) {
				return d, false, false
			}
			if ms.n > MaxErrorSize {
				return d, false, true
			}
			spans = append(spans, memberSpan{member{key: k, val: x}, 0, ms.n - before})
		}
	}
	for k, x := range m {
		if found == len(m) {
			break
		}
		if found > 0 {
			// Start again: the look-ups did not find every member.
			found, spans, hasCode, codeIsStr, issues = 0, spans[:0], false, false, false
			ms.n = 1 + 2*len(m)
		}
		n, exact := exactStringLen(k)
		if !exact {
			return d, false, false
		}
		ms.n += n
		switch k {
		case "code":
			hasCode = true
			code, codeIsStr = x.(string)
		case "issues":
			issues = true
		}
		before := ms.n
		if !ms.value(x, 1) {
			return d, false, false
		}
		if ms.n > MaxErrorSize {
			return d, false, true
		}
		spans = append(spans, memberSpan{member{key: k, val: x}, 0, ms.n - before})
	}
	// The code check of extractProblem: code members are unique in a map,
	// and a string's code points are counted as encoding/json writes them.
	switch {
	case !hasCode:
		return d, false, true
	case !codeIsStr:
		// The measurer sized it, so it is a number, a boolean, null, an
		// object or an array: not a string, whatever it encodes to.
		return d, false, true
	}
	if n := utf8.RuneCountInString(code); n == 0 || n > MaxCodeLength {
		return d, false, true
	}
	if issues {
		// Issues hold nested generated types: UnmarshalValidJSON decodes
		// them from the encoding.
		clear(spans)
		return decodedError{raw: appendExactObject(make([]byte, 0, ms.n), m)}, true, true
	}
	// One allocation holds the Error and its retry_after.
	blk := new(errorBlock)
	errorFromValues(&blk.e, &blk.retryAfter, nil, spans)
	clear(spans) // spanBuf may have moved to the heap: drop the references
	return decodedError{val: m, err: &blk.e}, true, true
}

// encodeDecoded returns the encoding of a decoded error object
// (Extraction.Raw): the bytes exactErrorEncoding measured, or, for an
// object changed since into one it would leave, encoding/json's.
func encodeDecoded(m map[string]any) json.RawMessage {
	ms := measurer{limit: math.MaxInt}
	if ms.value(m, 0) {
		return appendExact(make([]byte, 0, ms.n), m)
	}
	raw, _ := extractEncodeCompact(m)
	return raw
}

// errorBlock is the one allocation behind an Error decoded from values:
// the Error and the float64 its RetryAfter points to.
type errorBlock struct {
	e          Error
	retryAfter float64
}

// sortMembers sorts members by name, as encoding/json sorts map keys: by
// insertion when they are few, as an error's are.
func sortMembers(members []member) {
	if len(members) > 12 {
		slices.SortFunc(members, func(a, b member) int { return strings.Compare(a.key, b.key) })
		return
	}
	for i := 1; i < len(members); i++ {
		for j := i; j > 0 && members[j].key < members[j-1].key; j-- {
			members[j], members[j-1] = members[j-1], members[j]
		}
	}
}

// writtenErrorEncoding is decodedErrorEncoding for the errors
// exactErrorEncoding leaves: written first, then judged.
func writtenErrorEncoding(m map[string]any) (json.RawMessage, bool, *Error) {
	val := any(m)
	// The code check needs no encoding: a missing or non-string code,
	// or one of the wrong length, is refused at once (the same verdict
	// extractProblem reaches on the encoding: code members are unique in
	// a map, and a string's code points are counted as encoding/json
	// writes them, an invalid byte as one U+FFFD).
	c, ok := m["code"]
	if !ok {
		return nil, false, nil
	}
	code, ok := c.(string)
	if !ok {
		raw, ok := oldValueErrorEncoding(val) // json.RawMessage and other types
		return raw, ok, nil
	}
	if n := utf8.RuneCountInString(code); n == 0 || n > MaxCodeLength {
		return nil, false, nil
	}
	sc := valueScratchPool.Get().(*valueScratch)
	w := valueWriter{b: make([]byte, 0, 256), members: sc.members[:0], spans: sc.spans[:0]}
	raw, ok, e := w.b, false, (*Error)(nil)
	wrote := w.value(m, 0)
	switch {
	case w.over:
		// Larger than Validate allows: refused before the rest is copied.
	case !wrote:
		raw, ok = oldValueErrorEncoding(val)
	case w.inexact:
		raw, ok = w.b, extractProblem(w.b) == ""
	case len(w.b) <= MaxErrorSize:
		raw, ok = w.b, true
		if blk := new(errorBlock); errorFromValues(&blk.e, &blk.retryAfter, w.b, w.spans) {
			e = &blk.e
		}
	}
	if !ok {
		raw = nil
	}
	// Drop the references to the caller's values before reuse.
	clear(w.members[:cap(w.members)])
	clear(w.spans[:cap(w.spans)])
	sc.members, sc.spans = w.members[:0], w.spans[:0]
	valueScratchPool.Put(sc)
	return raw, ok, e
}

// valueScratch is the reusable scratch space of the writer.
type valueScratch struct {
	members []member
	spans   []memberSpan
}

var valueScratchPool = sync.Pool{New: func() any { return new(valueScratch) }}

// errorFromValues decodes into e, zero, the error object whose members
// are spans (every string valid UTF-8 and every number a finite float64),
// as Error.UnmarshalValidJSON decodes its encoding: the same fields, the
// same members kept raw in Extra, the same codec state; retry_after goes
// to *ra, which e.RetryAfter then points to. The encoding of a member kept
// raw is copied from raw[start:end] when raw is not nil (the writer wrote
// the object), else written (end is then its length). It reports false for
// what it leaves to UnmarshalValidJSON (issues, which hold nested
// generated types).
func errorFromValues(e *Error, ra *float64, raw []byte, spans []memberSpan) bool {
	var present uint64
	encoding := func(sp *memberSpan) json.RawMessage {
		if raw != nil {
			return append(json.RawMessage(nil), raw[sp.start:sp.end]...)
		}
		return appendExact(make(json.RawMessage, 0, sp.end), sp.val)
	}
	keep := func(sp *memberSpan) {
		if e.Extra == nil {
			e.Extra = make(map[string]json.RawMessage)
		}
		e.Extra[sp.key] = encoding(sp)
	}
	for i := range spans {
		sp := &spans[i]
		k, v := sp.key, sp.val
		dst, bit := stringMember(e, k)
		switch {
		case dst != nil: // a string member, read below the switch
		case k == "retry_after":
			// adcpimpl.FloatPtrRounded: any finite number fits; the
			// number as written is kept only when the float64 is not
			// exactly it, and the writer wrote the float64's shortest
			// decimal (the one ExactFloat compares with).
			if f, ok := v.(float64); ok {
				*ra = f
				e.RetryAfter = ra
				present |= 1 << 4
			} else {
				keep(sp)
			}
			continue
		case k == "issues":
			return false
		case k == "details":
			e.Details = encoding(sp)
			present |= 1 << 6
			continue
		default:
			keep(sp)
			continue
		}
		// adcpimpl.String: a JSON string fits (valid UTF-8 without
		// escapes decodes to itself: the Go string as it is).
		if s, ok := v.(string); ok {
			*dst = s
			present |= 1 << bit
		} else {
			keep(sp)
		}
	}
	e.codec = adcpimpl.DecodedState(present)
	return true
}

// oldValueErrorEncoding is the encoding round trip, for the values
// decodedErrorEncoding leaves to it.
func oldValueErrorEncoding(val any) (json.RawMessage, bool) {
	if _, ok := nodesWithin(val, MaxErrorSize); !ok {
		// Larger than Validate allows, without encoding it: a value that
		// holds itself, or shares a member so often that its encoding
		// would not end (encoding/json writes each share out).
		return nil, false
	}
	raw, ok := extractEncodeCompact(val)
	if !ok || extractProblem(raw) != "" {
		return nil, false
	}
	return raw, true
}

// nodesWithin counts the values in v (each member, each item, v itself)
// against budget, and reports false once they are more than it: each
// writes at least one byte, so a value of more than MaxErrorSize of them
// encodes to more than MaxErrorSize bytes. It returns what is left of
// budget. The walk is as deep as budget at most.
func nodesWithin(v any, budget int) (int, bool) {
	budget--
	if budget < 0 {
		return 0, false
	}
	ok := true
	switch t := v.(type) {
	case map[string]any:
		for _, x := range t {
			if budget, ok = nodesWithin(x, budget); !ok {
				return 0, false
			}
		}
	case []any:
		for _, x := range t {
			if budget, ok = nodesWithin(x, budget); !ok {
				return 0, false
			}
		}
	}
	return budget, true
}

// valueWriter appends decoded values as encoding/json (jsonwire.Marshal)
// encodes them.
type valueWriter struct {
	b []byte
	// inexact: the size Validate measures may differ from len(b).
	inexact bool
	// strBytes counts the bytes of the strings written (keys included).
	// Validate's measure of an error is at least that (an invalid byte
	// counts as U+FFFD, an escaped one as its escape), so past MaxErrorSize
	// the writer stops: over is set, and nothing more is copied.
	strBytes int
	values   int // the values written, members and items included
	over     bool
	members  []member     // the members of the objects being written
	spans    []memberSpan // the top-level members
}

// member is an object member.
type member struct {
	_   [0]func() // not comparable: no equality function is linked (nor memberSpan's)
	key string
	val any
}

// memberSpan is a top-level member and where the writer wrote its value.
type memberSpan struct {
	member
	start, end int
}

// maxValueDepth bounds the recursion; deeper values go the old way.
const maxValueDepth = 64

// value appends v; it reports false for a value it leaves to encoding/json.
func (w *valueWriter) value(v any, depth int) bool {
	if depth > maxValueDepth || w.over {
		return false
	}
	// Each value is at least one byte of any encoding Validate measures:
	// past MaxErrorSize of them the error is too large, whatever its
	// numbers are written as (a value that shares members is written out
	// for each share, and would not end).
	if w.values++; w.values > MaxErrorSize {
		w.over = true
		return false
	}
	switch t := v.(type) {
	case nil:
		w.b = append(w.b, "null"...)
	case bool:
		if t {
			w.b = append(w.b, "true"...)
		} else {
			w.b = append(w.b, "false"...)
		}
	case string:
		w.str(t)
	case float64:
		if math.IsNaN(t) || math.IsInf(t, 0) {
			return false
		}
		w.b = jsonwire.AppendFloat(w.b, t)
	case json.Number:
		s := string(t)
		if s == "" {
			s = "0"
		}
		if !jsonwire.ValidNumber(s) {
			return false
		}
		w.b = append(w.b, s...)
		w.inexact = true
	case map[string]any:
		if t == nil {
			w.b = append(w.b, "null"...)
			return true
		}
		if len(t) == 0 {
			w.b = append(w.b, "{}"...)
			return true
		}
		mark := len(w.members)
		for k, x := range t {
			w.members = append(w.members, member{key: k, val: x})
		}
		slices.SortFunc(w.members[mark:], func(a, b member) int { return strings.Compare(a.key, b.key) })
		w.b = append(w.b, '{')
		for i := range len(t) {
			x := w.members[mark+i] // w.members may grow (and move) below
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.str(x.key)
			w.b = append(w.b, ':')
			start := len(w.b)
			if !w.value(x.val, depth+1) {
				return false
			}
			if depth == 0 {
				w.spans = append(w.spans, memberSpan{x, start, len(w.b)})
			}
		}
		w.b = append(w.b, '}')
		w.members = w.members[:mark]
	case []any:
		if t == nil {
			w.b = append(w.b, "null"...)
			return true
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
	default:
		return false
	}
	return true
}

// str appends s as encoding/json does without HTML escaping.
func (w *valueWriter) str(s string) {
	if w.strBytes += len(s); w.strBytes > MaxErrorSize {
		w.over = true
		return
	}
	var replaced bool
	if w.b, replaced = jsonwire.AppendString(w.b, s); replaced {
		w.inexact = true // decoded and encoded again: 3 bytes
	}
}
