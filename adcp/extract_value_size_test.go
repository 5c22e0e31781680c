package adcp

import (
	"runtime"
	"strings"
	"testing"
)

// TestExtractValueOversizedNotCopied: a decoded error whose strings alone
// exceed MaxErrorSize is refused without copying them (a hostile SDK value
// of 16 MiB costs kilobytes, not megabytes).
func TestExtractValueOversizedNotCopied(t *testing.T) {
	huge := strings.Repeat("x", 16<<20)
	resp := map[string]any{"isError": true, "structuredContent": map[string]any{
		"adcp_error": map[string]any{"code": "RATE_LIMITED", "message": huge},
	}}
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
}

// TestExtractValueManyIssuesNotCopied: an error with a million issues (an
// encoding of at least 3 MB) is refused without allocating for them.
func TestExtractValueManyIssuesNotCopied(t *testing.T) {
	issues := make([]any, 1<<20)
	for i := range issues {
		issues[i] = map[string]any{}
	}
	resp := map[string]any{"isError": true, "structuredContent": map[string]any{
		"adcp_error": map[string]any{"code": "VALIDATION_ERROR", "issues": issues},
	}}
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
}
