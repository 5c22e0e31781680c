package sigverify

import (
	"crypto/sha256"
	"crypto/x509"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/adcp-gen/adcp-gen/internal/sigverify/sigtest"
)

// TestPublicGood checks the embedded Sigstore public-good trusted root: it
// loads, and holds the Fulcio CAs (the 2022 root with its intermediate,
// valid now) and CT logs whose log IDs are the SHA-256 of their keys.
func TestPublicGood(t *testing.T) {
	tr, err := LoadTrustedRoot(publicGoodJSON)
	if err != nil {
		t.Fatal(err)
	}
	if tr.CertificateAuthorities() != 2 || tr.CTLogs() != 2 {
		t.Fatalf("%d certificate authorities and %d CT logs, want 2 and 2", tr.CertificateAuthorities(), tr.CTLogs())
	}
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	intermediate := false
	for _, ca := range tr.cas {
		for _, c := range ca.certs {
			if c.Subject.CommonName == "sigstore-intermediate" && ca.validity.contains(at) {
				intermediate = true
				if len(c.ExtKeyUsage) != 1 || c.ExtKeyUsage[0] != x509.ExtKeyUsageCodeSigning {
					t.Errorf("the Fulcio intermediate's EKU: %v", c.ExtKeyUsage)
				}
				if _, err := c.Verify(x509.VerifyOptions{Roots: ca.roots, CurrentTime: at, KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageCodeSigning}}); err != nil {
					t.Errorf("the Fulcio intermediate does not chain to its root: %v", err)
				}
			}
		}
	}
	if !intermediate {
		t.Error("no Fulcio intermediate (CN sigstore-intermediate) valid in 2026")
	}
	current := 0
	for _, l := range tr.logs {
		der, err := x509.MarshalPKIXPublicKey(l.key)
		if err != nil {
			t.Fatal(err)
		}
		if sha256.Sum256(der) != l.id {
			t.Errorf("CT log %s: log ID is not the SHA-256 of its key", l.name)
		}
		if l.validity.contains(at) {
			current++
		}
	}
	if current == 0 {
		t.Error("no CT log valid in 2026")
	}
	if PublicGood().CTLogs() != 2 {
		t.Error("PublicGood() differs from the embedded file")
	}
}

func TestLoadTrustedRootErrors(t *testing.T) {
	a := sigtest.NewAuthority(t)
	good := a.TrustedRootJSON(t, sigtest.RootSpec{})
	if _, err := LoadTrustedRoot(good); err != nil {
		t.Fatal(err)
	}
	// edit changes one member of the good trusted root's JSON.
	edit := func(change func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		change(m)
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	ca := func(m map[string]any) map[string]any {
		return m["certificateAuthorities"].([]any)[0].(map[string]any)
	}
	cert := func(m map[string]any, i int) map[string]any {
		return ca(m)["certChain"].(map[string]any)["certificates"].([]any)[i].(map[string]any)
	}
	log := func(m map[string]any) map[string]any { return m["ctlogs"].([]any)[0].(map[string]any) }
	key := func(m map[string]any) map[string]any { return log(m)["publicKey"].(map[string]any) }

	tests := []struct {
		name    string
		data    []byte
		wantErr string
	}{
		{"not JSON", []byte("{"), "not a trusted_root.json"},
		{"an array", []byte("[]"), "not a trusted_root.json"},
		{"data after the object", append(append([]byte{}, good...), []byte(" {}")...), "data after the JSON object"},
		{"oversized", make([]byte, MaxTrustedRootSize+1), "more than the 1048576 accepted"},
		{"another media type", edit(func(m map[string]any) { m["mediaType"] = "application/json" }), `mediaType "application/json"`},
		{"no certificate authorities", edit(func(m map[string]any) { delete(m, "certificateAuthorities") }), "no certificateAuthorities"},
		{"no CT logs", edit(func(m map[string]any) { m["ctlogs"] = []any{} }), "no ctlogs"},
		{"a certificate not base64", edit(func(m map[string]any) { cert(m, 1)["rawBytes"] = "%%%" }), "certificateAuthorities[0].certChain.certificates[1].rawBytes: not base64"},
		{"a certificate not DER", edit(func(m map[string]any) { cert(m, 0)["rawBytes"] = "AAAA" }), "certificateAuthorities[0].certChain.certificates[0]: not a certificate"},
		{"an empty chain", edit(func(m map[string]any) { ca(m)["certChain"] = map[string]any{} }), "certificateAuthorities[0].certChain: no certificates"},
		{"no self-signed root", edit(func(m map[string]any) {
			ca(m)["certChain"].(map[string]any)["certificates"] = []any{cert(m, 1)}
		}), "no self-signed root certificate"},
		{"a bad validFor", edit(func(m map[string]any) { ca(m)["validFor"] = map[string]any{"start": "yesterday"} }), "certificateAuthorities[0].validFor: start"},
		{"validFor ends before it starts", edit(func(m map[string]any) {
			ca(m)["validFor"] = map[string]any{"start": "2026-01-02T00:00:00Z", "end": "2026-01-01T00:00:00Z"}
		}), "is before start"},
		{"a log key not base64", edit(func(m map[string]any) { key(m)["rawBytes"] = "%%%" }), "ctlogs[0].publicKey.rawBytes: not a base64 key"},
		{"a log key not a key", edit(func(m map[string]any) { key(m)["rawBytes"] = "AAAA" }), "ctlogs[0].publicKey.rawBytes: not a public key"},
		{"a log ID of 31 bytes", edit(func(m map[string]any) {
			log(m)["logId"] = map[string]any{"keyId": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=="}
		}), "ctlogs[0].logId.keyId"},
		{"a log with another hash", edit(func(m map[string]any) { log(m)["hashAlgorithm"] = "SHA2_384" }), `hashAlgorithm: "SHA2_384"`},
		{"a bad log validFor", edit(func(m map[string]any) { key(m)["validFor"] = map[string]any{"end": "2026"} }), "ctlogs[0].publicKey.validFor: end"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr, err := LoadTrustedRoot(tt.data)
			if err == nil {
				t.Fatalf("loaded: %+v", tr)
			}
			if !strings.Contains(err.Error(), tt.wantErr) || !strings.HasPrefix(err.Error(), "trusted root: ") {
				t.Fatalf("error %q, want it to start with %q and contain %q", err, "trusted root: ", tt.wantErr)
			}
		})
	}
}

func TestLoadTrustedRootFile(t *testing.T) {
	a := sigtest.NewAuthority(t)
	dir := t.TempDir()
	good := filepath.Join(dir, "trusted_root.json")
	if err := os.WriteFile(good, a.TrustedRootJSON(t, sigtest.RootSpec{}), 0o600); err != nil {
		t.Fatal(err)
	}
	if tr, err := LoadTrustedRootFile(good); err != nil || tr.CTLogs() != 1 {
		t.Fatalf("LoadTrustedRootFile = %v, %v", tr, err)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.json")
	if err := os.WriteFile(big, make([]byte, MaxTrustedRootSize+10), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ path, wantErr string }{
		{bad, bad + ": trusted root: no certificateAuthorities"},
		{big, big + ": trusted root: 1048577 bytes, more than the 1048576 accepted"},
		{dir, dir + ": not a regular file"},
		{filepath.Join(dir, "absent.json"), "no such file"},
	} {
		if _, err := LoadTrustedRootFile(tt.path); err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("LoadTrustedRootFile(%s): err = %v, want %q", tt.path, err, tt.wantErr)
		}
	}
}
