package a2ago_test

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/adcp-gen/adcp-gen/adapters/a2ago"
	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/internal/extracttest"
	"github.com/adcp-gen/adcp-gen/internal/testshared"
)

// checkExtractEvent holds Extract, which reads the SDK's values, to
// adcp.Extract on what Extract extracted from
// before: the event's json.Marshal encoding (for an artifact update, of
// {"artifacts":[artifact]}), its HTML escapes undone (json.Marshal escapes
// <, > and &; extraction measures an error without them). Found or not,
// path, non-fatal, the error decoded and its Raw bytes must be the same.
func checkExtractEvent(t *testing.T, ev a2a.Event) {
	t.Helper()
	v := any(ev)
	if u, ok := ev.(*a2a.TaskArtifactUpdateEvent); ok && u != nil && u.Artifact != nil {
		v = struct {
			Artifacts []*a2a.Artifact `json:"artifacts"`
		}{[]*a2a.Artifact{u.Artifact}}
	}
	escaped, err := json.Marshal(v)
	if err != nil {
		t.Skipf("json.Marshal: %v", err) // not an event a client decodes
	}
	raw := extracttest.UnescapeHTML(escaped)
	got, ok := a2ago.Extract(ev)
	want, wok := adcp.Extract(raw)
	if d := extracttest.Diff(got, ok, want, wok); d != "" {
		t.Fatalf("Extract(%s): %s", raw, d)
	}
}

// a2aVectorTasks are the official vectors' responses (the A2A ones decode
// into a2a.Task).
func a2aVectorTasks(t testing.TB) map[string][]byte {
	return testshared.VectorResponses(t, "transport-error-mapping.json", "a2a-response-extraction.json")
}

func TestExtractEventMatchesBytes(t *testing.T) {
	cases := map[string]a2a.Event{}
	decoded := 0
	for id, raw := range a2aVectorTasks(t) {
		task := new(a2a.Task)
		if json.Unmarshal(raw, task) == nil {
			cases["vector "+id] = task
			decoded++
		}
	}
	if decoded < 10 {
		t.Fatalf("only %d vectors decode into a2a.Task", decoded)
	}
	info := &a2a.Task{ID: "t", ContextID: "c"}
	errPart := errorData("RATE_LIMITED")
	amp := a2a.DataPart{Data: map[string]any{"adcp_error": map[string]any{"code": "RATE_LIMITED", "message": "<slow> & steady"}}}
	warning := a2a.DataPart{Data: map[string]any{"errors": []any{map[string]any{"code": "STALE_RESPONSE", "message": "Cached."}}}}
	for name, ev := range map[string]a2a.Event{
		"failed, artifact": &a2a.Task{Status: a2a.TaskStatus{State: a2a.TaskStateFailed},
			Artifacts: []*a2a.Artifact{{Parts: a2a.ContentParts{a2a.TextPart{Text: "x"}, errPart}}}},
		"pointer parts": &a2a.Task{Status: a2a.TaskStatus{State: a2a.TaskStateFailed},
			Artifacts: []*a2a.Artifact{{Parts: a2a.ContentParts{&a2a.TextPart{Text: "x"}, &amp}}}},
		"nil parts and artifacts": &a2a.Task{Status: a2a.TaskStatus{State: a2a.TaskStateFailed},
			Artifacts: []*a2a.Artifact{nil, {Parts: a2a.ContentParts{(*a2a.DataPart)(nil), nil, errPart}}}},
		"nil data": &a2a.Task{Status: a2a.TaskStatus{State: a2a.TaskStateFailed},
			Artifacts: []*a2a.Artifact{{Parts: a2a.ContentParts{a2a.DataPart{}}}}},
		"file part": &a2a.Task{Status: a2a.TaskStatus{State: a2a.TaskStateFailed},
			Artifacts: []*a2a.Artifact{{Parts: a2a.ContentParts{a2a.FilePart{File: a2a.FileBytes{Bytes: "aGk="}}, errPart}}}},
		"status message": &a2a.Task{Status: a2a.TaskStatus{State: a2a.TaskStateFailed,
			Message: a2a.NewMessage(a2a.MessageRoleAgent, a2a.TextPart{Text: "Overloaded."}, errorData("SERVICE_UNAVAILABLE"))}},
		"completed with warning": &a2a.Task{Status: a2a.TaskStatus{State: a2a.TaskStateCompleted},
			Artifacts: []*a2a.Artifact{{Parts: a2a.ContentParts{warning}}}},
		"working with error part": &a2a.Task{Status: a2a.TaskStatus{State: a2a.TaskStateWorking},
			Artifacts: []*a2a.Artifact{{Parts: a2a.ContentParts{errPart}}}},
		"no artifacts": &a2a.Task{Status: a2a.TaskStatus{State: a2a.TaskStateFailed}, Artifacts: []*a2a.Artifact{}},
		"status update": a2a.NewStatusUpdateEvent(info, a2a.TaskStateFailed,
			a2a.NewMessage(a2a.MessageRoleAgent, a2a.TextPart{Text: "Overloaded."}, errorData("SERVICE_UNAVAILABLE"))),
		"status update without message": a2a.NewStatusUpdateEvent(info, a2a.TaskStateFailed, nil),
		"artifact update":               a2a.NewArtifactEvent(info, a2a.TextPart{Text: "x"}, errPart),
		"artifact update, HTML":         a2a.NewArtifactEvent(info, amp),
	} {
		cases[name] = ev
	}
	for name, ev := range cases {
		t.Run(name, func(t *testing.T) { checkExtractEvent(t, ev) })
	}
}

