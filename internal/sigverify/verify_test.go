package sigverify

import (
	"bytes"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"strings"
	"testing"
	"time"

	"github.com/adcp-gen/adcp-gen/internal/sigverify/sigtest"
)

var artifact = []byte("adcp-3.2.0.tgz bytes")

func TestVerify(t *testing.T) {
	a := sigtest.NewAuthority(t)
	other := sigtest.NewAuthority(t) // another CA and CT log, unknown to the trusted root
	tr := trustedRoot(t, a, sigtest.RootSpec{})
	good := issueLeaf(t, a, sigtest.LeafSpec{})
	goodSig := sigtest.SigFile(t, good.Key, artifact)
	opts := Options{TrustedRoot: tr, SANRegexp: DefaultSANRegexp, Issuer: DefaultIssuer}
	day := func(d int) string { return sigtest.T0.AddDate(0, 0, d).Format(time.RFC3339) }

	type input struct {
		artifact, sig, cert []byte
		opts                Options
	}
	// withLeaf signs artifact with a leaf issued from s.
	withLeaf := func(s sigtest.LeafSpec) func() input {
		return func() input {
			l := issueLeaf(t, a, s)
			return input{artifact, sigtest.SigFile(t, l.Key, artifact), sigtest.CertFile(l.Cert), opts}
		}
	}
	withRoot := func(s sigtest.RootSpec) func() input {
		return func() input {
			o := opts
			o.TrustedRoot = trustedRoot(t, a, s)
			return input{artifact, goodSig, sigtest.CertFile(good.Cert), o}
		}
	}
	goodWith := func(change func(*input)) func() input {
		return func() input {
			in := input{artifact, goodSig, sigtest.CertFile(good.Cert), opts}
			change(&in)
			return in
		}
	}

	tests := []struct {
		name    string
		in      func() input
		wantErr string // "" when it verifies
	}{
		{"good: base64 PEM, as cosign writes it", goodWith(func(*input) {}), ""},
		{"good: plain PEM", goodWith(func(in *input) { in.cert = sigtest.CertPEM(good.Cert) }), ""},
		{"good: files end with a newline", goodWith(func(in *input) {
			in.sig = append(append([]byte{}, goodSig...), '\n')
			in.cert = append(sigtest.CertFile(good.Cert), '\n')
		}), ""},
		{"good: a ref under refs/heads", withLeaf(sigtest.LeafSpec{SAN: "https://github.com/adcontextprotocol/adcp/.github/workflows/release.yml@refs/heads/main"}), ""},
		{"good: the deprecated issuer extension only", withLeaf(sigtest.LeafSpec{IssuerV1: sigtest.Strp(sigtest.GoodIssuer)}), ""},
		{"good: both issuer extensions, agreeing", withLeaf(sigtest.LeafSpec{Issuer: sigtest.Strp(sigtest.GoodIssuer), IssuerV1: sigtest.Strp(sigtest.GoodIssuer)}), ""},
		{"good: an SCT by an unknown log, then a good one", withLeaf(sigtest.LeafSpec{UnknownSCT: true}), ""},
		{"good: zero Options fields take the defaults", goodWith(func(in *input) { in.opts = Options{TrustedRoot: tr} }), ""},

		{"bad signature: another key's", goodWith(func(in *input) { in.sig = sigtest.SigFile(t, issueLeaf(t, a, sigtest.LeafSpec{}).Key, artifact) }), "signature: does not verify"},
		{"signature over other bytes", goodWith(func(in *input) { in.artifact = []byte("adcp-3.2.1.tgz bytes") }), "signature: does not verify"},
		{"wrong SAN: another repository", withLeaf(sigtest.LeafSpec{SAN: "https://github.com/attacker/adcp/.github/workflows/release.yml@refs/heads/main"}), "does not match"},
		{"wrong SAN: another workflow", withLeaf(sigtest.LeafSpec{SAN: "https://github.com/adcontextprotocol/adcp/.github/workflows/ci.yml@refs/heads/main"}), "does not match"},
		{"wrong SAN: a suffix after the workflow", withLeaf(sigtest.LeafSpec{SAN: "https://github.com/adcontextprotocol/adcp/.github/workflows/release.yml.evil@refs/heads/main"}), "does not match"},
		{"two SANs", withLeaf(sigtest.LeafSpec{ExtraDNS: true}), "2 subject alternative names"},
		{"wrong issuer", withLeaf(sigtest.LeafSpec{Issuer: sigtest.Strp("https://accounts.google.com")}), `OIDC issuer "https://accounts.google.com"`},
		{"wrong issuer in the deprecated extension", withLeaf(sigtest.LeafSpec{IssuerV1: sigtest.Strp("https://gitlab.com")}), `OIDC issuer "https://gitlab.com"`},
		{"issuer extensions disagree", withLeaf(sigtest.LeafSpec{Issuer: sigtest.Strp(sigtest.GoodIssuer), IssuerV1: sigtest.Strp("https://gitlab.com")}), "issuer extensions disagree"},
		{"missing issuer extension", withLeaf(sigtest.LeafSpec{NoIssuer: true}), "no OIDC issuer extension"},
		{"no SCT", withLeaf(sigtest.LeafSpec{NoSCT: true}), "no embedded SCT"},
		{"SCT by an unknown log", withLeaf(sigtest.LeafSpec{SCTLog: other.LogKey}), "by a log the trusted root does not list"},
		{"tampered SCT: signature", withLeaf(sigtest.LeafSpec{TamperSCT: func(b []byte) { b[len(b)-3] ^= 1 }}), "the log's signature does not verify"},
		{"tampered SCT: timestamp", withLeaf(sigtest.LeafSpec{TamperSCT: func(b []byte) { b[40] ^= 1 }}), "the log's signature does not verify"},
		{"tampered SCT: version", withLeaf(sigtest.LeafSpec{TamperSCT: func(b []byte) { b[0] = 1 }}), "SCT 1: version 1, only v1 (0) is known"},
		{"SCT hash algorithm not SHA-256", withLeaf(sigtest.LeafSpec{TamperSCT: func(b []byte) { b[43] = 5 }}), "hash algorithm 5"},
		{"SCT says RSA, the log key is ECDSA", withLeaf(sigtest.LeafSpec{TamperSCT: func(b []byte) { b[44] = sigRSA }}), "the log's signature does not verify"},
		{"SCT over another certificate", withLeaf(sigtest.LeafSpec{SCTOverTBS: other.Inter.RawTBSCertificate}), "the log's signature does not verify"},
		{"expired at the SCT time", withLeaf(sigtest.LeafSpec{SCTAt: sigtest.T0.Add(11 * time.Minute)}), "expired"},
		{"not yet valid at the SCT time", withLeaf(sigtest.LeafSpec{SCTAt: sigtest.T0.Add(-time.Minute)}), "expired or is not yet valid"},
		{"CA not valid at the SCT time", withRoot(sigtest.RootSpec{CAValid: &sigtest.Validity{Start: day(-300), End: day(-1)}}), "not valid at 2026-03-01T12:00:01Z"},
		{"CT log not valid at the SCT time", withRoot(sigtest.RootSpec{LogValid: &sigtest.Validity{Start: day(1)}}), "outside its validity"},
		{"trusted root without the intermediate", withRoot(sigtest.RootSpec{OmitIntermediate: true}), "unknown authority"},
		{"untrusted chain: self-signed leaf", withLeaf(sigtest.LeafSpec{SelfSigned: true}), "no chain to a trusted Fulcio CA"},
		{"untrusted chain: another CA", func() input {
			l := issueLeaf(t, other, sigtest.LeafSpec{})
			return input{artifact, sigtest.SigFile(t, l.Key, artifact), sigtest.CertFile(l.Cert), opts}
		}, "unknown authority"},
		{"leaf not for code signing", withLeaf(sigtest.LeafSpec{EKUs: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}), "incompatible key usage"},
		{"leaf not for digital signatures", withLeaf(sigtest.LeafSpec{KeyUsage: x509.KeyUsageKeyEncipherment}), "key usage does not allow digital signatures"},

		{"cert neither base64 nor PEM", goodWith(func(in *input) { in.cert = []byte("not a certificate!") }), "neither PEM nor base64"},
		{"cert base64 of DER, not PEM", goodWith(func(in *input) { in.cert = []byte(base64.StdEncoding.EncodeToString(good.Cert.Raw)) }), "base64 of something other than a PEM certificate"},
		{"cert PEM of another type", goodWith(func(in *input) {
			in.cert = pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: good.Cert.RawSubjectPublicKeyInfo})
		}), `PEM block "PUBLIC KEY"`},
		{"cert PEM of garbage", goodWith(func(in *input) {
			in.cert = pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: []byte("garbage")})
		}), "not an X.509 certificate"},
		{"cert malformed PEM", goodWith(func(in *input) { in.cert = []byte("-----BEGIN CERTIFICATE-----\nAAAA") }), "malformed PEM"},
		{"cert empty", goodWith(func(in *input) { in.cert = []byte(" \n") }), "certificate file: empty"},
		{"cert oversized", goodWith(func(in *input) { in.cert = bytes.Repeat([]byte("A"), MaxCertificateFileSize+1) }), "more than the 65536 accepted"},
		{"garbage sig", goodWith(func(in *input) { in.sig = []byte("%%% not base64") }), "signature file: not base64"},
		{"sig base64 of garbage", goodWith(func(in *input) { in.sig = []byte(base64.StdEncoding.EncodeToString([]byte("garbage bytes"))) }), "not an ASN.1 ECDSA signature"},
		{"sig empty", goodWith(func(in *input) { in.sig = nil }), "signature file: empty"},
		{"sig oversized", goodWith(func(in *input) { in.sig = bytes.Repeat([]byte("A"), MaxSignatureFileSize+1) }), "more than the 4096 accepted"},
		{"an unanchored pattern matches the whole SAN only", goodWith(func(in *input) { in.opts.SANRegexp = `adcontextprotocol/adcp` }), "does not match"},
		{"a pattern cannot escape the anchoring", goodWith(func(in *input) { in.opts.SANRegexp = `x)|(.*` }), "identity pattern"},
		{"an alternative that matches a prefix only", goodWith(func(in *input) { in.opts.SANRegexp = `https://github\.com/adcontextprotocol|x` }), "does not match"},
		{"good: an alternative whose first branch matches a prefix", goodWith(func(in *input) {
			in.opts.SANRegexp = `https://github\.com/adcontextprotocol|https://github\.com/adcontextprotocol/adcp/.*`
		}), ""},
		{"good: an unanchored pattern for the whole SAN", goodWith(func(in *input) {
			in.opts.SANRegexp = `https://github\.com/adcontextprotocol/adcp/\.github/workflows/release\.yml@refs/tags/v3\.2\.0`
		}), ""},
		{"bad identity pattern", goodWith(func(in *input) { in.opts.SANRegexp = "(" }), "identity pattern"},
		{"the default trusted root does not know the test CA", goodWith(func(in *input) { in.opts.TrustedRoot = nil }), "no chain to a trusted Fulcio CA"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := tt.in()
			res, err := Verify(in.artifact, in.sig, in.cert, in.opts)
			if tt.wantErr != "" {
				if err == nil {
					t.Fatalf("verified (%+v), want an error containing %q", res, tt.wantErr)
				}
				if testing.Verbose() {
					t.Log(err)
				}
				if !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %q, want it to contain %q", err, tt.wantErr)
				}
				if res != nil {
					t.Fatalf("a result with an error: %+v", res)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(res.Identity, "https://github.com/adcontextprotocol/adcp/.github/workflows/release.yml@refs/") {
				t.Errorf("Identity %q", res.Identity)
			}
			if res.Issuer != sigtest.GoodIssuer {
				t.Errorf("Issuer %q", res.Issuer)
			}
			if !res.SignedAt.Equal(sigtest.T0.Add(time.Second)) {
				t.Errorf("SignedAt %v, want the SCT time %v", res.SignedAt, sigtest.T0.Add(time.Second))
			}
			for _, want := range []string{"Fulcio chain", "CT SCT (https://ctfe.test.invalid", "identity " + res.Identity, "transparency log not checked"} {
				if !strings.Contains(res.Trust, want) {
					t.Errorf("Trust %q lacks %q", res.Trust, want)
				}
			}
		})
	}
}

