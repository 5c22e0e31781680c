package main

import (
	"bytes"
	"crypto/sha256"
	"crypto/x509"
	_ "embed"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sigstore/sigstore-go/pkg/bundle"
	"github.com/sigstore/sigstore-go/pkg/root"
	"github.com/sigstore/sigstore-go/pkg/verify"
	"github.com/sigstore/sigstore/pkg/cryptoutils"

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
	sv     *verify.Verifier
	policy verify.PolicyOption // the release workflow's identity
	detail string              // what the trust line adds: the CT log check, the -trusted-root file
	rekor  string              // the Rekor log a .sig and .crt are looked up in ("": none)
}

// newVerifier returns the verifier checking against the trusted root in
// file ("" for the built-in public-good root), for fetchcmd.Run.
// It requires a transparency-log entry of every signature, and an SCT of
// the certificate when the root lists CT logs.
func newVerifier(file string) (specfetch.SignatureVerifier, error) {
	data := publicGoodJSON
	if file != "" {
		var err error
		if data, err = readBounded(file, maxTrustedRootSize); err != nil {
			return nil, err
		}
	}
	tr, err := root.NewTrustedRootFromJSON(data)
	if err != nil { // a -trusted-root file: the tests parse the built-in root
		return nil, fmt.Errorf("%s: not a Sigstore trusted root: %v", file, err)
	}
	id, err := verify.NewShortCertificateIdentity(releaseIssuer, "", "", releaseSAN)
	if err != nil {
		return nil, err
	}
	opts := []verify.VerifierOption{verify.WithTransparencyLog(1), verify.WithObserverTimestamps(1)}
	var detail []string // what the trust line adds
	if len(tr.CTLogs()) > 0 {
		opts = append(opts, verify.WithSignedCertificateTimestamps(1))
		detail = append(detail, "certificate in a CT log")
	}
	if file != "" {
		// The detail goes into the cache record and adcp-gen-fetch.json, to
		// commit: a base name and digest, not a path that differs per machine.
		sum := sha256.Sum256(data)
		detail = append(detail, "trusted root "+filepath.Base(file)+" (sha256 "+hex.EncodeToString(sum[:6])+")")
	}
	sv, err := verify.NewVerifier(tr, opts...)
	if err != nil {
		return nil, err
	}
	return &verifier{sv: sv, policy: verify.WithCertificateIdentity(id), detail: strings.Join(detail, "; "), rekor: rekorURL(tr)}, nil
}

// Verify implements specfetch.SignatureVerifier: a Sigstore bundle when
// there is one, else the .sig and .crt pair with its entry looked up in
// the Rekor log. sigstore-go checks the log entry (inclusion, and the
// log's time, at which the certificate must chain to a Fulcio CA of the
// trusted root), the SCT, the identity and the signature over artifact.
func (v *verifier) Verify(artifact []byte, files specfetch.SignatureFiles) (specfetch.Trust, error) {
	if files.Bundle != nil {
		var b bundle.Bundle
		if err := b.UnmarshalJSON(files.Bundle); err != nil {
			return specfetch.Trust{}, fmt.Errorf("not a Sigstore bundle: %v", err)
		}
		return v.verify(artifact, &b)
	}
	sig, err := base64.StdEncoding.DecodeString(string(bytes.TrimSpace(files.Sig)))
	if err != nil || len(sig) == 0 {
		return specfetch.Trust{}, fmt.Errorf("signature file: not base64: %v", err)
	}
	leaf, err := parseCertificate(files.Cert)
	if err != nil {
		return specfetch.Trust{}, err
	}
	digest := sha256.Sum256(artifact)
	candidates, err := v.lookUp(digest[:], leaf, sig)
	if err != nil {
		return specfetch.Trust{}, err
	}
	var errs []error
	for _, b := range candidates {
		s, err := v.verify(artifact, b)
		if err == nil {
			return s, nil
		}
		errs = append(errs, err)
	}
	return specfetch.Trust{}, fmt.Errorf("its entry in the transparency log %s: %w", v.rekor, errors.Join(errs...))
}

// verify checks the Sigstore bundle b of artifact.
func (v *verifier) verify(artifact []byte, b *bundle.Bundle) (specfetch.Trust, error) {
	res, err := v.sv.Verify(b, verify.NewPolicy(verify.WithArtifact(bytes.NewReader(artifact)), v.policy))
	if err != nil {
		return specfetch.Trust{}, err
	}
	if res.Signature == nil || res.Signature.Certificate == nil {
		// The identity policy has sigstore-go refuse these already; a
		// change there must fail closed here, not panic.
		return specfetch.Trust{}, errors.New("the bundle is signed by a key, not by a Fulcio certificate")
	}
	return specfetch.Trust{Signer: res.Signature.Certificate.SubjectAlternativeName, Detail: v.detail}, nil
}

// parseCertificate reads a {tgz}.crt: a PEM certificate, base64-encoded
// (as cosign sign-blob --output-certificate writes it) or plain.
func parseCertificate(certFile []byte) (*x509.Certificate, error) {
	text := bytes.TrimSpace(certFile)
	if dec, err := base64.StdEncoding.DecodeString(string(text)); err == nil {
		text = dec
	}
	certs, err := cryptoutils.UnmarshalCertificatesFromPEM(text)
	if err != nil || len(certs) != 1 {
		return nil, fmt.Errorf("certificate file: want one PEM certificate, or its base64 (%d found, %v)", len(certs), err)
	}
	return certs[0], nil
}

// readBounded reads the file p, refusing one over max bytes, or one that is
// not a regular file (opening a FIFO would wait for a writer).
func readBounded(p string, max int64) ([]byte, error) {
	if st, err := os.Stat(p); err != nil {
		return nil, err
	} else if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file (%s)", p, st.Mode().Type())
	}
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
