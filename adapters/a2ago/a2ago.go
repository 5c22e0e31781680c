package a2ago

import (
	"fmt"
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
	// The task is built from the builder's pieces, each DataPart's data
	// decoded as encoding/json decodes it into a2a.Task.
	errData, err := p.ErrorData()
	var payload map[string]any
	if err == nil {
		payload, err = p.PayloadData()
	}
	at := time.Now().UTC()
	if err == nil && p.Timestamp != "" {
		at, err = time.Parse(time.RFC3339, p.Timestamp)
	}
	if err != nil {
		return nil, fmt.Errorf("a2ago: decoding the task: %w", err)
	}
	errPart := a2a.DataPart{Data: errData}
	if p.ErrorMIMEType {
		errPart.Metadata = map[string]any{"mimeType": seller.ErrorMIMEType}
	}
	ti := info.TaskInfo()
	return &a2a.Task{
		ID:        ti.TaskID,
		ContextID: ti.ContextID,
		Status:    a2a.TaskStatus{State: a2a.TaskStateFailed, Timestamp: &at},
		Artifacts: []*a2a.Artifact{{
			ID:    seller.A2AErrorArtifactID,
			Parts: a2a.ContentParts{a2a.TextPart{Text: p.Text}, errPart, a2a.DataPart{Data: payload}},
		}},
	}, nil
}

// Extract finds the AdCP error in what the a2a-go client returned: a task
// (SendMessage's result, GetTask's), a status update (its status message)
// or an artifact update (its artifact's data parts) from a stream. A
// message carries no task state and reports false. It follows the
// detection order of adcp.Extract: the artifacts' data parts, then the
// status message's, then the payload's errors[] (Extraction.NonFatal on a
// task that did not fail). It reads the SDK's values where they are
// (adcp.ExtractValue), with the same extraction as adcp.Extract on their
// encoding.
func Extract(ev a2a.Event) (adcp.Extraction, bool) {
	switch v := ev.(type) {
	case *a2a.Task:
		if v == nil {
			break
		}
		return adcp.ExtractValue(taskValue(v))
	case *a2a.TaskStatusUpdateEvent:
		if v == nil {
			break
		}
		return adcp.ExtractValue(map[string]any{"status": statusValue(&v.Status)})
	case *a2a.TaskArtifactUpdateEvent:
		if v == nil || v.Artifact == nil {
			break
		}
		// The artifact alone, where a task holds its artifacts.
		return adcp.ExtractValue(map[string]any{"artifacts": []any{artifactValue(v.Artifact)}})
	}
	return adcp.Extraction{}, false
}

// The values below are what adcp.ExtractValue reads of an SDK value: the
// members of its encoding the detection order reads, taken from the SDK's
// values where they are, so that the error's Raw bytes are not
// json.Marshal's (which escapes <, > and &). What the detection order never
// reads (kinds, ids, history, metadata, text and file parts) is left out.

func taskValue(t *a2a.Task) map[string]any {
	m := map[string]any{"status": statusValue(&t.Status)}
	if len(t.Artifacts) > 0 {
		arts := make([]any, len(t.Artifacts))
		for i, a := range t.Artifacts {
			arts[i] = artifactValue(a)
		}
		m["artifacts"] = arts
	}
	return m
}

func statusValue(s *a2a.TaskStatus) map[string]any {
	m := map[string]any{"state": string(s.State)}
	if s.Message != nil {
		m["message"] = map[string]any{"parts": partsValue(s.Message.Parts)}
	}
	return m
}

func artifactValue(a *a2a.Artifact) any {
	if a == nil {
		return nil
	}
	return map[string]any{"parts": partsValue(a.Parts)}
}

func partsValue(ps a2a.ContentParts) any {
	if ps == nil {
		return nil
	}
	out := make([]any, len(ps))
	for i, p := range ps {
		out[i] = partValue(p)
	}
	return out
}

// partValue is a part as the detection order reads it: a data part's data
// alone (nil data is null, as json.Marshal writes it), else nil. The
// detection order reads no other part, and encoding a text or file part
// again to read it (a text of <, each written as a 6-byte escape) costs
// many times its size.
func partValue(p a2a.Part) any {
	var d map[string]any
	switch v := p.(type) {
	case a2a.DataPart:
		d = v.Data
	case *a2a.DataPart:
		if v == nil {
			return nil
		}
		d = v.Data
	default:
		return nil
	}
	if d == nil {
		return map[string]any{"data": nil} // not a typed nil map, which reads as {}
	}
	return map[string]any{"data": d}
}
