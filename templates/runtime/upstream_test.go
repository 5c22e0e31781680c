package adcperr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"
)

// upstreamSecrets are fragments of upstream failures that must never reach
// a buyer-visible field.
var upstreamSecrets = []string{
	"10.1.2.3", "5432", "billing.internal", "db-primary", "/srv/app", "db.go", "relation", "users",
	"charge", "key=", "s3cr3t", "nginx", "upstream body", "dial", "tcp", "no such host", "pq:", "Get",
}

func assertNoUpstreamLeak(t *testing.T, name string, e *Error) {
	t.Helper()
	raw, err := wireJSON(e)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range upstreamSecrets {
		if strings.Contains(string(raw), s) {
			t.Errorf("%s: %q leaked into %s", name, s, raw)
		}
	}
	if fs := CheckMessage(e.Message); len(fs) != 0 {
		t.Errorf("%s: message %q has findings %v", name, e.Message, fs)
	}
}

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
		code       Code
		want       float64 // 0: no retry_after
	}{
		{429, "120", "RATE_LIMITED", 120},
		{429, "0", "RATE_LIMITED", 1},
		{429, "99999", "RATE_LIMITED", 3600},
		{429, now.Add(90 * time.Second).Format(http.TimeFormat), "RATE_LIMITED", 90},
		{429, now.Add(-time.Hour).Format(http.TimeFormat), "RATE_LIMITED", 1},
		{429, now.Add(48 * time.Hour).Format(time.RFC850), "RATE_LIMITED", 3600},
		{429, "-5", "RATE_LIMITED", 0},
		{429, "1.5", "RATE_LIMITED", 0},
		{429, "soon", "RATE_LIMITED", 0},
		{429, "", "RATE_LIMITED", 0},
		{503, "30", "SERVICE_UNAVAILABLE", 30},
		{503, "", "SERVICE_UNAVAILABLE", 0},
		{500, "30", "SERVICE_UNAVAILABLE", 0},
		{502, "", "SERVICE_UNAVAILABLE", 0},
		{504, "", "SERVICE_UNAVAILABLE", 0},
		{400, "", "SERVICE_UNAVAILABLE", 0},
		{401, "", "SERVICE_UNAVAILABLE", 0},
		{404, "", "SERVICE_UNAVAILABLE", 0},
	}
	for _, tt := range tests {
		h := leaky.Clone()
		if tt.retryAfter != "" {
			h.Set("Retry-After", tt.retryAfter)
		}
		name := fmt.Sprintf("%d %q", tt.status, tt.retryAfter)
		e := FromHTTP(tt.status, h, now)
		if e.Code != tt.code || e.Recovery != RecoveryTransient {
			t.Errorf("%s: %s/%s, want %s/transient", name, e.Code, e.Recovery, tt.code)
		}
		switch {
		case tt.want == 0 && e.RetryAfter != nil:
			t.Errorf("%s: retry_after %v, want none", name, *e.RetryAfter)
		case tt.want != 0 && (e.RetryAfter == nil || *e.RetryAfter != tt.want):
			t.Errorf("%s: retry_after %v, want %v", name, e.RetryAfter, tt.want)
		}
		assertNoUpstreamLeak(t, name, e)
		if _, _, err := Finalize(e); err != nil {
			t.Errorf("%s: not a valid error: %v", name, err)
		}
	}
}

// timeoutErr is a net.Error that timed out.
type timeoutErr struct{}

