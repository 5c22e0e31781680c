package a2ago_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/adcp-gen/adcp-gen/adapters/a2ago"
	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
	"github.com/adcp-gen/adcp-gen/internal/testshared"
)

// TestFailedTaskMatchesBuilder: the SDK task encodes to the builder's
// output, plus the members a2a-go always writes (kind, contextId).
func TestFailedTaskMatchesBuilder(t *testing.T) {
	e := mustNew(adcperr.CodeBudgetTooLow, "Budget is under the minimum.", seller.WithField("packages[0].budget"))(t)
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	opts := []seller.WireOption{seller.WithTimestamp(at), seller.WithErrorMIMEType()}
	task, err := a2ago.FailedTask(adcperr.Vocabulary, &a2a.Task{ID: "task-1", ContextID: "ctx-1"}, e, "Budget too low.", opts...)
	if err != nil {
		t.Fatal(err)
	}
	if task.ID != "task-1" || task.ContextID != "ctx-1" || task.Status.State != a2a.TaskStateFailed {
		t.Errorf("task = %+v", task)
	}
	got, err := json.Marshal(task)
	if err != nil {
		t.Fatal(err)
	}
	want, err := seller.A2AFailedTask(adcperr.Vocabulary, "task-1", e, "Budget too low.", opts...)
	if err != nil {
		t.Fatal(err)
	}
	var g, w map[string]any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatal(err)
	}
	if g["kind"] != "task" || g["contextId"] != "ctx-1" {
		t.Errorf("kind, contextId = %v, %v", g["kind"], g["contextId"])
	}
	delete(g, "kind")
	delete(g, "contextId")
	if !reflect.DeepEqual(g, w) {
		t.Errorf("FailedTask encodes to\n%s\nwant\n%s", got, want)
	}
}

func TestFailedTaskTimestampAndRefusals(t *testing.T) {
	e := &adcp.Error{Code: "SERVICE_UNAVAILABLE", Message: "Overloaded."}
	before := time.Now().Add(-time.Second)
	task, err := a2ago.FailedTask(adcperr.Vocabulary, &a2a.Task{ID: "t"}, e, "")
	if err != nil {
		t.Fatal(err)
	}
	if ts := task.Status.Timestamp; ts == nil || ts.Before(before) {
		t.Errorf("timestamp = %v, want now", ts)
	}
	if _, err := a2ago.FailedTask(adcperr.Vocabulary, &a2a.Task{}, &adcp.Error{Code: "STALE_RESPONSE", Message: "Cached."}, ""); err == nil {
		t.Error("FailedTask accepted an advisory code")
	}
	if _, err := a2ago.FailedTask(adcperr.Vocabulary, &a2a.Task{}, nil, ""); err == nil {
		t.Error("FailedTask accepted nil")
	}
}

// errorData is a data part holding an AdCP error.
func errorData(code string) a2a.DataPart {
	return a2a.DataPart{Data: map[string]any{"adcp_error": map[string]any{"code": code, "message": "m"}}}
}

func TestExtractEvent(t *testing.T) {
	info := &a2a.Task{ID: "t", ContextID: "c"}
	failed := a2a.NewStatusUpdateEvent(info, a2a.TaskStateFailed,
		a2a.NewMessage(a2a.MessageRoleAgent, a2a.TextPart{Text: "Overloaded."}, errorData("SERVICE_UNAVAILABLE")))
	tests := []struct {
		name string
		ev   a2a.Event
		path adcp.Path // "" when nothing is extracted
		code adcp.Code
	}{
		{"status update", failed, adcp.PathStatusMessage, "SERVICE_UNAVAILABLE"},
		{"artifact update", a2a.NewArtifactEvent(info, a2a.TextPart{Text: "x"}, errorData("RATE_LIMITED")), adcp.PathArtifact, "RATE_LIMITED"},
		{"artifact update without error", a2a.NewArtifactEvent(info, a2a.TextPart{Text: "x"}), "", ""},
		{"message", a2a.NewMessage(a2a.MessageRoleAgent, errorData("RATE_LIMITED")), "", ""},
		{"nil task", (*a2a.Task)(nil), "", ""},
		{"nil status update", (*a2a.TaskStatusUpdateEvent)(nil), "", ""},
		{"artifact update without artifact", &a2a.TaskArtifactUpdateEvent{}, "", ""},
	}
	for _, tt := range tests {
		x, ok := a2ago.Extract(tt.ev)
		if ok != (tt.path != "") || x.Path != tt.path || (ok && x.Err.Code != tt.code) {
			t.Errorf("%s: Extract = %s %v (%v), want %s %s", tt.name, x.Path, x.Err, ok, tt.path, tt.code)
		}
	}
}

// TestA2A10 shows that a2a-go cannot decode an A2A 1.0 task (parts have no
// kind) and that adcp.Extract reads it, bare and in a stream envelope.
//
// checklist: 7
func TestA2A10(t *testing.T) {
	const task = `{"id":"t-9","contextId":"c-1","status":{"state":"TASK_STATE_FAILED"},` +
		`"artifacts":[{"artifactId":"err","parts":[{"text":"Budget too low."},` +
		`{"data":{"adcp_error":{"code":"BUDGET_TOO_LOW","message":"Under the minimum.","recovery":"correctable"}}}]}]}`
	var decoded a2a.Task
	if err := json.Unmarshal([]byte(task), &decoded); err == nil {
		t.Error("a2a-go decoded an A2A 1.0 task; update the package documentation")
	}
	for _, raw := range []string{task, `{"task":` + task + `}`} {
		x, ok := adcp.Extract([]byte(raw))
		if !ok || x.Path != adcp.PathArtifact || x.Err.Code != "BUDGET_TOO_LOW" || x.NonFatal {
			t.Errorf("adcp.Extract(%.40s…) = %+v, %v", raw, x, ok)
		}
	}
}

