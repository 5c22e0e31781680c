package adcp_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/sharedtest"
)

// successVector is one vector of mcp-response-extraction.json or
// a2a-response-extraction.json.
type successVector struct {
	ID                string          `json:"id"`
	Status            string          `json:"status"`
	Path              string          `json:"path"`
	Response          json.RawMessage `json:"response"`
	ExpectedData      json.RawMessage `json:"expected_data"`
	ExpectedErrorType string          `json:"expected_error_type"`
}

func loadSuccessVectors(t *testing.T, file string) []successVector {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ Vectors []successVector }
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Vectors) == 0 {
		t.Fatalf("%s: no vectors", file)
	}
	return doc.Vectors
}

// checkData compares one extraction with a vector, for bytes and decoded
// input.
func checkData(t *testing.T, v successVector, extract func(any) (adcp.Data, bool, error)) {
	for _, in := range []any{[]byte(v.Response), decodeAny(t, v.Response)} {
		d, ok, err := extract(in)
		if v.ExpectedErrorType == "wrapper_detected" {
			if !errors.Is(err, adcp.ErrWrappedPayload) {
				t.Errorf("%T: err = %v, want ErrWrappedPayload", in, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%T: %v", in, err)
		}
		want := string(v.ExpectedData) != "null"
		if ok != want {
			t.Fatalf("%T: found %v (%s), want %v", in, ok, d.Raw, want)
		}
		if !ok {
			continue
		}
		if !jsonEqual(t, d.Raw, v.ExpectedData) {
			t.Errorf("%T: data %s, want %s", in, d.Raw, v.ExpectedData)
		}
		if string(d.Path) != v.Path {
			t.Errorf("%T: path %q, want %q", in, d.Path, v.Path)
		}
		if v.Status != "" && d.State != v.Status {
			t.Errorf("%T: state %q, want %q", in, d.State, v.Status)
		}
	}
}

// checklist: 2, 3
func TestOfficialMCPDataVectors(t *testing.T) {
	for _, v := range loadSuccessVectors(t, filepath.Join(sharedtest.Dir(t, "test-vectors"), "mcp-response-extraction.json")) {
		t.Run(v.ID, func(t *testing.T) {
			checkData(t, v, func(in any) (adcp.Data, bool, error) { d, ok := adcp.ExtractMCPData(in); return d, ok, nil })
		})
	}
}

// checklist: 7
func TestOfficialA2ADataVectors(t *testing.T) {
	for _, v := range loadSuccessVectors(t, filepath.Join(sharedtest.Dir(t, "test-vectors"), "a2a-response-extraction.json")) {
		t.Run(v.ID, func(t *testing.T) { checkData(t, v, adcp.ExtractA2AData) })
	}
}

func TestOwnMCPDataVectors(t *testing.T) {
	for _, v := range loadSuccessVectors(t, filepath.Join("testdata", "client", "mcp-data.json")) {
		t.Run(v.ID, func(t *testing.T) {
			checkData(t, v, func(in any) (adcp.Data, bool, error) { d, ok := adcp.ExtractMCPData(in); return d, ok, nil })
		})
	}
}

func TestOwnA2ADataVectors(t *testing.T) {
	for _, v := range loadSuccessVectors(t, filepath.Join("testdata", "client", "a2a-data.json")) {
		t.Run(v.ID, func(t *testing.T) { checkData(t, v, adcp.ExtractA2AData) })
	}
}

// checklist: 7
func TestNormalizeA2AState(t *testing.T) {
	for in, want := range map[string]string{
		"TASK_STATE_INPUT_REQUIRED": "input-required", "TASK_STATE_AUTH_REQUIRED": "auth-required",
		"TASK_STATE_CANCELED": "canceled", "cancelled": "canceled", "working": "working", "": "",
	} {
		if got := adcp.NormalizeA2AState(in); got != want {
			t.Errorf("NormalizeA2AState(%q) = %q, want %q", in, got, want)
		}
	}
}
