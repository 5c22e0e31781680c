package seller_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

// checklist: 55
func TestPassthroughCopiesUnchanged(t *testing.T) {
	up := decodeTestError(t, `{"code":"RATE_LIMITED","message":"m","recovery":"deferred","retry_after":86400.5,"details":{"scope":"tool"}}`)
	up.Extra = map[string]json.RawMessage{"trace_hint": json.RawMessage(`"abc"`)}
	up.Issues = []adcp.Issue{{Pointer: "/a", Message: "m", Keyword: "type"}}
	c := seller.Passthrough(up)
	if !reflect.DeepEqual(c, up) {
		t.Fatalf("Passthrough changed the error:\n got %+v\nwant %+v", c, up)
	}
	*c.RetryAfter = 1
	c.Details[2] = 'X'
	c.Extra["trace_hint"][1] = 'X'
	c.Extra["new"] = nil
	c.Issues[0].Pointer = "/changed"
	if *up.RetryAfter != 86400.5 || string(up.Details) != `{"scope":"tool"}` || string(up.Extra["trace_hint"]) != `"abc"` || len(up.Extra) != 1 ||
		up.Issues[0].Pointer != "/a" {
		t.Errorf("the copy shares memory with the original: %+v", up)
	}
	if seller.Passthrough(nil) != nil {
		t.Error("Passthrough(nil) is not nil")
	}
}

// checklist: 55
func TestPassthroughKeepsRetryAfterAsWritten(t *testing.T) {
	for _, c := range []struct {
		lit  string
		wait time.Duration
	}{
		{"120.5", 121 * time.Second},
		{"1.0000000000000001", 2 * time.Second}, // a float64 holds 1
		{"59.99999999999999999999", 60 * time.Second},
	} {
		up := decodeTestError(t, `{"code":"RATE_LIMITED","message":"m","recovery":"transient","retry_after":`+c.lit+`}`)
		p := seller.Passthrough(up)
		want, _ := json.Marshal(up)
		if got, _ := json.Marshal(p); !bytes.Equal(got, want) {
			t.Errorf("%s: the copy encodes as %s, the original as %s", c.lit, got, want)
		}
		raw, err := seller.MCPToolResult(voc, p, "")
		if err != nil {
			t.Fatal(err)
		}
		x, ok := adcp.Extract(raw)
		if d, _ := x.Err.RetryDelay(); !ok || d != c.wait || !bytes.Contains(x.Raw(), []byte(`"retry_after":`+c.lit+`,`)) {
			t.Errorf("%s: passed through as %s: the buyer waits %v, not %v", c.lit, x.Raw(), d, c.wait)
		}
	}
}

// checklist: 55
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