// TestVectorsThroughSDK: every A2A vector of the official transport error
// mapping, decoded into an a2a.Task as the client would, gives the same
// extraction as the bytes and the expected action.
func TestVectorsThroughSDK(t *testing.T) {
	dir := testshared.Dir(t, "test-vectors")
	b, err := os.ReadFile(filepath.Join(dir, "transport-error-mapping.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Vectors []struct {
			ID             string          `json:"id"`
			Transport      string          `json:"transport"`
			Response       json.RawMessage `json:"response"`
			ExpectedAction adcp.Action     `json:"expected_action"`
		} `json:"vectors"`
	}
	if err := json.Unmarshal(b, &file); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, v := range file.Vectors {
		if v.Transport != "a2a" {
			continue
		}
		n++
		t.Run(v.ID, func(t *testing.T) {
			var task a2a.Task
			if err := json.Unmarshal(v.Response, &task); err != nil {
				t.Fatalf("a2a-go cannot decode the vector: %v", err)
			}
			x, ok := a2ago.Extract(&task)
			y, yok := adcp.Extract(v.Response)
			if ok != yok || x.Path != y.Path || (ok && x.Err.Code != y.Err.Code) {
				t.Errorf("through a2a.Task: %s %v; from the bytes: %s %v", x.Path, ok, y.Path, yok)
			}
			var e *adcp.Error
			if ok {
				e = x.Err
			}
			if d := (adcp.Policy{Vocabulary: adcperr.Vocabulary}).Decide(e, adcp.RequestContext{NonFatal: x.NonFatal}); d.Action != v.ExpectedAction {
				t.Errorf("action = %s, want %s", d.Action, v.ExpectedAction)
			}
		})
	}
	if n == 0 {
		t.Fatal("no A2A vectors")
	}
}

// BenchmarkExtractTask measures extraction from the task a client decoded
// beside its baseline, adcp.Extract on the task's bytes.
func BenchmarkExtractTask(b *testing.B) {
	raw, err := seller.A2AFailedTask(adcperr.Vocabulary, "task_1", &adcp.Error{Code: "RATE_LIMITED", Message: "Slow down.", Recovery: "transient"}, "")
	if err != nil {
		b.Fatal(err)
	}
	var task a2a.Task // as the client hands it over
	if err := json.Unmarshal(raw, &task); err != nil {
		b.Fatal(err)
	}
	b.Run("baseline=adcp.Extract", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, ok := adcp.Extract(raw); !ok {
				b.Fatal("not extracted")
			}
		}
	})
	b.Run("Extract", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, ok := a2ago.Extract(&task); !ok {
				b.Fatal("not extracted")
			}
		}
	})
}

// TestFailedTaskDecodes: FailedTask, built from the builder's pieces
// (seller.A2AFailedTaskParts), is what json.Unmarshal into a2a.Task makes of
// the builder's task, field for field.
func TestFailedTaskDecodes(t *testing.T) {
	five := 5.0
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, c := range []struct {
		e     *adcp.Error
		human string
		opts  []seller.WireOption
	}{
		{&adcp.Error{Code: "RATE_LIMITED", Message: "Slow <down> & \u2028", Recovery: "transient", RetryAfter: &five,
			Details: json.RawMessage(`{"limit":100,"remaining":0,"window_seconds":60,"scope":"account"}`)}, "", []seller.WireOption{seller.WithTimestamp(at)}},
		{&adcp.Error{Code: "BUDGET_TOO_LOW", Message: "Too low.", Field: "packages[0].budget", Recovery: "correctable"}, "The budget is \"too\" low.",
			[]seller.WireOption{seller.WithTimestamp(at), seller.WithErrorMIMEType()}},
		{&adcp.Error{Code: "X_ACME_NOTE", Message: "m\xff", Recovery: "terminal", Details: json.RawMessage(`{"note":"\ud83d","n":1e3}`)}, "",
			[]seller.WireOption{seller.WithTimestamp(at.In(time.FixedZone("x", -7200)).Add(999 * time.Millisecond)),
				seller.WithPayloadErrors(&adcp.Error{Code: "X_ACME_NOTE", Message: "m\xff", Recovery: "terminal"})}},
	} {
		got, err := a2ago.FailedTask(adcperr.Vocabulary, &a2a.Task{ID: "task-1", ContextID: "ctx-1"}, c.e, c.human, c.opts...)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := seller.A2AFailedTask(adcperr.Vocabulary, "task-1", c.e, c.human, c.opts...)
		if err != nil {
			t.Fatal(err)
		}
		want := new(a2a.Task)
		if err := json.Unmarshal(raw, want); err != nil {
			t.Fatal(err)
		}
		want.ContextID = "ctx-1"
		if !reflect.DeepEqual(got, want) {
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(want)
			t.Errorf("FailedTask = %s\nwant %s", g, w)
		}
	}
}

// BenchmarkFailedTask measures FailedTask beside its baseline, the
// builder's bytes alone (seller.A2AFailedTask).
func BenchmarkFailedTask(b *testing.B) {
	e := &adcp.Error{Code: "RATE_LIMITED", Message: "Slow down.", Recovery: "transient"}
	info := &a2a.Task{ID: "task-1", ContextID: "ctx-1"}
	b.Run("baseline=seller.A2AFailedTask", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := seller.A2AFailedTask(adcperr.Vocabulary, "task-1", e, ""); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("FailedTask", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := a2ago.FailedTask(adcperr.Vocabulary, info, e, ""); err != nil {
				b.Fatal(err)
			}
		}
	})
}
