package mcpsdk

import (
	"context"
	"encoding/json"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestExactID(t *testing.T) {
	tests := []struct {
		n  string
		ok bool
	}{
		{"1", true}, {"0", true}, {"-0", true}, {"-7", true}, {"1.0", true}, {"1e2", true}, {"1E+2", true},
		{"-2.5e3", true}, {"100e-2", true}, {"0.05e2", true}, {"0e400", true}, {"0.0e-99999999999999999999", true},
		{"9007199254740991", true}, {"-9007199254740991", true}, {"9.007199254740991e15", true},
		{"9007199254740992", false}, {"9007199254740993", false}, {"-9007199254740993", false},
		{"2.5", false}, {"0.5", false}, {"1e-1", false}, {"1e400", false}, {"-1e400", false}, {"1e300", false},
		{"1e-400", false}, {"1.0000000000000000001", false}, {"1e99999999999999999999", false},
		{"1e-99999999999999999999", false}, {"10000000000000000000000", false},
	}
	for _, tt := range tests {
		if got := exactID(tt.n); got != tt.ok {
			t.Errorf("exactID(%s) = %v, want %v", tt.n, got, tt.ok)
		}
	}
}

// FuzzExactID: exactID agrees with exact rational arithmetic on every JSON
// number whose exponent is small enough for math/big to be quick.
func FuzzExactID(f *testing.F) {
	for _, s := range []string{"1", "2.5", "1e400", "9007199254740993", "-0.5e1", "100e-2"} {
		f.Add(s)
	}
	limit := new(big.Rat).SetInt64(maxExactID)
	f.Fuzz(func(t *testing.T, n string) {
		if !isNumber([]byte(n)) || !json.Valid([]byte(n)) || strings.TrimSpace(n) != n || len(n) > 64 {
			return
		}
		if i := strings.IndexAny(n, "eE"); i >= 0 && len(strings.TrimLeft(n[i+1:], "+-0")) > 3 {
			return // exponent of 1000 or more: big.Rat would be slow
		}
		r, ok := new(big.Rat).SetString(n)
		if !ok {
			t.Fatalf("big.Rat cannot read %s", n)
		}
		want := r.IsInt() && new(big.Rat).Abs(r).Cmp(limit) <= 0
		if got := exactID(n); got != want {
			t.Fatalf("exactID(%s) = %v, want %v", n, got, want)
		}
	})
}

func TestRequireExactIDs(t *testing.T) {
	// A real go-sdk streamable handler, stateless, with one tool.
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "ping"}, func(_ context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, struct{}, error) {
		return nil, struct{}{}, nil
	})
	sdk := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true})
	call := func(id string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"ping","arguments":{}}}`
	}
	post := func(h http.Handler, body string) (int, string) {
		r := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Accept", "application/json, text/event-stream")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w.Code, w.Body.String()
	}
	responseID := func(t *testing.T, body string) string {
		t.Helper()
		var m struct {
			ID json.RawMessage `json:"id"`
		}
		if err := json.Unmarshal([]byte(body), &m); err != nil {
			t.Fatalf("response %q: %v", body, err)
		}
		return string(m.ID)
	}

	// The trap: go-sdk alone answers another id, or plain text.
	if code, body := post(sdk, call("9007199254740993")); code != http.StatusOK || responseID(t, body) != "9007199254740992" {
		t.Errorf("go-sdk alone, id 9007199254740993: %d %s (if go-sdk now echoes it, revisit RequireExactIDs)", code, body)
	}
	if code, body := post(sdk, call("1e400")); code != http.StatusBadRequest || strings.HasPrefix(body, "{") {
		t.Errorf("go-sdk alone, id 1e400: %d %s (if go-sdk now answers JSON-RPC, revisit RequireExactIDs)", code, body)
	}

	h := RequireExactIDs(sdk)
	for _, tt := range []struct {
		body   string
		status int
		id     string // the response's id
	}{
		{call("1"), http.StatusOK, "1"},
		{call(`"a-1"`), http.StatusOK, `"a-1"`},
		{call("1.0"), http.StatusOK, "1"},
		{call("9007199254740991"), http.StatusOK, "9007199254740991"},
		{call("1e400"), http.StatusBadRequest, "null"},
		{call("2.5"), http.StatusBadRequest, "null"},
		{call("1e300"), http.StatusBadRequest, "null"},
		{call("9007199254740993"), http.StatusBadRequest, "null"},
		{"[" + call("1") + "," + call("2.5") + "]", http.StatusBadRequest, "null"},
	} {
		code, body := post(h, tt.body)
		if code != tt.status || responseID(t, body) != tt.id {
			t.Errorf("%s: %d %s; want %d, id %s", tt.body, code, body, tt.status, tt.id)
		}
		if code == http.StatusBadRequest && !strings.Contains(body, `"code":-32600`) {
			t.Errorf("%s: %s is not an Invalid Request error", tt.body, body)
		}
	}

	// What passes reaches the handler whole: a notification, a body that is
	// not JSON, one over the size checked, and a GET.
	var got string
	echo := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got = string(b)
	})
	big := `{"jsonrpc":"2.0","id":2.5,"method":"x","params":"` + strings.Repeat("a", mcp.DefaultMaxRequestBodyBytes) + `"}`
	for _, body := range []string{`{"jsonrpc":"2.0","method":"notifications/initialized"}`, `not json`, big} {
		got = ""
		if code, _ := post(RequireExactIDs(echo), body); code != http.StatusOK || got != body {
			t.Errorf("body of %d bytes: %d, handler read %d bytes", len(body), code, len(got))
		}
	}
}
