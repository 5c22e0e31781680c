// Package sigtest is a throwaway Sigstore for tests: a Fulcio-like root and
// intermediate certificate authority, a CT log, leaves issued the way Fulcio
// issues them (a certificate whose SCT is computed over the certificate
// without it, then re-issued with the SCT list as its last extension), the
// .sig and .crt files `cosign sign-blob` writes, and the trusted_root.json
// that trusts the authority. Keys are generated per Authority; nothing reads
// the clock (leaves are issued at T0).
//
// It writes the encodings out itself (the SCT's signed data, the Fulcio
// extensions) rather than calling the verifier's code, so that tests of the
// verifier check its encoding. It does not import sigverify.
package sigtest

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

// T0 is the tests' "now": the certificate authorities are valid around it
// and leaves are issued at it.
var T0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// The identity of the AdCP spec's release workflow, as a good leaf carries
// it.
const (
	GoodSAN    = "https://github.com/adcontextprotocol/adcp/.github/workflows/release.yml@refs/tags/v3.2.0"
	GoodIssuer = "https://token.actions.githubusercontent.com"
)

// Object identifiers of the extensions a leaf carries.
var (
	OIDSubjectAltName = asn1.ObjectIdentifier{2, 5, 29, 17}
	// Fulcio's OIDC issuer extensions: 1.8 holds a DER UTF8String, the
	// deprecated 1.1 the raw string.
	OIDIssuerV2 = asn1.ObjectIdentifier{1, 3, 6, 1, 4, 1, 57264, 1, 8}
	OIDIssuerV1 = asn1.ObjectIdentifier{1, 3, 6, 1, 4, 1, 57264, 1, 1}
	// OIDSCTList is the RFC 6962 embedded SCT list extension.
	OIDSCTList = asn1.ObjectIdentifier{1, 3, 6, 1, 4, 1, 11129, 2, 4, 2}
)

// TLS 1.2 algorithm numbers of an SCT's signature.
const (
	HashSHA256 = 4
	SigRSA     = 1
	SigECDSA   = 3
)

// Authority is a throwaway Fulcio (root and intermediate CA) and CT log.
type Authority struct {
	RootKey, InterKey, LogKey *ecdsa.PrivateKey
	Root, Inter               *x509.Certificate
}

// NewKey generates an ECDSA key on curve.
func NewKey(t testing.TB, curve elliptic.Curve) *ecdsa.PrivateKey {
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

// NewAuthority makes an authority with fresh keys, valid from a year
// before T0 for ten years after it.
func NewAuthority(t testing.TB) *Authority {
	t.Helper()
	a := &Authority{
		RootKey:  NewKey(t, elliptic.P384()),
		InterKey: NewKey(t, elliptic.P384()),
		LogKey:   NewKey(t, elliptic.P256()),
	}
	rootTmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{Organization: []string{"test.invalid"}, CommonName: "test-root"},
		NotBefore:             T0.AddDate(-1, 0, 0),
		NotAfter:              T0.AddDate(10, 0, 0),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
		BasicConstraintsValid: true,
		IsCA:                  true,
		MaxPathLen:            1,
	}
	a.Root = issue(t, rootTmpl, rootTmpl, &a.RootKey.PublicKey, a.RootKey)
	interTmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(2),
		Subject:               pkix.Name{Organization: []string{"test.invalid"}, CommonName: "test-intermediate"},
		NotBefore:             T0.AddDate(-1, 0, 0),
		NotAfter:              T0.AddDate(10, 0, 0),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageCodeSigning},
		BasicConstraintsValid: true,
		IsCA:                  true,
		MaxPathLenZero:        true,
	}
	a.Inter = issue(t, interTmpl, a.Root, &a.InterKey.PublicKey, a.RootKey)
	return a
}

// LeafSpec varies a leaf from the good one; the zero value is the good one.
type LeafSpec struct {
	SAN        string // the URI SAN; "" for GoodSAN
	ExtraDNS   bool   // a second SAN, a DNS name
	Issuer     *string
	IssuerV1   *string
	NoIssuer   bool
	NotAfter   time.Time // zero: T0 + 10 minutes
	SCTAt      time.Time // zero: T0 + 1 second
	NoSCT      bool
	SCTLog     crypto.Signer    // zero: the authority's log; ECDSA or RSA
	UnknownSCT bool             // an SCT by an unknown log before the good one
	TamperSCT  func(sct []byte) // changes the encoded SCT after signing
	SCTOverTBS []byte           // the TBS the log signs, instead of the leaf's
	SelfSigned bool             // issued by its own key, not the intermediate
	EKUs       []x509.ExtKeyUsage
	KeyUsage   x509.KeyUsage
}

// Leaf is an issued leaf certificate and its private key.
type Leaf struct {
	Key  *ecdsa.PrivateKey
	Cert *x509.Certificate
	// Precert is the TBSCertificate of the certificate issued without the
	// SCT list (what a verifier must recover from Cert); TBS is the one the
	// SCT covers (Precert, unless LeafSpec.SCTOverTBS). Both nil with NoSCT.
	Precert, TBS []byte
}

