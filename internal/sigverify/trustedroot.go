package sigverify

import (
	"bytes"
	"crypto/x509"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// MaxTrustedRootSize bounds a trusted_root.json (the public-good one is
// about 6 KiB).
const MaxTrustedRootSize = 1 << 20

// maxTrustedRootEntries bounds the certificate authorities, the CT logs and
// the certificates of one chain a trusted root may list.
const maxTrustedRootEntries = 64

// publicGoodJSON is the Sigstore public-good trusted root, public key
// material copied byte for byte from
// https://github.com/sigstore/sigstore-python, path
// sigstore/_store/https%3A%2F%2Ftuf-repo-cdn.sigstore.dev/trusted_root.json,
// commit ee6c64d35d8e4aef9c07373f54351ccc4b8a5732 (sigstore-python's
// snapshot of the trusted_root.json target of the public-good TUF repository,
// https://tuf-repo-cdn.sigstore.dev, which sigstore/root-signing publishes).
// It holds the Fulcio CAs (the 2021 root, and the 2022 root with its
// intermediate) and the CT logs ctfe.sigstore.dev/test and /2022. Replace it
// with a newer target when Sigstore rotates a key, or pass one with
// Options.TrustedRoot (adcp-gen's -trusted-root FILE).
//
//go:embed trusted_root_public_good.json
var publicGoodJSON []byte

var publicGood = sync.OnceValues(func() (*TrustedRoot, error) {
	return LoadTrustedRoot(publicGoodJSON)
})

// PublicGood returns the embedded Sigstore public-good trusted root.
func PublicGood() *TrustedRoot {
	tr, err := publicGood()
	if err != nil {
		// The embedded file is tested to load; this is a build defect.
		panic("sigverify: the embedded public-good trusted root does not load: " + err.Error())
	}
	return tr
}

// TrustedRoot is what a signature is checked against: the Fulcio certificate
// authorities and the CT logs of a Sigstore instance, each with the period it
// is valid for. LoadTrustedRoot makes one from Sigstore's trusted_root.json.
type TrustedRoot struct {
	cas  []certificateAuthority
	logs []ctLog
}

// certificateAuthority is one certificateAuthorities entry: its self-signed
// roots and its other certificates (intermediates), trusted together in
// validity.
type certificateAuthority struct {
	name          string // "certificateAuthorities[i] (uri)", for errors
	roots         *x509.CertPool
	intermediates *x509.CertPool
	certs         []*x509.Certificate // every certificate, to find a leaf's issuer
	validity      validity
}

// ctLog is one ctlogs entry.
type ctLog struct {
	name     string // the base URL, else "ctlogs[i]"
	id       [32]byte
	key      any // *ecdsa.PublicKey, *rsa.PublicKey, or a key no SCT can use
	validity validity
}

// validity is a trusted root's validFor: a zero bound is open.
type validity struct{ start, end time.Time }

func (v validity) contains(t time.Time) bool {
	return (v.start.IsZero() || !t.Before(v.start)) && (v.end.IsZero() || !t.After(v.end))
}

func (v validity) String() string {
	f := func(t time.Time) string {
		if t.IsZero() {
			return "open"
		}
		return t.UTC().Format(time.RFC3339)
	}
	return f(v.start) + " to " + f(v.end)
}

// CertificateAuthorities and CTLogs count the entries of a trusted root.
func (tr *TrustedRoot) CertificateAuthorities() int { return len(tr.cas) }

// CTLogs returns the number of CT logs of the trusted root.
func (tr *TrustedRoot) CTLogs() int { return len(tr.logs) }

// The JSON form (protobuf-specs dev.sigstore.trustedroot.v1.TrustedRoot, in
// protobuf JSON). Transparency logs (tlogs) and timestamp authorities are not
// read: this package checks neither Rekor nor RFC 3161 timestamps.
type (
	jsonTrustedRoot struct {
		MediaType              string    `json:"mediaType"`
		CertificateAuthorities []jsonCA  `json:"certificateAuthorities"`
		CTLogs                 []jsonLog `json:"ctlogs"`
	}
	jsonCA struct {
		URI       string `json:"uri"`
		CertChain struct {
			Certificates []struct {
				RawBytes string `json:"rawBytes"`
			} `json:"certificates"`
		} `json:"certChain"`
		ValidFor *jsonValidity `json:"validFor"`
	}
	jsonLog struct {
		BaseURL       string `json:"baseUrl"`
		HashAlgorithm string `json:"hashAlgorithm"`
		PublicKey     struct {
			RawBytes   string        `json:"rawBytes"`
			KeyDetails string        `json:"keyDetails"`
			ValidFor   *jsonValidity `json:"validFor"`
		} `json:"publicKey"`
		LogID struct {
			KeyID string `json:"keyId"`
		} `json:"logId"`
	}
	jsonValidity struct {
		Start string `json:"start"`
		End   string `json:"end"`
	}
)

// LoadTrustedRoot reads a Sigstore trusted_root.json (the format of the
// trusted_root.json target of a Sigstore TUF repository, and of sigstore-go's
// and cosign's --trusted-root files). It needs at least one certificate
// authority with a self-signed root and one CT log; errors name the entry
// that is wrong.
func LoadTrustedRoot(data []byte) (*TrustedRoot, error) {
	if len(data) > MaxTrustedRootSize {
		return nil, fmt.Errorf("trusted root: %d bytes, more than the %d accepted", len(data), MaxTrustedRootSize)
	}
	var j jsonTrustedRoot
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&j); err != nil {
		return nil, fmt.Errorf("trusted root: not a trusted_root.json: %v", err)
	}
	if _, err := dec.Token(); err == nil {
		return nil, errors.New("trusted root: data after the JSON object")
	}
	if j.MediaType != "" && !strings.HasPrefix(j.MediaType, "application/vnd.dev.sigstore.trustedroot") {
		return nil, fmt.Errorf("trusted root: mediaType %q is not a Sigstore trusted root", j.MediaType)
	}
	if len(j.CertificateAuthorities) == 0 {
		return nil, errors.New("trusted root: no certificateAuthorities")
	}
	if len(j.CTLogs) == 0 {
		return nil, errors.New("trusted root: no ctlogs (a Fulcio certificate is checked by its embedded SCT)")
	}
	if len(j.CertificateAuthorities) > maxTrustedRootEntries || len(j.CTLogs) > maxTrustedRootEntries {
		return nil, fmt.Errorf("trusted root: more than %d certificateAuthorities or ctlogs", maxTrustedRootEntries)
	}
	tr := &TrustedRoot{}
	for i, jc := range j.CertificateAuthorities {
		ca, err := loadCA(i, jc)
		if err != nil {
			return nil, err
		}
		tr.cas = append(tr.cas, ca)
	}
	for i, jl := range j.CTLogs {
		l, err := loadLog(i, jl)
		if err != nil {
			return nil, err
		}
		tr.logs = append(tr.logs, l)
	}
	return tr, nil
}