func TestVerifyResult(t *testing.T) {
	a := sigtest.NewAuthority(t)
	l := issueLeaf(t, a, sigtest.LeafSpec{})
	res, err := Verify(artifact, sigtest.SigFile(t, l.Key, artifact), sigtest.CertFile(l.Cert), Options{TrustedRoot: trustedRoot(t, a, sigtest.RootSpec{})})
	if err != nil {
		t.Fatal(err)
	}
	want := Result{
		Identity: sigtest.GoodSAN,
		Issuer:   sigtest.GoodIssuer,
		SignedAt: sigtest.T0.Add(time.Second),
		Trust:    "sigstore: Fulcio chain, CT SCT (https://ctfe.test.invalid, 2026-03-01T12:00:01Z), identity " + sigtest.GoodSAN + ", signature; transparency log not checked",
	}
	if *res != want {
		t.Fatalf("got  %+v\nwant %+v", *res, want)
	}
}

func TestDefaultOptions(t *testing.T) {
	o := DefaultOptions()
	if o.TrustedRoot != PublicGood() || o.SANRegexp != DefaultSANRegexp || o.Issuer != DefaultIssuer {
		t.Fatalf("DefaultOptions() = %+v", o)
	}
}

// TestTBSWithoutSCTs checks the removal on its own: the extension is taken
// out wherever it is, and a TBS without one is refused.
func TestTBSWithoutSCTs(t *testing.T) {
	a := sigtest.NewAuthority(t)
	noSCT := issueLeaf(t, a, sigtest.LeafSpec{NoSCT: true})
	if _, err := tbsWithoutSCTs(noSCT.Cert.RawTBSCertificate); err == nil || !strings.Contains(err.Error(), "no SCT list") {
		t.Fatalf("a TBS without an SCT list: err = %v", err)
	}
	for _, bad := range [][]byte{nil, {0x30}, {0x30, 0x01}, {0x04, 0x00}, append(append([]byte{}, noSCT.Cert.RawTBSCertificate...), 0)} {
		if _, err := tbsWithoutSCTs(bad); err == nil {
			t.Errorf("tbsWithoutSCTs(%x) accepted", bad)
		}
	}
}
