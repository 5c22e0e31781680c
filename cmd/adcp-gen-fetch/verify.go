package main

import (
	"bytes"
	"crypto/sha256"
	"crypto/x509"
	_ "embed"
	"encoding/base64"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"

	"github.com/sigstore/sigstore-go/pkg/bundle"
	"github.com/sigstore/sigstore-go/pkg/fulcio/certificate"
	"github.com/sigstore/sigstore-go/pkg/root"
	"github.com/sigstore/sigstore-go/pkg/verify"

	"github.com/adcp-gen/adcp-gen/specfetch"
)

// The identity of the AdCP spec's release workflow.
const (
	releaseSAN    = `^https://github\.com/adcontextprotocol/adcp/\.github/workflows/release\.yml@refs/(heads|tags)/.*$`
	releaseIssuer = "https://token.actions.githubusercontent.com"
)

// publicGoodJSON is the Sigstore public-good trusted root (Fulcio CAs,
// CT logs, the Rekor log): the trusted_root.json target of the public-good
// TUF repository (https://tuf-repo-cdn.sigstore.dev, published by
// sigstore/root-signing), as sigstore-python snapshots it at commit
// ee6c64d35d8e4aef9c07373f54351ccc4b8a5732. Replace it with a newer target
// when Sigstore rotates a key, or pass one with -trusted-root.
//
//go:embed trusted_root_public_good.json
var publicGoodJSON []byte

// maxTrustedRootSize bounds a -trusted-root file (the public-good one is
// about 6 KiB).
const maxTrustedRootSize = 1 << 20

// verifier checks a bundle's signature files with sigstore-go against a
// trusted root, for the release workflow's identity.
type verifier struct {
	trusted  root.TrustedMaterial
	identity verify.CertificateIdentity
	sct      bool         // the trusted root lists CT logs: the certificate must carry an SCT of one
	root     string       // the -trusted-root file by base name and digest; "" for the built-in root
	rekor    string       // the Rekor log detached signatures are looked up in ("": none)
	client   *http.Client // for the lookups
}

// newVerifier returns the verifier checking against the trusted root in
// file ("" for the built-in public-good root); it is fetchcmd.NewVerifier.
func newVerifier(file string) (specfetch.SignatureVerifier, error) {
	data, label := publicGoodJSON, ""
	if file != "" {
		var err error
		if data, err = readBounded(file, maxTrustedRootSize); err != nil {
			return nil, err
		}
		sum := sha256.Sum256(data)
		// The label goes into the cache record and adcp-gen-fetch.json, to
		// commit: a base name and digest, not a path that differs per machine.
		label = filepath.Base(file) + " (sha256 " + hex.EncodeToString(sum[:6]) + ")"
	}
	tr, err := root.NewTrustedRootFromJSON(data)
	if err != nil {
		return nil, fmt.Errorf("%s: not a Sigstore trusted root: %v", nameOr(file, "the built-in trusted root"), err)
	}
	id, err := verify.NewShortCertificateIdentity(releaseIssuer, "", "", releaseSAN)
	if err != nil {
		return nil, err
	}
	var logs []string
	for _, l := range tr.RekorLogs() {
		logs = append(logs, l.BaseURL)
	}
	sort.Strings(logs)
	return &verifier{trusted: tr, identity: id, sct: len(tr.CTLogs()) > 0, root: label, rekor: rekorURL(logs),
		client: &http.Client{Timeout: rekorTimeout}}, nil
}

// Verify implements specfetch.SignatureVerifier: a Sigstore bundle when
// there is one, else the .sig and .crt pair.
func (v *verifier) Verify(artifact []byte, files specfetch.SignatureFiles) (specfetch.Signature, error) {
	var (
		s   specfetch.Signature
		err error
	)
	if files.Bundle != nil {
		s, err = v.verifyBundle(artifact, files.Bundle)
	} else {
		s, err = v.verifyDetached(artifact, files.Sig, files.Cert)
	}
	if err != nil {
		return s, err
	}
	if v.sct {
		s.Detail = join(s.Detail, "certificate in a CT log")
	}
	if v.root != "" {
		s.Detail = join(s.Detail, "trusted root "+v.root)
	}
	return s, nil
}

// verifyBundle checks a Sigstore bundle ({tgz}.sigstore.json).
func (v *verifier) verifyBundle(artifact, data []byte) (specfetch.Signature, error) {
	var b bundle.Bundle
	if err := b.UnmarshalJSON(data); err != nil {
		return specfetch.Signature{}, fmt.Errorf("not a Sigstore bundle: %v", err)
	}
	return v.verifyLogged(artifact, &b)
}

