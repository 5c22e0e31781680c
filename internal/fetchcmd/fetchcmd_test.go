package fetchcmd

import (
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/specfetch"
)

// TestInsecureWarning: only a bundle downloaded over plain http without a
// verified signature gets the warning.
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
		b := &specfetch.Bundle{URL: tc.url, Trust: specfetch.Trust{Signer: tc.signer}}
		if got := insecureWarning(b); (got != "") != tc.warn || tc.warn && !strings.Contains(got, tc.url) {
			t.Errorf("%s %q: warning %q, want one: %v", tc.url, tc.signer, got, tc.warn)
		}
	}
}