// TestExtractLargeTask: Extract on a task the client decoded from a large
// response allocates at most what decoding it allocated. It used to encode
// every text and file part again to read it, and encoding/json writes each
// <, > and & of a string as a 6-byte escape: a 16 MiB task with one text
// part of "<" took 1 GB and 3 s. The detection order reads no part but a
// data part.
func TestExtractLargeTask(t *testing.T) {
	const n = 1 << 20
	parts := func(part string) string {
		return strings.TrimSuffix(strings.Repeat(part+",", n/len(part)), ",")
	}
	for name, ps := range map[string]string{
		"text of <":      `{"kind":"text","text":"` + strings.Repeat("<", n) + `"}`,
		"file bytes":     `{"kind":"file","file":{"bytes":"` + strings.Repeat("<", n) + `"}}`,
		"texts of <":     parts(`{"kind":"text","text":"<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<"}`),
		"texts metadata": parts(`{"kind":"text","text":"","metadata":{"a":"<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<"}}`),
	} {
		for _, state := range []string{"failed", "completed"} {
			body := fmt.Sprintf(`{"kind":"task","id":"t","contextId":"c","status":{"state":%q,`+
				`"message":{"kind":"message","messageId":"m","role":"agent","parts":[%s]}},"artifacts":[{"artifactId":"a","parts":[%[2]s]}]}`, state, ps)
			task := new(a2a.Task)
			var before, between, after runtime.MemStats
			runtime.ReadMemStats(&before)
			if err := json.Unmarshal([]byte(body), task); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			runtime.ReadMemStats(&between)
			_, ok := a2ago.Extract(task)
			runtime.ReadMemStats(&after)
			decode, got := between.TotalAlloc-before.TotalAlloc, after.TotalAlloc-between.TotalAlloc
			if got > decode || ok {
				t.Errorf("%s (%s): Extract allocated %d bytes (found %t), decoding the %d-byte task %d", name, state, got, ok, len(body), decode)
			}
		}
	}
}

// FuzzExtractEventMatchesBytes decodes a task, a status update or an
// artifact update as a client does and holds Extract to adcp.Extract
// on its encoding (checkExtractEvent).
func FuzzExtractEventMatchesBytes(f *testing.F) {
	for _, raw := range a2aVectorTasks(f) {
		f.Add(uint8(0), raw)
	}
	f.Add(uint8(1), []byte(`{"kind":"status-update","taskId":"t","contextId":"c","final":true,"status":{"state":"failed","message":{"kind":"message","messageId":"m","role":"agent","parts":[{"kind":"data","data":{"adcp_error":{"code":"RATE_LIMITED"}}}]}}}`))
	f.Add(uint8(2), []byte(`{"kind":"artifact-update","taskId":"t","contextId":"c","artifact":{"artifactId":"a","parts":[{"kind":"data","data":{"adcp_error":{"code":"X_Y","message":"<&>"}}}]}}`))
	f.Fuzz(func(t *testing.T, kind uint8, raw []byte) {
		var ev a2a.Event
		switch kind % 3 {
		case 0:
			ev = new(a2a.Task)
		case 1:
			ev = new(a2a.TaskStatusUpdateEvent)
		default:
			ev = new(a2a.TaskArtifactUpdateEvent)
		}
		if json.Unmarshal(raw, ev) != nil {
			return
		}
		checkExtractEvent(t, ev)
	})
}