// LoadTrustedRootFile reads a trusted_root.json file (a regular file of at
// most MaxTrustedRootSize bytes); errors name the file.
func LoadTrustedRootFile(path string) (*TrustedRoot, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxTrustedRootSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	tr, err := LoadTrustedRoot(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return tr, nil
}

func loadCA(i int, jc jsonCA) (certificateAuthority, error) {
	where := fmt.Sprintf("trusted root: certificateAuthorities[%d]", i)
	ca := certificateAuthority{
		name:          fmt.Sprintf("certificateAuthorities[%d]", i),
		roots:         x509.NewCertPool(),
		intermediates: x509.NewCertPool(),
	}
	if jc.URI != "" {
		ca.name += " (" + jc.URI + ")"
	}
	var err error
	if ca.validity, err = loadValidity(jc.ValidFor); err != nil {
		return ca, fmt.Errorf("%s.validFor: %v", where, err)
	}
	certs := jc.CertChain.Certificates
	if len(certs) == 0 {
		return ca, fmt.Errorf("%s.certChain: no certificates", where)
	}
	if len(certs) > maxTrustedRootEntries {
		return ca, fmt.Errorf("%s.certChain: more than %d certificates", where, maxTrustedRootEntries)
	}
	roots := 0
	for k, jcert := range certs {
		der, err := base64.StdEncoding.DecodeString(jcert.RawBytes)
		if err != nil {
			return ca, fmt.Errorf("%s.certChain.certificates[%d].rawBytes: not base64: %v", where, k, err)
		}
		c, err := x509.ParseCertificate(der)
		if err != nil {
			return ca, fmt.Errorf("%s.certChain.certificates[%d]: not a certificate: %v", where, k, err)
		}
		ca.certs = append(ca.certs, c)
		// The order of certChain is not guaranteed: a self-signed
		// certificate is a root, any other an intermediate.
		if bytes.Equal(c.RawSubject, c.RawIssuer) && c.CheckSignatureFrom(c) == nil {
			ca.roots.AddCert(c)
			roots++
		} else {
			ca.intermediates.AddCert(c)
		}
	}
	if roots == 0 {
		return ca, fmt.Errorf("%s.certChain: no self-signed root certificate", where)
	}
	return ca, nil
}

func loadLog(i int, jl jsonLog) (ctLog, error) {
	where := fmt.Sprintf("trusted root: ctlogs[%d]", i)
	l := ctLog{name: jl.BaseURL}
	if l.name == "" {
		l.name = fmt.Sprintf("ctlogs[%d]", i)
	}
	if jl.HashAlgorithm != "" && jl.HashAlgorithm != "SHA2_256" {
		return l, fmt.Errorf("%s.hashAlgorithm: %q, only SHA2_256 is supported", where, jl.HashAlgorithm)
	}
	var err error
	if l.validity, err = loadValidity(jl.PublicKey.ValidFor); err != nil {
		return l, fmt.Errorf("%s.publicKey.validFor: %v", where, err)
	}
	der, err := base64.StdEncoding.DecodeString(jl.PublicKey.RawBytes)
	if err != nil || len(der) == 0 {
		return l, fmt.Errorf("%s.publicKey.rawBytes: not a base64 key: %v", where, err)
	}
	if l.key, err = x509.ParsePKIXPublicKey(der); err != nil {
		// keyDetails PKCS1_RSA_*: a bare PKCS #1 RSA key.
		rsaKey, err2 := x509.ParsePKCS1PublicKey(der)
		if err2 != nil {
			return l, fmt.Errorf("%s.publicKey.rawBytes: not a public key: %v", where, err)
		}
		l.key = rsaKey
	}
	id, err := base64.StdEncoding.DecodeString(jl.LogID.KeyID)
	if err != nil || len(id) != len(l.id) {
		return l, fmt.Errorf("%s.logId.keyId: not the base64 of a 32-byte log ID", where)
	}
	copy(l.id[:], id)
	return l, nil
}

func loadValidity(j *jsonValidity) (validity, error) {
	var v validity
	if j == nil {
		return v, nil
	}
	var err error
	if j.Start != "" {
		if v.start, err = time.Parse(time.RFC3339Nano, j.Start); err != nil {
			return v, fmt.Errorf("start: %v", err)
		}
	}
	if j.End != "" {
		if v.end, err = time.Parse(time.RFC3339Nano, j.End); err != nil {
			return v, fmt.Errorf("end: %v", err)
		}
	}
	if !v.start.IsZero() && !v.end.IsZero() && v.end.Before(v.start) {
		return v, fmt.Errorf("end %s is before start %s", j.End, j.Start)
	}
	return v, nil
}