// verifyLogged checks a bundle's transparency-log entry (inclusion, and
// the log's time, at which the certificate must chain to a Fulcio CA of
// the trusted root), the certificate's SCT, identity, and the signature
// over artifact.
func (v *verifier) verifyLogged(artifact []byte, b *bundle.Bundle) (specfetch.Signature, error) {
	opts := []verify.VerifierOption{verify.WithTransparencyLog(1), verify.WithObserverTimestamps(1)}
	if v.sct {
		opts = append(opts, verify.WithSignedCertificateTimestamps(1))
	}
	sv, err := verify.NewVerifier(v.trusted, opts...)
	if err != nil {
		return specfetch.Signature{}, err
	}
	res, err := sv.Verify(b, verify.NewPolicy(verify.WithArtifact(bytes.NewReader(artifact)), verify.WithCertificateIdentity(v.identity)))
	if err != nil {
		return specfetch.Signature{}, err
	}
	if res.Signature == nil || res.Signature.Certificate == nil {
		return specfetch.Signature{}, errors.New("the bundle is signed by a key, not by a Fulcio certificate")
	}
	return specfetch.Signature{Identity: res.Signature.Certificate.SubjectAlternativeName, Logged: true}, nil
}

// verifyDetached checks cosign sign-blob's {tgz}.sig and {tgz}.crt: the
// certificate must chain to a Fulcio CA of the trusted root when it was
// issued (its validity start), carry an SCT of a CT log of the root when
// the root lists any, be issued to the release workflow, and its key must
// have signed artifact. The two files carry no transparency-log entry: it
// is looked up in the Rekor log and checked as a bundle's (a signature the
// log does not hold fails); when the log cannot be reached, the signature
// is verified without it, and the detail says so.
func (v *verifier) verifyDetached(artifact, sigFile, certFile []byte) (specfetch.Signature, error) {
	sig, err := base64.StdEncoding.DecodeString(string(bytes.TrimSpace(sigFile)))
	if err != nil || len(sig) == 0 {
		return specfetch.Signature{}, fmt.Errorf("signature file: not base64: %v", err)
	}
	leaf, err := parseCertificate(certFile)
	if err != nil {
		return specfetch.Signature{}, err
	}
	chains, err := verify.VerifyLeafCertificate(leaf.NotBefore, leaf, v.trusted)
	if err != nil {
		return specfetch.Signature{}, fmt.Errorf("certificate: %v", err)
	}
	if v.sct {
		if err := verify.VerifySignedCertificateTimestamp(chains, 1, v.trusted); err != nil {
			return specfetch.Signature{}, fmt.Errorf("certificate: %v", err)
		}
	}
	summary, err := certificate.SummarizeCertificate(leaf)
	if err != nil {
		return specfetch.Signature{}, fmt.Errorf("certificate: %v", err)
	}
	if err := v.identity.Verify(summary); err != nil {
		return specfetch.Signature{}, fmt.Errorf("certificate: %v", err)
	}
	digest := sha256.Sum256(artifact)
	msg := bundle.NewMessageSignature(digest[:], "SHA2_256", sig)
	if err := verify.VerifySignatureWithArtifacts(msg, bundle.NewCertificate(leaf), v.trusted, []io.Reader{bytes.NewReader(artifact)}); err != nil {
		return specfetch.Signature{}, fmt.Errorf("signature: %v", err)
	}
	b, err := v.lookUp(digest[:], leaf, sig)
	if errors.Is(err, errUnreachable) {
		return specfetch.Signature{Identity: summary.SubjectAlternativeName, Detail: err.Error()}, nil
	}
	if err != nil {
		return specfetch.Signature{}, err
	}
	s, err := v.verifyLogged(artifact, b)
	if err != nil {
		return specfetch.Signature{}, fmt.Errorf("its entry in the transparency log %s: %v", v.rekor, err)
	}
	return s, nil
}

// parseCertificate reads a {tgz}.crt: a PEM certificate, base64-encoded
// (as cosign sign-blob --output-certificate writes it) or plain.
func parseCertificate(certFile []byte) (*x509.Certificate, error) {
	text := bytes.TrimSpace(certFile)
	if !bytes.HasPrefix(text, []byte("-----BEGIN")) {
		dec, err := base64.StdEncoding.DecodeString(string(text))
		if err != nil {
			return nil, fmt.Errorf("certificate file: neither PEM nor base64: %v", err)
		}
		text = bytes.TrimSpace(dec)
	}
	block, _ := pem.Decode(text)
	if block == nil || block.Type != "CERTIFICATE" {
		return nil, errors.New("certificate file: no PEM certificate")
	}
	cert, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("certificate file: %v", err)
	}
	return cert, nil
}

// readBounded reads the file p, refusing one over max bytes.
func readBounded(p string, max int64) ([]byte, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s: more than %d bytes", p, max)
	}
	return data, nil
}

func nameOr(s, dflt string) string {
	if s == "" {
		return dflt
	}
	return s
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}
