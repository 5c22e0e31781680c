package adcphttp_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"reflect"
	"syscall"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/adcphttp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

// timeoutErr is a net.Error that timed out.
type timeoutErr struct{}

func (timeoutErr) Error() string   { return "read tcp 10.1.2.3:5432: i/o timeout" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

// checklist: 55
func TestFromError(t *testing.T) {
	opErr := &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.ParseIP("10.1.2.3"), Port: 5432}, Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	tests := []struct {
		name string
		err  error
		msg  string
	}{
		{"deadline", context.DeadlineExceeded, adcphttp.MsgTimeout},
		{"url timeout", &url.Error{Op: "Get", URL: "http://billing.internal:8080/v1/charge?key=s3cr3t", Err: context.DeadlineExceeded}, adcphttp.MsgTimeout},
		{"net timeout", timeoutErr{}, adcphttp.MsgTimeout},
		{"canceled", fmt.Errorf("charge via db-primary: %w", context.Canceled), adcphttp.MsgCanceled},
		{"connection refused", opErr, adcphttp.MsgUnavailable},
		{"wrapped refused", fmt.Errorf("dial db-primary: %w", syscall.ECONNREFUSED), adcphttp.MsgUnavailable},
		{"dns", &net.DNSError{Name: "db-primary.billing.internal", Err: "no such host"}, adcphttp.MsgUnavailable},
		{"other", fmt.Errorf("upstream body: %w", errors.New("x")), adcphttp.MsgInternal},
		{"unexpected eof", fmt.Errorf("reading upstream body: %w", io.ErrUnexpectedEOF), adcphttp.MsgUnavailable},
		{"sql", errors.New(`pq: relation "users" does not exist at /srv/app/db.go:42`), adcphttp.MsgInternal},
	}
	for _, tt := range tests {
		e := adcphttp.FromError(tt.err)
		if e == nil {
			t.Fatalf("%s: nil", tt.name)
		}
		if e.Code != "SERVICE_UNAVAILABLE" || e.Recovery != adcp.RecoveryTransient || e.Message != tt.msg {
			t.Errorf("%s: %s/%s %q, want SERVICE_UNAVAILABLE/transient %q", tt.name, e.Code, e.Recovery, e.Message, tt.msg)
		}
		assertNoLeak(t, tt.name, e)
	}
	if adcphttp.FromError(nil) != nil {
		t.Error("FromError(nil) is not nil")
	}
}

// checklist: 55
func TestFromErrorPassesAdCPErrorsThrough(t *testing.T) {
	up := decodeTestError(t, `{"code":"X_ACME_FLOOR_NOT_MET","message":"Floor not met","recovery":"correctable","retry_after":86400,"details":{"floor":2.5}}`)
	got := adcphttp.FromError(fmt.Errorf("seller B: %w", up))
	if got == up {
		t.Fatal("FromError returned the upstream error itself, not a copy")
	}
	if !reflect.DeepEqual(got, up) {
		t.Errorf("FromError changed the AdCP error:\n got %+v\nwant %+v", got, up)
	}
	if want := seller.Passthrough(up); !reflect.DeepEqual(got, want) {
		t.Errorf("FromError's copy is not seller.Passthrough's:\n got %+v\nwant %+v", got, want)
	}
	got.Details[1] = 'X'
	*got.RetryAfter = 1
	if string(up.Details) != `{"floor":2.5}` || *up.RetryAfter != 86400 {
		t.Errorf("the copy shares memory with the upstream error: %+v", up)
	}
}

// decodeTestError decodes an error from JSON.
func decodeTestError(t *testing.T, s string) *adcp.Error {
	t.Helper()
	var e adcp.Error
	if err := json.Unmarshal([]byte(s), &e); err != nil {
		t.Fatalf("decode %s: %v", s, err)
	}
	return &e
}
