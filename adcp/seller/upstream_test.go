package seller_test

import (
	"encoding/json"
	"reflect"
	"testing"

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
