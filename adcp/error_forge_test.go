package adcp_test

import (
	"encoding/json"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
)

// TestMarshalRefusesForgedMembers: an Error whose raw members are not
// exactly one JSON value (details, an unknown member, an issue's or a
// discriminator's) never encodes: the bytes would read back as another
// error (`{"x":1},"code":"X_EVIL"` forges a second code). Raw members that
// are one value, white space around it or not, encode.
func TestMarshalRefusesForgedMembers(t *testing.T) {
	forged := []string{`{"x":1},"code":"X_EVIL"`, `{"x":1} {"y":2}`, `1,"code":"X_EVIL"`, `{"x":`, `}`, `"a"}`, ` `}
	for _, raw := range forged {
		for name, e := range map[string]adcp.Error{
			"details": {Code: "RATE_LIMITED", Message: "m", Details: json.RawMessage(raw)},
			"extra":   {Code: "RATE_LIMITED", Message: "m", Extra: map[string]json.RawMessage{"x_hop": json.RawMessage(raw)}},
			"issue extra": {Code: "VALIDATION_ERROR", Message: "m",
				Issues: []adcp.Issue{{Pointer: "/a", Message: "m", Keyword: "type", Extra: map[string]json.RawMessage{"x": json.RawMessage(raw)}}}},
			"discriminator": {Code: "VALIDATION_ERROR", Message: "m",
				Issues: []adcp.Issue{{Pointer: "/a", Message: "m", Keyword: "type", Discriminator: []adcp.IssueDiscriminator{{PropertyName: "k", Value: json.RawMessage(raw)}}}}},
		} {
			for _, v := range []any{e, &e} {
				if b, err := json.Marshal(v); err == nil {
					var back adcp.Error
					_ = json.Unmarshal(b, &back)
					t.Errorf("%s %q: encoded as %s (reads back as code %q)", name, raw, b, back.Code)
				}
			}
		}
	}
	for _, raw := range []string{`{"x":1}`, ` {"x": [1, {"y":null}]} `, `null`, `[1]`, `"s"`} {
		e := adcp.Error{Code: "RATE_LIMITED", Message: "m", Details: json.RawMessage(raw), Extra: map[string]json.RawMessage{"x_hop": json.RawMessage(raw)}}
		b, err := json.Marshal(e)
		if err != nil {
			t.Errorf("details %q: %v", raw, err)
			continue
		}
		var back adcp.Error
		if err := json.Unmarshal(b, &back); err != nil || back.Code != e.Code {
			t.Errorf("details %q: %s reads back as %q (%v)", raw, b, back.Code, err)
		}
	}
}
