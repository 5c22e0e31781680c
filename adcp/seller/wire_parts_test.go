package seller_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

// checkMCPParts holds MCPToolResultParts to what json.Unmarshal makes of
// MCPToolResult's bytes: the same texts, the same structuredContent bytes,
// or the same refusal.
func checkMCPParts(t *testing.T, e *adcp.Error, human string, opts ...seller.WireOption) {
	t.Helper()
	texts, structured, err := seller.MCPToolResultParts(voc, e, human, opts...)
	raw, rawErr := seller.MCPToolResult(voc, e, human, opts...)
	if fmt.Sprint(err) != fmt.Sprint(rawErr) {
		t.Fatalf("MCPToolResultParts refuses with %v, MCPToolResult with %v", err, rawErr)
	}
	if err != nil {
		return
	}
	var w struct {
		Content []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"content"`
		IsError           bool            `json:"isError"`
		StructuredContent json.RawMessage `json:"structuredContent"`
	}
	if err := json.Unmarshal(raw, &w); err != nil {
		t.Fatal(err)
	}
	if !w.IsError || len(w.Content) != len(texts) || !bytes.Equal(w.StructuredContent, structured) {
		t.Fatalf("parts %q, %s; bytes %s", texts, structured, raw)
	}
	for i, c := range w.Content {
		if c.Type != "text" || c.Text != texts[i] {
			t.Fatalf("item %d: parts %q; bytes %s", i, texts[i], raw)
		}
	}
}

func TestMCPToolResultPartsMatchBytes(t *testing.T) {
	five := 5.0
	ok := &adcp.Error{Code: "SERVICE_UNAVAILABLE", Message: "Try later", Recovery: adcp.RecoveryTransient}
	for _, c := range []struct {
		e     *adcp.Error
		human string
		opts  []seller.WireOption
	}{
		{&adcp.Error{Code: "RATE_LIMITED", Message: "Slow <down> & \u2028", Recovery: "transient", RetryAfter: &five}, "", nil},
		{&adcp.Error{Code: "BUDGET_TOO_LOW", Message: "Too \xff low.", Field: "packages[0].budget"}, "The budget is \"too\" low.\xc3\n", nil},
		{&adcp.Error{Code: "X_ACME_NOTE", Message: "m", Recovery: "terminal", Details: json.RawMessage("{\"note\":\"\xff\"}")}, "", nil},
		{ok, "h", []seller.WireOption{seller.WithPayloadErrors(ok, &adcp.Error{Code: "X_ACME_B", Message: "b", Recovery: "correctable"})}},
		{&adcp.Error{Code: "STALE_RESPONSE", Message: "advisory"}, "", nil},                                     // refused
		{&adcp.Error{Code: "X_ACME_A", Message: "postgres://u:p@db.internal/x", Recovery: "terminal"}, "", nil}, // refused
	} {
		checkMCPParts(t, c.e, c.human, c.opts...)
	}
}

func FuzzMCPToolResultPartsMatchBytes(f *testing.F) {
	f.Add(`{"code":"RATE_LIMITED","message":"m","retry_after":2}`, "Slow down.")
	f.Add(`{"code":"X_ACME_A","message":"\u00e9","recovery":"terminal","details":{"a":"\u2028"}}`, "\xff")
	f.Fuzz(func(t *testing.T, errJSON, human string) {
		var e adcp.Error
		if e.UnmarshalJSON([]byte(errJSON)) != nil {
			return
		}
		checkMCPParts(t, &e, human)
	})
}

// checkA2AParts holds A2AFailedTaskParts to what json.Unmarshal makes of
// A2AFailedTask's bytes, or the same refusal.
func checkA2AParts(t *testing.T, e *adcp.Error, human string, opts ...seller.WireOption) {
	t.Helper()
	p, err := seller.A2AFailedTaskParts(voc, e, human, opts...)
	raw, rawErr := seller.A2AFailedTask(voc, "task-1", e, human, opts...)
	if fmt.Sprint(err) != fmt.Sprint(rawErr) {
		t.Fatalf("A2AFailedTaskParts refuses with %v, A2AFailedTask with %v", err, rawErr)
	}
	if err != nil {
		return
	}
	var w struct {
		ID     string `json:"id"`
		Status struct {
			State     string  `json:"state"`
			Timestamp *string `json:"timestamp"`
		} `json:"status"`
		Artifacts []struct {
			ID    string `json:"artifactId"`
			Parts []struct {
				Kind     string          `json:"kind"`
				Text     string          `json:"text"`
				Data     json.RawMessage `json:"data"`
				Metadata json.RawMessage `json:"metadata"`
			} `json:"parts"`
		} `json:"artifacts"`
	}
	if err := json.Unmarshal(raw, &w); err != nil {
		t.Fatal(err)
	}
	ts := ""
	if w.Status.Timestamp != nil {
		ts = *w.Status.Timestamp
	}
	mime := ""
	if p.ErrorMIMEType {
		mime = `{"mimeType":"` + seller.ErrorMIMEType + `"}`
	}
	if w.ID != "task-1" || w.Status.State != "failed" || ts != p.Timestamp || len(w.Artifacts) != 1 ||
		w.Artifacts[0].ID != seller.A2AErrorArtifactID || len(w.Artifacts[0].Parts) != 3 {
		t.Fatalf("parts %+v; bytes %s", p, raw)
	}
	ps := w.Artifacts[0].Parts
	if ps[0].Kind != "text" || ps[0].Text != p.Text || ps[1].Kind != "data" || !bytes.Equal(ps[1].Data, p.Error) ||
		string(ps[1].Metadata) != mime || ps[2].Kind != "data" || !bytes.Equal(ps[2].Data, p.Payload) || ps[2].Metadata != nil {
		t.Fatalf("parts %+v; bytes %s", p, raw)
	}
	// The data decoded, as encoding/json decodes it into a map.
	for _, d := range []struct {
		name, part string
		raw        []byte
		decode     func() (map[string]any, error)
	}{{"ErrorData", "the error DataPart", p.Error, p.ErrorData}, {"PayloadData", "the payload DataPart", p.Payload, p.PayloadData}} {
		var want map[string]any
		wantErr := json.Unmarshal(d.raw, &want)
		got, err := d.decode()
		if (err != nil) != (wantErr != nil) || err == nil && !reflect.DeepEqual(got, want) {
			t.Errorf("%s = %#v, %v; encoding/json: %#v, %v", d.name, got, err, want, wantErr)
		}
		if err != nil && !strings.Contains(err.Error(), d.part) {
			t.Errorf("%s: %v does not name %s", d.name, err, d.part)
		}
	}
}

func TestA2AFailedTaskPartsMatchBytes(t *testing.T) {
	at := seller.WithTimestamp(time.Date(2026, 12, 1, 10, 30, 0, 123, time.FixedZone("x", 3600)))
	ok := &adcp.Error{Code: "SERVICE_UNAVAILABLE", Message: "Try later", Recovery: adcp.RecoveryTransient}
	for _, c := range []struct {
		e     *adcp.Error
		human string
		opts  []seller.WireOption
	}{
		{ok, "", nil},
		{ok, "Down \xff for now", []seller.WireOption{at, seller.WithErrorMIMEType()}},
		{&adcp.Error{Code: "X_ACME_NOTE", Message: "m\xc3", Recovery: "terminal", Details: json.RawMessage("{\"note\":\"\xff\"}")}, "", nil},
		{&adcp.Error{Code: "X_ACME_EMPTY", Message: "", Recovery: "terminal"}, "", nil}, // refused: no message
		{ok, "h", []seller.WireOption{seller.WithPayloadErrors(ok, &adcp.Error{Code: "X_ACME_B", Message: "b", Recovery: "correctable"})}},
		{&adcp.Error{Code: "X_ACME_BIG", Message: "m", Recovery: "terminal", Details: json.RawMessage(`{"n":1e400,"m":[0.1,-0,2e308]}`)}, "", nil},
		{&adcp.Error{Code: "X_ACME_NUM", Message: "m", Recovery: "terminal", Details: json.RawMessage(`{"n":1.50,"e":1E2,"s":"\ud83d"}`)}, "", nil},
	} {
		checkA2AParts(t, c.e, c.human, c.opts...)
	}
}

func FuzzA2AFailedTaskPartsMatchBytes(f *testing.F) {
	f.Add(`{"code":"RATE_LIMITED","message":"m","retry_after":2}`, "Slow down.", int64(0), true)
	f.Add(`{"code":"X_ACME_A","message":"\u00e9","recovery":"terminal","details":{"a":"\u2028"}}`, "", int64(1764585000), false)
	f.Fuzz(func(t *testing.T, errJSON, human string, unix int64, mime bool) {
		var e adcp.Error
		if e.UnmarshalJSON([]byte(errJSON)) != nil {
			return
		}
		var opts []seller.WireOption
		if unix != 0 {
			opts = append(opts, seller.WithTimestamp(time.Unix(unix%(1<<34), 0)))
		}
		if mime {
			opts = append(opts, seller.WithErrorMIMEType())
		}
		checkA2AParts(t, &e, human, opts...)
	})
}
