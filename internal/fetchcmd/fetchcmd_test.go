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
		url, level string
		warn       bool
	}{
		{"http://mirror.test/protocol/3.1.0.tgz", specfetch.TrustSHA256, true},
		{"HTTP://mirror.test/protocol/3.1.0.tgz", specfetch.TrustSHA256, true},
		{"https://adcontextprotocol.org/protocol/3.1.0.tgz", specfetch.TrustSHA256, false},
		{"file:///srv/mirror/3.1.0.tgz", specfetch.TrustSHA256, false},
		{"http://mirror.test/protocol/3.1.0.tgz", specfetch.TrustLogged, false},
	} {
		b := &specfetch.Bundle{URL: tc.url, Trust: specfetch.Trust{Level: tc.level}}
		if got := InsecureWarning(b); (got != "") != tc.warn || tc.warn && !strings.Contains(got, tc.url) {
			t.Errorf("%s %s: warning %q, want one: %v", tc.url, tc.level, got, tc.warn)
		}
	}
}
