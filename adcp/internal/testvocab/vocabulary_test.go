package testvocab

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/sharedtest"
)

// TestRecoveriesArePublished checks the fixture against the published
// error-code enum of AdCP 3.2.0-beta.5: every code is standard there, with
// the same recovery, so that the runtime's tests decide as a 3.2 client does.
func TestRecoveriesArePublished(t *testing.T) {
	file := filepath.Join(sharedtest.Dir(t, "adcp-schemas"), "3.2.0-beta.5", "enums", "error-code.json")
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var enum struct {
		Metadata map[adcp.Code]json.RawMessage `json:"enumMetadata"`
	}
	if err := json.Unmarshal(b, &enum); err != nil {
		t.Fatal(err)
	}
	for _, c := range Vocabulary.Codes() {
		var meta struct {
			Recovery adcp.Recovery `json:"recovery"`
		}
		raw, ok := enum.Metadata[c]
		if !ok || json.Unmarshal(raw, &meta) != nil {
			t.Errorf("%s: not a code of 3.2.0-beta.5", c)
			continue
		}
		if info, _ := Vocabulary.Info(c); info.Recovery != meta.Recovery {
			t.Errorf("%s: recovery %s, published %s", c, info.Recovery, meta.Recovery)
		}
	}
}

// TestDetailsRoundTrip checks that the typed details decode what they
// encode and check it.
func TestDetailsRoundTrip(t *testing.T) {
	limit := 10.0
	type details interface{ Validate() error }
	tests := []struct {
		in   details
		out  details
		want string
		ok   bool
	}{
		{&RateLimitedDetails{Limit: &limit, Scope: RateLimitedDetailsScopeAccount}, new(RateLimitedDetails), `{"limit":10,"scope":"account"}`, true},
		{&RateLimitedDetails{Scope: "planet"}, new(RateLimitedDetails), `{"scope":"planet"}`, false},
		{&AccountSetupRequiredDetails{SetupURL: "https://seller.example/setup"}, new(AccountSetupRequiredDetails), `{"setup_url":"https://seller.example/setup"}`, true},
		{&PolicyViolationDetails{PolicyURL: "not a URL"}, new(PolicyViolationDetails), `{"policy_url":"not a URL"}`, false},
	}
	for _, tt := range tests {
		b, err := json.Marshal(tt.in)
		if err != nil || string(b) != tt.want {
			t.Errorf("%T: encoded %s, %v; want %s", tt.in, b, err, tt.want)
			continue
		}
		if err := json.Unmarshal(b, tt.out); err != nil {
			t.Errorf("%s: %v", b, err)
			continue
		}
		if again, _ := json.Marshal(tt.out); string(again) != tt.want {
			t.Errorf("%s: re-encoded %s", b, again)
		}
		if err := tt.out.Validate(); (err == nil) != tt.ok {
			t.Errorf("%s: Validate = %v, want ok %v", b, err, tt.ok)
		}
	}
}
