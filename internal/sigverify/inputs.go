package sigverify

import (
	"bytes"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
)

// Bounds on the signature files, far above what cosign writes (a base64
// ECDSA signature of about 100 characters, and a base64 PEM certificate of
// about 4 KiB).
const (
	MaxSignatureFileSize   = 4 << 10
	MaxCertificateFileSize = 64 << 10
)

// parseSignature reads a {tgz}.sig: the standard base64 of an ASN.1 DER
// ECDSA signature, as cosign sign-blob writes it, with surrounding white
// space allowed.
func parseSignature(sigFile []byte) ([]byte, error) {
	if len(sigFile) > MaxSignatureFileSize {
		return nil, fmt.Errorf("signature file: %d bytes, more than the %d accepted", len(sigFile), MaxSignatureFileSize)
	}
	text := bytes.TrimSpace(sigFile)
	if len(text) == 0 {
		return nil, errors.New("signature file: empty")
	}
	sig := make([]byte, base64.StdEncoding.DecodedLen(len(text)))
	n, err := base64.StdEncoding.Decode(sig, text)
	if err != nil {
		return nil, fmt.Errorf("signature file: not base64: %v", err)
	}
	sig = sig[:n]
	if len(sig) < 8 || sig[0] != 0x30 {
		return nil, errors.New("signature file: not an ASN.1 ECDSA signature")
	}
	return sig, nil
}

// parseCertificate reads a {tgz}.crt: the Fulcio leaf certificate in PEM,
// either base64-encoded (as cosign sign-blob --output-certificate writes it)
// or plain. The first PEM block is the leaf; blocks after it (a chain some
// tools append) are not read: the chain comes from the trusted root only.
func parseCertificate(certFile []byte) (*x509.Certificate, error) {
	if len(certFile) > MaxCertificateFileSize {
		return nil, fmt.Errorf("certificate file: %d bytes, more than the %d accepted", len(certFile), MaxCertificateFileSize)
	}
	text := bytes.TrimSpace(certFile)
	if len(text) == 0 {
		return nil, errors.New("certificate file: empty")
	}
	if !bytes.HasPrefix(text, []byte("-----BEGIN")) {
		dec := make([]byte, base64.StdEncoding.DecodedLen(len(text)))
		n, err := base64.StdEncoding.Decode(dec, text)
		if err != nil {
			return nil, fmt.Errorf("certificate file: neither PEM nor base64: %v", err)
		}
		text = bytes.TrimSpace(dec[:n])
		if !bytes.HasPrefix(text, []byte("-----BEGIN")) {
			return nil, errors.New("certificate file: base64 of something other than a PEM certificate")
		}
	}
	block, _ := pem.Decode(text)
	if block == nil {
		return nil, errors.New("certificate file: malformed PEM")
	}
	if block.Type != "CERTIFICATE" {
		return nil, fmt.Errorf("certificate file: PEM block %q, want CERTIFICATE", block.Type)
	}
	cert, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("certificate file: not an X.509 certificate: %v", err)
	}
	return cert, nil
}
