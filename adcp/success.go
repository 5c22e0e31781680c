package adcp

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"unicode/utf8"
)

// Data is the AdCP payload of a response that is not an error.
type Data struct {
	// Path is where the payload was found: PathStructuredContent or
	// PathTextFallback (MCP), PathArtifact or PathStatusMessage (A2A).
	Path Path
	// Raw is the payload object as on the wire (see Extraction.Raw).
	Raw json.RawMessage
	// State is the A2A task state, normalized to the A2A 0.x spelling
	// ("TASK_STATE_INPUT_REQUIRED" becomes "input-required"); "" for MCP.
	State string
}

// ErrWrappedPayload reports an A2A data part that wraps the AdCP payload in
// {"response": {…}}: a seller-side bug the client must not paper over.
var ErrWrappedPayload = errors.New("adcp: A2A data part wraps the payload in {\"response\": …}")

// ExtractMCPData returns the AdCP payload of a successful MCP tool result
// (encoded or decoded, as ExtractValue takes it): structuredContent when it
// is an object, else the first content[] text item that parses as a JSON
// object. An error result (isError true) has no data, nor has an object
// whose only member is adcp_error (an error result missing its isError).
func ExtractMCPData(response any) (Data, bool) {
	var root responseRoot
	if !root.read(response) {
		return Data{}, false
	}
	resp := root.response()
	if resp.isError.isTrue() {
		return Data{}, false
	}
	if sc := &resp.sc; sc.ok {
		if _, only := sc.sole("adcp_error"); only {
			return Data{}, false
		}
		raw, ok := sc.self.encoding()
		return Data{Path: PathStructuredContent, Raw: raw}, ok
	}
	var texts textBuffer
	defer texts.release()
	var d Data
	texts.each(resp.content, func(h holder) bool {
		if _, only := h.sole("adcp_error"); only {
			return false
		}
		d = Data{Path: PathTextFallback, Raw: append(json.RawMessage(nil), h.self.raw...)}
		return true
	})
	return d, d.Raw != nil
}

// ExtractA2AData returns the AdCP payload of an A2A task (bare, wrapped as
// {"task": …} or {"statusUpdate": …}, or the result of a JSON-RPC
// response). In a final state (completed, failed, canceled, rejected) it is
// the last object data part of the first artifact, else the first object
// data part of status.message; in an interim state (working, submitted,
// input-required, auth-required) the first object data part of
// status.message. A task in no known state has no data. A payload wrapped in
// {"response": …} is reported as ErrWrappedPayload.
func ExtractA2AData(response any) (Data, bool, error) {
	var root responseRoot
	if !root.read(response) {
		return Data{}, false, nil
	}
	resp := root.response()
	state := a2aState(resp.taskStatus())
	d, p := a2aData(resp, state)
	if d == nil {
		return Data{}, false, nil
	}
	if p == PathArtifact {
		// The wrapper is a sole response member that is an object, an array
		// or null (the reference tests typeof data.response === "object").
		if v, only := d.sole("response"); only && (v.kind() == '{' || v.kind() == '[' || v.kind() == 'n') {
			return Data{}, false, ErrWrappedPayload
		}
	}
	raw, ok := d.self.encoding()
	return Data{Path: p, Raw: raw, State: state}, ok, nil
}

// a2aStatePrefix starts every A2A 1.0 task state.
const a2aStatePrefix = "TASK_STATE_"

// a2aStates are the A2A task states, in the A2A 0.x spelling, that
// extraction tells apart.
var a2aStates = [...]string{"completed", "failed", "canceled", "rejected", "working", "submitted", "input-required", "auth-required"}

// maxA2AStateLen bounds the states that may normalize to one of a2aStates:
// the prefix and at most 14 characters ("input-required"), each at most
// utf8.UTFMax bytes.
const maxA2AStateLen = len(a2aStatePrefix) + utf8.UTFMax*len("input-required")

// NormalizeA2AState maps an A2A 1.0 task state ("TASK_STATE_INPUT_REQUIRED")
// to its A2A 0.x spelling ("input-required"): after the prefix
// "TASK_STATE_", the rest lower-cased (strings.ToLower) with '_' as '-';
// and "cancelled" becomes "canceled". 0.x names are unchanged.
func NormalizeA2AState(s string) string {
	if rest, ok := strings.CutPrefix(s, a2aStatePrefix); ok {
		s = strings.ReplaceAll(strings.ToLower(rest), "_", "-")
	}
	if s == "cancelled" {
		return "canceled"
	}
	return s
}

// knownA2AState returns NormalizeA2AState(s) when it is one of a2aStates,
// else "".
func knownA2AState(s string) string {
	if len(s) > maxA2AStateLen {
		return ""
	}
	if i := slices.Index(a2aStates[:], NormalizeA2AState(s)); i >= 0 {
		return a2aStates[i]
	}
	return ""
}
