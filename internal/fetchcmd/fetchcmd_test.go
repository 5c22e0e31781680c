package fetchcmd

import (
	"bytes"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/specfetch"
)

// TestInsecureWarning: only a bundle downloaded over plain http without a
// verified signature gets the warning, naming its URL.
func TestInsecureWarning(t *testing.T) {
	for _, tc := range []struct {
		url, signer string
		warn        bool
	}{
		{"http://mirror.test/protocol/3.1.0.tgz", "", true},
		{"HTTP://mirror.test/protocol/3.1.0.tgz", "", true},
		{"https://adcontextprotocol.org/protocol/3.1.0.tgz", "", false},
		{"file:///srv/mirror/3.1.0.tgz", "", false},
		{"http://mirror.test/protocol/3.1.0.tgz", "https://github.com/adcontextprotocol/adcp/.github/workflows/release.yml@refs/heads/main", false},
	} {
		var w bytes.Buffer
		Report(&w, "fetch", &specfetch.Bundle{URL: tc.url, Digest: strings.Repeat("ab", 32), Trust: specfetch.Trust{Signer: tc.signer}})
		got := w.String()
		if strings.Contains(got, "warning") != tc.warn || tc.warn && !strings.Contains(got, "fetch: warning: "+tc.url+" came over plain http") {
			t.Errorf("%s %q: report %q, want a warning: %v", tc.url, tc.signer, got, tc.warn)
		}
	}
}
