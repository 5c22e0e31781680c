package adcp

import (
	"encoding/json"
	"math"
	"testing"
)

// TestCyclicValues checks that a decoded value a caller built with a cycle
// (a map or a slice that holds itself, which no decoder makes) is refused
// by every function that takes decoded values, instead of being followed
// until the stack overflows (which ended the process, not only the call),
// and that an error sharing members so that its encoding would not end is
// refused as too large.
// The same value without its cycle is accepted, so the refusal is the
// cycle's.
func TestCyclicValues(t *testing.T) {
	selfMap := func(extra map[string]any) map[string]any {
		m := map[string]any{"a": 1.0}
		for k, v := range extra {
			m[k] = v
		}
		m["self"] = m
		return m
	}
	selfList := func() []any {
		l := []any{1.0, nil}
		l[1] = l
		return l
	}
	scError := func(details any) any {
		return map[string]any{"isError": true, "structuredContent": map[string]any{"adcp_error": map[string]any{
			"code": "RATE_LIMITED", "message": "slow down", "details": details}}}
	}
	for _, c := range []struct {
		name string
		call func() bool
	}{
		{"details holds itself", func() bool { _, ok := ExtractValue(scError(selfMap(nil))); return ok }},
		{"details holds a NaN and itself", func() bool { _, ok := ExtractValue(scError(selfMap(map[string]any{"n": math.NaN()}))); return ok }},
		{"details holds a list that holds itself", func() bool { _, ok := ExtractValue(scError(map[string]any{"l": selfList()})); return ok }},
		{"the response holds itself", func() bool { m := selfMap(nil); m["result"] = m; _, ok := ExtractValue(m); return ok }},
		{"MCP data holds itself", func() bool { _, ok := ExtractMCPData(map[string]any{"structuredContent": selfMap(nil)}); return ok }},
		{"governance response holds itself", func() bool { _, ok := GovernanceDenial(selfMap(nil)); return ok }},
	} {
		if c.call() {
			t.Errorf("%s: accepted", c.name)
		}
	}
	// Without the cycle: accepted.
	if _, ok := ExtractValue(scError(map[string]any{"a": 1.0, "l": []any{1.0}})); !ok {
		t.Errorf("details without a cycle: refused")
	}
	// A value that shares a member at every level, 70 deep, encodes to
	// 2^70 leaves: refused as too large without being written out (the
	// encoding did not end). 100 levels of one member each are small,
	// and accepted.
	var shared, deep any = 1.0, 1.0
	for range 70 {
		shared = map[string]any{"a": shared, "b": shared}
	}
	for range 100 {
		deep = map[string]any{"a": deep}
	}
	if _, ok := ExtractValue(scError(shared)); ok {
		t.Errorf("details sharing a member 70 deep: accepted")
	}
	// The same, 40 deep, with json.Number leaves (a decoder with UseNumber
	// makes those), which the measured path leaves to the writer.
	var numbers any = json.Number("1")
	for range 40 {
		numbers = []any{numbers, numbers}
	}
	if _, ok := ExtractValue(scError(map[string]any{"l": numbers})); ok {
		t.Errorf("details sharing json.Number items 40 deep: accepted")
	}
	if _, ok := ExtractValue(scError(deep)); !ok {
		t.Errorf("details 100 deep: refused")
	}
	if _, ok := ExtractMCPData(map[string]any{"structuredContent": map[string]any{"a": 1.0}}); !ok {
		t.Errorf("MCP data without a cycle: refused")
	}
}

// TestDeepValues checks that success data or a governance rejection a
// caller built nested deeper than encoding/json decodes (which no decoder
// makes) is refused, as the same data as bytes is, instead of being
// encoded: 1,000,000 levels overflowed the stack, which ended the process.
// 10,000 levels are accepted.
func TestDeepValues(t *testing.T) {
	nested := func(depth int) any {
		var v any = 1.0
		for range depth {
			v = []any{v}
		}
		return v
	}
	artifact := func(data any) any {
		return map[string]any{"status": map[string]any{"state": "completed"},
			"artifacts": []any{map[string]any{"parts": []any{map[string]any{"kind": "data", "data": data}}}}}
	}
	for _, c := range []struct {
		depth int
		want  bool
	}{{9_998, true}, {1_000_000, false}} {
		data := map[string]any{"a": nested(c.depth)} // 9,999 levels, or 1,000,001
		if _, ok := ExtractMCPData(map[string]any{"structuredContent": data}); ok != c.want {
			t.Errorf("MCP data %d deep: ok %v, want %v", c.depth, ok, c.want)
		}
		if _, ok, _ := ExtractA2AData(artifact(data)); ok != c.want {
			t.Errorf("A2A data %d deep: ok %v, want %v", c.depth, ok, c.want)
		}
		rejected := map[string]any{"status": "rejected", "reason": "no", "data": data}
		if _, ok := GovernanceDenial(rejected); ok != c.want {
			t.Errorf("governance rejection %d deep: ok %v, want %v", c.depth, ok, c.want)
		}
	}
}
