package a2ago

import (
	"bytes"
	"fmt"
	"sync"
	"time"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

// FailedTask returns the task of a task that failed with e, for an
// AgentExecutor to write to its event queue: seller.A2AFailedTask decoded
// into the SDK type, with the id and context id of info (the
// a2asrv.RequestContext). humanText is the TextPart (e.Message when empty).
// The status timestamp is now, unless seller.WithTimestamp sets it.
//
// It refuses what seller.A2AFailedTask refuses: a nil error, an advisory
// code, an error over 4096 bytes of JSON.
func FailedTask(v *adcp.Vocabulary, info a2a.TaskInfoProvider, e *adcp.Error, humanText string, opts ...seller.WireOption) (*a2a.Task, error) {
	p, err := seller.A2AFailedTaskParts(v, e, humanText, opts...)
	if err != nil {
		return nil, err
	}
	// The task is built from the builder's pieces: what json.Unmarshal into
	// a2a.Task makes of seller.A2AFailedTask's bytes (a2a-go's decoder reads
	// every part three times), with each DataPart's data decoded as
	// encoding/json decodes it (ErrorData, PayloadData).
	errData, err := p.ErrorData()
	if err != nil {
		return nil, fmt.Errorf("a2ago: decoding the task: %w", err)
	}
	var payload map[string]any
	if soleError(p) {
		// The payload's errors[] is the error alone: a copy of what was
		// just decoded, which is what decoding it again would make.
		payload = map[string]any{"errors": []any{copyValue(errData["adcp_error"])}}
	} else if payload, err = p.PayloadData(); err != nil {
		return nil, fmt.Errorf("a2ago: decoding the task: %w", err)
	}
	errPart := a2a.DataPart{Data: errData}
	if p.ErrorMIMEType {
		errPart.Metadata = map[string]any{"mimeType": seller.ErrorMIMEType}
	}
	ti := info.TaskInfo()
	task := &a2a.Task{
		ID:        ti.TaskID,
		ContextID: ti.ContextID,
		Status:    a2a.TaskStatus{State: a2a.TaskStateFailed},
		Artifacts: []*a2a.Artifact{{
			ID:    seller.A2AErrorArtifactID,
			Parts: a2a.ContentParts{a2a.TextPart{Text: p.Text}, errPart, a2a.DataPart{Data: payload}},
		}},
	}
	at := time.Now().UTC()
	if p.Timestamp != "" {
		if at, err = time.Parse(time.RFC3339, p.Timestamp); err != nil {
			return nil, fmt.Errorf("a2ago: decoding the task: %w", err)
		}
	}
	task.Status.Timestamp = &at
	return task, nil
}

// soleError reports whether the payload of p is {"errors":[…]} holding
// the error of p's {"adcp_error":…} alone, byte for byte.
func soleError(p seller.A2AParts) bool {
	const env, pay = `{"adcp_error":`, `{"errors":[`
	if !bytes.HasPrefix(p.Error, []byte(env)) || !bytes.HasSuffix(p.Error, []byte("}")) ||
		!bytes.HasPrefix(p.Payload, []byte(pay)) || !bytes.HasSuffix(p.Payload, []byte("]}")) {
		return false
	}
	return bytes.Equal(p.Error[len(env):len(p.Error)-1], p.Payload[len(pay):len(p.Payload)-2])
}

// copyValue returns a copy of a value encoding/json decoded into any that
// shares no object or array with it.
func copyValue(v any) any {
	switch t := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(t))
		for k, x := range t {
			m[k] = copyValue(x)
		}
		return m
	case []any:
		a := make([]any, len(t))
		for i, x := range t {
			a[i] = copyValue(x)
		}
		return a
	}
	return v
}

// ExtractResult finds the AdCP error in what Client.SendMessage returned:
// a task (ExtractTask). A message carries no task state and reports false.
func ExtractResult(res a2a.SendMessageResult) (adcp.Extraction, bool) {
	if t, ok := res.(*a2a.Task); ok {
		return ExtractTask(t)
	}
	return adcp.Extraction{}, false
}

// ExtractTask finds the AdCP error in a task, following the detection order
// of adcp.Extract: the artifacts' data parts, then the status message's,
// then the payload's errors[] (Extraction.NonFatal on a task that did not
// fail). It reads the task's values where they are (adcp.ExtractValue),
// with the same extraction as adcp.Extract on the task's encoding.
func ExtractTask(t *a2a.Task) (adcp.Extraction, bool) {
	if t == nil {
		return adcp.Extraction{}, false
	}
	w := getWrappers()
	defer w.release()
	return adcp.ExtractValue(w.task(t))
}