// Strp returns a pointer to s.
func Strp(s string) *string { return &s }

// DERUTF8 is s as a DER UTF8String.
func DERUTF8(t testing.TB, s string) []byte {
	t.Helper()
	b, err := asn1.MarshalWithParams(s, "utf8")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Leaf issues a leaf certificate as s says.
func (a *Authority) Leaf(t testing.TB, s LeafSpec) Leaf {
	t.Helper()
	key := NewKey(t, elliptic.P256())
	san := s.SAN
	if san == "" {
		san = GoodSAN
	}
	exts := []pkix.Extension{SANExtension(t, san, s.ExtraDNS)}
	switch {
	case s.NoIssuer:
	case s.Issuer != nil:
		exts = append(exts, pkix.Extension{Id: OIDIssuerV2, Value: DERUTF8(t, *s.Issuer)})
	case s.IssuerV1 == nil:
		exts = append(exts, pkix.Extension{Id: OIDIssuerV2, Value: DERUTF8(t, GoodIssuer)})
	}
	if s.IssuerV1 != nil {
		exts = append(exts, pkix.Extension{Id: OIDIssuerV1, Value: []byte(*s.IssuerV1)})
	}
	notAfter := s.NotAfter
	if notAfter.IsZero() {
		notAfter = T0.Add(10 * time.Minute)
	}
	ekus := s.EKUs
	if ekus == nil {
		ekus = []x509.ExtKeyUsage{x509.ExtKeyUsageCodeSigning}
	}
	ku := s.KeyUsage
	if ku == 0 {
		ku = x509.KeyUsageDigitalSignature
	}
	tmpl := &x509.Certificate{
		SerialNumber:    big.NewInt(1000),
		NotBefore:       T0,
		NotAfter:        notAfter,
		KeyUsage:        ku,
		ExtKeyUsage:     ekus,
		ExtraExtensions: exts,
	}
	parent, signer := a.Inter, a.InterKey
	if s.SelfSigned {
		parent, signer = tmpl, key
	}
	pre := issue(t, tmpl, parent, &key.PublicKey, signer)
	if s.NoSCT {
		return Leaf{Key: key, Cert: pre}
	}

	tbs := pre.RawTBSCertificate
	if s.SCTOverTBS != nil {
		tbs = s.SCTOverTBS
	}
	var logKey crypto.Signer = a.LogKey
	if s.SCTLog != nil {
		logKey = s.SCTLog
	}
	at := s.SCTAt
	if at.IsZero() {
		at = T0.Add(time.Second)
	}
	issuerSPKI := a.Inter.RawSubjectPublicKeyInfo
	if s.SelfSigned {
		issuerSPKI = pre.RawSubjectPublicKeyInfo
	}
	sct := MakeSCT(t, logKey, at, issuerSPKI, tbs)
	if s.TamperSCT != nil {
		s.TamperSCT(sct)
	}
	scts := [][]byte{sct}
	if s.UnknownSCT {
		scts = append([][]byte{MakeSCT(t, NewKey(t, elliptic.P256()), at, issuerSPKI, tbs)}, sct)
	}
	value, err := asn1.Marshal(SCTList(scts...))
	if err != nil {
		t.Fatal(err)
	}
	tmpl.ExtraExtensions = append(exts, pkix.Extension{Id: OIDSCTList, Value: value})
	if s.SelfSigned {
		parent = tmpl
	}
	final := issue(t, tmpl, parent, &key.PublicKey, signer)
	if bytes.Equal(final.RawTBSCertificate, pre.RawTBSCertificate) {
		t.Fatal("sigtest: the SCT list did not change the certificate")
	}
	return Leaf{Key: key, Cert: final, Precert: pre.RawTBSCertificate, TBS: tbs}
}

// SANExtension is a SAN extension with one URI (and a DNS name).
func SANExtension(t testing.TB, uri string, extraDNS bool) pkix.Extension {
	t.Helper()
	names := []asn1.RawValue{{Class: asn1.ClassContextSpecific, Tag: 6, Bytes: []byte(uri)}}
	if extraDNS {
		names = append(names, asn1.RawValue{Class: asn1.ClassContextSpecific, Tag: 2, Bytes: []byte("example.com")})
	}
	v, err := asn1.Marshal(names)
	if err != nil {
		t.Fatal(err)
	}
	return pkix.Extension{Id: OIDSubjectAltName, Critical: true, Value: v}
}

// MakeSCT is a v1 SCT by logKey at time at over a precert entry.
func MakeSCT(t testing.TB, logKey crypto.Signer, at time.Time, issuerSPKI, tbs []byte) []byte {
	t.Helper()
	id := LogID(t, logKey.Public())
	timestamp := uint64(at.UnixMilli())
	var sigAlg byte = SigECDSA
	if _, ok := logKey.(*rsa.PrivateKey); ok {
		sigAlg = SigRSA
	}
	// RFC 6962 3.2.
	ikh := sha256.Sum256(issuerSPKI)
	signed := []byte{0, 0} // v1, certificate_timestamp
	signed = binary.BigEndian.AppendUint64(signed, timestamp)
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
	b = append(b, id[:]...)
	b = binary.BigEndian.AppendUint64(b, timestamp)
	b = append(b, 0, 0, HashSHA256, sigAlg)
	b = binary.BigEndian.AppendUint16(b, uint16(len(sig)))
	return append(b, sig...)
}

// SCTList is the TLS SignedCertificateTimestampList of scts.
func SCTList(scts ...[]byte) []byte {
	var body []byte
	for _, s := range scts {
		body = binary.BigEndian.AppendUint16(body, uint16(len(s)))
		body = append(body, s...)
	}
	return append(binary.BigEndian.AppendUint16(nil, uint16(len(body))), body...)
}

// SPKI is the DER SubjectPublicKeyInfo of pub.
func SPKI(t testing.TB, pub any) []byte {
	t.Helper()
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	return der
}

// LogID is the CT log ID of the log key pub.
func LogID(t testing.TB, pub any) [32]byte { return sha256.Sum256(SPKI(t, pub)) }

// CertFile is c as cosign writes a .crt: base64 of the PEM.
func CertFile(c *x509.Certificate) []byte {
	return []byte(base64.StdEncoding.EncodeToString(CertPEM(c)))
}

// CertPEM is c as PEM.
func CertPEM(c *x509.Certificate) []byte {
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: c.Raw})
}

