// Package sigverify checks a Sigstore keyless signature of a blob, as
// `cosign sign-blob` makes it in the AdCP spec repository's release workflow
// ({tgz}.sig and {tgz}.crt beside a published schema bundle), with the
// standard library only.
//
// Verify establishes, against a trusted root (the embedded Sigstore
// public-good one by default):
//   - the certificate's embedded SCT (RFC 6962) is signed by a CT log of the
//     trusted root that was valid at the SCT's time, over the certificate
//     without its SCT list; that time is when the certificate was issued;
//   - the certificate chains to a Fulcio certificate authority of the trusted
//     root, valid at that time, for code signing;
//   - the certificate's identity (its one SAN URI, and the OIDC issuer of
//     Fulcio's extension) is the one asked for;
//   - the signature is the certificate key's ECDSA signature over the
//     SHA-256 of the blob.
//
// It does not check the Rekor transparency log (nor RFC 3161 timestamps):
// that the signature was logged, and when it was made, are not known. The
// certificate's key is ephemeral and normally discarded at once, but whoever
// kept it could sign other bytes, at any later time, and they would pass.
// Result.Trust says that the log was not checked. Fulcio has no revocation.
package sigverify

import (
	"crypto/ecdsa"
	"crypto/sha256"
	"crypto/x509"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// The identity of the AdCP spec's release workflow.
const (
	DefaultSANRegexp = `^https://github\.com/adcontextprotocol/adcp/\.github/workflows/release\.yml@refs/(heads|tags)/.*$`
	DefaultIssuer    = "https://token.actions.githubusercontent.com"
)

// Options says what a signature is checked against. A zero field takes its
// default (DefaultOptions).
type Options struct {
	// TrustedRoot holds the Fulcio CAs and CT logs; nil is the embedded
	// Sigstore public-good root.
	TrustedRoot *TrustedRoot
	// SANRegexp (Go regexp syntax) must match the certificate's whole SAN
	// URI: it is anchored at both ends whether or not it says so.
	SANRegexp string
	// Issuer is the OIDC issuer the certificate must name, exactly.
	Issuer string
}

// DefaultOptions returns the options for the AdCP spec's release signatures:
// the public-good trusted root and the release workflow's identity.
func DefaultOptions() Options {
	return Options{TrustedRoot: PublicGood(), SANRegexp: DefaultSANRegexp, Issuer: DefaultIssuer}
}

// Result is what Verify established.
type Result struct {
	// Identity is the certificate's SAN URI (the signing workflow and ref);
	// Issuer its OIDC issuer.
	Identity, Issuer string
	// SignedAt is the time of the verified SCT: when the certificate, valid
	// a few minutes, was issued.
	SignedAt time.Time
	// Trust says what was checked and what was not, for a user to read.
	Trust string
}

// Verify checks that sigFile (cosign's {blob}.sig) is a signature of artifact
// by the certificate of certFile (cosign's {blob}.crt) issued to the identity
// opts asks for. Any error means the signature must not be trusted; it says
// which check failed (the caller adds which file or URL).
func Verify(artifact, sigFile, certFile []byte, opts Options) (*Result, error) {
	if opts.TrustedRoot == nil {
		opts.TrustedRoot = PublicGood()
	}
	if opts.SANRegexp == "" {
		opts.SANRegexp = DefaultSANRegexp
	}
	if opts.Issuer == "" {
		opts.Issuer = DefaultIssuer
	}
	sanRE, err := regexp.Compile(opts.SANRegexp)
	if err != nil {
		return nil, fmt.Errorf("identity pattern %q: %v", opts.SANRegexp, err)
	}
	sanRE.Longest()
	sig, err := parseSignature(sigFile)
	if err != nil {
		return nil, err
	}
	leaf, err := parseCertificate(certFile)
	if err != nil {
		return nil, err
	}

	// The certificate: SCT first, as its time is the time the chain is
	// checked at (the certificate has long expired by now).
	signedAt, log, err := verifyCertificate(leaf, opts.TrustedRoot)
	if err != nil {
		return nil, err
	}

	// The identity.
	san, err := sanURI(leaf)
	if err != nil {
		return nil, err
	}
	if !matchesAll(sanRE, san) {
		return nil, fmt.Errorf("certificate: identity %q does not match %q", san, opts.SANRegexp)
	}
	issuer, err := oidcIssuer(leaf)
	if err != nil {
		return nil, err
	}
	if issuer != opts.Issuer {
		return nil, fmt.Errorf("certificate: OIDC issuer %q, want %q", issuer, opts.Issuer)
	}

	// The signature.
	key, ok := leaf.PublicKey.(*ecdsa.PublicKey)
	if !ok {
		return nil, fmt.Errorf("certificate: a %T key, want ECDSA", leaf.PublicKey)
	}
	digest := sha256.Sum256(artifact)
	if !ecdsa.VerifyASN1(key, digest[:], sig) {
		return nil, errors.New("signature: does not verify: the file is not what the certificate's key signed")
	}

	return &Result{
		Identity: san,
		Issuer:   issuer,
		SignedAt: signedAt,
		Trust: fmt.Sprintf("sigstore: Fulcio chain, CT SCT (%s, %s), identity %s, signature; transparency log not checked",
			log.name, signedAt.Format(time.RFC3339), san),
	}, nil
}

// verifyCertificate finds an embedded SCT that verifies with a CT log of tr,
// for a chain from leaf to a certificate authority of tr valid at the SCT's
// time, and returns that time and log. One such SCT is enough.
func verifyCertificate(leaf *x509.Certificate, tr *TrustedRoot) (time.Time, *ctLog, error) {
	scts, err := embeddedSCTs(leaf)
	if err != nil {
		return time.Time{}, nil, fmt.Errorf("certificate: %v", err)
	}
	if len(scts) == 0 {
		return time.Time{}, nil, errors.New("certificate: no embedded SCT: its issuance is not attested by a CT log")
	}
	if leaf.KeyUsage&x509.KeyUsageDigitalSignature == 0 {
		return time.Time{}, nil, errors.New("certificate: key usage does not allow digital signatures")
	}
	var failures []string
	for i := range scts {
		s := &scts[i]
		t := s.time()
		issuers, err := verifyChain(leaf, tr, t)
		if err != nil {
			failures = append(failures, err.Error())
			continue
		}
		for _, issuer := range issuers {
			log, err := verifySCT(s, leaf, issuer, tr.logs)
			if err == nil {
				return t, log, nil
			}
			failures = append(failures, "SCT "+err.Error())
		}
	}
	return time.Time{}, nil, fmt.Errorf("certificate: %s", strings.Join(failures, "; "))
}

// verifyChain checks leaf's chain to a certificate authority of tr valid at
// t, for code signing, at time t, and returns leaf's issuers (one, unless a
// certificate authority has cross-signed intermediates).
func verifyChain(leaf *x509.Certificate, tr *TrustedRoot, t time.Time) ([]*x509.Certificate, error) {
	var failures []string
	var issuers []*x509.Certificate
	for i := range tr.cas {
		ca := &tr.cas[i]
		if !ca.validity.contains(t) {
			failures = append(failures, fmt.Sprintf("%s not valid at %s (%s)", ca.name, t.Format(time.RFC3339), ca.validity))
			continue
		}
		chains, err := leaf.Verify(x509.VerifyOptions{
			Roots:         ca.roots,
			Intermediates: ca.intermediates,
			CurrentTime:   t,
			KeyUsages:     []x509.ExtKeyUsage{x509.ExtKeyUsageCodeSigning},
		})
		if err != nil {
			failures = append(failures, fmt.Sprintf("%s: %v", ca.name, err))
			continue
		}
		for _, chain := range chains {
			if len(chain) < 2 {
				continue // leaf is itself a root of the trusted root
			}
			if !containsCert(issuers, chain[1]) {
				issuers = append(issuers, chain[1])
			}
		}
		if len(issuers) == 0 {
			failures = append(failures, fmt.Sprintf("%s: the certificate is one of its own", ca.name))
		}
	}
	if len(issuers) > 0 {
		return issuers, nil
	}
	return nil, fmt.Errorf("no chain to a trusted Fulcio CA at the SCT time %s: %s", t.Format(time.RFC3339), strings.Join(failures, "; "))
}

func containsCert(certs []*x509.Certificate, c *x509.Certificate) bool {
	for _, x := range certs {
		if x.Equal(c) {
			return true
		}
	}
	return false
}

// matchesAll reports whether re, set to leftmost-longest, matches all of s.
func matchesAll(re *regexp.Regexp, s string) bool {
	loc := re.FindStringIndex(s)
	return loc != nil && loc[0] == 0 && loc[1] == len(s)
}