// ExtractEvent finds the AdCP error in a streaming event: a task, a status
// update (its status message), or an artifact update (its artifact's data
// parts). A message reports false.
func ExtractEvent(ev a2a.Event) (adcp.Extraction, bool) {
	switch v := ev.(type) {
	case *a2a.Task:
		return ExtractTask(v)
	case *a2a.TaskStatusUpdateEvent:
		if v == nil {
			break
		}
		w := getWrappers()
		defer w.release()
		return adcp.ExtractValue(w.object("status", w.status(&v.Status)))
	case *a2a.TaskArtifactUpdateEvent:
		if v == nil || v.Artifact == nil {
			break
		}
		// The artifact alone, where a task holds its artifacts.
		w := getWrappers()
		defer w.release()
		arts := w.array(1)
		arts[0] = w.artifact(v.Artifact)
		return adcp.ExtractValue(w.object("artifacts", arts))
	}
	return adcp.Extraction{}, false
}

// ExtractJSON finds the AdCP error in an encoded A2A response of any
// version, including A2A 1.0 tasks, which a2a.Task cannot decode (parts
// without "kind", TASK_STATE_* states), and the {"task": …} and
// {"statusUpdate": …} envelopes of streams and push notifications. It is
// adcp.Extract.
func ExtractJSON(response []byte) (adcp.Extraction, bool) {
	return adcp.Extract(response)
}

// The values below are what adcp.ExtractValue reads of an SDK value: the
// members of its encoding the detection order reads (a task's status and
// artifacts, a status's state and message, a message's and an artifact's
// parts, a data part's data), as json.Marshal writes them (omitempty
// members omitted) and encoding/json decodes them, taken from the SDK's
// values where they are instead of from their encoding. The detection
// order reads a part's kind only to tell data parts (kind "data" or none)
// from the others, which it skips: a data part is its data alone, any other
// part an empty object. What it never reads (kinds, ids, history,
// metadata, text, a file's bytes, ...) is left out.

// wrappers are the objects and arrays one extraction builds around the
// SDK's values. They are kept for the next extraction (a sync.Pool):
// building them anew was three quarters of ExtractTask's time. Nothing
// adcp.ExtractValue returns holds them (an Extraction holds the error
// object, which is the SDK's, in a data part's data), and release empties
// them, so that they hold no SDK value once the call returns.
type wrappers struct {
	objects []map[string]any
	arrays  [][]any
	no, na  int // in use
}

var wrapperPool = sync.Pool{New: func() any { return new(wrappers) }}

func getWrappers() *wrappers { return wrapperPool.Get().(*wrappers) }

// release empties the wrappers in use and returns them to the pool.
func (w *wrappers) release() {
	for _, m := range w.objects[:w.no] {
		clear(m)
	}
	for _, a := range w.arrays[:w.na] {
		clear(a)
	}
	w.no, w.na = 0, 0
	wrapperPool.Put(w)
}

// object returns an empty object holding key: value.
func (w *wrappers) object(key string, value any) map[string]any {
	if w.no == len(w.objects) {
		w.objects = append(w.objects, make(map[string]any, 2))
	}
	m := w.objects[w.no]
	w.no++
	m[key] = value
	return m
}

// array returns an array of n nils.
func (w *wrappers) array(n int) []any {
	if w.na == len(w.arrays) {
		w.arrays = append(w.arrays, nil)
	}
	a := w.arrays[w.na]
	if cap(a) < n {
		a = make([]any, n)
	}
	a = a[:n]
	w.arrays[w.na] = a
	w.na++
	return a
}

func (w *wrappers) task(t *a2a.Task) map[string]any {
	m := w.object("status", w.status(&t.Status))
	if len(t.Artifacts) > 0 {
		arts := w.array(len(t.Artifacts))
		for i, a := range t.Artifacts {
			arts[i] = w.artifact(a)
		}
		m["artifacts"] = arts
	}
	return m
}

func (w *wrappers) status(s *a2a.TaskStatus) map[string]any {
	m := w.object("state", string(s.State))
	if s.Message != nil {
		m["message"] = w.object("parts", w.parts(s.Message.Parts))
	}
	return m
}

func (w *wrappers) artifact(a *a2a.Artifact) any {
	if a == nil {
		return nil
	}
	return w.object("parts", w.parts(a.Parts))
}

func (w *wrappers) parts(ps a2a.ContentParts) any {
	if ps == nil {
		return nil
	}
	out := w.array(len(ps))
	for i, p := range ps {
		out[i] = w.part(p)
	}
	return out
}

// otherPart stands for every part that is not a data part. ExtractValue
// only reads it.
var otherPart = map[string]any{}

// part is a part as the detection order reads it. A nil pointer is null;
// a part type of another package is itself (ExtractValue encodes it).
func (w *wrappers) part(p a2a.Part) any {
	switch v := p.(type) {
	case a2a.DataPart:
		return w.object("data", dataValue(v.Data))
	case *a2a.DataPart:
		if v != nil {
			return w.object("data", dataValue(v.Data))
		}
	case a2a.TextPart, a2a.FilePart:
		return otherPart
	case *a2a.TextPart:
		if v != nil {
			return otherPart
		}
	case *a2a.FilePart:
		if v != nil {
			return otherPart
		}
	case nil:
	default:
		return p
	}
	return nil
}

// dataValue is a data part's data: a nil map is null, as json.Marshal
// writes it.
func dataValue(d map[string]any) any {
	if d == nil {
		return nil
	}
	return d
}
