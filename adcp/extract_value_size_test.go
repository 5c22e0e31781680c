package adcp

import (
	"runtime"
	"strings"
	"testing"
)

// TestExtractValueOversizedNotCopied: a decoded error too large to be valid
// is refused without copying it: a hostile SDK value of megabytes costs
// kilobytes.
func TestExtractValueOversizedNotCopied(t *testing.T) {
	issues := make([]any, 1<<20)
	for i := range issues {
		issues[i] = map[string]any{}
	}
	for _, tt := range []struct {
		name string
		err  map[string]any
	}{
		{"a 16 MiB message", map[string]any{"code": "RATE_LIMITED", "message": strings.Repeat("x", 16<<20)}},
		{"a million issues (at least 3 MB encoded)", map[string]any{"code": "VALIDATION_ERROR", "issues": issues}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			resp := map[string]any{"isError": true, "structuredContent": map[string]any{"adcp_error": tt.err}}
			if _, ok := ExtractValue(resp); ok {
				t.Fatal("an oversized error was extracted")
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for i := 0; i < 4; i++ {
				ExtractValue(resp)
			}
			runtime.ReadMemStats(&after)
			if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
				t.Errorf("4 refusals allocated %d bytes", n)
			}
		})
	}
}
