package adcp

import (
	"encoding/json"
	"strconv"
	"strings"
	"sync"

	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// The single-pass extractor behind Extract and ExtractValue.
//
// From bytes, one pass over the response validates every byte (scan.go, the
// json.Valid rules) and, on the way, records the few values the detection
// order looks at: for the root object, the JSON-RPC result and the A2A task
// and statusUpdate envelopes, their isError, structuredContent, artifacts,
// status, content, payload and errors members, down to each data part's
// adcp_error, payload.errors[0] and errors[0]. Everything else is skipped
// without being built. The detection order (fastDecide) then runs on those
// records; only the content[] text items are read again, when a rule needs
// one parsed. Nothing is allocated unless a text item must be unescaped (a
// pooled buffer) or an error is found (its copy, Validate, its decoding).
//
// From decoded values (map[string]any and the like), the same records are
// filled by map lookups, so both forms share the detection order.
//
// It returns exactly what the decode-then-look-up reference
// (extract_ref_test.go) returns for every input, which the differential
// fuzz target FuzzExtractDifferential checks. In particular:
//   - input that is not valid JSON (json.Valid) finds nothing;
//   - keys are compared as encoding/json decodes them ("adcp\u005ferror" is
//     adcp_error; invalid UTF-8 never matches), case-sensitively;
//   - of duplicate keys the last one wins, as with encoding/json decoding
//     into a map: an earlier duplicate's findings are discarded;
//   - nesting deeper than encoding/json's 10000 levels is invalid.

// fastVal is one value the extractor found: encoded (raw) or decoded (val).
type fastVal struct {
	raw []byte // the encoding, when the value is encoded
	val any    // the decoded value otherwise (nil is JSON null)
	set bool   // the value is present
	bad bool   // raw is not valid JSON (a json.RawMessage inside decoded values)
}

// fastHolder is an object that may carry an AdCP error.
type fastHolder struct {
	ok      bool    // the holder is present and an object
	adcpErr fastVal // its adcp_error member
	payErr  fastVal // payload.errors[0] (payload an object, errors non-empty)
	errs0   fastVal // errors[0] (errors a non-empty array)
}

// fastParts is what a parts array of A2A parts holds.
type fastParts struct {
	hit  fastVal    // the truthy adcp_error of the first data part with one
	data fastHolder // the data of the first data part whose data is an object
	last bool       // data is the last such part's instead (set by the caller)
}

// fastArtifacts is what an A2A artifacts array holds.
type fastArtifacts struct {
	hit  fastVal    // the first artifact part's truthy adcp_error
	art0 fastHolder // the last object data part of artifacts[0]
}

// fastStatus is an A2A status object.
type fastStatus struct {
	ok    bool      // status is an object
	state fastVal   // status.state
	parts fastParts // status.message.parts
}

// fastResp is an object that may be the response: the root, the JSON-RPC
// result, or an A2A task / statusUpdate envelope.
type fastResp struct {
	ok        bool // present and an object
	isError   fastVal
	hasStatus bool // a status member, of any type
	sc        fastHolder
	arts      fastArtifacts
	status    fastStatus
	content   fastVal
	self      fastHolder // its own payload and errors members
}

// fastEnvelope is the root or the JSON-RPC result, with the A2A envelopes
// they may wrap.
type fastEnvelope struct {
	fastResp
	task, statusUpdate fastResp
}

// fastRoot is what the extractor records of a response.
type fastRoot struct {
	fastEnvelope
	result    fastEnvelope
	hasResult bool       // a result member, of any type
	hasError  bool       // an error member, of any type
	rpc       fastHolder // error.data
}

// kind returns the first byte of the value's JSON encoding (jsonKind).
func (v fastVal) kind() byte { return jsonKind(v.raw, v.val) }

// isTrue reports whether the value is present and the literal true.
func (v fastVal) isTrue() bool { return v.set && v.kind() == 't' }

// truthy reports whether the value is present and truthy in JavaScript:
// anything but null, false, 0, NaN and "".
func (v fastVal) truthy() bool {
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
	var f float64
	if v.raw != nil {
		var err error
		if v.bad {
			return true
		}
		if f, err = strconv.ParseFloat(string(v.raw), 64); err != nil {
			return true // too large for float64: not zero
		}
	} else {
		switch t := v.val.(type) {
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

// is reports whether the value is the string s (ASCII, no backslash).
func (v fastVal) is(s string) bool {
	if !v.set || v.kind() != '"' {
		return false
	}
	if v.raw != nil {
		return !v.bad && jsonwire.StringIs(v.raw, s)
	}
	return v.val.(string) == s
}

// encode returns the value's encoding (see jnode.encode), copied.
func (v fastVal) encode() (json.RawMessage, bool) {
	if v.raw != nil {
		return append(json.RawMessage(nil), v.raw...), true
	}
	return extractEncodeCompact(v.val)
}

// fastLeaf records the value at b[i], validated.
func fastLeaf(b []byte, i, depth int, v *fastVal) int {
	end := jsonwire.Value(b, i, depth)
	if end < 0 {
		return -1
	}
	*v = fastVal{raw: b[i:end], set: true}
	return end
}

// fastRawFirst records the first element of the array at b[i] in v; v is
// left unset when the value is not an array or is empty.
func fastRawFirst(b []byte, i, depth int, v *fastVal) int {
	*v = fastVal{}
	if b[i] != '[' {
		return jsonwire.Value(b, i, depth)
	}
	it := jsonwire.Open(b, i, depth, '[')
	if it.Next() {
		it.Pos = fastLeaf(b, it.Pos, it.Depth, v)
	}
	return it.End()
}

// fastRawPayload records payload.errors[0] of the payload at b[i].
func fastRawPayload(b []byte, i, depth int, v *fastVal) int {
	*v = fastVal{}
	if b[i] != '{' {
		return jsonwire.Value(b, i, depth)
	}
	it := jsonwire.Open(b, i, depth, '{')
	for it.Next() {
		if jsonwire.StringIs(it.Key, "errors") {
			it.Pos = fastRawFirst(b, it.Pos, it.Depth, v)
		} else {
			it.Skip()
		}
	}
	return it.End()
}

// fastRawHolder records the holder at b[i].
func fastRawHolder(b []byte, i, depth int, h *fastHolder) int {
	*h = fastHolder{}
	if b[i] != '{' {
		return jsonwire.Value(b, i, depth)
	}
	h.ok = true
	it := jsonwire.Open(b, i, depth, '{')
	for it.Next() {
		var kb [32]byte
		switch string(jsonwire.KeyText(it.Key, &kb)) {
		case "adcp_error":
			it.Pos = fastLeaf(b, it.Pos, it.Depth, &h.adcpErr)
		case "payload":
			it.Pos = fastRawPayload(b, it.Pos, it.Depth, &h.payErr)
		case "errors":
			it.Pos = fastRawFirst(b, it.Pos, it.Depth, &h.errs0)
		default:
			it.Skip()
		}
	}
	return it.End()
}

// add adds one part, of the given kind and data, to p: it counts when it is
// a data part (no kind, or kind "data") whose data is an object.
func (p *fastParts) add(kind fastVal, data *fastHolder) {
	if !data.ok || kind.set && !kind.is("data") {
		return
	}
	if p.last || !p.data.ok {
		p.data = *data
	}
	if !p.hit.set && data.adcpErr.truthy() {
		p.hit = data.adcpErr
	}
}

// fastRawParts records the parts array at b[i].
func fastRawParts(b []byte, i, depth int, p *fastParts) int {
	*p = fastParts{last: p.last}
	if b[i] != '[' {
		return jsonwire.Value(b, i, depth)
	}
	it := jsonwire.Open(b, i, depth, '[')
	for it.Next() {
		if b[it.Pos] != '{' {
			it.Skip()
			continue
		}
		var kind fastVal
		var data fastHolder
		part := jsonwire.Open(b, it.Pos, it.Depth, '{')
		for part.Next() {
			var kb [32]byte
			switch string(jsonwire.KeyText(part.Key, &kb)) {
			case "kind":
				part.Pos = fastLeaf(b, part.Pos, part.Depth, &kind)
			case "data":
				part.Pos = fastRawHolder(b, part.Pos, part.Depth, &data)
			default:
				part.Skip()
			}
		}
		if it.Pos = part.End(); it.Pos < 0 {
			break
		}
		p.add(kind, &data)
	}
	return it.End()
}

// add adds one artifact, an object whose parts are parts, to a.
func (a *fastArtifacts) add(first bool, parts *fastParts) {
	if !a.hit.set {
		a.hit = parts.hit
	}
	if first {
		a.art0 = parts.data
	}
}

// fastRawArtifacts records the artifacts array at b[i].
func fastRawArtifacts(b []byte, i, depth int, a *fastArtifacts) int {
	*a = fastArtifacts{}
	if b[i] != '[' {
		return jsonwire.Value(b, i, depth)
	}
	it := jsonwire.Open(b, i, depth, '[')
	for n := 0; it.Next(); n++ {
		if b[it.Pos] != '{' {
			it.Skip()
			continue
		}
		parts := fastParts{last: true} // artifacts[0] selects its last part
		art := jsonwire.Open(b, it.Pos, it.Depth, '{')
		for art.Next() {
			if jsonwire.StringIs(art.Key, "parts") {
				art.Pos = fastRawParts(b, art.Pos, art.Depth, &parts)
			} else {
				art.Skip()
			}
		}
		if it.Pos = art.End(); it.Pos < 0 {
			break
		}
		a.add(n == 0, &parts)
	}
	return it.End()
}

// fastRawStatus records the A2A status at b[i].
func fastRawStatus(b []byte, i, depth int, s *fastStatus) int {
	*s = fastStatus{}
	if b[i] != '{' {
		return jsonwire.Value(b, i, depth)
	}
	s.ok = true
	it := jsonwire.Open(b, i, depth, '{')
	for it.Next() {
		var kb [32]byte
		switch string(jsonwire.KeyText(it.Key, &kb)) {
		case "state":
			it.Pos = fastLeaf(b, it.Pos, it.Depth, &s.state)
		case "message":
			s.parts = fastParts{}
			if b[it.Pos] != '{' {
				it.Skip()
				continue
			}
			msg := jsonwire.Open(b, it.Pos, it.Depth, '{')
			for msg.Next() {
				if jsonwire.StringIs(msg.Key, "parts") {
					msg.Pos = fastRawParts(b, msg.Pos, msg.Depth, &s.parts)
				} else {
					msg.Skip()
				}
			}
			it.Pos = msg.End()
		default:
			it.Skip()
		}
	}
	return it.End()
}

// fastRawResp records the response object at b[i] (known to start with
// '{') in r; env and root, when not nil, receive the members only an
// envelope or the root may have.
func fastRawResp(b []byte, i, depth int, r *fastResp, env *fastEnvelope, root *fastRoot) int {
	r.ok, r.self.ok = true, true
	it := jsonwire.Open(b, i, depth, '{')
	for it.Next() {
		var kb [32]byte
		switch string(jsonwire.KeyText(it.Key, &kb)) {
		case "isError":
			it.Pos = fastLeaf(b, it.Pos, it.Depth, &r.isError)
		case "structuredContent":
			it.Pos = fastRawHolder(b, it.Pos, it.Depth, &r.sc)
		case "artifacts":
			it.Pos = fastRawArtifacts(b, it.Pos, it.Depth, &r.arts)
		case "status":
			r.hasStatus = true
			it.Pos = fastRawStatus(b, it.Pos, it.Depth, &r.status)
		case "content":
			it.Pos = fastLeaf(b, it.Pos, it.Depth, &r.content)
		case "payload":
			it.Pos = fastRawPayload(b, it.Pos, it.Depth, &r.self.payErr)
		case "errors":
			it.Pos = fastRawFirst(b, it.Pos, it.Depth, &r.self.errs0)
		case "task":
			if env == nil {
				it.Skip()
				continue
			}
			it.Pos = fastRawInner(b, it.Pos, it.Depth, &env.task)
		case "statusUpdate":
			if env == nil {
				it.Skip()
				continue
			}
			it.Pos = fastRawInner(b, it.Pos, it.Depth, &env.statusUpdate)
		case "result":
			if root == nil {
				it.Skip()
				continue
			}
			if root.hasResult {
				root.result = fastEnvelope{} // a duplicate: the last one wins
			}
			root.hasResult = true
			if b[it.Pos] == '{' {
				it.Pos = fastRawResp(b, it.Pos, it.Depth, &root.result.fastResp, &root.result, nil)
			} else {
				it.Skip()
			}
		case "error":
			if root == nil {
				it.Skip()
				continue
			}
			root.hasError = true
			root.rpc = fastHolder{}
			if b[it.Pos] != '{' {
				it.Skip()
				continue
			}
			e := jsonwire.Open(b, it.Pos, it.Depth, '{')
			for e.Next() {
				if jsonwire.StringIs(e.Key, "data") {
					e.Pos = fastRawHolder(b, e.Pos, e.Depth, &root.rpc)
				} else {
					e.Skip()
				}
			}
			it.Pos = e.End()
		default:
			it.Skip()
		}
	}
	return it.End()
}

// fastRawInner records an A2A task or statusUpdate envelope at b[i].
func fastRawInner(b []byte, i, depth int, r *fastResp) int {
	if r.ok {
		*r = fastResp{} // a duplicate: the last one wins
	}
	if b[i] != '{' {
		return jsonwire.Value(b, i, depth)
	}
	return fastRawResp(b, i, depth, r, nil, nil)
}

// fastEmbedded reports whether a parser that read the whole of the
// json.RawMessage b (found inside decoded values) ended at its end.
func fastEmbedded(b []byte, end int) bool { return end == len(b) }

// fastNorm returns a decoded value as the extractor walks it, as newJNode
// does: decoded JSON values as they are; encoded JSON ([]byte,
// json.RawMessage) as a json.RawMessage without surrounding white space (nil,
// JSON null, when empty); anything else encoded by encoding/json (nil when it
// does not encode).
func fastNorm(v any) any {
	switch t := v.(type) {
	case json.RawMessage:
		return fastNormRaw(t)
	case []byte:
		return fastNormRaw(t)
	case nil, map[string]any, []any, string, bool, float64, json.Number,
		map[string]json.RawMessage, []json.RawMessage:
		return t
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	return json.RawMessage(b)
}

// fastNormRaw trims encoded JSON; empty is null.
func fastNormRaw(b []byte) any {
	b = jsonwire.Trim(b)
	if len(b) == 0 {
		return nil
	}
	return json.RawMessage(b)
}

// fastLeafOf records a decoded value.
func fastLeafOf(v any) fastVal {
	v = fastNorm(v)
	if raw, ok := v.(json.RawMessage); ok {
		return fastVal{raw: raw, set: true, bad: !jsonwire.Valid(raw)}
	}
	return fastVal{val: v, set: true}
}

// fastMap is a decoded JSON object.
type fastMap struct {
	m map[string]any
	r map[string]json.RawMessage
}

// fastMapOf returns v as an object, when it is a decoded one.
func fastMapOf(v any) (fastMap, bool) {
	switch t := v.(type) {
	case map[string]any:
		return fastMap{m: t}, true
	case map[string]json.RawMessage:
		return fastMap{r: t}, true
	}
	return fastMap{}, false
}

// get returns the member k.
func (o fastMap) get(k string) (any, bool) {
	if o.r != nil {
		v, ok := o.r[k]
		return v, ok
	}
	v, ok := o.m[k]
	return v, ok
}

// fastList is a decoded JSON array.
type fastList struct {
	a []any
	r []json.RawMessage
}

// fastListOf returns v as an array, when it is a decoded one.
func fastListOf(v any) (fastList, bool) {
	switch t := v.(type) {
	case []any:
		return fastList{a: t}, true
	case []json.RawMessage:
		return fastList{r: t}, true
	}
	return fastList{}, false
}

func (l fastList) len() int {
	if l.r != nil {
		return len(l.r)
	}
	return len(l.a)
}

func (l fastList) at(i int) any {
	if l.r != nil {
		return l.r[i]
	}
	return l.a[i]
}

// The fastVal* functions fill the records from decoded values; an encoded
// value met on the way goes to the matching fastRaw* parser, and counts as
// absent (not an object, not an array) when it is not valid JSON.

func fastValFirst(v any, out *fastVal) {
	*out = fastVal{}
	switch t := fastNorm(v).(type) {
	case json.RawMessage:
		if !fastEmbedded(t, fastRawFirst(t, 0, 0, out)) {
			*out = fastVal{}
		}
	default:
		if l, ok := fastListOf(t); ok && l.len() > 0 {
			*out = fastLeafOf(l.at(0))
		}
	}
}

func fastValPayload(v any, out *fastVal) {
	*out = fastVal{}
	switch t := fastNorm(v).(type) {
	case json.RawMessage:
		if !fastEmbedded(t, fastRawPayload(t, 0, 0, out)) {
			*out = fastVal{}
		}
	default:
		if o, ok := fastMapOf(t); ok {
			if e, ok := o.get("errors"); ok {
				fastValFirst(e, out)
			}
		}
	}
}

func fastValHolder(v any, h *fastHolder) {
	*h = fastHolder{}
	switch t := fastNorm(v).(type) {
	case json.RawMessage:
		if !fastEmbedded(t, fastRawHolder(t, 0, 0, h)) {
			*h = fastHolder{}
		}
	default:
		o, ok := fastMapOf(t)
		if !ok {
			return
		}
		h.ok = true
		if x, ok := o.get("adcp_error"); ok {
			h.adcpErr = fastLeafOf(x)
		}
		if x, ok := o.get("payload"); ok {
			fastValPayload(x, &h.payErr)
		}
		if x, ok := o.get("errors"); ok {
			fastValFirst(x, &h.errs0)
		}
	}
}

func fastValParts(v any, p *fastParts) {
	*p = fastParts{last: p.last}
	switch t := fastNorm(v).(type) {
	case json.RawMessage:
		if !fastEmbedded(t, fastRawParts(t, 0, 0, p)) {
			*p = fastParts{last: p.last}
		}
	default:
		l, _ := fastListOf(t)
		for i := 0; i < l.len(); i++ {
			var kind fastVal
			var data fastHolder
			switch e := fastNorm(l.at(i)).(type) {
			case json.RawMessage:
				// A raw part: parse it as a one-part array would be.
				if len(e) == 0 || e[0] != '{' || !jsonwire.Valid(e) {
					continue
				}
				part := jsonwire.Open(e, 0, 0, '{')
				for part.Next() {
					var kb [32]byte
					switch string(jsonwire.KeyText(part.Key, &kb)) {
					case "kind":
						part.Pos = fastLeaf(e, part.Pos, part.Depth, &kind)
					case "data":
						part.Pos = fastRawHolder(e, part.Pos, part.Depth, &data)
					default:
						part.Skip()
					}
				}
			default:
				o, ok := fastMapOf(e)
				if !ok {
					continue
				}
				if x, ok := o.get("kind"); ok {
					kind = fastLeafOf(x)
				}
				if x, ok := o.get("data"); ok {
					fastValHolder(x, &data)
				}
			}
			p.add(kind, &data)
		}
	}
}

// fastValMember returns the member k of the object v (decoded, or encoded
// and valid), whether it is present, and whether v is an object.
func fastValMember(v any, k string) (any, bool, bool) {
	switch t := fastNorm(v).(type) {
	case json.RawMessage:
		if len(t) == 0 || t[0] != '{' || !jsonwire.Valid(t) {
			return nil, false, false
		}
		var m map[string]json.RawMessage
		if json.Unmarshal(t, &m) != nil {
			return nil, false, false
		}
		x, ok := m[k]
		return x, ok, true
	default:
		o, ok := fastMapOf(t)
		if !ok {
			return nil, false, false
		}
		x, found := o.get(k)
		return x, found, true
	}
}

func fastValArtifacts(v any, a *fastArtifacts) {
	*a = fastArtifacts{}
	switch t := fastNorm(v).(type) {
	case json.RawMessage:
		if !fastEmbedded(t, fastRawArtifacts(t, 0, 0, a)) {
			*a = fastArtifacts{}
		}
	default:
		l, _ := fastListOf(t)
		for i := 0; i < l.len(); i++ {
			x, found, isObj := fastValMember(l.at(i), "parts")
			if !isObj {
				continue
			}
			parts := fastParts{last: true} // artifacts[0] selects its last part
			if found {
				fastValParts(x, &parts)
			}
			a.add(i == 0, &parts)
		}
	}
}

func fastValStatus(v any, s *fastStatus) {
	*s = fastStatus{}
	switch t := fastNorm(v).(type) {
	case json.RawMessage:
		if !fastEmbedded(t, fastRawStatus(t, 0, 0, s)) {
			*s = fastStatus{}
		}
	default:
		o, ok := fastMapOf(t)
		if !ok {
			return
		}
		s.ok = true
		if x, ok := o.get("state"); ok {
			s.state = fastLeafOf(x)
		}
		if m, ok := o.get("message"); ok {
			if x, found, _ := fastValMember(m, "parts"); found {
				fastValParts(x, &s.parts)
			}
		}
	}
}

// fastValResp fills r from the decoded response object o.
func fastValResp(o fastMap, r *fastResp, env *fastEnvelope, root *fastRoot) {
	r.ok, r.self.ok = true, true
	if x, ok := o.get("isError"); ok {
		r.isError = fastLeafOf(x)
	}
	if x, ok := o.get("structuredContent"); ok {
		fastValHolder(x, &r.sc)
	}
	if x, ok := o.get("artifacts"); ok {
		fastValArtifacts(x, &r.arts)
	}
	if x, ok := o.get("status"); ok {
		r.hasStatus = true
		fastValStatus(x, &r.status)
	}
	if x, ok := o.get("content"); ok {
		r.content = fastLeafOf(x)
	}
	if x, ok := o.get("payload"); ok {
		fastValPayload(x, &r.self.payErr)
	}
	if x, ok := o.get("errors"); ok {
		fastValFirst(x, &r.self.errs0)
	}
	if env != nil {
		if x, ok := o.get("task"); ok {
			fastValInner(x, &env.task)
		}
		if x, ok := o.get("statusUpdate"); ok {
			fastValInner(x, &env.statusUpdate)
		}
	}
	if root != nil {
		if x, ok := o.get("result"); ok {
			root.hasResult = true
			switch t := fastNorm(x).(type) {
			case json.RawMessage:
				if t[0] == '{' && !fastEmbedded(t, fastRawResp(t, 0, 0, &root.result.fastResp, &root.result, nil)) {
					root.result = fastEnvelope{}
				}
			default:
				if m, ok := fastMapOf(t); ok {
					fastValResp(m, &root.result.fastResp, &root.result, nil)
				}
			}
		}
		if x, ok := o.get("error"); ok {
			root.hasError = true
			if d, found, _ := fastValMember(x, "data"); found {
				fastValHolder(d, &root.rpc)
			}
		}
	}
}

// fastValInner fills an A2A envelope from a decoded value.
func fastValInner(v any, r *fastResp) {
	*r = fastResp{}
	switch t := fastNorm(v).(type) {
	case json.RawMessage:
		if t[0] == '{' && !fastEmbedded(t, fastRawResp(t, 0, 0, r, nil, nil)) {
			*r = fastResp{}
		}
	default:
		if m, ok := fastMapOf(t); ok {
			fastValResp(m, r, nil, nil)
		}
	}
}

// fastItems walks the content[] items of a response.
type fastItems struct {
	it   jsonwire.Iter
	list fastList
	i    int
	raw  bool
	cur  fastVal
}

func fastItemsOf(v fastVal) fastItems {
	if !v.set || v.kind() != '[' {
		return fastItems{}
	}
	if v.raw != nil {
		if v.bad {
			return fastItems{}
		}
		return fastItems{raw: true, it: jsonwire.Open(v.raw, 0, 0, '[')}
	}
	l, _ := fastListOf(v.val)
	return fastItems{list: l}
}

func (c *fastItems) next() bool {
	if c.raw {
		if !c.it.Next() {
			return false
		}
		c.it.Pos = fastLeaf(c.it.Bytes(), c.it.Pos, c.it.Depth, &c.cur)
		return c.it.Pos >= 0
	}
	if c.i >= c.list.len() {
		return false
	}
	c.cur = fastLeafOf(c.list.at(c.i))
	c.i++
	return true
}

// fastTextPool holds the buffers text items are unescaped into.
var fastTextPool = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

// fastTexts owns the text buffers of one extraction: kept holds the first
// text item that is a JSON object (its records point into it), scratch the
// later ones.
type fastTexts struct {
	kept, scratch *[]byte
}

func (t *fastTexts) buffer(keep bool) *[]byte {
	p := &t.scratch
	if keep {
		p = &t.kept
	}
	if *p == nil {
		*p = fastTextPool.Get().(*[]byte)
	}
	return *p
}

// release returns the buffers to the pool (not huge ones).
func (t *fastTexts) release() {
	for _, b := range [...]*[]byte{t.kept, t.scratch} {
		if b != nil && cap(*b) <= 4*maxTextJSON {
			*b = (*b)[:0]
			fastTextPool.Put(b)
		}
	}
}

// fastTextMayBeObject reports whether the valid string literal lit may
// decode to a JSON object: its first character that is not JSON white space
// is '{'. It rules out the common prose without unescaping it.
func fastTextMayBeObject(lit []byte) bool {
	body := lit[1 : len(lit)-1]
	for i := 0; i < len(body); {
		switch body[i] {
		case '{':
			return true
		case ' ':
			i++
		case '\\':
			switch body[i+1] {
			case 'n', 't', 'r':
				i += 2
			case 'u':
				switch jsonwire.Hex4(body, i+2) {
				case ' ', '\t', '\n', '\r':
					i += 6
				case '{':
					return true
				default:
					return false
				}
			default:
				return false
			}
		default:
			return false
		}
	}
	return false
}

// fastTextHolder parses an MCP content item of type "text" whose text is a
// JSON object (extractTextJSON), unescaping it into buf.
func fastTextHolder(item fastVal, buf *[]byte) (fastHolder, bool) {
	var typ, text fastVal
	switch {
	case item.raw != nil:
		if item.bad || item.raw[0] != '{' {
			return fastHolder{}, false
		}
		it := jsonwire.Open(item.raw, 0, 0, '{')
		for it.Next() {
			var kb [32]byte
			switch string(jsonwire.KeyText(it.Key, &kb)) {
			case "type":
				it.Pos = fastLeaf(item.raw, it.Pos, it.Depth, &typ)
			case "text":
				it.Pos = fastLeaf(item.raw, it.Pos, it.Depth, &text)
			default:
				it.Skip()
			}
		}
	default:
		o, ok := fastMapOf(item.val)
		if !ok {
			return fastHolder{}, false
		}
		if x, ok := o.get("type"); ok {
			typ = fastLeafOf(x)
		}
		if x, ok := o.get("text"); ok {
			text = fastLeafOf(x)
		}
	}
	if !typ.is("text") || !text.set || text.kind() != '"' || text.bad {
		return fastHolder{}, false
	}
	if text.raw != nil {
		if !fastTextMayBeObject(text.raw) {
			return fastHolder{}, false
		}
		var ok bool
		if *buf, ok = jsonwire.UnquoteMax((*buf)[:0], text.raw, maxTextJSON); !ok {
			return fastHolder{}, false
		}
	} else {
		s := text.val.(string)
		if t := strings.TrimLeft(s, " \t\n\r"); t == "" || t[0] != '{' || len(s) > maxTextJSON {
			return fastHolder{}, false
		}
		*buf = append((*buf)[:0], s...)
	}
	if len(*buf) == 0 || len(*buf) > maxTextJSON {
		return fastHolder{}, false
	}
	b := jsonwire.Trim(*buf)
	var h fastHolder
	if len(b) == 0 || b[0] != '{' || fastRawHolder(b, 0, 0, &h) != len(b) {
		return fastHolder{}, false
	}
	return h, true
}

// fastA2AState returns the normalized A2A state of a status (see
// NormalizeA2AState) when it is one extraction knows, else "".
func fastA2AState(s *fastStatus) string {
	v := s.state
	if !s.ok || !v.set || v.kind() != '"' || v.bad {
		return ""
	}
	if v.raw == nil {
		return fastStateString(v.val.(string))
	}
	if len(v.raw) > 256 {
		// A known state has at most 25 characters ("TASK_STATE_" and 14),
		// each at most 6 bytes encoded.
		return ""
	}
	if !jsonwire.Plain(v.raw) {
		return fastKnownState(NormalizeA2AState(string(jsonwire.Unquote(nil, v.raw))))
	}
	return fastStateString(string(v.raw[1 : len(v.raw)-1]))
}

// fastStates are the A2A states extraction tells apart.
var fastStates = [...]string{"completed", "failed", "canceled", "rejected", "working", "submitted", "input-required", "auth-required"}

// fastStateString normalizes s without allocating when it is ASCII.
func fastStateString(s string) string {
	rest, ok := strings.CutPrefix(s, "TASK_STATE_")
	if !ok {
		if s == "cancelled" {
			return "canceled"
		}
		return fastKnownState(s)
	}
	var buf [16]byte
	if len(rest) > len(buf) {
		for i := 0; i < len(rest); i++ {
			if rest[i] >= 0x80 {
				return fastKnownState(NormalizeA2AState(s))
			}
		}
		return ""
	}
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		switch {
		case c >= 0x80:
			return fastKnownState(NormalizeA2AState(s))
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		case c == '_':
			c = '-'
		}
		buf[i] = c
	}
	n := buf[:len(rest)]
	if string(n) == "cancelled" {
		return "canceled"
	}
	for _, k := range fastStates {
		if string(n) == k {
			return k
		}
	}
	return ""
}

// fastKnownState returns s when it is a state extraction knows, else "".
func fastKnownState(s string) string {
	for _, k := range fastStates {
		if s == k {
			return k
		}
	}
	return ""
}

// fastA2AData returns the data part success extraction selects
// (successA2AData), or nil.
func fastA2AData(r *fastResp, state string) *fastHolder {
	switch state {
	case "completed", "failed", "canceled", "rejected":
		if r.arts.art0.ok {
			return &r.arts.art0
		}
	case "working", "submitted", "input-required", "auth-required":
	default:
		return nil
	}
	if r.status.parts.data.ok {
		return &r.status.parts.data
	}
	return nil
}

// fastDecided validates the error a path found and decodes it.
func fastDecided(p Path, v fastVal, nonFatal bool) (Extraction, bool) {
	raw, ok := v.encode()
	if !ok || Validate(raw) != nil {
		return Extraction{}, false
	}
	return Extraction{Path: p, Raw: raw, Err: extractDecodeError(raw), NonFatal: nonFatal}, true
}

// fastDecide runs the detection order of transport-errors.md over the
// records (see extractFrom in extract_ref_test.go, the reference).
func fastDecide(root *fastRoot, texts *fastTexts) (Extraction, bool) {
	env := &root.fastEnvelope
	if root.result.ok {
		env = &root.result
	}
	resp := &env.fastResp
	if !resp.hasStatus {
		if env.task.ok {
			resp = &env.task
		} else if env.statusUpdate.ok {
			resp = &env.statusUpdate
		}
	}
	isError := resp.isError.isTrue()
	// 1. MCP structuredContent, only on an error result.
	if isError && resp.sc.ok && resp.sc.adcpErr.truthy() {
		return fastDecided(PathStructuredContent, resp.sc.adcpErr, false)
	}
	// 2. and 3. A2A data parts: artifacts, then the status message.
	if resp.arts.hit.set {
		return fastDecided(PathArtifact, resp.arts.hit, false)
	}
	if resp.status.parts.hit.set {
		return fastDecided(PathStatusMessage, resp.status.parts.hit, false)
	}
	// 4. JSON-RPC error.data.adcp_error.
	if root.rpc.ok && root.rpc.adcpErr.truthy() {
		return fastDecided(PathJSONRPCError, root.rpc.adcpErr, false)
	}
	// 5. Text fallback, only on an error result. The first text item that
	// is a JSON object is also a payload holder.
	var text fastHolder
	searched := false
	if isError {
		searched = true
		for items := fastItemsOf(resp.content); items.next(); {
			h, ok := fastTextHolder(items.cur, texts.buffer(!text.ok))
			if !ok {
				continue
			}
			if !text.ok {
				text = h
			}
			if h.adcpErr.truthy() {
				return fastDecided(PathTextFallback, h.adcpErr, false)
			}
		}
	}
	// 6. The payload layer.
	state := fastA2AState(&resp.status)
	nonFatal := !(isError || root.hasError || state == "failed" || state == "rejected")
	holders := [...]*fastHolder{&resp.sc, &text, nil, &resp.self, nil}
	if !searched {
		for items := fastItemsOf(resp.content); items.next(); {
			if h, ok := fastTextHolder(items.cur, texts.buffer(true)); ok {
				text = h
				break
			}
		}
	}
	holders[2] = fastA2AData(resp, state)
	if root.hasResult {
		holders[4] = &root.self
	}
	for _, h := range holders {
		if h == nil || !h.ok {
			continue
		}
		if h.payErr.set {
			return fastDecided(PathPayload, h.payErr, nonFatal)
		}
		if h.errs0.set {
			return fastDecided(PathPayload, h.errs0, nonFatal)
		}
	}
	return Extraction{}, false
}

// fastExtract is Extract.
func fastExtract(response []byte) (Extraction, bool) {
	b := jsonwire.Trim(response)
	if len(b) == 0 || b[0] != '{' {
		return Extraction{}, false
	}
	var root fastRoot
	if fastRawResp(b, 0, 0, &root.fastResp, &root.fastEnvelope, &root) != len(b) {
		return Extraction{}, false
	}
	var texts fastTexts
	x, ok := fastDecide(&root, &texts)
	texts.release()
	return x, ok
}

// fastExtractValue is ExtractValue.
func fastExtractValue(response any) (Extraction, bool) {
	v := fastNorm(response)
	if raw, ok := v.(json.RawMessage); ok {
		return fastExtract(raw)
	}
	o, ok := fastMapOf(v)
	if !ok {
		return Extraction{}, false
	}
	var root fastRoot
	fastValResp(o, &root.fastResp, &root.fastEnvelope, &root)
	var texts fastTexts
	x, ok := fastDecide(&root, &texts)
	texts.release()
	return x, ok
}
