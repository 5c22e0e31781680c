package a2ago

import (
	"testing"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
)

// TestFailedTaskPartsShareNothing: the payload's copy of the error shares
// no object or array with the error's DataPart.
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
