package main

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/adcp-gen/adcp-gen/internal/sigverify"
	"github.com/adcp-gen/adcp-gen/specfetch"
)

// envTrustedRoot sets the default of -trusted-root.
const envTrustedRoot = "ADCPGEN_TRUSTED_ROOT"

// trustedRootFlag adds -trusted-root to fs (fetch and generate).
func trustedRootFlag(fs *flag.FlagSet) *string {
	return fs.String("trusted-root", os.Getenv(envTrustedRoot),
		"Sigstore trusted_root.json `FILE` the signatures of bundles are checked against; empty: the Sigstore public-good root built into adcp-gen; $"+envTrustedRoot+" sets the default")
}

// sigstoreVerifier checks a bundle's {tgz}.sig and {tgz}.crt with
// sigverify: the certificate of the AdCP spec's release workflow, through
// the trusted root's Fulcio CA and CT log.
type sigstoreVerifier struct {
	opts sigverify.Options
	root string // names the -trusted-root file by base name and digest; "" for the embedded root
}

// newSignatureVerifier returns the verifier of the command, checking against
// the trusted root in file ("" for the embedded public-good root). A file
// that cannot be read or is not a trusted root is an error naming it.
func newSignatureVerifier(file string) (*sigstoreVerifier, error) {
	v := &sigstoreVerifier{opts: sigverify.DefaultOptions()}
	if file != "" {
		tr, err := sigverify.LoadTrustedRootFile(file)
		if err != nil {
			return nil, fmt.Errorf("-trusted-root: %v", err)
		}
		v.opts.TrustedRoot = tr
		b, err := os.ReadFile(file)
		if err != nil {
			return nil, fmt.Errorf("-trusted-root: %v", err)
		}
		v.root = rootLabel(file, b)
	}
	return v, nil
}

// rootLabel names a trusted root file by its base name and SHA-256, not its
// path: the trust detail goes into the cache record and into the
// adcp-gen-fetch.json that fetch -out writes for committing, where a local
// path would differ from machine to machine.
func rootLabel(file string, b []byte) string {
	sum := sha256.Sum256(b)
	return filepath.Base(file) + " (sha256 " + hex.EncodeToString(sum[:6]) + ")"
}

// VerifyBlob implements specfetch.SignatureVerifier: the detail is what
// sigverify established (which says that the transparency log is not
// checked), and the trusted root when it is not the embedded one.
func (v *sigstoreVerifier) VerifyBlob(artifact, sig, cert []byte) (specfetch.Signature, error) {
	res, err := sigverify.Verify(artifact, sig, cert, v.opts)
	if err != nil {
		return specfetch.Signature{}, err
	}
	detail := res.Trust
	if v.root != "" {
		detail += "; trusted root " + v.root
	}
	return specfetch.Signature{Identity: res.Identity, Detail: detail}, nil
}