func (timeoutErr) Error() string   { return "read tcp 10.1.2.3:5432: i/o timeout" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

func TestFromError(t *testing.T) {
	opErr := &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.ParseIP("10.1.2.3"), Port: 5432}, Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	tests := []struct {
		name string
		err  error
		msg  string
	}{
		{"deadline", context.DeadlineExceeded, upstreamMsgTimeout},
		{"url timeout", &url.Error{Op: "Get", URL: "http://billing.internal:8080/v1/charge?key=s3cr3t", Err: context.DeadlineExceeded}, upstreamMsgTimeout},
		{"net timeout", timeoutErr{}, upstreamMsgTimeout},
		{"canceled", fmt.Errorf("charge via db-primary: %w", context.Canceled), upstreamMsgCanceled},
		{"connection refused", opErr, upstreamMsgUnavailable},
		{"wrapped refused", fmt.Errorf("dial db-primary: %w", syscall.ECONNREFUSED), upstreamMsgUnavailable},
		{"dns", &net.DNSError{Name: "db-primary.billing.internal", Err: "no such host"}, upstreamMsgUnavailable},
		{"other", fmt.Errorf("upstream body: %w", errors.New("x")), upstreamMsgInternal},
		{"unexpected eof", fmt.Errorf("reading upstream body: %w", io.ErrUnexpectedEOF), upstreamMsgUnavailable},
		{"sql", errors.New(`pq: relation "users" does not exist at /srv/app/db.go:42`), upstreamMsgInternal},
	}
	for _, tt := range tests {
		e := FromError(tt.err)
		if e == nil {
			t.Fatalf("%s: nil", tt.name)
		}
		if e.Code != "SERVICE_UNAVAILABLE" || e.Recovery != RecoveryTransient || e.Message != tt.msg {
			t.Errorf("%s: %s/%s %q, want SERVICE_UNAVAILABLE/transient %q", tt.name, e.Code, e.Recovery, e.Message, tt.msg)
		}
		assertNoUpstreamLeak(t, tt.name, e)
	}
	if FromError(nil) != nil {
		t.Error("FromError(nil) is not nil")
	}
}

func TestFromErrorPassesAdCPErrorsThrough(t *testing.T) {
	up := decodeTestError(t, `{"code":"X_ACME_FLOOR_NOT_MET","message":"Floor not met","recovery":"correctable","retry_after":86400,"details":{"floor":2.5}}`)
	got := FromError(fmt.Errorf("seller B: %w", up))
	if got == up {
		t.Fatal("FromError returned the upstream error itself, not a copy")
	}
	if !reflect.DeepEqual(got, up) {
		t.Errorf("FromError changed the AdCP error:\n got %+v\nwant %+v", got, up)
	}
}

func TestPassthroughCopiesUnchanged(t *testing.T) {
	up := decodeTestError(t, `{"code":"RATE_LIMITED","message":"m","recovery":"deferred","retry_after":86400.5,"details":{"scope":"tool"}}`)
	up.Extra = map[string]json.RawMessage{"trace_hint": json.RawMessage(`"abc"`)}
	c := Passthrough(up)
	if !reflect.DeepEqual(c, up) {
		t.Fatalf("Passthrough changed the error:\n got %+v\nwant %+v", c, up)
	}
	*c.RetryAfter = 1
	c.Details[2] = 'X'
	c.Extra["trace_hint"][1] = 'X'
	c.Extra["new"] = nil
	if *up.RetryAfter != 86400.5 || string(up.Details) != `{"scope":"tool"}` || string(up.Extra["trace_hint"]) != `"abc"` || len(up.Extra) != 1 {
		t.Errorf("the copy shares memory with the original: %+v", up)
	}
	if Passthrough(nil) != nil {
		t.Error("Passthrough(nil) is not nil")
	}
}

func TestAggregatePreservesEach(t *testing.T) {
	a := decodeTestError(t, `{"code":"RATE_LIMITED","message":"a","recovery":"transient","retry_after":30}`)
	b := decodeTestError(t, `{"code":"X_SELLERB_SOLD_OUT","message":"b","recovery":"terminal","details":{"k":[1,2]}}`)
	got, err := Aggregate(a, b)
	if err != nil {
		t.Fatal(err)
	}
	aj, _ := wireJSON(a)
	bj, _ := wireJSON(b)
	sameJSON(t, "Aggregate", got, `{"errors":[`+string(aj)+`,`+string(bj)+`]}`)
}
