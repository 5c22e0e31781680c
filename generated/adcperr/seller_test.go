package adcperr_test

import (
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
)

// TestSellerBuildsEveryCode builds an error of every code of AdCP
// 3.2.0-beta.5 with the seller builders, given what the code requires (a
// field, required details), and reads it back from the MCP tool result: the
// runtime serves every code of the shipped vocabulary, which its own tests,
// on a small vocabulary, cannot show.
func TestSellerBuildsEveryCode(t *testing.T) {
	v := adcperr.Vocabulary
	if n := len(v.Codes()); n < 100 {
		t.Fatalf("%d codes", n)
	}
	for _, code := range v.Codes() {
		info, _ := v.Info(code)
		var opts []seller.Option
		if info.FieldRequired {
			opts = append(opts, seller.WithField("packages[0].budget"))
		}
		switch code {
		case adcperr.CodeAccountMoved:
			opts = append(opts, seller.WithDetails(&adcperr.AccountMovedDetails{CurrentAccount: []byte(`{"account_id":"acc_2"}`)}))
		default:
			if len(info.RequiredDetails) > 0 {
				t.Errorf("%s requires details %v this test does not give", code, info.RequiredDetails)
				continue
			}
		}
		e, err := seller.New(v, code, "Request failed", opts...)
		if err != nil {
			t.Errorf("New(%s): %v", code, err)
			continue
		}
		if e.Recovery != info.Recovery {
			t.Errorf("New(%s).Recovery = %q, want %q", code, e.Recovery, info.Recovery)
		}
		if info.Advisory {
			continue // refused as a failure: advisories ride in a success
		}
		res, err := seller.MCPToolResult(v, e, "")
		if err != nil {
			t.Errorf("MCPToolResult(%s): %v", code, err)
			continue
		}
		x, ok := adcp.Extract(res)
		if !ok || x.Err.Code != code || x.Err.Recovery != info.Recovery {
			t.Errorf("%s: extracted %+v, %v", code, x.Err, ok)
		}
	}
}
