package sigverify

import (
	"crypto/x509"
	"encoding/asn1"
	"errors"
	"fmt"
	"unicode/utf8"
)

var (
	oidSubjectAltName = asn1.ObjectIdentifier{2, 5, 29, 17}
	// Fulcio's OIDC issuer extensions: 1.8 holds a DER UTF8String, the
	// deprecated 1.1 the raw string.
	oidIssuerV2 = asn1.ObjectIdentifier{1, 3, 6, 1, 4, 1, 57264, 1, 8}
	oidIssuerV1 = asn1.ObjectIdentifier{1, 3, 6, 1, 4, 1, 57264, 1, 1}
)

// maxIdentityLen bounds a SAN URI or an issuer.
const maxIdentityLen = 4096

// sanURI returns the certificate's subject alternative name, which must be
// exactly one URI (Fulcio's identity of a CI workflow), as written in the
// certificate (not re-encoded by a URL parser).
func sanURI(cert *x509.Certificate) (string, error) {
	var value []byte
	for _, ext := range cert.Extensions {
		if ext.Id.Equal(oidSubjectAltName) {
			value = ext.Value
		}
	}
	if value == nil {
		return "", errors.New("certificate: no subject alternative name")
	}
	var seq asn1.RawValue
	if rest, err := asn1.Unmarshal(value, &seq); err != nil || len(rest) != 0 || seq.Tag != asn1.TagSequence || !seq.IsCompound {
		return "", errors.New("certificate: malformed subject alternative name")
	}
	var names []asn1.RawValue
	for rest := seq.Bytes; len(rest) > 0; {
		var n asn1.RawValue
		var err error
		if rest, err = asn1.Unmarshal(rest, &n); err != nil {
			return "", errors.New("certificate: malformed subject alternative name")
		}
		names = append(names, n)
	}
	if len(names) != 1 {
		return "", fmt.Errorf("certificate: %d subject alternative names, a Fulcio certificate has one", len(names))
	}
	n := names[0]
	if n.Class != asn1.ClassContextSpecific || n.Tag != 6 || n.IsCompound {
		return "", fmt.Errorf("certificate: the subject alternative name is not a URI (GeneralName tag %d)", n.Tag)
	}
	if err := checkText(n.Bytes); err != nil {
		return "", fmt.Errorf("certificate: subject alternative name URI: %v", err)
	}
	return string(n.Bytes), nil
}

// oidcIssuer returns the Fulcio OIDC issuer extension's value; when both
// extensions are present they must agree.
func oidcIssuer(cert *x509.Certificate) (string, error) {
	var v1, v2 []byte
	var has1, has2 bool
	for _, ext := range cert.Extensions {
		switch {
		case ext.Id.Equal(oidIssuerV2):
			var s asn1.RawValue
			rest, err := asn1.Unmarshal(ext.Value, &s)
			if err != nil || len(rest) != 0 || s.Class != asn1.ClassUniversal || s.Tag != asn1.TagUTF8String || s.IsCompound {
				return "", fmt.Errorf("certificate: issuer extension %s is not a DER UTF8String", oidIssuerV2)
			}
			v2, has2 = s.Bytes, true
		case ext.Id.Equal(oidIssuerV1):
			v1, has1 = ext.Value, true
		}
	}
	var issuer []byte
	switch {
	case has2 && has1 && string(v1) != string(v2):
		return "", fmt.Errorf("certificate: issuer extensions disagree (%s %q, %s %q)", oidIssuerV2, v2, oidIssuerV1, v1)
	case has2:
		issuer = v2
	case has1:
		issuer = v1
	default:
		return "", fmt.Errorf("certificate: no OIDC issuer extension (%s or %s)", oidIssuerV2, oidIssuerV1)
	}
	if err := checkText(issuer); err != nil {
		return "", fmt.Errorf("certificate: OIDC issuer: %v", err)
	}
	return string(issuer), nil
}

// checkText refuses identity text that is empty, too long, not UTF-8 or
// holds control characters (it is printed in messages).
func checkText(b []byte) error {
	if len(b) == 0 {
		return errors.New("empty")
	}
	if len(b) > maxIdentityLen {
		return fmt.Errorf("%d bytes, more than %d", len(b), maxIdentityLen)
	}
	if !utf8.Valid(b) {
		return errors.New("not UTF-8")
	}
	for _, r := range string(b) {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return fmt.Errorf("control character %U", r)
		}
	}
	return nil
}
