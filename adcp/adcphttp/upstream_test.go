package adcphttp_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/adcphttp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/testvocab"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

func TestFromHTTP(t *testing.T) {
	now := time.Date(2025, 1, 22, 10, 30, 0, 0, time.UTC)
	leaky := http.Header{
		"Server":     {"nginx/1.25 billing.internal"},
		"X-Upstream": {"10.1.2.3:5432"},
		"Set-Cookie": {"session=s3cr3t"},
	}
	tests := []struct {
		status     int
		retryAfter string
		code       adcp.Code
		want       float64       // 0: no retry_after
		recovery   adcp.Recovery // "": transient
	}{
		{429, "120", "RATE_LIMITED", 120, ""},
		{429, "0", "RATE_LIMITED", 1, ""},
		{429, "99999", "RATE_LIMITED", 3600, ""},
		{429, now.Add(90 * time.Second).Format(http.TimeFormat), "RATE_LIMITED", 90, ""},
		{429, now.Add(-time.Hour).Format(http.TimeFormat), "RATE_LIMITED", 1, ""},
		{429, now.Add(48 * time.Hour).Format(time.RFC850), "RATE_LIMITED", 3600, ""},
		{429, "-5", "RATE_LIMITED", 0, ""},
		{429, "1.5", "RATE_LIMITED", 0, ""},
		{429, "soon", "RATE_LIMITED", 0, ""},
		{429, "", "RATE_LIMITED", 0, ""},
		{503, "30", "SERVICE_UNAVAILABLE", 30, ""},
		{503, "", "SERVICE_UNAVAILABLE", 0, ""},
		{500, "30", "SERVICE_UNAVAILABLE", 0, ""},
		{502, "", "SERVICE_UNAVAILABLE", 0, ""},
		{504, "", "SERVICE_UNAVAILABLE", 0, ""},
		{400, "", "SERVICE_UNAVAILABLE", 0, ""},
		{408, "", "SERVICE_UNAVAILABLE", 0, ""},
		// The upstream refused the seller's own credentials or access, or
		// has nothing at the address the seller called: the buyer cannot fix
		// that and a retry will not, so a person (the seller's operator) must.
		{401, "", "CONFIGURATION_ERROR", 0, adcp.RecoveryTerminal},
		{401, "30", "CONFIGURATION_ERROR", 0, adcp.RecoveryTerminal},
		{403, "", "CONFIGURATION_ERROR", 0, adcp.RecoveryTerminal},
		{404, "", "CONFIGURATION_ERROR", 0, adcp.RecoveryTerminal},
		{410, "", "CONFIGURATION_ERROR", 0, adcp.RecoveryTerminal},
	}
	for _, tt := range tests {
		h := leaky.Clone()
		if tt.retryAfter != "" {
			h.Set("Retry-After", tt.retryAfter)
		}
		name := fmt.Sprintf("%d %q", tt.status, tt.retryAfter)
		e := adcphttp.FromHTTP(tt.status, h, now)
		recovery := tt.recovery
		if recovery == "" {
			recovery = adcp.RecoveryTransient
		}
		if e.Code != tt.code || e.Recovery != recovery {
			t.Errorf("%s: %s/%s, want %s/%s", name, e.Code, e.Recovery, tt.code, recovery)
		}
		if d := (adcp.Policy{Vocabulary: testvocab.Vocabulary}).Decide(e, adcp.RequestContext{}); (d.Action == adcp.ActionRetry) != (recovery == adcp.RecoveryTransient) {
			t.Errorf("%s: a buyer decides %s", name, d.Action)
		}
		switch {
		case tt.want == 0 && e.RetryAfter != nil:
			t.Errorf("%s: retry_after %v, want none", name, *e.RetryAfter)
		case tt.want != 0 && (e.RetryAfter == nil || *e.RetryAfter != tt.want):
			t.Errorf("%s: retry_after %v, want %v", name, e.RetryAfter, tt.want)
		}
		assertNoLeak(t, name, e)
		if _, _, err := seller.Finalize(testvocab.Vocabulary, e); err != nil {
			t.Errorf("%s: not a valid error: %v", name, err)
		}
	}
}

// TestParseRetryAfterHeader checks the header reader FromHTTP uses on its
// own: delay-seconds and the three HTTP date formats, rounded up and
// clamped to 1..3600, and false for what is neither.
func TestParseRetryAfterHeader(t *testing.T) {
	now := time.Date(2025, 1, 22, 10, 30, 0, 0, time.UTC)
	tests := []struct {
		v    string
		want float64
		ok   bool
	}{
		{"120", 120, true},
		{" 120 ", 120, true},
		{"0", 1, true},
		{"3600", 3600, true},
		{"3601", 3600, true},
		{"18446744073709551615", 3600, true},
		{"18446744073709551616", 3600, true}, // 2^64: beyond uint64, still delay-seconds
		{"99999999999999999999999999999999999999999999", 3600, true},
		{"000000000000000000000000000000000000000007", 7, true},
		{"18446744073709551616x", 0, false},
		{now.Add(90 * time.Second).Format(http.TimeFormat), 90, true},
		{now.Add(90 * time.Second).Format(time.RFC850), 90, true},
		{now.Add(90 * time.Second).Format(time.ANSIC), 90, true},
		{now.Add(-time.Hour).Format(http.TimeFormat), 1, true},
		{now.Add(48 * time.Hour).Format(http.TimeFormat), 3600, true},
		{"", 0, false},
		{"   ", 0, false},
		{"-5", 0, false},
		{"+5", 0, false},
		{"1.5", 0, false},
		{"1e3", 0, false},
		{"soon", 0, false},
	}
	for _, tt := range tests {
		got, ok := adcphttp.ParseRetryAfterHeader(tt.v, now)
		if ok != tt.ok || got != tt.want {
			t.Errorf("ParseRetryAfterHeader(%q) = %v, %v; want %v, %v", tt.v, got, ok, tt.want, tt.ok)
		}
	}
}
