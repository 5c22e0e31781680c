package a2ago

import (
	"testing"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
)

func TestSoleError(t *testing.T) {
	e := `{"code":"X","message":"m"}`
	for _, c := range []struct {
		err, payload string
		want         bool
	}{
		{`{"adcp_error":` + e + `}`, `{"errors":[` + e + `]}`, true},
		{`{"adcp_error":` + e + `}`, `{"errors":[` + e + `,` + e + `]}`, false},
		{`{"adcp_error":` + e + `}`, `{"errors":[{"code":"Y","message":"m"}]}`, false},
		{`{"adcp_error":` + e + `}`, `{"errors":[]}`, false},
		{`{"adcp_error":` + e + `}`, `{"errors":[` + e + `]`, false},
		{`{"x":` + e + `}`, `{"errors":[` + e + `]}`, false},
	} {
		if got := soleError(seller.A2AParts{Error: []byte(c.err), Payload: []byte(c.payload)}); got != c.want {
			t.Errorf("soleError(%s, %s) = %v, want %v", c.err, c.payload, got, c.want)
		}
	}
}

// TestFailedTaskPartsShareNothing: the payload's copy of the error shares
// no object or array with the error's DataPart, as two decodings would not.
func TestFailedTaskPartsShareNothing(t *testing.T) {
	e, err := seller.New(adcperr.Vocabulary, "VALIDATION_ERROR", "m")
	if err != nil {
		t.Fatal(err)
	}
	e.Issues = []adcp.Issue{{Pointer: "/a", Message: "m", Keyword: "type"}}
	if e, _, err = seller.Finalize(adcperr.Vocabulary, e); err != nil {
		t.Fatal(err)
	}
	task, err := FailedTask(adcperr.Vocabulary, &a2a.Task{ID: "t"}, e, "")
	if err != nil {
		t.Fatal(err)
	}
	parts := task.Artifacts[0].Parts
	first := parts[1].(a2a.DataPart).Data["adcp_error"].(map[string]any)
	copied := parts[2].(a2a.DataPart).Data["errors"].([]any)[0].(map[string]any)
	first["message"] = "changed"
	first["issues"].([]any)[0].(map[string]any)["pointer"] = "/changed"
	if copied["message"] != "m" || copied["issues"].([]any)[0].(map[string]any)["pointer"] != "/a" {
		t.Errorf("the payload's error changed with the DataPart's: %v", copied)
	}
}
