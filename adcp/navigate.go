package adcp

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"sync"

	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// The navigator behind Extract and ExtractValue, and behind ExtractMCPData
// and ExtractA2AData: it fills the records the detection order (decide)
// reads, then runs the rules on them. Two readers fill them:
//   - from bytes, the scan* functions: one pass over the response validates
//     every byte (the json.Valid rules) and records, on the way, the few
//     values the detection order looks at, skipping everything else without
//     building it. Nothing is allocated unless a text item must be
//     unescaped (a pooled buffer) or an error is found.
//   - from decoded values (map[string]any and the like), the walk*
//     functions look up the same members; an encoded value met on the way
//     (json.RawMessage, []byte, or a value encoding/json encodes) goes to
//     the matching scan* function, and counts as absent (not an object,
//     not an array) when it is not valid JSON.
//
// Success extraction runs on the same records: each holder also keeps the
// object itself (self), so the structuredContent, the selected data part
// or the text item it returns is the one the detection order looked at.
//
// It returns exactly what the decode-then-look-up references of the tests
// return for every input, which the differential fuzz targets check. In
// particular:
//   - input that is not valid JSON (json.Valid) finds nothing;
//   - keys are compared as encoding/json decodes them ("adcp\u005ferror" is
//     adcp_error; invalid UTF-8 never matches), case-sensitively;
//   - of duplicate keys the last one wins, as with encoding/json decoding
//     into a map: an earlier duplicate's findings are discarded;
//   - nesting deeper than encoding/json's 10000 levels is invalid.

// value is one value the extractor found: encoded (raw) or decoded (val).
type value struct {
	raw []byte // the encoding, when the value is encoded
	val any    // the decoded value otherwise (nil is JSON null)
	set bool   // the value is present
	bad bool   // raw is not valid JSON (a json.RawMessage inside decoded values)
}

// holder is an object that may carry an AdCP error, or be the payload
// success extraction returns.
type holder struct {
	ok bool // the holder is present and an object
	// self is the value itself when its encoding starts with '{': the
	// object, or (only inside decoded values) an embedded json.RawMessage
	// that is not valid JSON, which is not ok.
	self    value
	adcpErr value // its adcp_error member
	payErr  value // payload.errors[0] (payload an object, errors non-empty)
	errs0   value // errors[0] (errors a non-empty array)
	// lazy is set while a decoded holder's payload and errors, which only
	// the last rules read, are not read yet (need).
	lazy bool
}

// need reads the members of a decoded holder left for later.
func (h *holder) need() {
	if !h.lazy {
		return
	}
	h.lazy = false
	o, _ := h.self.val.(map[string]any)
	walkPayload(o["payload"], &h.payErr) // nil when absent: nothing to walk
	walkFirst(o["errors"], &h.errs0)
}

// sole returns the value of the holder's only member, when that member's
// key (as encoding/json decodes it) is k.
func (h *holder) sole(k string) (value, bool) {
	if !h.ok {
		return value{}, false
	}
	if b := h.self.raw; b != nil {
		var v value
		it := jsonwire.Open(b, 0, 0, '{')
		for it.Next() {
			var kb [32]byte
			if string(it.KeyText(&kb)) != k {
				return value{}, false
			}
			it.Pos = scanLeaf(b, it.Pos, it.Depth, &v)
		}
		return v, v.set
	}
	o, _ := h.self.val.(map[string]any)
	x, ok := o[k]
	return leafOf(x), ok && len(o) == 1
}

// dataParts is what a parts array of A2A parts holds.
type dataParts struct {
	hit value // the truthy adcp_error of the first data part with one
	// data is the data of the first data part whose data is an object
	// (its encoding starts with '{': self is set).
	data holder
	last bool // data is the last such part's instead (set by the caller)
}

// artifactList is what an A2A artifacts array holds.
type artifactList struct {
	hit  value  // the first artifact part's truthy adcp_error
	art0 holder // the last object data part of artifacts[0]
}

// taskStatus is an A2A status object.
type taskStatus struct {
	state value     // status.state
	parts dataParts // status.message.parts
}

