package seller_test

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

	"github.com/adcp-gen/adcp-gen/adcp/internal/leaktest"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

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
		{"deadline", context.DeadlineExceeded, seller.UpstreamMsgTimeout},
		{"url timeout", &url.Error{Op: "Get", URL: "http://billing.internal:8080/v1/charge?key=s3cr3t", Err: context.DeadlineExceeded}, seller.UpstreamMsgTimeout},
		{"net timeout", timeoutErr{}, seller.UpstreamMsgTimeout},
		{"canceled", fmt.Errorf("charge via db-primary: %w", context.Canceled), seller.UpstreamMsgCanceled},
		{"connection refused", opErr, seller.UpstreamMsgUnavailable},
		{"wrapped refused", fmt.Errorf("dial db-primary: %w", syscall.ECONNREFUSED), seller.UpstreamMsgUnavailable},
		{"dns", &net.DNSError{Name: "db-primary.billing.internal", Err: "no such host"}, seller.UpstreamMsgUnavailable},
		{"other", fmt.Errorf("upstream body: %w", errors.New("x")), seller.UpstreamMsgInternal},
		{"unexpected eof", fmt.Errorf("reading upstream body: %w", io.ErrUnexpectedEOF), seller.UpstreamMsgUnavailable},
		{"sql", errors.New(`pq: relation "users" does not exist at /srv/app/db.go:42`), seller.UpstreamMsgInternal},
	}
	for _, tt := range tests {
		e := seller.FromError(tt.err)
		if e == nil {
			t.Fatalf("%s: nil", tt.name)
		}
		if e.Code != "SERVICE_UNAVAILABLE" || e.Recovery != adcp.RecoveryTransient || e.Message != tt.msg {
			t.Errorf("%s: %s/%s %q, want SERVICE_UNAVAILABLE/transient %q", tt.name, e.Code, e.Recovery, e.Message, tt.msg)
		}
		leaktest.AssertNoLeak(t, tt.name, e)
	}
	if seller.FromError(nil) != nil {
		t.Error("FromError(nil) is not nil")
	}
}

func TestFromErrorPassesAdCPErrorsThrough(t *testing.T) {
	up := decodeTestError(t, `{"code":"X_ACME_FLOOR_NOT_MET","message":"Floor not met","recovery":"correctable","retry_after":86400,"details":{"floor":2.5}}`)
	got := seller.FromError(fmt.Errorf("seller B: %w", up))
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
	c := seller.Passthrough(up)
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
	if seller.Passthrough(nil) != nil {
		t.Error("Passthrough(nil) is not nil")
	}
}

func TestAggregatePreservesEach(t *testing.T) {
	a := decodeTestError(t, `{"code":"RATE_LIMITED","message":"a","recovery":"transient","retry_after":30}`)
	b := decodeTestError(t, `{"code":"X_SELLERB_SOLD_OUT","message":"b","recovery":"terminal","details":{"k":[1,2]}}`)
	got, err := seller.Aggregate(voc, []*adcp.Error{a, b})
	if err != nil {
		t.Fatal(err)
	}
	aj, _ := jsonwire.Marshal(a)
	bj, _ := jsonwire.Marshal(b)
	sameJSON(t, "Aggregate", got, `{"errors":[`+string(aj)+`,`+string(bj)+`]}`)
}
