package a2ago

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

// FailedTask returns the task of a task that failed with e, for an
// AgentExecutor to write to its event queue: adcp.A2AFailedTask decoded
// into the SDK type, with the id and context id of info (the
// a2asrv.RequestContext). humanText is the TextPart (e.Message when empty).
// The status timestamp is now, unless seller.WithTimestamp sets it.
//
// It refuses what adcp.A2AFailedTask refuses: a nil error, an advisory
// code, an error over 4096 bytes of JSON.
func FailedTask(v *adcp.Vocabulary, info a2a.TaskInfoProvider, e *adcp.Error, humanText string, opts ...seller.WireOption) (*a2a.Task, error) {
	ti := info.TaskInfo()
	raw, err := seller.A2AFailedTask(v, string(ti.TaskID), e, humanText, opts...)
	if err != nil {
		return nil, err
	}
	task := new(a2a.Task)
	if err := json.Unmarshal(raw, task); err != nil {
		return nil, fmt.Errorf("a2ago: decoding the task: %w", err)
	}
	task.ID, task.ContextID = ti.TaskID, ti.ContextID
	if task.Status.Timestamp == nil {
		now := time.Now().UTC()
		task.Status.Timestamp = &now
	}
	return task, nil
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
// fail).
func ExtractTask(t *a2a.Task) (adcp.Extraction, bool) {
	if t == nil {
		return adcp.Extraction{}, false
	}
	return extractValue(t)
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
		return extractValue(v)
	case *a2a.TaskArtifactUpdateEvent:
		if v == nil || v.Artifact == nil {
			break
		}
		// The artifact alone, where a task holds its artifacts.
		return extractValue(struct {
			Artifacts []*a2a.Artifact `json:"artifacts"`
		}{[]*a2a.Artifact{v.Artifact}})
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

// extractValue encodes an SDK value (its MarshalJSON adds the "kind"
// members) and extracts from the bytes.
func extractValue(v any) (adcp.Extraction, bool) {
	raw, err := json.Marshal(v)
	if err != nil {
		return adcp.Extraction{}, false
	}
	return adcp.Extract(raw)
}
