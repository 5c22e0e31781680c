package adcp_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/testvocab"
)

// governanceVector is one vector of testdata/client/governance.json.
type governanceVector struct {
	ID                  string          `json:"id"`
	Response            json.RawMessage `json:"response"`
	Expected            string          `json:"expected"` // arm, code or none
	ExpectedReason      string          `json:"expected_reason"`
	ExpectedSuggestions string          `json:"expected_suggestions"`
}

// checklist: 29
func TestGovernanceDenialVectors(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "client", "governance.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Vectors []governanceVector `json:"vectors"`
	}
	if err := json.Unmarshal(b, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Vectors) == 0 {
		t.Fatal("no vectors")
	}
	for _, v := range file.Vectors {
		t.Run(v.ID, func(t *testing.T) {
			var decoded any
			if err := json.Unmarshal(v.Response, &decoded); err != nil {
				t.Fatal(err)
			}
			// The same answer from bytes and from decoded values.
			for _, in := range []any{[]byte(v.Response), decoded} {
				d, ok := adcp.GovernanceDenial(in)
				got := "none"
				switch {
				case ok && d.Rejection != nil && d.Err == nil:
					got = "arm"
				case ok && d.Err != nil && d.Rejection == nil:
					got = "code"
				case ok:
					t.Fatalf("%T: denial %+v sets both or neither", in, d)
				}
				if got != v.Expected {
					t.Fatalf("%T: got %s, want %s", in, got, v.Expected)
				}
				switch got {
				case "arm":
					if d.Rejection.Reason != v.ExpectedReason {
						t.Errorf("%T: reason %q, want %q", in, d.Rejection.Reason, v.ExpectedReason)
					}
					if string(d.Rejection.Suggestions) != v.ExpectedSuggestions {
						t.Errorf("%T: suggestions %s, want %s", in, d.Rejection.Suggestions, v.ExpectedSuggestions)
					}
					if _, ok := adcp.RejectionOf(d.Rejection.Payload); !ok {
						t.Errorf("%T: Payload %s is not an arm", in, d.Rejection.Payload)
					}
				case "code":
					if d.Err.Code != testvocab.CodeGovernanceDenied {
						t.Errorf("%T: code %q", in, d.Err.Code)
					}
					if dec := (adcp.Policy{Vocabulary: testvocab.Vocabulary}).Decide(d.Err, adcp.RequestContext{}); dec.Action != adcp.ActionSurfaceToCaller {
						t.Errorf("%T: decided %s, want surface_to_caller", in, dec.Action)
					}
				}
			}
		})
	}
}

// checklist: 29
func TestRejectionOf(t *testing.T) {
	tests := []struct {
		in         string
		ok         bool
		reason     string
		suggestion string
		payload    string
	}{
		{in: `{"status":"rejected","reason":"no"}`, ok: true, reason: "no", payload: `{"status":"rejected","reason":"no"}`},
		{in: " \n{\"status\":\"rejected\"}\n", ok: true, payload: `{"status":"rejected"}`},
		{in: `{"status":"rejected","suggestions":null}`, ok: true, suggestion: "null", payload: `{"status":"rejected","suggestions":null}`},
		{in: `{"payload":{"status":"rejected","reason":"inner"}}`, ok: true, reason: "inner", payload: `{"status":"rejected","reason":"inner"}`},
		{in: `{"status":"rejected","errors":[]}`},
		{in: `{"payload":{"status":"rejected","errors":[]}}`},
		{in: `{"status":"REJECTED"}`},
		{in: `{"status":["rejected"]}`},
		{in: `{"status":{"state":"rejected"}}`},
		{in: `{"payload":"rejected"}`},
		{in: `[{"status":"rejected"}]`},
		{in: `null`},
		{in: `"rejected"`},
		{in: `{"status":"rejected"`},
		{in: ``},
	}
	for _, tt := range tests {
		r, ok := adcp.RejectionOf([]byte(tt.in))
		if ok != tt.ok || r.Reason != tt.reason || string(r.Suggestions) != tt.suggestion || string(r.Payload) != tt.payload {
			t.Errorf("RejectionOf(%q) = %+v, %v", tt.in, r, ok)
		}
	}
}

// TestGovernanceDenialWrapped checks that an A2A payload wrapped in
// {"response": …} is not looked into.
func TestGovernanceDenialWrapped(t *testing.T) {
	resp := `{"id":"t","status":{"state":"completed"},"artifacts":[{"artifactId":"a","parts":[{"kind":"data","data":{"response":{"status":"rejected","reason":"x"}}}]}]}`
	if d, ok := adcp.GovernanceDenial([]byte(resp)); ok {
		t.Errorf("wrapped payload read as %+v", d)
	}
	if _, ok := adcp.GovernanceDenial(func() {}); ok {
		t.Error("a value that does not encode is a denial")
	}
}

// FuzzRejectionOf checks that RejectionOf never panics and that an arm's
// Payload is itself an arm.
func FuzzRejectionOf(f *testing.F) {
	for _, s := range []string{`{"status":"rejected","reason":"r"}`, `{"payload":{"status":"rejected"}}`, `{"status":"rejected","errors":[]}`, `[]`, `null`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		r, ok := adcp.RejectionOf(b)
		if !ok {
			return
		}
		if r2, ok := adcp.RejectionOf(r.Payload); !ok || r2.Reason != r.Reason {
			t.Fatalf("Payload %q of %q is not the same arm", r.Payload, b)
		}
	})
}
