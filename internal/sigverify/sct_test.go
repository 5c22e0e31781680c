package sigverify

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/internal/sigverify/sigtest"
)

// TestVerifyRSALog checks an SCT signed by an RSA CT log (RSASSA-PKCS1-v1_5
// with SHA-256), with the log's key in the trusted root as PKIX and as a bare
// PKCS #1 key.
func TestVerifyRSALog(t *testing.T) {
	a := sigtest.NewAuthority(t)
	logKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	l := issueLeaf(t, a, sigtest.LeafSpec{SCTLog: logKey})
	for _, pkcs1 := range []bool{false, true} {
		tr := trustedRoot(t, a, sigtest.RootSpec{LogKey: logKey, LogKeyPKCS1: pkcs1})
		if _, err := Verify(artifact, sigtest.SigFile(t, l.Key, artifact), sigtest.CertFile(l.Cert), Options{TrustedRoot: tr}); err != nil {
			t.Errorf("PKCS #1 key %v: %v", pkcs1, err)
		}
	}
	// An SCT that says ECDSA from an RSA log.
	bad := issueLeaf(t, a, sigtest.LeafSpec{SCTLog: logKey, TamperSCT: func(b []byte) { b[44] = sigECDSA }})
	tr := trustedRoot(t, a, sigtest.RootSpec{LogKey: logKey})
	_, err = Verify(artifact, sigtest.SigFile(t, bad.Key, artifact), sigtest.CertFile(bad.Cert), Options{TrustedRoot: tr})
	if err == nil || !strings.Contains(err.Error(), "the log's signature does not verify") {
		t.Fatalf("err = %v", err)
	}
}

func octets(t *testing.T, b []byte) []byte {
	t.Helper()
	v, err := asn1.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestEmbeddedSCTsMalformed feeds the SCT list parser malformed extension
// values.
func TestEmbeddedSCTsMalformed(t *testing.T) {
	head := func(version byte) []byte { // version, log ID, timestamp
		b := make([]byte, 41)
		b[0] = version
		return b
	}
	cat := func(bs ...[]byte) []byte {
		var out []byte
		for _, b := range bs {
			out = append(out, b...)
		}
		return out
	}
	good := cat(head(0), []byte{0, 0, hashSHA256, sigECDSA, 0, 1, 0xAA})
	farFuture := cat(head(0), []byte{0, 0, hashSHA256, sigECDSA, 0, 1, 0xAA})
	farFuture[33] = 0x80
	var nine [][]byte
	for i := 0; i < maxSCTs+1; i++ {
		nine = append(nine, good)
	}
	tests := []struct {
		name    string
		value   []byte
		wantErr string
	}{
		{"not an OCTET STRING", []byte{0x05, 0x00}, "not a DER OCTET STRING"},
		{"data after the OCTET STRING", append(octets(t, sigtest.SCTList(good)), 0), "not a DER OCTET STRING"},
		{"an empty list", octets(t, sigtest.SCTList()), "malformed SignedCertificateTimestampList"},
		{"a list longer than its data", octets(t, []byte{0, 10, 0}), "malformed SignedCertificateTimestampList"},
		{"data after the list", octets(t, append(sigtest.SCTList(good), 0)), "malformed SignedCertificateTimestampList"},
		{"an empty SCT", octets(t, sigtest.SCTList([]byte{})), "malformed SerializedSCT"},
		{"a truncated SCT", octets(t, sigtest.SCTList(make([]byte, 10))), "SCT 1: truncated"},
		{"SCT v2", octets(t, sigtest.SCTList(cat(head(1), []byte{0, 0, 4, 3, 0, 0}))), "SCT 1: version 1"},
		{"truncated extensions", octets(t, sigtest.SCTList(cat(head(0), []byte{0, 5}))), "truncated extensions"},
		{"truncated signature", octets(t, sigtest.SCTList(cat(head(0), []byte{0, 0, 4}))), "truncated signature"},
		{"data after the signature", octets(t, sigtest.SCTList(append(append([]byte{}, good...), 0xBB))), "malformed signature"},
		{"the second SCT truncated", octets(t, sigtest.SCTList(good, make([]byte, 10))), "SCT 2: truncated"},
		{"too many SCTs", octets(t, sigtest.SCTList(nine...)), "more than 8 SCTs"},
		{"a timestamp out of range", octets(t, sigtest.SCTList(farFuture)), "timestamp out of range"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &x509.Certificate{Extensions: []pkix.Extension{{Id: oidSCTList, Value: tt.value}}}
			scts, err := embeddedSCTs(c)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("embeddedSCTs = %v, %v; want an error containing %q", scts, err, tt.wantErr)
			}
		})
	}
	c := &x509.Certificate{Extensions: []pkix.Extension{{Id: oidSCTList, Value: octets(t, sigtest.SCTList(good, good))}}}
	if scts, err := embeddedSCTs(c); err != nil || len(scts) != 2 || scts[0].signature[0] != 0xAA {
		t.Fatalf("two well-formed SCTs: %v, %v", scts, err)
	}
}

