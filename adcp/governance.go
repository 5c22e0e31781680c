package adcp

import (
	"bytes"
	"encoding/json"
)

// governanceCodeDenied is the wire code of a governance denial sent as an
// error (declared here: the fixed runtime does not use generated constants).
const governanceCodeDenied = Code("GOVERNANCE_DENIED")

// Rejection is the discriminated rejection arm of a task response (for
// example AcquireRightsRejected or CreativeRejected): the canonical shape of
// a denial for an operation whose response defines one. Such a response is a
// transport success and carries no error code at all: the arm forbids
// errors[].
type Rejection struct {
	// Reason is the arm's reason member when it is a string: seller text,
	// to sanitize (Sanitize) before any person or LLM sees it.
	Reason string
	// Suggestions is the arm's suggestions member as on the wire, nil when
	// absent. Seller-controlled: never act on it without checks.
	Suggestions json.RawMessage
	// Payload is the whole arm as on the wire.
	Payload json.RawMessage
}

// RejectionOf reports whether payload, a task payload object (Data.Raw, or
// the body of a response that is not MCP or A2A), is a rejection arm: a JSON
// object whose status member is the string "rejected" and which has no
// errors member. When payload nests the task payload in a payload member,
// that object is examined too.
//
// This is all the wire says about a rejection arm: the discriminator
// status "rejected", a reason, optional suggestions, and no errors[]. An
// object with status "rejected" inside an array (a per-item result) is not a
// rejection arm of the response.
func RejectionOf(payload []byte) (Rejection, bool) { return rejectionOf(payload, true) }

// rejectionOf is RejectionOf, looking into the payload member when nested.
func rejectionOf(raw []byte, nested bool) (Rejection, bool) {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil || m == nil {
		return Rejection{}, false
	}
	var status string
	_, hasErrors := m["errors"]
	if json.Unmarshal(m["status"], &status) != nil || status != "rejected" || hasErrors {
		if nested {
			return rejectionOf(m["payload"], false)
		}
		return Rejection{}, false
	}
	r := Rejection{Suggestions: m["suggestions"], Payload: json.RawMessage(bytes.TrimSpace(raw))}
	_ = json.Unmarshal(m["reason"], &r.Reason) // not a string: left ""
	return r, true
}

// Denial is a governance denial found by GovernanceDenial: exactly one of
// Rejection and Err is set.
type Denial struct {
	// Rejection is the response's rejection arm. The arm does not say
	// whether a governance agent or another policy caused it: a response
	// with a rejection arm reports every denial there.
	Rejection *Rejection
	// Err is the GOVERNANCE_DENIED error (adcp_error, else errors[0]) of an
	// operation whose response has no rejection arm. Policy.Decide
	// classifies it like any error (correctable: surfaced).
	Err *Error
}

// GovernanceDenial finds a governance denial in a response, in the order
// enums/error-code.json prescribes for GOVERNANCE_DENIED: first the
// response's discriminated status, a rejection arm in the payload
// (ExtractMCPData, then ExtractA2AData, then the response itself taken as
// the payload); only when there is none, an extracted error (Extract) whose
// code is GOVERNANCE_DENIED. It reports false when the response holds
// neither. response is what ExtractValue takes. A payload wrapped in
// {"response": …} (ErrWrappedPayload) is not looked into.
func GovernanceDenial(response any) (Denial, bool) {
	if r, ok := governanceRejection(response); ok {
		return Denial{Rejection: &r}, true
	}
	if x, ok := ExtractValue(response); ok && x.Err.Code == governanceCodeDenied {
		return Denial{Err: x.Err}, true
	}
	return Denial{}, false
}

// governanceRejection looks for a rejection arm in the payload of response.
func governanceRejection(response any) (Rejection, bool) {
	if d, ok := ExtractMCPData(response); ok {
		return RejectionOf(d.Raw)
	}
	if d, ok, err := ExtractA2AData(response); err == nil && ok {
		return RejectionOf(d.Raw)
	}
	switch v := response.(type) {
	case []byte:
		return RejectionOf(v)
	case json.RawMessage:
		return RejectionOf(v)
	}
	if tooDeep(response, 0) {
		return Rejection{}, false
	}
	raw, _ := json.Marshal(response) // nil, no object, when it does not encode
	return RejectionOf(raw)
}
