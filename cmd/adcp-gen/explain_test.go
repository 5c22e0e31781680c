package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/internal/testshared"
)

// explainVector holds the members of a vector explain is checked against.
type explainVector struct {
	ID                    string          `json:"id"`
	Path                  string          `json:"path"`
	Response              json.RawMessage `json:"response"`
	ResponseText          string          `json:"response_text"`
	ExpectedError         json.RawMessage `json:"expected_error"`
	ExpectedErrorText     string          `json:"expected_error_text"`
	ExpectedAction        string          `json:"expected_action"`
	Policy                string          `json:"policy"`
	CredentialsPresented  bool            `json:"credentials_presented"`
	SuggestedBillingTried bool            `json:"suggested_billing_tried"`
	ExpectedRecovery      string          `json:"expected_recovery"`
	ExpectedDelaySeconds  *float64        `json:"expected_delay_seconds"`
	ExpectedDisplay       *adcp.Display   `json:"expected_display"`
}

// explainOutput is explain's output, decoded.
type explainOutput struct {
	Found             bool            `json:"found"`
	Path              *string         `json:"path"`
	Error             json.RawMessage `json:"error"`
	Recovery          *string         `json:"recovery"`
	Action            string          `json:"action"`
	RetryAfterSeconds *int64          `json:"retry_after_seconds"`
	Display           *adcp.Display   `json:"display"`
}

func loadExplainVectors(t *testing.T, file string) []explainVector {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ Vectors []explainVector }
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Vectors
}

// runExplainOn runs the explain command in-process on one response.
func runExplainOn(t *testing.T, in []byte, args ...string) (explainOutput, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"explain"}, args...), bytes.NewReader(in), &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var out explainOutput
	dec := json.NewDecoder(bytes.NewReader(stdout.Bytes()))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&out); err != nil {
		t.Fatalf("output %s: %v", stdout.Bytes(), err)
	}
	if dec.More() {
		t.Fatalf("more than one JSON value: %s", stdout.Bytes())
	}
	return out, stdout.String()
}

func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// checkExplain runs one vector through explain.
func checkExplain(t *testing.T, v explainVector) {
	in := []byte(v.ResponseText)
	if v.ResponseText == "" {
		in = v.Response
	}
	var args []string
	if v.Policy != "" {
		args = append(args, "-unknown-recovery", v.Policy)
	}
	out, text := runExplainOn(t, in, args...)
	wantFound := v.ExpectedErrorText != "" || string(v.ExpectedError) != "null"
	if out.Found != wantFound {
		t.Fatalf("found = %v, want %v: %s", out.Found, wantFound, text)
	}
	if out.Action != v.ExpectedAction {
		t.Errorf("action = %q, want %q", out.Action, v.ExpectedAction)
	}
	if !wantFound {
		if out.Path != nil || string(out.Error) != "null" || out.Recovery != nil || out.RetryAfterSeconds != nil || out.Display != nil {
			t.Errorf("not found but output has values: %s", text)
		}
		return
	}
	if out.Path == nil || out.Recovery == nil || out.Display == nil {
		t.Fatalf("found but output lacks values: %s", text)
	}
	if v.Path != "" && *out.Path != v.Path {
		t.Errorf("path = %q, want %q", *out.Path, v.Path)
	}
	if v.ExpectedErrorText != "" {
		var c bytes.Buffer
		_ = json.Compact(&c, out.Error)
		if c.String() != v.ExpectedErrorText {
			t.Errorf("error = %s, want %s", c.Bytes(), v.ExpectedErrorText)
		}
	} else if !sameJSON(t, out.Error, v.ExpectedError) {
		t.Errorf("error = %s, want %s", out.Error, v.ExpectedError)
	}
	if v.ExpectedRecovery != "" && *out.Recovery != v.ExpectedRecovery {
		t.Errorf("recovery = %q, want %q", *out.Recovery, v.ExpectedRecovery)
	}
	if v.ExpectedDelaySeconds != nil && (out.RetryAfterSeconds == nil || float64(*out.RetryAfterSeconds) != *v.ExpectedDelaySeconds) {
		t.Errorf("retry_after_seconds = %v, want %v", out.RetryAfterSeconds, *v.ExpectedDelaySeconds)
	}
	if v.ExpectedDisplay != nil && *out.Display != *v.ExpectedDisplay {
		t.Errorf("display = %+q, want %+q", *out.Display, *v.ExpectedDisplay)
	}
}