// responseObject is an object that may be the response: the root, the
// JSON-RPC result, or an A2A task / statusUpdate envelope they wrap.
type responseObject struct {
	ok        bool // present and an object
	isError   value
	hasStatus bool // a status member, of any type
	sc        holder
	arts      artifactList
	status    taskStatus // read through taskStatus
	statusVal any        // a decoded status member, read into status when first needed
	content   value
	self      holder // its own payload and errors members
	// task and statusUpdate are its A2A {"task": …} and {"statusUpdate": …}
	// members (the last of each), read only when the rules look inside one
	// of them (responseRoot.response).
	task, statusUpdate value
}

// responseRoot is what the extractor records of a response.
type responseRoot struct {
	responseObject
	result    responseObject
	hasResult bool   // a result member, of any type
	hasError  bool   // an error member, of any type
	rpc       holder // error.data
}

// kind returns the first byte of the value's JSON encoding: '{', '[', '"',
// 't', 'f', 'n', or a number's first character.
func (v value) kind() byte {
	if v.raw != nil {
		return v.raw[0]
	}
	switch t := v.val.(type) { // as normalize leaves it
	case nil:
		return 'n'
	case map[string]any:
		// A nil map here is a typed nil in an interface: an (empty) object.
		return '{'
	case []any:
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

// isTrue reports whether the value is present and the literal true.
func (v value) isTrue() bool { return v.set && v.kind() == 't' }

// truthy reports whether the value is present and truthy in JavaScript:
// anything but null, false, 0, NaN and "".
func (v value) truthy() bool {
	if !v.set {
		return false
	}
	switch v.kind() {
	case 'n', 'f':
		return false
	case '"':
		if v.raw != nil {
			return !v.bad && len(v.raw) > 2
		}
		return v.val.(string) != ""
	case '{', '[', 't':
		return true
	}
	num := string(v.raw)
	switch t := v.val.(type) {
	case float64:
		return t != 0 && t == t
	case json.Number:
		num = string(t)
	}
	f, err := strconv.ParseFloat(num, 64)
	return v.bad || err != nil || f != 0 // an error: too large for float64, not zero
}

// is reports whether the value is the string s (ASCII, no backslash).
func (v value) is(s string) bool {
	if v.kind() != '"' {
		return false
	}
	if v.raw != nil {
		var buf [32]byte
		return !v.bad && string(jsonwire.KeyText(v.raw, &buf)) == s
	}
	return v.val.(string) == s
}

// encoding returns the value's JSON encoding: its bytes as found (not
// copied) when it is encoded, else the encoding/json encoding without HTML
// escaping (object members sorted by name); ok is false when a decoded
// value is nested deeper than maxWalkDepth.
func (v value) encoding() (json.RawMessage, bool) {
	if v.raw != nil {
		return v.raw, true
	}
	if tooDeep(v.val, 0) {
		return nil, false
	}
	return extractEncodeCompact(v.val)
}

// scanLeaf records the value at b[i], validated.
func scanLeaf(b []byte, i, depth int, v *value) int {
	end := jsonwire.Value(b, i, depth)
	if end < 0 {
		return -1
	}
	*v = value{raw: b[i:end], set: true}
	return end
}

// scanFirst records the first element of the array at b[i] in v; v is
// left unset when the value is not an array or is empty.
func scanFirst(b []byte, i, depth int, v *value) int {
	*v = value{}
	it := jsonwire.Open(b, i, depth, '[')
	if it.Next() {
		it.Pos = scanLeaf(b, it.Pos, it.Depth, v)
	}
	return it.End()
}

// scanMember validates the value at b[i] and, when it is an object, runs
// scan on the value of each of its members named k.
func scanMember(b []byte, i, depth int, k string, scan func(i, depth int) int) int {
	it := jsonwire.Open(b, i, depth, '{')
	for it.Next() {
		var kb [32]byte
		if string(it.KeyText(&kb)) == k {
			it.Pos = scan(it.Pos, it.Depth)
		} else {
			it.Skip()
		}
	}
	return it.End()
}

// scanPayload records payload.errors[0] of the payload at b[i].
func scanPayload(b []byte, i, depth int, v *value) int {
	*v = value{}
	return scanMember(b, i, depth, "errors", func(i, depth int) int { return scanFirst(b, i, depth, v) })
}

// scanPartsOf records the parts of the A2A artifact or message at b[i].
func scanPartsOf(b []byte, i, depth int, p *dataParts) int {
	return scanMember(b, i, depth, "parts", func(i, depth int) int { return scanParts(b, i, depth, p) })
}

// scanData records the data member of the JSON-RPC error at b[i].
func scanData(b []byte, i, depth int, h *holder) int {
	*h = holder{}
	return scanMember(b, i, depth, "data", func(i, depth int) int { return scanHolder(b, i, depth, h) })
}

// scanHolder records the holder at b[i].
func scanHolder(b []byte, i, depth int, h *holder) int {
	*h = holder{}
	it := jsonwire.Open(b, i, depth, '{')
	for it.Next() {
		var kb [32]byte
		switch string(it.KeyText(&kb)) {
		case "adcp_error":
			it.Pos = scanLeaf(b, it.Pos, it.Depth, &h.adcpErr)
		case "payload":
			it.Pos = scanPayload(b, it.Pos, it.Depth, &h.payErr)
		case "errors":
			it.Pos = scanFirst(b, it.Pos, it.Depth, &h.errs0)
		default:
			it.Skip()
		}
	}
	end := it.End()
	if end >= 0 && b[i] == '{' {
		h.ok, h.self = true, value{raw: b[i:end], set: true}
	}
	return end
}

// add adds one part, of the given kind and data, to p: it counts when it is
// a data part (no kind, or kind "data") whose data is an object. An
// embedded json.RawMessage that starts with '{' but is not valid JSON
// counts as an object here, as the reference's kind test has it, though
// nothing is found in it.
func (p *dataParts) add(kind value, data *holder) {
	if !data.self.set || kind.set && !kind.is("data") {
		return
	}
	if p.last || !p.data.self.set {
		p.data = *data
	}
	if !p.hit.set && data.adcpErr.truthy() {
		p.hit = data.adcpErr
	}
}

// scanParts records the parts array at b[i].
func scanParts(b []byte, i, depth int, p *dataParts) int {
	*p = dataParts{last: p.last}
	it := jsonwire.Open(b, i, depth, '[')
	for it.Next() {
		it.Pos = scanPart(b, it.Pos, it.Depth, p)
	}
	return it.End()
}

// scanPart adds the part at b[i] to p (nothing when it is not an object).
func scanPart(b []byte, i, depth int, p *dataParts) int {
	var kind value
	var data holder
	part := jsonwire.Open(b, i, depth, '{')
	for part.Next() {
		var kb [32]byte
		switch string(part.KeyText(&kb)) {
		case "kind":
			part.Pos = scanLeaf(b, part.Pos, part.Depth, &kind)
		case "data":
			part.Pos = scanHolder(b, part.Pos, part.Depth, &data)
		default:
			part.Skip()
		}
	}
	p.add(kind, &data) // an invalid part fails the whole scan
	return part.End()
}

// add adds one artifact, whose parts are parts (none when it is not an
// object), to a.
func (a *artifactList) add(first bool, parts *dataParts) {
	if !a.hit.set {
		a.hit = parts.hit
	}
	if first {
		a.art0 = parts.data
	}
}

// scanArtifacts records the artifacts array at b[i].
func scanArtifacts(b []byte, i, depth int, a *artifactList) int {
	*a = artifactList{}
	it := jsonwire.Open(b, i, depth, '[')
	for n := 0; it.Next(); n++ {
		parts := dataParts{last: true} // artifacts[0] selects its last part
		it.Pos = scanPartsOf(b, it.Pos, it.Depth, &parts)
		a.add(n == 0, &parts)
	}
	return it.End()
}

// scanStatus records the A2A status at b[i].
func scanStatus(b []byte, i, depth int, s *taskStatus) int {
	*s = taskStatus{}
	it := jsonwire.Open(b, i, depth, '{')
	for it.Next() {
		var kb [32]byte
		switch string(it.KeyText(&kb)) {
		case "state":
			it.Pos = scanLeaf(b, it.Pos, it.Depth, &s.state)
		case "message":
			s.parts = dataParts{}
			it.Pos = scanPartsOf(b, it.Pos, it.Depth, &s.parts)
		default:
			it.Skip()
		}
	}
	return it.End()
}

// scanResponse records the response at b[i] in r, ok when it is an
// object; root, when not nil, receives the members only the root has.
func scanResponse(b []byte, i, depth int, r *responseObject, root *responseRoot) int {
	it := jsonwire.Open(b, i, depth, '{')
	r.ok = b[i] == '{'
	r.self.ok = r.ok
	for it.Next() {
		var kb [32]byte
		switch string(it.KeyText(&kb)) {
		case "isError":
			it.Pos = scanLeaf(b, it.Pos, it.Depth, &r.isError)
		case "structuredContent":
			it.Pos = scanHolder(b, it.Pos, it.Depth, &r.sc)
		case "artifacts":
			it.Pos = scanArtifacts(b, it.Pos, it.Depth, &r.arts)
		case "status":
			r.hasStatus = true
			it.Pos = scanStatus(b, it.Pos, it.Depth, &r.status)
		case "content":
			it.Pos = scanLeaf(b, it.Pos, it.Depth, &r.content)
		case "payload":
			it.Pos = scanPayload(b, it.Pos, it.Depth, &r.self.payErr)
		case "errors":
			it.Pos = scanFirst(b, it.Pos, it.Depth, &r.self.errs0)
		case "task":
			it.Pos = scanLeaf(b, it.Pos, it.Depth, &r.task)
		case "statusUpdate":
			it.Pos = scanLeaf(b, it.Pos, it.Depth, &r.statusUpdate)
		case "result":
			if root == nil {
				it.Skip()
				continue
			}
			root.hasResult = true
			root.result = responseObject{} // a duplicate: the last one wins
			it.Pos = scanResponse(b, it.Pos, it.Depth, &root.result, nil)
		case "error":
			if root == nil {
				it.Skip()
				continue
			}
			root.hasError = true
			it.Pos = scanData(b, it.Pos, it.Depth, &root.rpc)
		default:
			it.Skip()
		}
	}
	return it.End()
}

// normalize returns a decoded value as the extractor walks it, as the
// reference's newJNode (extract_node_test.go) does: decoded JSON values as
// they are (a map or slice of json.RawMessage as the map[string]any or
// []any of those); encoded JSON ([]byte, json.RawMessage) as a
// json.RawMessage without surrounding white space (nil, JSON null, when
// empty); anything else encoded by encoding/json (nil when it does not
// encode).
func normalize(v any) any {
	switch t := v.(type) {
	case json.RawMessage:
		return normalizeRaw(t)
	case []byte:
		return normalizeRaw(t)
	case nil, map[string]any, []any, string, bool, float64, json.Number:
		return t
	case map[string]json.RawMessage:
		// Read as the decoded object of its members, each encoded.
		m := make(map[string]any, len(t))
		for k, x := range t {
			m[k] = x
		}
		return m
	case []json.RawMessage:
		l := make([]any, len(t))
		for i, x := range t {
			l[i] = x
		}
		return l
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	return json.RawMessage(b)
}

// jsonSpace is JSON white space, the cutset that trims it: not other
// Unicode spaces.
const jsonSpace = " \t\n\r"

// normalizeRaw trims encoded JSON; empty is null.
func normalizeRaw(b []byte) any {
	b = bytes.Trim(b, jsonSpace)
	if len(b) == 0 {
		return nil
	}
	return json.RawMessage(b)
}

// leafOf records a decoded value.
func leafOf(v any) value {
	v = normalize(v)
	if raw, ok := v.(json.RawMessage); ok {
		return value{raw: raw, set: true, bad: !jsonwire.Valid(raw)}
	}
	return value{val: v, set: true}
}

// The walk* functions fill the records from decoded values, as the scan*
// function of the same name does from bytes. The holder, parts, artifact
// and status records they fill start zero: a decoded object has no
// duplicate members to discard.

// decoded returns v as the walker reads it (normalize). When that is
// encoded JSON, it is read into r with scan, and r left zero when it is not
// valid JSON: the caller then finds no object or array to walk.
func decoded[T any](v any, r *T, scan func([]byte, int, int, *T) int) any {
	switch v.(type) {
	case map[string]any, []any:
		return v // what decoders make, at no further call
	}
	t := normalize(v)
	if b, ok := t.(json.RawMessage); ok {
		x := *r // a copy, so that r does not escape through scan
		if scan(b, 0, 0, &x) != len(b) {
			x = *new(T)
		}
		*r = x
	}
	return t
}

func walkFirst(v any, out *value) {
	if l, ok := decoded(v, out, scanFirst).([]any); ok && len(l) > 0 {
		*out = leafOf(l[0])
	}
}

func walkPayload(v any, out *value) { walkFirst(memberOf(v, "errors", out, scanPayload), out) }

func walkHolder(v any, h *holder) {
	t := decoded(v, h, scanHolder)
	if b, ok := t.(json.RawMessage); ok && !h.ok && b[0] == '{' {
		h.self = value{raw: b, set: true, bad: true} // not valid JSON
	}
	o, ok := t.(map[string]any)
	if !ok {
		return
	}
	h.ok, h.lazy = true, true
	h.self = value{val: t, set: true}
	h.adcpErr = leafOf(o["adcp_error"]) // null when absent: not truthy either
}

func walkParts(v any, p *dataParts) {
	l, _ := decoded(v, p, scanParts).([]any)
	for _, x := range l {
		switch e := normalize(x).(type) {
		case json.RawMessage:
			// A raw part: parse it as a one-part array would be.
			if jsonwire.Valid(e) {
				scanPart(e, 0, 0, p)
			}
		case map[string]any:
			var kind value
			if x, ok := e["kind"]; ok {
				kind = leafOf(x)
			}
			var data holder
			walkHolder(e["data"], &data) // none in a text part: not added
			p.add(kind, &data)
		}
	}
}

// memberOf returns the member k of v when v is a decoded object, nil (in
// which the walkers find nothing) when it has none; an encoded v is read
// into r with scan, the reader of the whole value, instead (decoded).
func memberOf[T any](v any, k string, r *T, scan func([]byte, int, int, *T) int) any {
	o, _ := decoded(v, r, scan).(map[string]any)
	return o[k]
}

func walkArtifacts(v any, a *artifactList) {
	l, _ := decoded(v, a, scanArtifacts).([]any)
	for i, x := range l {
		parts := dataParts{last: true} // artifacts[0] selects its last part
		walkParts(memberOf(x, "parts", &parts, scanPartsOf), &parts)
		a.add(i == 0, &parts)
	}
}

func walkStatus(v any, s *taskStatus) {
	o, ok := decoded(v, s, scanStatus).(map[string]any)
	if !ok {
		return
	}
	s.state = leafOf(o["state"]) // null when absent: not a state either
	walkParts(memberOf(o["message"], "parts", &s.parts, scanPartsOf), &s.parts)
}

// walkResponse reads v into r, a response object, and reports whether v is
// an object (and valid JSON); root, when not nil, receives the members only
// the root has.
func walkResponse(v any, r *responseObject, root *responseRoot) bool {
	switch t := normalize(v).(type) {
	case json.RawMessage:
		if scanResponse(t, 0, 0, r, root) != len(t) {
			*r = responseObject{}
		}
	case map[string]any:
		r.open(t, root)
	}
	return r.ok
}

// open reads the decoded object o into r, as scanResponse reads an encoded
// one; root, when not nil, receives the members only the root has.
func (r *responseObject) open(o map[string]any, root *responseRoot) {
	r.ok, r.self.ok = true, true
	for k, x := range o {
		switch k {
		case "isError":
			r.isError = leafOf(x)
		case "structuredContent":
			walkHolder(x, &r.sc)
		case "artifacts":
			walkArtifacts(x, &r.arts)
		case "status":
			r.hasStatus = true
			r.statusVal = x
		case "content":
			r.content = leafOf(x)
		case "payload":
			walkPayload(x, &r.self.payErr)
		case "errors":
			walkFirst(x, &r.self.errs0)
		case "task":
			r.task = leafOf(x)
		case "statusUpdate":
			r.statusUpdate = leafOf(x)
		case "result":
			if root != nil {
				root.hasResult = true
				walkResponse(x, &root.result, nil)
			}
		case "error":
			if root != nil {
				root.hasError = true
				walkHolder(memberOf(x, "data", &root.rpc, scanData), &root.rpc)
			}
		}
	}
}

// taskStatus returns the A2A status record, reading a decoded status
// member into it first.
func (r *responseObject) taskStatus() *taskStatus {
	if r.statusVal != nil {
		walkStatus(r.statusVal, &r.status)
		r.statusVal = nil
	}
	return &r.status
}

// textPool holds the buffers text items are unescaped into.
var textPool = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

// textBuffer is the buffer of one extraction that text items are unescaped
// into, taken from textPool when first needed.
type textBuffer struct{ b *[]byte }

func (t *textBuffer) buffer() *[]byte {
	if t.b == nil {
		t.b = textPool.Get().(*[]byte)
	}
	return t.b
}

// release returns the buffer to the pool (not a huge one).
func (t *textBuffer) release() {
	if t.b != nil && cap(*t.b) <= 4*textPoolMax {
		*t.b = (*t.b)[:0]
		textPool.Put(t.b)
	}
}

// each calls f with the holder of each item of the content array v that is
// a text item holding a JSON object (textHolder), until f returns true; the
// holder's records point into the buffer.
func (t *textBuffer) each(v value, f func(h holder) bool) {
	if v.kind() != '[' || v.bad {
		return
	}
	if v.raw == nil {
		l, _ := v.val.([]any)
		for _, x := range l {
			if h, ok := textHolder(leafOf(x), t.buffer()); ok && f(h) {
				return
			}
		}
		return
	}
	for it := jsonwire.Open(v.raw, 0, 0, '['); it.Next(); {
		var item value
		if it.Pos = scanLeaf(v.raw, it.Pos, it.Depth, &item); it.Pos < 0 {
			return
		}
		if h, ok := textHolder(item, t.buffer()); ok && f(h) {
			return
		}
	}
}

// textHolder parses an MCP content item of type "text" whose text is a
// JSON object (the reference's extractTextJSON), unescaping it into buf; the holder's self
// is the text without the JSON white space around it, in buf.
func textHolder(item value, buf *[]byte) (holder, bool) {
	var typ, text value
	switch {
	case item.raw != nil:
		if item.bad || item.raw[0] != '{' {
			return holder{}, false
		}
		it := jsonwire.Open(item.raw, 0, 0, '{')
		for it.Next() {
			var kb [32]byte
			switch string(it.KeyText(&kb)) {
			case "type":
				it.Pos = scanLeaf(item.raw, it.Pos, it.Depth, &typ)
			case "text":
				it.Pos = scanLeaf(item.raw, it.Pos, it.Depth, &text)
			default:
				it.Skip()
			}
		}
	default:
		o, ok := item.val.(map[string]any)
		if !ok {
			return holder{}, false
		}
		typ, text = leafOf(o["type"]), leafOf(o["text"]) // null when absent
	}
	if !typ.is("text") || text.kind() != '"' || text.bad {
		return holder{}, false
	}
	if text.raw == nil {
		*buf = append((*buf)[:0], text.val.(string)...)
	} else if body := bytes.Trim(text.raw[1:len(text.raw)-1], jsonSpace); len(body) > 0 && (body[0] == '{' || body[0] == '\\') {
		// After its spaces it starts with '{' or an escape (JSON white
		// space, or the brace, escaped): it may be an object. Prose is
		// ruled out without unescaping it.
		*buf = jsonwire.Unquote((*buf)[:0], text.raw)
	} else {
		return holder{}, false
	}
	b := bytes.Trim(*buf, jsonSpace)
	var h holder
	if len(b) == 0 || b[0] != '{' || scanHolder(b, 0, 0, &h) != len(b) {
		return holder{}, false
	}
	return h, true // h.self is b
}

// mayHoldErrors reports whether the encoding b may hold an "errors" member
// at any depth, also inside a JSON text it holds as a string: it has the
// word, or a \u escape that could spell it. (One pass: on JSON text, which
// has many e's, faster than searching for each in turn with the bytes
// package.)
func mayHoldErrors(b []byte) bool {
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '\\':
			if i+1 < len(b) && b[i+1] == 'u' {
				return true
			}
		case 'e':
			if len(b)-i >= len("errors") && string(b[i:i+len("errors")]) == "errors" {
				return true
			}
		}
	}
	return false
}

// a2aState returns the A2A state of a status, normalized
// (NormalizeA2AState), when it is one of a2aStates, else "".
func a2aState(s *taskStatus) string {
	v := s.state
	// A known state has at most 25 characters ("TASK_STATE_" and 14), each
	// at most 6 bytes encoded.
	var buf [256]byte
	switch {
	case v.kind() != '"' || v.bad || len(v.raw) > len(buf):
		return ""
	case v.raw == nil:
		return knownA2AState(v.val.(string))
	}
	return knownA2AState(string(jsonwire.Unquote(buf[:0], v.raw)))
}

// a2aData returns the data part success extraction selects in a
// response whose A2A state is state (a2aState), and its path, or nil:
// in a final state the last object data part of the first artifact, else
// the first object data part of status.message; in an interim state the
// first object data part of status.message. The holder is not ok when it is
// an embedded json.RawMessage that is not valid JSON.
func a2aData(r *responseObject, state string) (*holder, Path) {
	switch state {
	case "completed", "failed", "canceled", "rejected":
		if r.arts.art0.self.set {
			return &r.arts.art0, PathArtifact
		}
	case "working", "submitted", "input-required", "auth-required":
	default:
		return nil, ""
	}
	if s := r.taskStatus(); s.parts.data.self.set {
		return &s.parts.data, PathStatusMessage
	}
	return nil, ""
}

// decided validates the error a path found and decodes it: the common
// decoded one from its values (valueError), any other encoded one where it
// lies in the response, before it is copied, so that one too large to be
// valid costs no allocation, and any other decoded one encoded. One
// too short to measure more than MaxErrorSize (no character grows when
// measured, and a number at most 5.25 times: 1e20 is 21 digits) is decoded
// at once and judged by its code, which a missing or non-string code
// leaves empty.
func decided(p Path, v value, nonFatal bool) (Extraction, bool) {
	x := Extraction{Path: p, NonFatal: nonFatal, raw: v.raw}
	if v.raw == nil {
		if m, isMap := v.val.(map[string]any); isMap {
			if e, ok, decided := valueError(m); decided {
				if !ok {
					return Extraction{}, false
				}
				x.Err, x.val = e, m
				return x, true
			}
		}
		if n, _ := valueUnits(v.val, MaxErrorSize); n > MaxErrorSize {
			return Extraction{}, false // too large to be valid: not encoded
		}
		var ok bool
		if x.raw, ok = extractEncodeCompact(v.val); !ok {
			return Extraction{}, false
		}
	}
	if v.bad || x.raw[0] != '{' || len(x.raw) > MaxErrorSize/6 && extractProblem(x.raw) != "" {
		return Extraction{}, false
	}
	if v.raw != nil {
		x.raw = append(json.RawMessage(nil), v.raw...) // not the response's bytes
	}
	x.Err = extractDecodeError(x.raw)
	if !codeLengthOK(string(x.Err.Code)) {
		return Extraction{}, false
	}
	return x, true
}

// response returns the response the rules look at: the JSON-RPC result
// when it is an object, else the root; inside it, the A2A {"task": …} or
// {"statusUpdate": …} envelope of streams and push notifications when it
// has no status member. An envelope is read into root.result, whose own
// records the rules then no longer need.
func (root *responseRoot) response() *responseObject {
	r := &root.responseObject
	if root.result.ok {
		r = &root.result
	}
	if r.hasStatus {
		return r
	}
	for _, v := range [...]value{r.task, r.statusUpdate} {
		if !v.set || v.kind() != '{' || v.bad {
			continue
		}
		root.result = responseObject{}
		if v.raw != nil {
			scanResponse(v.raw, 0, 0, &root.result, nil)
		} else {
			walkResponse(v.val, &root.result, nil)
		}
		return &root.result
	}
	return r
}

// decide runs the detection order of transport-errors.md over the
// records of a response, when read (see extractFrom in extract_ref_test.go,
// the reference).
func decide(root *responseRoot, read bool) (Extraction, bool) {
	if !read {
		return Extraction{}, false
	}
	var buf textBuffer
	defer buf.release()
	resp := root.response()
	isError := resp.isError.isTrue()
	// 1. MCP structuredContent, only on an error result.
	if isError && resp.sc.ok && resp.sc.adcpErr.truthy() {
		return decided(PathStructuredContent, resp.sc.adcpErr, false)
	}
	// 2. and 3. A2A data parts: artifacts, then the status message.
	if resp.arts.hit.set {
		return decided(PathArtifact, resp.arts.hit, false)
	}
	if s := resp.taskStatus(); s.parts.hit.set {
		return decided(PathStatusMessage, s.parts.hit, false)
	}
	// 4. JSON-RPC error.data.adcp_error.
	if root.rpc.ok && root.rpc.adcpErr.truthy() {
		return decided(PathJSONRPCError, root.rpc.adcpErr, false)
	}
	// 5. Text fallback, only on an error result.
	if isError {
		var hit value
		buf.each(resp.content, func(h holder) bool { hit = h.adcpErr; return hit.truthy() })
		if hit.truthy() {
			return decided(PathTextFallback, hit, false)
		}
	}
	// 6. The payload layer. The first text item that is a JSON object is
	// a holder; it is looked for only when the content may hold errors, so
	// that the text of a success response (the payload written as JSON) is
	// not parsed.
	state := a2aState(resp.taskStatus())
	nonFatal := !(isError || root.hasError || state == "failed" || state == "rejected")
	var text holder
	if c := resp.content; c.raw == nil || mayHoldErrors(c.raw) {
		buf.each(c, func(h holder) bool { text = h; return true })
	}
	holders := [...]*holder{&resp.sc, &text, nil, &resp.self, nil}
	holders[2], _ = a2aData(resp, state)
	if root.hasResult {
		holders[4] = &root.self
	}
	for _, h := range holders {
		if h == nil || !h.ok {
			continue
		}
		h.need()
		if h.payErr.set {
			return decided(PathPayload, h.payErr, nonFatal)
		}
		if h.errs0.set {
			return decided(PathPayload, h.errs0, nonFatal)
		}
	}
	return Extraction{}, false
}

// scan fills root from the encoded response b; it reports false when b is
// not a JSON object (or not valid JSON).
func (root *responseRoot) scan(b []byte) bool {
	b = bytes.Trim(b, jsonSpace)
	return len(b) > 0 && b[0] == '{' && scanResponse(b, 0, 0, &root.responseObject, root) == len(b)
}

// read fills root from a response as ExtractValue takes it; it reports
// false when the response is not a JSON object.
func (root *responseRoot) read(response any) bool {
	switch t := response.(type) {
	case []byte:
		return root.scan(t)
	case json.RawMessage:
		return root.scan(t)
	}
	return walkResponse(response, &root.responseObject, root)
}

// extractEncodeCompact encodes v as compact JSON without HTML escaping
// (jsonwire.Marshal, the one encoding the seller side measures too). A float that
// is NaN or infinite, which JSON cannot hold, is written null, as
// JSON.stringify writes it: a decoded retry_after of NaN is then absent,
// and the error is kept. A value that holds itself cannot be encoded.
func extractEncodeCompact(v any) (json.RawMessage, bool) {
	b, err := jsonwire.Marshal(v)
	if err != nil {
		if finite, ok := withoutNonFinite(v, 0); ok {
			b, err = jsonwire.Marshal(finite)
		}
	}
	return b, err == nil
}

// maxWalkDepth bounds the recursion over a caller's decoded values: as deep
// as encoding/json decodes (10000 levels). No decoder makes a cyclic value,
// but a caller can hand one over; it is refused, not followed until the
// stack overflows.
const maxWalkDepth = 10000

// tooDeep reports whether the maps and slices of v, at level depth, nest
// deeper than maxWalkDepth: encoding them could overflow the stack.
func tooDeep(v any, depth int) bool {
	if depth > maxWalkDepth {
		return true
	}
	switch t := v.(type) {
	case map[string]any:
		for _, x := range t {
			if tooDeep(x, depth+1) {
				return true
			}
		}
	case []any:
		for _, x := range t {
			if tooDeep(x, depth+1) {
				return true
			}
		}
	}
	return false
}

// withoutNonFinite returns a copy of the maps and slices of v with every
// NaN or infinite float replaced by nil (JSON null); ok is false when v is
// nested deeper than maxWalkDepth.
func withoutNonFinite(v any, depth int) (any, bool) {
	if depth > maxWalkDepth {
		return nil, false
	}
	switch t := v.(type) {
	case float64:
		if math.IsNaN(t) || math.IsInf(t, 0) {
			return nil, true
		}
	case float32:
		if math.IsNaN(float64(t)) || math.IsInf(float64(t), 0) {
			return nil, true
		}
	case map[string]any:
		c := make(map[string]any, len(t))
		for k, x := range t {
			var ok bool
			if c[k], ok = withoutNonFinite(x, depth+1); !ok {
				return nil, false
			}
		}
		return c, true
	case []any:
		c := make([]any, len(t))
		for i, x := range t {
			var ok bool
			if c[i], ok = withoutNonFinite(x, depth+1); !ok {
				return nil, false
			}
		}
		return c, true
	}
	return v, true
}
