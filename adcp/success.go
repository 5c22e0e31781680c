package adcp

import (
	"encoding/json"
	"errors"
	"strings"
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
	root, ok := newJNode(response).object()
	if !ok {
		return Data{}, false
	}
	resp := extractUnwrap(root)
	if v, ok := resp.get("isError"); ok && v.isTrue() {
		return Data{}, false
	}
	if sc, ok := resp.get("structuredContent"); ok {
		if o, ok := sc.object(); ok {
			if successOnlyError(o) {
				return Data{}, false
			}
			raw, ok := sc.encode()
			return Data{Path: PathStructuredContent, Raw: raw}, ok
		}
	}
	for _, item := range extractArray(resp, "content") {
		o, ok := extractTextJSON(item)
		if !ok || successOnlyError(o) {
			continue
		}
		// Re-read the text: textJSON already proved it an object.
		t, _ := item.object()
		tn, _ := t.get("text")
		s, _ := tn.str()
		return Data{Path: PathTextFallback, Raw: json.RawMessage(strings.TrimSpace(s))}, true
	}
	return Data{}, false
}

// onlyError reports whether o's only member is adcp_error.
func successOnlyError(o jobject) bool {
	_, ok := o.get("adcp_error")
	return ok && o.len() == 1
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
	root, ok := newJNode(response).object()
	if !ok {
		return Data{}, false, nil
	}
	resp := extractUnwrap(root)
	d, p, ok := successA2AData(resp)
	if !ok {
		return Data{}, false, nil
	}
	if o, _ := d.object(); p == PathArtifact && o.len() == 1 {
		// The reference test is typeof data.response === "object", which
		// null and arrays pass too.
		if w, ok := o.get("response"); ok && strings.ContainsRune("{[n", rune(w.kind())) {
			return Data{}, false, ErrWrappedPayload
		}
	}
	raw, ok := d.encode()
	return Data{Path: p, Raw: raw, State: successA2AState(resp)}, ok, nil
}

// a2aData returns the data part success extraction selects.
func successA2AData(resp jobject) (jnode, Path, bool) {
	switch successA2AState(resp) {
	case "completed", "failed", "canceled", "rejected":
		if arts := extractArray(resp, "artifacts"); len(arts) > 0 {
			if a, ok := arts[0].object(); ok {
				if d, ok := successLastData(extractArray(a, "parts")); ok {
					return d, PathArtifact, true
				}
			}
		}
	case "working", "submitted", "input-required", "auth-required":
	default:
		return jnode{}, "", false
	}
	if d, ok := successFirstData(extractStatusParts(resp)); ok {
		return d, PathStatusMessage, true
	}
	return jnode{}, "", false
}

// firstDataObject returns the data of the first data part whose data is an
// object.
func successFirstData(parts []jnode) (jnode, bool) {
	for _, p := range parts {
		if d, ok := extractDataPart(p); ok && d.kind() == '{' {
			return d, true
		}
	}
	return jnode{}, false
}

// lastDataObject returns the data of the last data part whose data is an
// object.
func successLastData(parts []jnode) (jnode, bool) {
	for i := len(parts) - 1; i >= 0; i-- {
		if d, ok := extractDataPart(parts[i]); ok && d.kind() == '{' {
			return d, true
		}
	}
	return jnode{}, false
}

// a2aState returns status.state of an A2A task, normalized.
func successA2AState(resp jobject) string {
	st, ok := resp.obj("status")
	if !ok {
		return ""
	}
	v, ok := st.get("state")
	if !ok {
		return ""
	}
	s, _ := v.str()
	return NormalizeA2AState(s)
}

// NormalizeA2AState maps an A2A 1.0 task state ("TASK_STATE_INPUT_REQUIRED")
// to its A2A 0.x spelling ("input-required"); 0.x names are unchanged.
func NormalizeA2AState(s string) string {
	if rest, ok := strings.CutPrefix(s, "TASK_STATE_"); ok {
		s = strings.ReplaceAll(strings.ToLower(rest), "_", "-")
	}
	if s == "cancelled" {
		s = "canceled"
	}
	return s
}
