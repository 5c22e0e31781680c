package a2ago

import (
	"reflect"
	"testing"

	"github.com/a2aproject/a2a-go/a2a"
)

// TestWrappersReleased: once released, the wrappers an extraction built
// hold no value of the SDK's (nothing is kept alive by the pool), and a
// second task built with them is the first's shape, not a mix of the two.
func TestWrappersReleased(t *testing.T) {
	data := map[string]any{"adcp_error": map[string]any{"code": "X_A", "message": "m"}}
	big := &a2a.Task{
		Status: a2a.TaskStatus{State: a2a.TaskStateFailed, Message: &a2a.Message{Parts: a2a.ContentParts{a2a.DataPart{Data: data}}}},
		Artifacts: []*a2a.Artifact{
			{Parts: a2a.ContentParts{a2a.TextPart{Text: "t"}, a2a.DataPart{Data: data}, &a2a.DataPart{Data: data}}},
			{Parts: a2a.ContentParts{a2a.DataPart{Data: data}}},
		},
	}
	w := new(wrappers)
	w.task(big)
	if w.no == 0 || w.na == 0 {
		t.Fatal("no wrappers built")
	}
	objects, arrays := w.objects, w.arrays
	w.release()
	for i, m := range objects {
		if len(m) != 0 {
			t.Errorf("object %d holds %v after release", i, m)
		}
	}
	for i, a := range arrays {
		for j, x := range a[:cap(a)] {
			if x != nil {
				t.Errorf("array %d holds %v at %d after release", i, x, j)
			}
		}
	}
	small := &a2a.Task{Status: a2a.TaskStatus{State: a2a.TaskStateWorking}, Artifacts: []*a2a.Artifact{{Parts: a2a.ContentParts{a2a.TextPart{Text: "t"}}}}}
	got := w.task(small)
	want := map[string]any{"status": map[string]any{"state": "working"}, "artifacts": []any{map[string]any{"parts": []any{otherPart}}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("task built with reused wrappers = %v, want %v", got, want)
	}
	w.release()
}
