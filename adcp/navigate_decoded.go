package adcp

import "encoding/json"

// The first four rules of the detection order straight from decoded values,
// for ExtractValue: a response as an SDK hands it over (map[string]any and
// what encoding/json decodes into) is looked up member by member, only
// where each rule looks, instead of filling every record first (navigate.go).
// It decides only when one of the rules finds an adcp_error in plain decoded
// values; anything else (no hit in rules 1 to 4, an embedded
// json.RawMessage or []byte, map[string]json.RawMessage, any other Go type
// on the way, an adcp_error that is truthy but not an object) is left to
// the records, which then run the whole detection order from the start. It
// returns what the records return: FuzzExtractDifferential and
// FuzzExtractValueOldNew compare both with the references.

// decodedLook is what a look-up found.
type decodedLook uint8

const (
	lookMiss  decodedLook = iota // nothing there: the next rule
	lookHit                      // an adcp_error object: decide on it
	lookOther                    // a value left to the records
)

// decodedPlain reports whether v is of a type encoding/json decodes into.
func decodedPlain(v any) bool {
	switch v.(type) {
	case nil, bool, float64, string, json.Number, map[string]any, []any:
		return true
	}
	return false
}

// decodedMembers are the members of a response object the first rules look
// at; has tells which are present (decodedHas bits).
type decodedMembers struct {
	result, status, task, statusUpdate, isError, structuredContent, artifacts, err any
	has                                                                            uint8
}

// The decodedMembers present.
const (
	hasResult uint8 = 1 << iota
	hasStatus
	hasTask
	hasStatusUpdate
	hasIsError
	hasStructuredContent
	hasArtifacts
	hasError
)

// readMembers returns the decodedMembers of the object m: in one pass over
// a small object (as responses are), by look-ups in a large one. (It
// fills a local value, not one behind a pointer: no write barriers.)
func readMembers(m map[string]any) (d decodedMembers) {
	if len(m) > 8 {
		for i, p := range [...]*any{&d.result, &d.status, &d.task, &d.statusUpdate, &d.isError, &d.structuredContent, &d.artifacts, &d.err} {
			var has bool
			if *p, has = m[decodedMemberNames[i]]; has {
				d.has |= 1 << i
			}
		}
		return d
	}
	for k, v := range m {
		switch k {
		case "result":
			d.result, d.has = v, d.has|hasResult
		case "status":
			d.status, d.has = v, d.has|hasStatus
		case "task":
			d.task, d.has = v, d.has|hasTask
		case "statusUpdate":
			d.statusUpdate, d.has = v, d.has|hasStatusUpdate
		case "isError":
			d.isError, d.has = v, d.has|hasIsError
		case "structuredContent":
			d.structuredContent, d.has = v, d.has|hasStructuredContent
		case "artifacts":
			d.artifacts, d.has = v, d.has|hasArtifacts
		case "error":
			d.err, d.has = v, d.has|hasError
		}
	}
	return d
}

// decodedMemberNames are the names of decodedMembers, in bit order.
var decodedMemberNames = [...]string{"result", "status", "task", "statusUpdate", "isError", "structuredContent", "artifacts", "error"}