// TestExplainOfficialVectors runs all 32 official vectors through explain.
//
// checklist: 18
func TestExplainOfficialVectors(t *testing.T) {
	vs := loadExplainVectors(t, filepath.Join(testshared.Dir(t, "test-vectors"), "transport-error-mapping.json"))
	if len(vs) != 32 {
		t.Errorf("%d vectors, want 32", len(vs))
	}
	for _, v := range vs {
		t.Run(v.ID, func(t *testing.T) { checkExplain(t, v) })
	}
}

// TestExplainOwnVectors runs our own vectors through explain, but those
// that need a request context explain has no flag for.
func TestExplainOwnVectors(t *testing.T) {
	file := filepath.Join(testshared.ModuleRoot(), "adcp", "testdata", "client", "errors.json")
	n := 0
	for _, v := range loadExplainVectors(t, file) {
		if v.CredentialsPresented || v.SuggestedBillingTried {
			continue
		}
		n++
		t.Run(v.ID, func(t *testing.T) { checkExplain(t, v) })
	}
	if n < 50 {
		t.Errorf("only %d vectors ran", n)
	}
}

// TestExplainOutput pins the exact output of one response.
func TestExplainOutput(t *testing.T) {
	in := `{"isError":true,"content":[],"structuredContent":{"adcp_error":{"code":"RATE_LIMITED","message":"slow <down>\u200b","retry_after":2.5}}}`
	_, text := runExplainOn(t, []byte(in))
	want := `{
  "found": true,
  "path": "structuredContent",
  "error": {
    "code": "RATE_LIMITED",
    "message": "slow <down>\u200b",
    "retry_after": 2.5
  },
  "recovery": "transient",
  "action": "retry",
  "retry_after_seconds": 3,
  "display": {
    "message": "slow <down>",
    "suggestion": "",
    "field": ""
  }
}
`
	if text != want {
		t.Errorf("got\n%s\nwant\n%s", text, want)
	}
	_, text = runExplainOn(t, []byte(`{"content":[{"type":"text","text":"hi"}]}`))
	want = `{
  "found": false,
  "path": null,
  "error": null,
  "recovery": null,
  "action": "generic_error",
  "retry_after_seconds": null,
  "display": null
}
`
	if text != want {
		t.Errorf("got\n%s\nwant\n%s", text, want)
	}
}

// TestExplainUsage checks the exit statuses of bad input and usage.
func TestExplainUsage(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "r.json")
	if err := os.WriteFile(good, []byte(`{"error":{"data":{"adcp_error":{"code":"X_Y_Z"}}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stderr string
	}{
		{"not JSON", nil, "rate limited, sorry", 2, "input is not JSON"},
		{"two values", nil, "{} {}", 2, "input is not JSON"},
		{"empty", nil, "", 2, "input is not JSON"},
		{"bad policy", []string{"-unknown-recovery", "correctable"}, "{}", 2, "must be terminal or transient"},
		{"two files", []string{"a", "b"}, "", 2, "usage"},
		{"missing file", []string{filepath.Join(dir, "nope.json")}, "", 2, "nope.json"},
		{"file", []string{good}, "", 0, ""},
		{"file with policy", []string{"-unknown-recovery", "transient", good}, "", 0, ""},
		{"JSON that is not a response", nil, "[1,2]", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(append([]string{"explain"}, tt.args...), strings.NewReader(tt.stdin), &stdout, &stderr)
			if code != tt.code || !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr.String(), tt.code, tt.stderr)
			}
			if code == 0 && !json.Valid(stdout.Bytes()) {
				t.Errorf("stdout is not JSON: %s", stdout.Bytes())
			}
		})
	}
	var stdout bytes.Buffer
	run([]string{"explain", "-unknown-recovery", "transient", good}, nil, &stdout, &bytes.Buffer{})
	if !strings.Contains(stdout.String(), `"action": "retry"`) {
		t.Errorf("transient policy not applied: %s", stdout.String())
	}
}