// SigFile is key's signature of artifact as cosign writes a .sig.
func SigFile(t testing.TB, key *ecdsa.PrivateKey, artifact []byte) []byte {
	t.Helper()
	d := sha256.Sum256(artifact)
	sig, err := ecdsa.SignASN1(rand.Reader, key, d[:])
	if err != nil {
		t.Fatal(err)
	}
	return []byte(base64.StdEncoding.EncodeToString(sig))
}

// SignBlob signs artifact as the AdCP release workflow does (cosign
// sign-blob with a certificate for GoodSAN): the .sig and .crt files.
func (a *Authority) SignBlob(t testing.TB, artifact []byte) (sig, crt []byte) {
	t.Helper()
	return a.SignBlobAs(t, LeafSpec{}, artifact)
}

// SignBlobAs is SignBlob with a leaf issued as s says (another identity).
func (a *Authority) SignBlobAs(t testing.TB, s LeafSpec, artifact []byte) (sig, crt []byte) {
	t.Helper()
	l := a.Leaf(t, s)
	return SigFile(t, l.Key, artifact), CertFile(l.Cert)
}

// Validity is a validFor of a trusted_root.json (RFC 3339 times; "" is
// open).
type Validity struct {
	Start string `json:"start,omitempty"`
	End   string `json:"end,omitempty"`
}

// RootSpec varies the authority's trusted_root.json; the zero value trusts
// the authority from a year before T0, with no end.
type RootSpec struct {
	CAValid, LogValid *Validity
	OmitIntermediate  bool
	LogKey            crypto.Signer // zero: the authority's log
	LogKeyPKCS1       bool          // an RSA log key as a bare PKCS #1 key
}

// TrustedRootJSON is a trusted_root.json (Sigstore's format) that trusts
// the authority's CA and CT log.
func (a *Authority) TrustedRootJSON(t testing.TB, s RootSpec) []byte {
	t.Helper()
	open := &Validity{Start: T0.AddDate(-1, 0, 0).Format(time.RFC3339)}
	if s.CAValid == nil {
		s.CAValid = open
	}
	if s.LogValid == nil {
		s.LogValid = open
	}
	certs := []map[string]string{{"rawBytes": base64.StdEncoding.EncodeToString(a.Root.Raw)}}
	if !s.OmitIntermediate {
		// Intermediate after the root: the order is not the verifier's business.
		certs = append(certs, map[string]string{"rawBytes": base64.StdEncoding.EncodeToString(a.Inter.Raw)})
	}
	var logKey crypto.Signer = a.LogKey
	if s.LogKey != nil {
		logKey = s.LogKey
	}
	id := LogID(t, logKey.Public())
	keyDER, keyDetails := SPKI(t, logKey.Public()), "PKIX_ECDSA_P256_SHA_256"
	if s.LogKeyPKCS1 {
		keyDER, keyDetails = x509.MarshalPKCS1PublicKey(logKey.Public().(*rsa.PublicKey)), "PKCS1_RSA_PKCS1V5"
	}
	root := map[string]any{
		"mediaType": "application/vnd.dev.sigstore.trustedroot+json;version=0.1",
		"certificateAuthorities": []any{map[string]any{
			"uri":       "https://fulcio.test.invalid",
			"certChain": map[string]any{"certificates": certs},
			"validFor":  s.CAValid,
		}},
		"ctlogs": []any{map[string]any{
			"baseUrl":       "https://ctfe.test.invalid",
			"hashAlgorithm": "SHA2_256",
			"publicKey": map[string]any{
				"rawBytes":   base64.StdEncoding.EncodeToString(keyDER),
				"keyDetails": keyDetails,
				"validFor":   s.LogValid,
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
