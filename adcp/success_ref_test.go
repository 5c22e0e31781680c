package adcp

import (
	"encoding/json"
	"strings"
)

// The reference success extraction: ExtractMCPData, ExtractA2AData and
// NormalizeA2AState as they were written over the decoded tree
// (extract_node_test.go) before they moved onto the navigator
// (navigate.go). The shipped functions must return exactly what these
// return, for every input: TestExtractDataDifferential and
// FuzzExtractDataDifferential (success_diff_test.go) compare them. The
// reference extraction (extract_ref_test.go) selects its payload holders
// with refA2AData too.

// refExtractMCPData is the reference ExtractMCPData.
func refExtractMCPData(response any) (Data, bool) {
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
			if refOnlyError(o) {
				return Data{}, false
			}
			raw, ok := sc.encode()
			return Data{Path: PathStructuredContent, Raw: raw}, ok
		}
	}
	for _, item := range extractArray(resp, "content") {
		o, ok := extractTextJSON(item)
		if !ok || refOnlyError(o) {
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

// refOnlyError reports whether o's only member is adcp_error.
func refOnlyError(o jobject) bool {
	_, ok := o.get("adcp_error")
	return ok && o.len() == 1
}

// refExtractA2AData is the reference ExtractA2AData.
func refExtractA2AData(response any) (Data, bool, error) {
	root, ok := newJNode(response).object()
	if !ok {
		return Data{}, false, nil
	}
	resp := extractUnwrap(root)
	d, p, ok := refA2AData(resp)
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
	return Data{Path: p, Raw: raw, State: refA2AState(resp)}, ok, nil
}

// refA2AData returns the data part success extraction selects.
func refA2AData(resp jobject) (jnode, Path, bool) {
	switch refA2AState(resp) {
	case "completed", "failed", "canceled", "rejected":
		if arts := extractArray(resp, "artifacts"); len(arts) > 0 {
			if a, ok := arts[0].object(); ok {
				if d, ok := refLastData(extractArray(a, "parts")); ok {
					return d, PathArtifact, true
				}
			}
		}
	case "working", "submitted", "input-required", "auth-required":
	default:
		return jnode{}, "", false
	}
	if d, ok := refFirstData(extractStatusParts(resp)); ok {
		return d, PathStatusMessage, true
	}
	return jnode{}, "", false
}

// refFirstData returns the data of the first data part whose data is an
// object.
func refFirstData(parts []jnode) (jnode, bool) {
	for _, p := range parts {
		if d, ok := extractDataPart(p); ok && d.kind() == '{' {
			return d, true
		}
	}
	return jnode{}, false
}

// refLastData returns the data of the last data part whose data is an
// object.
func refLastData(parts []jnode) (jnode, bool) {
	for i := len(parts) - 1; i >= 0; i-- {
		if d, ok := extractDataPart(parts[i]); ok && d.kind() == '{' {
			return d, true
		}
	}
	return jnode{}, false
}

// refA2AState returns status.state of an A2A task, normalized.
func refA2AState(resp jobject) string {
	st, ok := resp.obj("status")
	if !ok {
		return ""
	}
	v, ok := st.get("state")
	if !ok {
		return ""
	}
	s, _ := v.str()
	return refNormalizeA2AState(s)
}

// refNormalizeA2AState is the reference NormalizeA2AState.
func refNormalizeA2AState(s string) string {
	if rest, ok := strings.CutPrefix(s, "TASK_STATE_"); ok {
		s = strings.ReplaceAll(strings.ToLower(rest), "_", "-")
	}
	if s == "cancelled" {
		s = "canceled"
	}
	return s
}
