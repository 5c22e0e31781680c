package a2ago_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/a2asrv"
	"github.com/adcp-gen/adcp-gen/adapters/a2ago"
	"github.com/adcp-gen/adcp-gen/adcp"
)

// TestV1: an A2A 1.0 client (V1Client) reads the failed tasks of an a2a-go
// seller served through V1Handler, in 1.0's spelling, from SendMessage and
// GetTask; 0.3 clients are still served (TestFailedTaskEveryPath).
func TestV1(t *testing.T) {
	errs := map[string]*adcp.Error{}
	for _, c := range cases[:3] {
		errs[c.name] = c.err(t)
	}
	srv := httptest.NewServer(a2ago.V1Handler(a2asrv.NewJSONRPCHandler(a2asrv.NewHandler(&fakeSeller{t, errs}))))
	defer srv.Close()
	client := &a2ago.V1Client{Endpoint: srv.URL}
	ctx := context.Background()
	for _, c := range cases[:3] {
		resp, err := client.SendText(ctx, c.name)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(resp), `"kind"`) || !strings.Contains(string(resp), `"TASK_STATE_FAILED"`) {
			t.Errorf("%s: not A2A 1.0: %s", c.name, resp)
		}
		x, ok := adcp.Extract(resp)
		if !ok {
			t.Fatalf("%s: nothing extracted from %s", c.name, resp)
		}
		checkDecision(t, x, errs[c.name], c)
		var r struct {
			Result struct {
				Task struct {
					ID string `json:"id"`
				} `json:"task"`
			} `json:"result"`
		}
		if err := json.Unmarshal(resp, &r); err != nil || r.Result.Task.ID == "" {
			t.Fatalf("%s: no result.task in %s", c.name, resp)
		}
		stored, err := client.Call(ctx, "GetTask", map[string]any{"id": r.Result.Task.ID})
		if err != nil {
			t.Fatal(err)
		}
		if x, ok := adcp.Extract(stored); !ok || x.Err.Code != errs[c.name].Code {
			t.Errorf("%s: GetTask %s: %+v, %v", c.name, stored, x, ok)
		}
	}
	// Streaming is not translated: a JSON-RPC error, not a 0.3 stream.
	resp, err := client.Call(ctx, "SendStreamingMessage", map[string]any{})
	if err != nil || !strings.Contains(string(resp), `-32601`) {
		t.Errorf("SendStreamingMessage = %s, %v", resp, err)
	}
}

// TestV1HandlerSize: V1Handler hands next a request, and the client a
// response, no larger than they came (give or take the members it
// renames). It used to write each <, > and & again as a 6-byte escape: an
// 8 MiB SendMessage with a text of "<" became a 48 MiB request to next,
// and took 700 MB and 3 s to answer.
func TestV1HandlerSize(t *testing.T) {
	text := strings.Repeat("<&>", 1<<18)
	for _, tt := range []struct{ name, request, response string }{
		{"message text", `{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"` + text + `"}]}}}`,
			`{"jsonrpc":"2.0","id":1,"result":{"kind":"message","messageId":"m","role":"agent","parts":[{"kind":"text","text":"x"}]}}`},
		{"task history", `{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"t"}}`,
			`{"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"failed"},"history":[{"kind":"message","messageId":"m","role":"user","parts":[{"kind":"text","text":"` + text + `"}]}]}}`},
	} {
		var forwarded int
		next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			forwarded = len(b)
			_, _ = io.WriteString(w, tt.response)
		})
		w := httptest.NewRecorder()
		a2ago.V1Handler(next).ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/", strings.NewReader(tt.request)))
		if forwarded > len(tt.request)+64 || w.Body.Len() > len(tt.response)+64 {
			t.Errorf("%s: a %d-byte request went to next as %d bytes, a %d-byte response to the client as %d",
				tt.name, len(tt.request), forwarded, len(tt.response), w.Body.Len())
		}
	}
}
