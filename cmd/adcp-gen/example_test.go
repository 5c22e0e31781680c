package main

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
)

func runExampleCmd(args ...string) (stdout, stderr string, code int) {
	var out, errOut bytes.Buffer
	code = run(append([]string{"example"}, args...), strings.NewReader(""), &out, &errOut)
	return out.String(), errOut.String(), code
}

// TestExampleRoundTrips: what example prints is a response the client
// runtime reads back as the same code, on the transport's path.
func TestExampleRoundTrips(t *testing.T) {
	tests := []struct {
		args  []string
		code  adcp.Code
		path  adcp.Path
		field string
		retry float64
	}{
		{[]string{"RATE_LIMITED", "-retry-after", "4.2"}, "RATE_LIMITED", adcp.PathStructuredContent, "", 5},
		{[]string{"-transport", "jsonrpc", "RATE_LIMITED"}, "RATE_LIMITED", adcp.PathJSONRPCError, "", 0},
		{[]string{"AUTH_MISSING", "-transport", "jsonrpc"}, "AUTH_MISSING", adcp.PathJSONRPCError, "", 0},
		{[]string{"SERVICE_UNAVAILABLE", "-transport=jsonrpc", "-retry-after=30"}, "SERVICE_UNAVAILABLE", adcp.PathJSONRPCError, "", 30},
		{[]string{"-transport", "a2a", "BUDGET_TOO_LOW", "-field", "budget.total", "-details", `{"minimum_budget":500,"currency":"USD"}`}, "BUDGET_TOO_LOW", adcp.PathArtifact, "budget.total", 0},
		{[]string{"FIELD_NOT_PERMITTED", "-field", "packages[0].budget"}, "FIELD_NOT_PERMITTED", adcp.PathStructuredContent, "packages[0].budget", 0},
		{[]string{"X_STREAMHAUS_FLOOR_NOT_MET", "-recovery", "correctable", "-transport", "a2a"}, "X_STREAMHAUS_FLOOR_NOT_MET", adcp.PathArtifact, "", 0},
		{[]string{"STALE_RESPONSE"}, "STALE_RESPONSE", adcp.PathPayload, "", 0},
	}
	for _, tt := range tests {
		out, errOut, code := runExampleCmd(tt.args...)
		if code != 0 {
			t.Errorf("example %q: exit %d: %s", tt.args, code, errOut)
			continue
		}
		if !strings.HasPrefix(out, "{\n  \"") || !strings.HasSuffix(out, "}\n") {
			t.Errorf("example %q: not 2-space indented JSON:\n%s", tt.args, out)
		}
		x, ok := adcp.Extract([]byte(out))
		if !ok {
			t.Errorf("example %q: no error extracted from\n%s", tt.args, out)
			continue
		}
		if x.Err.Code != tt.code || x.Path != tt.path || x.Err.Field != tt.field {
			t.Errorf("example %q: extracted %s on %s, field %q", tt.args, x.Err.Code, x.Path, x.Err.Field)
		}
		if tt.retry != 0 && (x.Err.RetryAfter == nil || *x.Err.RetryAfter != tt.retry) {
			t.Errorf("example %q: retry_after %v, want %v", tt.args, x.Err.RetryAfter, tt.retry)
		}
		if !x.Err.Recovery.Valid() {
			t.Errorf("example %q: recovery %q", tt.args, x.Err.Recovery)
		}
	}
}

func TestExampleMCPShape(t *testing.T) {
	out, errOut, code := runExampleCmd("RATE_LIMITED", "-message", "Request rate exceeded", "-retry-after", "5", "-text", "Rate limited — retry in 5s.")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	e := `{"code":"RATE_LIMITED","message":"Request rate exceeded","retry_after":5,"recovery":"transient"}`
	want := `{"content":[{"type":"text","text":` + quoteJSON(`{"adcp_error":`+e+`}`) + `},{"type":"text","text":"Rate limited — retry in 5s."}],` +
		`"isError":true,"structuredContent":{"adcp_error":` + e + `,"payload":{"errors":[` + e + `]}}}`
	var got, exp any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(want), &exp); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, exp) {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

func quoteJSON(s string) string { b, _ := json.Marshal(s); return string(b) }

// TestExampleHTTPStatus: the two system failures carry a note on the HTTP
// status they need; other codes carry none.
func TestExampleHTTPStatus(t *testing.T) {
	for _, tt := range []struct {
		code, want string
	}{
		{"CONFIGURATION_ERROR", "HTTP status 500"},
		{"GOVERNANCE_UNAVAILABLE", "HTTP status 503"},
		{"BUDGET_TOO_LOW", ""},
	} {
		_, errOut, code := runExampleCmd(tt.code)
		if code != 0 {
			t.Errorf("example %s: exit %d: %s", tt.code, code, errOut)
			continue
		}
		if got := strings.Contains(errOut, "HTTP status"); got != (tt.want != "") || !strings.Contains(errOut, tt.want) {
			t.Errorf("example %s: stderr %q, want %q", tt.code, errOut, tt.want)
		}
	}
}

func TestExampleRefusals(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, "missing CODE"},
		{[]string{"-transport", "jsonrpc", "BUDGET_TOO_LOW"}, "cannot be a JSON-RPC error"},
		{[]string{"STALE_RESPONSE", "-transport", "jsonrpc"}, "non-fatal advisory"},
		{[]string{"X_acme_FLOOR"}, "VENDOR"},
		{[]string{"X_ACME"}, "X_{VENDOR}_{CODE}"},
		{[]string{"FLOOR_NOT_MET"}, "not a standard code"},
		{[]string{"RATE_LIMITED", "-transport", "grpc"}, "-transport must be"},
		{[]string{"FIELD_NOT_PERMITTED"}, "field is required"},
		{[]string{"ACCOUNT_MOVED"}, "current_account"},
		{[]string{"BUDGET_TOO_LOW", "-details", "[1]"}, "JSON object"},
		{[]string{"RATE_LIMITED", "extra"}, "unexpected argument"},
		{[]string{"RATE_LIMITED", "-nope"}, "flag provided but not defined"},
		{[]string{"X_ACME_FLOOR_NOT_MET", "-recovery", "deferred"}, "transient, correctable or terminal"},
	}
	for _, tt := range tests {
		out, errOut, code := runExampleCmd(tt.args...)
		if code != 2 {
			t.Errorf("example %q: exit %d, want 2; stdout %s", tt.args, code, out)
		}
		if out != "" {
			t.Errorf("example %q: printed %s", tt.args, out)
		}
		if !strings.Contains(errOut, tt.want) {
			t.Errorf("example %q: stderr %q lacks %q", tt.args, errOut, tt.want)
		}
	}
}

func TestExampleMessage(t *testing.T) {
	for code, want := range map[adcp.Code]string{
		"RATE_LIMITED":         "Rate limited",
		"IO_REQUIRED":          "Io required",
		"X_ACME_FLOOR_NOT_MET": "Floor not met",
	} {
		if got := exampleMessage(code); got != want {
			t.Errorf("exampleMessage(%s) = %q, want %q", code, got, want)
		}
	}
}
