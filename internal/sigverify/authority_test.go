package sigverify

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"encoding/pem"
	"math/big"
	"testing"
	"time"
)

// A throwaway Sigstore: a Fulcio-like root and intermediate CA, a CT log, and
// leaves issued the way Fulcio issues them (a certificate whose SCT is
// computed over the certificate without it, then re-issued with the SCT list
// as its last extension).

// t0 is the tests' "now": the certificate authorities are valid around it and
// leaves are issued at it. No test reads the clock.
var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

const (
	goodSAN    = "https://github.com/adcontextprotocol/adcp/.github/workflows/release.yml@refs/tags/v3.2.0"
	goodIssuer = "https://token.actions.githubusercontent.com"
)

type authority struct {
	rootKey, interKey, logKey *ecdsa.PrivateKey
	root, inter               *x509.Certificate
}

func newKey(t testing.TB, curve elliptic.Curve) *ecdsa.PrivateKey {
	t.Helper()
	k, err := ecdsa.GenerateKey(curve, rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func issue(t testing.TB, tmpl, parent *x509.Certificate, pub any, signer *ecdsa.PrivateKey) *x509.Certificate {
	t.Helper()
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, pub, signer)
	if err != nil {
		t.Fatal(err)
	}
	c, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func newAuthority(t testing.TB) *authority {
	t.Helper()
	a := &authority{
		rootKey:  newKey(t, elliptic.P384()),
		interKey: newKey(t, elliptic.P384()),
		logKey:   newKey(t, elliptic.P256()),
	}
	rootTmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{Organization: []string{"test.invalid"}, CommonName: "test-root"},
		NotBefore:             t0.AddDate(-1, 0, 0),
		NotAfter:              t0.AddDate(10, 0, 0),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
		BasicConstraintsValid: true,
		IsCA:                  true,
		MaxPathLen:            1,
	}
	a.root = issue(t, rootTmpl, rootTmpl, &a.rootKey.PublicKey, a.rootKey)
	interTmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(2),
		Subject:               pkix.Name{Organization: []string{"test.invalid"}, CommonName: "test-intermediate"},
		NotBefore:             t0.AddDate(-1, 0, 0),
		NotAfter:              t0.AddDate(10, 0, 0),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageCodeSigning},
		BasicConstraintsValid: true,
		IsCA:                  true,
		MaxPathLenZero:        true,
	}
	a.inter = issue(t, interTmpl, a.root, &a.interKey.PublicKey, a.rootKey)
	return a
}

// leafSpec varies a leaf from the good one.
type leafSpec struct {
	san        string // the URI SAN; "" for goodSAN
	extraDNS   bool   // a second SAN, a DNS name
	issuer     *string
	issuerV1   *string
	noIssuer   bool
	notAfter   time.Time // zero: t0 + 10 minutes
	sctAt      time.Time // zero: t0 + 1 second
	noSCT      bool
	sctLog     crypto.Signer    // zero: the authority's log; ECDSA or RSA
	unknownSCT bool             // an SCT by an unknown log before the good one
	tamperSCT  func(sct []byte) // changes the encoded SCT after signing
	sctOverTBS []byte           // the TBS the log signs, instead of the leaf's
	selfSigned bool             // issued by its own key, not the intermediate
	ekus       []x509.ExtKeyUsage
	keyUsage   x509.KeyUsage
}

// leaf is an issued leaf certificate and its private key.
type leaf struct {
	key  *ecdsa.PrivateKey
	cert *x509.Certificate
	tbs  []byte // the TBSCertificate the SCT covers
}

func strp(s string) *string { return &s }

