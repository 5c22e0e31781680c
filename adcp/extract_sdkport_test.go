package adcp

import "testing"

// sdkInfo is what sdkLookups copies out of an adcp_error: the members
// @adcp/sdk 6.11.0's extraction copies.
type sdkInfo struct {
	code, message, recovery, field, suggestion string
	retryAfter                                 float64
	hasRetryAfter                              bool
	details                                    any
}

// sdkLookups makes, on a decoded response, the look-ups @adcp/sdk 6.11.0's
// extraction makes as bench/js/bench.mjs calls it on the common paths (a
// JSON-RPC error's data.adcp_error; an A2A task's artifacts, then its
// status message, for a data part's adcp_error; an MCP result's
// structuredContent.adcp_error when isError is true), and copies the
// members it copies, with none of the checks the specification asks of a
// client (the error's size, the code's length, what each member holds
// beyond code being a string). It is not an extractor (no text fallback,
// no payload errors, no other rule): it is the floor of what Go pays for
// @adcp/sdk's work on map[string]any, which make bench-js times beside
// @adcp/sdk itself (BenchmarkExtractValueJS's api=SDKLookups). Written from
// what the SDK reads, not from its code.
func sdkLookups(v any, out *sdkInfo) bool {
	r, _ := v.(map[string]any)
	if r == nil {
		return false
	}
	if e, ok := r["error"].(map[string]any); ok {
		data, _ := e["data"].(map[string]any)
		return sdkCopy(data["adcp_error"], out)
	}
	if arts, ok := r["artifacts"].([]any); ok {
		for _, a := range arts {
			a, _ := a.(map[string]any)
			if sdkParts(a["parts"], out) {
				return true
			}
		}
	}
	if st, ok := r["status"].(map[string]any); ok {
		msg, _ := st["message"].(map[string]any)
		return sdkParts(msg["parts"], out)
	}
	if isErr, _ := r["isError"].(bool); isErr {
		sc, _ := r["structuredContent"].(map[string]any)
		return sdkCopy(sc["adcp_error"], out)
	}
	return false
}

// sdkParts is sdkLookups on an A2A parts array: the first data part whose
// data holds an adcp_error with a string code.
func sdkParts(parts any, out *sdkInfo) bool {
	ps, _ := parts.([]any)
	for _, p := range ps {
		p, _ := p.(map[string]any)
		if kind, _ := p["kind"].(string); kind == "data" {
			data, _ := p["data"].(map[string]any)
			if sdkCopy(data["adcp_error"], out) {
				return true
			}
		}
	}
	return false
}

// sdkCopy copies an adcp_error with a string code into out.
func sdkCopy(v any, out *sdkInfo) bool {
	ae, _ := v.(map[string]any)
	code, ok := ae["code"].(string)
	if !ok {
		return false
	}
	*out = sdkInfo{code: code}
	out.message, _ = ae["message"].(string)
	switch rec, _ := ae["recovery"].(string); rec {
	case "transient", "correctable", "terminal":
		out.recovery = rec
	}
	out.field, _ = ae["field"].(string)
	out.suggestion, _ = ae["suggestion"].(string)
	out.retryAfter, out.hasRetryAfter = ae["retry_after"].(float64)
	out.details = ae["details"]
	return true
}

// TestSDKLookups: the floor finds the error of each common vector, as the
// SDK does, so that what make bench-js times is the look-ups that find it.
func TestSDKLookups(t *testing.T) {
	for _, v := range commonVectors(t) {
		var info sdkInfo
		if !sdkLookups(v.resp, &info) || info.code != "RATE_LIMITED" || !info.hasRetryAfter || info.recovery != "transient" {
			t.Errorf("%s: %+v", v.id, info)
		}
	}
}