// decodedFirstRules runs rules 1 to 4 on the decoded response root,
// decoding a common error into ex's storage when ex is not nil. done is
// false when the records must decide.
func decodedFirstRules(root map[string]any, ex *Extractor) (x Extraction, ok, done bool) {
	// The response the rules look at (responseRoot.response): the JSON-RPC
	// result when it is an object, then, without a status member, its A2A
	// task or statusUpdate envelope.
	var inner, wrapped decodedMembers
	top := readMembers(root)
	env := &top
	if top.has&hasResult != 0 {
		if m, isObj := top.result.(map[string]any); isObj {
			inner = readMembers(m)
			env = &inner
		} else if !decodedPlain(top.result) {
			return x, false, false
		}
	}
	resp := env
	if env.has&hasStatus == 0 {
		for _, t := range [...]struct {
			v   any
			has bool
		}{{env.task, env.has&hasTask != 0}, {env.statusUpdate, env.has&hasStatusUpdate != 0}} {
			if !t.has {
				continue
			}
			if m, isObj := t.v.(map[string]any); isObj {
				wrapped = readMembers(m)
				resp = &wrapped
				break
			} else if !decodedPlain(t.v) {
				return x, false, false
			}
		}
	}
	// 1. MCP structuredContent, only on an error result.
	if resp.has&hasIsError != 0 {
		isErr, isBool := resp.isError.(bool)
		if !isBool && !decodedPlain(resp.isError) {
			return x, false, false
		}
		if isErr && resp.has&hasStructuredContent != 0 {
			sc := resp.structuredContent
			if m, isObj := sc.(map[string]any); isObj {
				if ae, look := holderError(m); look != lookMiss {
					return decidedDecoded(ex, PathStructuredContent, ae, look)
				}
			} else if !decodedPlain(sc) {
				return x, false, false
			}
		}
	}
	// 2. A2A artifacts[].parts[] data parts.
	if resp.has&hasArtifacts != 0 {
		arts := resp.artifacts
		switch t := arts.(type) {
		case []any:
			for _, a := range t {
				am, isObj := a.(map[string]any)
				if !isObj {
					if !decodedPlain(a) {
						return x, false, false
					}
					continue
				}
				if parts, has := am["parts"]; has {
					if ae, look := partsError(parts); look != lookMiss {
						return decidedDecoded(ex, PathArtifact, ae, look)
					}
				}
			}
		default:
			if !decodedPlain(arts) {
				return x, false, false
			}
		}
	}
	// 3. A2A status.message.parts[] data parts.
	if st := resp.status; resp.has&hasStatus != 0 {
		if sm, isObj := st.(map[string]any); isObj {
			if msg, has := sm["message"]; has {
				if mm, isObj := msg.(map[string]any); isObj {
					if parts, has := mm["parts"]; has {
						if ae, look := partsError(parts); look != lookMiss {
							return decidedDecoded(ex, PathStatusMessage, ae, look)
						}
					}
				} else if !decodedPlain(msg) {
					return x, false, false
				}
			}
		} else if !decodedPlain(st) {
			return x, false, false
		}
	}
	// 4. JSON-RPC error.data.adcp_error, of the root.
	if e := top.err; top.has&hasError != 0 {
		if em, isObj := e.(map[string]any); isObj {
			if d, has := em["data"]; has {
				if dm, isObj := d.(map[string]any); isObj {
					if ae, look := holderError(dm); look != lookMiss {
						return decidedDecoded(ex, PathJSONRPCError, ae, look)
					}
				} else if !decodedPlain(d) {
					return x, false, false
				}
			}
		} else if !decodedPlain(e) {
			return x, false, false
		}
	}
	return x, false, false
}

// holderError looks at the adcp_error member of h: a hit when it is a
// non-nil object, a miss when it is absent or falsy in JavaScript (null,
// false, 0, NaN, ""), else a value left to the records.
func holderError(h map[string]any) (map[string]any, decodedLook) {
	v, has := h["adcp_error"]
	if !has {
		return nil, lookMiss
	}
	switch t := v.(type) {
	case map[string]any:
		if t != nil {
			return t, lookHit
		}
	case nil:
		return nil, lookMiss
	case bool:
		if !t {
			return nil, lookMiss
		}
	case string:
		if t == "" {
			return nil, lookMiss
		}
	case float64:
		if t == 0 || t != t {
			return nil, lookMiss
		}
	}
	return nil, lookOther
}

// partsError finds the first data part (no kind, or kind "data") whose
// data is an object with a truthy adcp_error, in a parts array.
func partsError(parts any) (map[string]any, decodedLook) {
	list, isArr := parts.([]any)
	if !isArr {
		if decodedPlain(parts) {
			return nil, lookMiss
		}
		return nil, lookOther
	}
	for _, p := range list {
		pm, isObj := p.(map[string]any)
		if !isObj {
			if !decodedPlain(p) {
				return nil, lookOther
			}
			continue
		}
		if k, has := pm["kind"]; has {
			if s, isStr := k.(string); !isStr || s != "data" {
				if !decodedPlain(k) {
					return nil, lookOther
				}
				continue
			}
		}
		d, has := pm["data"]
		if !has {
			continue
		}
		dm, isObj := d.(map[string]any)
		if !isObj {
			if !decodedPlain(d) {
				return nil, lookOther
			}
			continue
		}
		if ae, look := holderError(dm); look != lookMiss {
			return ae, look
		}
	}
	return nil, lookMiss
}

// decidedDecoded is decided for an adcp_error found by decodedFirstRules.
func decidedDecoded(ex *Extractor, p Path, ae map[string]any, look decodedLook) (Extraction, bool, bool) {
	if look != lookHit {
		return Extraction{}, false, false
	}
	d, ok := decodedErrorInto(ae, ex)
	if !ok {
		return Extraction{}, false, true
	}
	return d.extraction(p, false), true, true
}