func derUTF8(t testing.TB, s string) []byte {
	t.Helper()
	b, err := asn1.MarshalWithParams(s, "utf8")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (a *authority) leaf(t testing.TB, s leafSpec) leaf {
	t.Helper()
	key := newKey(t, elliptic.P256())
	san := s.san
	if san == "" {
		san = goodSAN
	}
	sanExt := sanExtension(t, san, s.extraDNS)
	var exts []pkix.Extension
	exts = append(exts, sanExt)
	switch {
	case s.noIssuer:
	case s.issuer != nil:
		exts = append(exts, pkix.Extension{Id: oidIssuerV2, Value: derUTF8(t, *s.issuer)})
	case s.issuerV1 == nil:
		exts = append(exts, pkix.Extension{Id: oidIssuerV2, Value: derUTF8(t, goodIssuer)})
	}
	if s.issuerV1 != nil {
		exts = append(exts, pkix.Extension{Id: oidIssuerV1, Value: []byte(*s.issuerV1)})
	}
	notAfter := s.notAfter
	if notAfter.IsZero() {
		notAfter = t0.Add(10 * time.Minute)
	}
	ekus := s.ekus
	if ekus == nil {
		ekus = []x509.ExtKeyUsage{x509.ExtKeyUsageCodeSigning}
	}
	ku := s.keyUsage
	if ku == 0 {
		ku = x509.KeyUsageDigitalSignature
	}
	tmpl := &x509.Certificate{
		SerialNumber:    big.NewInt(1000),
		NotBefore:       t0,
		NotAfter:        notAfter,
		KeyUsage:        ku,
		ExtKeyUsage:     ekus,
		ExtraExtensions: exts,
	}
	parent, signer := a.inter, a.interKey
	if s.selfSigned {
		parent, signer = tmpl, key
	}
	pre := issue(t, tmpl, parent, &key.PublicKey, signer)
	if s.noSCT {
		return leaf{key: key, cert: pre}
	}

	tbs := pre.RawTBSCertificate
	if s.sctOverTBS != nil {
		tbs = s.sctOverTBS
	}
	var logKey crypto.Signer = a.logKey
	if s.sctLog != nil {
		logKey = s.sctLog
	}
	at := s.sctAt
	if at.IsZero() {
		at = t0.Add(time.Second)
	}
	issuerSPKI := a.inter.RawSubjectPublicKeyInfo
	if s.selfSigned {
		issuerSPKI = pre.RawSubjectPublicKeyInfo
	}
	sct := makeSCT(t, logKey, at, issuerSPKI, tbs)
	if s.tamperSCT != nil {
		s.tamperSCT(sct)
	}
	scts := [][]byte{sct}
	if s.unknownSCT {
		scts = append([][]byte{makeSCT(t, newKey(t, elliptic.P256()), at, issuerSPKI, tbs)}, sct)
	}
	list := sctList(scts...)
	value, err := asn1.Marshal(list)
	if err != nil {
		t.Fatal(err)
	}
	tmpl.ExtraExtensions = append(exts, pkix.Extension{Id: oidSCTList, Value: value})
	if s.selfSigned {
		parent = tmpl
	}
	final := issue(t, tmpl, parent, &key.PublicKey, signer)

	// What the verifier takes out must be what the log signed.
	got, err := tbsWithoutSCTs(final.RawTBSCertificate)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, pre.RawTBSCertificate) {
		t.Fatal("tbsWithoutSCTs of the final certificate differs from the certificate issued without the SCT")
	}
	return leaf{key: key, cert: final, tbs: tbs}
}

// sanExtension is a SAN extension with one URI (and a DNS name).
func sanExtension(t testing.TB, uri string, extraDNS bool) pkix.Extension {
	t.Helper()
	names := []asn1.RawValue{{Class: asn1.ClassContextSpecific, Tag: 6, Bytes: []byte(uri)}}
	if extraDNS {
		names = append(names, asn1.RawValue{Class: asn1.ClassContextSpecific, Tag: 2, Bytes: []byte("example.com")})
	}
	v, err := asn1.Marshal(names)
	if err != nil {
		t.Fatal(err)
	}
	return pkix.Extension{Id: oidSubjectAltName, Critical: true, Value: v}
}