// TestIdentityMalformed feeds the SAN and issuer readers malformed
// extensions.
func TestIdentityMalformed(t *testing.T) {
	san := func(names ...asn1.RawValue) pkix.Extension {
		v, err := asn1.Marshal(names)
		if err != nil {
			t.Fatal(err)
		}
		return pkix.Extension{Id: oidSubjectAltName, Value: v}
	}
	uri := func(s string) asn1.RawValue {
		return asn1.RawValue{Class: asn1.ClassContextSpecific, Tag: 6, Bytes: []byte(s)}
	}
	issuer := pkix.Extension{Id: oidIssuerV2, Value: sigtest.DERUTF8(t, sigtest.GoodIssuer)}
	printable, err := asn1.MarshalWithParams(sigtest.GoodIssuer, "printable")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		exts    []pkix.Extension
		wantErr string
	}{
		{"no SAN", []pkix.Extension{issuer}, "no subject alternative name"},
		{"a malformed SAN", []pkix.Extension{{Id: oidSubjectAltName, Value: []byte{0x30}}, issuer}, "malformed subject alternative name"},
		{"an empty SAN", []pkix.Extension{san(), issuer}, "0 subject alternative names"},
		{"an email SAN", []pkix.Extension{san(asn1.RawValue{Class: asn1.ClassContextSpecific, Tag: 1, Bytes: []byte("a@example.com")}), issuer}, "not a URI (GeneralName tag 1)"},
		{"a SAN URI with a newline", []pkix.Extension{san(uri(sigtest.GoodSAN + "\nforged")), issuer}, "control character U+000A"},
		{"a SAN URI not UTF-8", []pkix.Extension{san(uri("https://\xff")), issuer}, "not UTF-8"},
		{"a SAN URI too long", []pkix.Extension{san(uri(strings.Repeat("a", maxIdentityLen+1))), issuer}, "more than 4096"},
		{"an empty SAN URI", []pkix.Extension{san(uri("")), issuer}, "URI: empty"},
		{"an issuer as PrintableString", []pkix.Extension{san(uri(sigtest.GoodSAN)), {Id: oidIssuerV2, Value: printable}}, "is not a DER UTF8String"},
		{"an empty issuer", []pkix.Extension{san(uri(sigtest.GoodSAN)), {Id: oidIssuerV2, Value: sigtest.DERUTF8(t, "")}}, "OIDC issuer: empty"},
		{"a deprecated issuer with an escape", []pkix.Extension{san(uri(sigtest.GoodSAN)), {Id: oidIssuerV1, Value: []byte("https://x\x1b[31m")}}, "control character U+001B"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &x509.Certificate{Extensions: tt.exts}
			s, err := sanURI(c)
			if err == nil {
				var i string
				i, err = oidcIssuer(c)
				if err == nil {
					t.Fatalf("accepted: SAN %q, issuer %q", s, i)
				}
			}
			if !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("error %q, want it to contain %q", err, tt.wantErr)
			}
		})
	}
}
