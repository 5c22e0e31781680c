package adcphttp_test

import (
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

// secrets are fragments of the upstream failures the tests make, none of
// which may reach a buyer-visible field.
var secrets = []string{
	"10.1.2.3", "5432", "billing.internal", "db-primary", "/srv/app", "db.go", "relation", "users",
	"charge", "key=", "s3cr3t", "nginx", "upstream body", "dial", "tcp", "no such host", "pq:", "Get",
}

// assertNoLeak fails t when e's encoding holds any of secrets or its
// message has a hygiene finding: nothing of an upstream failure reaches
// what the buyer sees.
func assertNoLeak(t *testing.T, name string, e *adcp.Error) {
	t.Helper()
	raw, err := jsonwire.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range secrets {
		if strings.Contains(string(raw), s) {
			t.Errorf("%s: %q leaked into %s", name, s, raw)
		}
	}
	if fs := seller.CheckMessage(e.Message); len(fs) != 0 {
		t.Errorf("%s: message %q has findings %v", name, e.Message, fs)
	}
}