// makeSCT is a v1 SCT by logKey at time at over a precert entry.
func makeSCT(t testing.TB, logKey crypto.Signer, at time.Time, issuerSPKI, tbs []byte) []byte {
	t.Helper()
	s := sct{logID: logID(t, logKey.Public()), timestamp: uint64(at.UnixMilli()), hashAlg: hashSHA256, sigAlg: sigECDSA}
	if _, ok := logKey.(*rsa.PrivateKey); ok {
		s.sigAlg = sigRSA
	}
	// RFC 6962 3.2, written out here rather than with precertSignedData, so
	// that the tests check the verifier's encoding.
	ikh := sha256.Sum256(issuerSPKI)
	signed := []byte{0, 0} // v1, certificate_timestamp
	signed = binary.BigEndian.AppendUint64(signed, s.timestamp)
	signed = append(signed, 0, 1) // precert_entry
	signed = append(signed, ikh[:]...)
	signed = append(signed, byte(len(tbs)>>16), byte(len(tbs)>>8), byte(len(tbs)))
	signed = append(signed, tbs...)
	signed = append(signed, 0, 0) // no extensions
	digest := sha256.Sum256(signed)
	sig, err := logKey.Sign(rand.Reader, digest[:], crypto.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	b := []byte{0}
	b = append(b, s.logID[:]...)
	b = binary.BigEndian.AppendUint64(b, s.timestamp)
	b = append(b, 0, 0, hashSHA256, s.sigAlg)
	b = binary.BigEndian.AppendUint16(b, uint16(len(sig)))
	return append(b, sig...)
}

// sctList is the TLS SignedCertificateTimestampList of scts.
func sctList(scts ...[]byte) []byte {
	var body []byte
	for _, s := range scts {
		body = binary.BigEndian.AppendUint16(body, uint16(len(s)))
		body = append(body, s...)
	}
	return append(binary.BigEndian.AppendUint16(nil, uint16(len(body))), body...)
}

func spki(t testing.TB, pub any) []byte {
	t.Helper()
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	return der
}

func logID(t testing.TB, pub any) [32]byte { return sha256.Sum256(spki(t, pub)) }

// certFile is the leaf as cosign writes it: base64 of the PEM.
func certFile(c *x509.Certificate) []byte {
	return []byte(base64.StdEncoding.EncodeToString(certPEM(c)))
}

func certPEM(c *x509.Certificate) []byte {
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: c.Raw})
}

// sigFile is key's signature of artifact as cosign writes it.
func sigFile(t testing.TB, key *ecdsa.PrivateKey, artifact []byte) []byte {
	t.Helper()
	d := sha256.Sum256(artifact)
	sig, err := ecdsa.SignASN1(rand.Reader, key, d[:])
	if err != nil {
		t.Fatal(err)
	}
	return []byte(base64.StdEncoding.EncodeToString(sig))
}

// rootSpec varies the authority's trusted_root.json.
type rootSpec struct {
	caValid, logValid *jsonValidity
	omitIntermediate  bool
	logKey            crypto.Signer // zero: the authority's log
	logKeyPKCS1       bool          // an RSA log key as a bare PKCS #1 key
}

func (a *authority) trustedRootJSON(t testing.TB, s rootSpec) []byte {
	t.Helper()
	open := &jsonValidity{Start: t0.AddDate(-1, 0, 0).Format(time.RFC3339)}
	if s.caValid == nil {
		s.caValid = open
	}
	if s.logValid == nil {
		s.logValid = open
	}
	certs := []map[string]string{{"rawBytes": base64.StdEncoding.EncodeToString(a.root.Raw)}}
	if !s.omitIntermediate {
		// Intermediate after the root: the order is not the verifier's business.
		certs = append(certs, map[string]string{"rawBytes": base64.StdEncoding.EncodeToString(a.inter.Raw)})
	}
	var logKey crypto.Signer = a.logKey
	if s.logKey != nil {
		logKey = s.logKey
	}
	id := logID(t, logKey.Public())
	keyDER, keyDetails := spki(t, logKey.Public()), "PKIX_ECDSA_P256_SHA_256"
	if s.logKeyPKCS1 {
		keyDER, keyDetails = x509.MarshalPKCS1PublicKey(logKey.Public().(*rsa.PublicKey)), "PKCS1_RSA_PKCS1V5"
	}
	root := map[string]any{
		"mediaType": "application/vnd.dev.sigstore.trustedroot+json;version=0.1",
		"certificateAuthorities": []any{map[string]any{
			"uri":       "https://fulcio.test.invalid",
			"certChain": map[string]any{"certificates": certs},
			"validFor":  s.caValid,
		}},
		"ctlogs": []any{map[string]any{
			"baseUrl":       "https://ctfe.test.invalid",
			"hashAlgorithm": "SHA2_256",
			"publicKey": map[string]any{
				"rawBytes":   base64.StdEncoding.EncodeToString(keyDER),
				"keyDetails": keyDetails,
				"validFor":   s.logValid,
			},
			"logId": map[string]string{"keyId": base64.StdEncoding.EncodeToString(id[:])},
		}},
	}
	b, err := json.Marshal(root)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (a *authority) trustedRoot(t testing.TB, s rootSpec) *TrustedRoot {
	t.Helper()
	tr, err := LoadTrustedRoot(a.trustedRootJSON(t, s))
	if err != nil {
		t.Fatal(err)
	}
	return tr
}
