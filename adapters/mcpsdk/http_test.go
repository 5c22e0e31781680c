package mcpsdk

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
)

func TestRequestID(t *testing.T) {
	tests := []struct {
		body   string
		id     string
		isCall bool
	}{
		{`{"jsonrpc":"2.0","id":7,"method":"tools/call"}`, `7`, true},
		{`{"jsonrpc":"2.0","id":"a-1","method":"tools/call"}`, `"a-1"`, true},
		{`{"jsonrpc":"2.0","id":-2.5e3,"method":"tools/call"}`, `-2.5e3`, true},
		{`{"jsonrpc":"2.0","id":2.5,"method":"tools/call"}`, `null`, true},
		{`{"jsonrpc":"2.0","id":1e400,"method":"tools/call"}`, `null`, true},
		{`{"jsonrpc":"2.0","id":null,"method":"tools/call"}`, `null`, true},
		{`{"jsonrpc":"2.0","id":{"x":1},"method":"tools/call"}`, `null`, true},
		{`{"jsonrpc":"2.0","id":true,"method":"tools/call"}`, `null`, true},
		{`{"jsonrpc":"2.0","method":"notifications/initialized"}`, `null`, false},
		{`{"jsonrpc":"2.0"}`, `null`, true},
		{`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, `null`, true},
		{`not json`, `null`, true},
		{``, `null`, true},
	}
	for _, tt := range tests {
		id, isCall := requestID([]byte(tt.body))
		if string(id) != tt.id || isCall != tt.isCall {
			t.Errorf("requestID(%s) = %s, %v; want %s, %v", tt.body, id, isCall, tt.id, tt.isCall)
		}
	}
}

// FuzzRequestID: whatever the body, the id is one seller.JSONRPCError
// accepts, and the response it builds is a JSON object.
func FuzzRequestID(f *testing.F) {
	for _, s := range []string{`{"id":1}`, `{"id":"x"}`, `{"id":[1]}`, `{"method":"m"}`, `{"id":1e400}`, `{"id":"\ud800"}`, `{`} {
		f.Add([]byte(s))
	}
	e := &adcp.Error{Code: "RATE_LIMITED", Message: "slow down"}
	f.Fuzz(func(t *testing.T, body []byte) {
		id, _ := requestID(body)
		out, err := seller.JSONRPCError(adcperr.Vocabulary, id, e)
		if err != nil {
			t.Fatalf("JSONRPCError(%s): %v", id, err)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(out, &m); err != nil {
			t.Fatalf("response %s: %v", out, err)
		}
	})
}

func TestWriteHTTPRejection(t *testing.T) {
	rateLimited := &adcp.Error{Code: "RATE_LIMITED", Message: "slow down"}
	tests := []struct {
		name   string
		body   string
		e      *adcp.Error
		status int
		wantID string
		err    bool
	}{
		{"call", `{"jsonrpc":"2.0","id":3,"method":"tools/call"}`, rateLimited, http.StatusOK, "3", false},
		{"notification", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, rateLimited, http.StatusAccepted, "", false},
		{"application code", `{"jsonrpc":"2.0","id":3,"method":"tools/call"}`,
			&adcp.Error{Code: "BUDGET_TOO_LOW", Message: "too low"}, 0, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			r := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(tt.body))
			err := WriteHTTPRejection(w, r, adcperr.Vocabulary, tt.e)
			if (err != nil) != tt.err {
				t.Fatalf("err = %v, want error %v", err, tt.err)
			}
			if tt.err {
				if w.Body.Len() != 0 || w.Code != http.StatusOK || len(w.Header()) != 0 {
					t.Errorf("wrote a response on error: %d %q", w.Code, w.Body)
				}
				return
			}
			if w.Code != tt.status {
				t.Errorf("status = %d, want %d", w.Code, tt.status)
			}
			if tt.wantID == "" {
				if w.Body.Len() != 0 {
					t.Errorf("body = %q, want none", w.Body)
				}
				return
			}
			var resp struct {
				ID    json.RawMessage `json:"id"`
				Error struct {
					Code int `json:"code"`
				} `json:"error"`
			}
			if err := json.Unmarshal(w.Body.Bytes(), &resp); err != nil {
				t.Fatal(err)
			}
			if string(resp.ID) != tt.wantID || resp.Error.Code != seller.JSONRPCRateLimited {
				t.Errorf("response = %s", w.Body)
			}
			if ct := w.Header().Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type = %q", ct)
			}
			x, ok := adcp.Extract(bytes.Clone(w.Body.Bytes()))
			if !ok || x.Err.Code != rateLimited.Code {
				t.Errorf("Extract = %+v, %v", x, ok)
			}
		})
	}
}
