package sigverify

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/asn1"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// oidSCTList is the RFC 6962 embedded SCT list extension.
var oidSCTList = asn1.ObjectIdentifier{1, 3, 6, 1, 4, 1, 11129, 2, 4, 2}

// maxSCTs bounds the SCTs of one certificate (a Fulcio certificate has one);
// each costs a chain check and a signature check.
const maxSCTs = 8

// sct is one signed certificate timestamp (RFC 6962 section 3.2, v1).
type sct struct {
	logID      [32]byte
	timestamp  uint64 // milliseconds since the Unix epoch
	extensions []byte
	hashAlg    byte
	sigAlg     byte
	signature  []byte
}

func (s *sct) time() time.Time {
	return time.UnixMilli(int64(s.timestamp)).UTC()
}

// embeddedSCTs returns the SCTs of the certificate's SCT list extension; none
// when it has no such extension.
func embeddedSCTs(cert *x509.Certificate) ([]sct, error) {
	var value []byte
	found := false
	for _, ext := range cert.Extensions {
		if ext.Id.Equal(oidSCTList) {
			value, found = ext.Value, true
			break
		}
	}
	if !found {
		return nil, nil
	}
	// The extension value is a DER OCTET STRING holding the TLS-encoded
	// SignedCertificateTimestampList.
	var list []byte
	rest, err := asn1.Unmarshal(value, &list)
	if err != nil || len(rest) != 0 {
		return nil, errors.New("SCT list extension: not a DER OCTET STRING")
	}
	body, rest, ok := vec16(list)
	if !ok || len(rest) != 0 || len(body) == 0 {
		return nil, errors.New("SCT list extension: malformed SignedCertificateTimestampList")
	}
	var scts []sct
	for len(body) > 0 {
		var raw []byte
		raw, body, ok = vec16(body)
		if !ok || len(raw) == 0 {
			return nil, errors.New("SCT list extension: malformed SerializedSCT")
		}
		if len(scts) == maxSCTs {
			return nil, fmt.Errorf("SCT list extension: more than %d SCTs", maxSCTs)
		}
		s, err := parseSCT(raw)
		if err != nil {
			return nil, fmt.Errorf("SCT list extension: SCT %d: %v", len(scts)+1, err)
		}
		scts = append(scts, s)
	}
	return scts, nil
}

func parseSCT(b []byte) (sct, error) {
	var s sct
	if len(b) < 1+32+8 {
		return s, errors.New("truncated")
	}
	if b[0] != 0 {
		return s, fmt.Errorf("version %d, only v1 (0) is known", b[0])
	}
	copy(s.logID[:], b[1:33])
	s.timestamp = binary.BigEndian.Uint64(b[33:41])
	var ok bool
	b = b[41:]
	if s.extensions, b, ok = vec16(b); !ok {
		return s, errors.New("truncated extensions")
	}
	if len(b) < 2 {
		return s, errors.New("truncated signature")
	}
	s.hashAlg, s.sigAlg = b[0], b[1]
	if s.signature, b, ok = vec16(b[2:]); !ok || len(b) != 0 {
		return s, errors.New("malformed signature")
	}
	if s.timestamp > 1<<62 {
		return s, errors.New("timestamp out of range")
	}
	return s, nil
}

// vec16 splits a TLS opaque<0..2^16-1> off b.
func vec16(b []byte) (body, rest []byte, ok bool) {
	if len(b) < 2 {
		return nil, nil, false
	}
	n := int(binary.BigEndian.Uint16(b))
	if len(b)-2 < n {
		return nil, nil, false
	}
	return b[2 : 2+n], b[2+n:], true
}

// TLS SignatureAndHashAlgorithm values an SCT may use (RFC 5246 7.4.1.4.1).
const (
	hashSHA256 = 4
	sigRSA     = 1
	sigECDSA   = 3
)

// verifySCT checks s, a timestamp embedded in leaf, against its log: the
// log's signature over the precertificate entry (the leaf's TBSCertificate
// without its SCT list, and the SHA-256 of its issuer's public key).
func verifySCT(s *sct, leaf, issuer *x509.Certificate, logs []ctLog) (*ctLog, error) {
	var log *ctLog
	for i := range logs {
		if logs[i].id == s.logID {
			log = &logs[i]
			break
		}
	}
	if log == nil {
		return nil, fmt.Errorf("by a log the trusted root does not list (log ID %s)", hex.EncodeToString(s.logID[:]))
	}
	t := s.time()
	if !log.validity.contains(t) {
		return nil, fmt.Errorf("by CT log %s at %s, outside its validity (%s)", log.name, t.Format(time.RFC3339), log.validity)
	}
	if s.hashAlg != hashSHA256 {
		return nil, fmt.Errorf("by CT log %s: hash algorithm %d, only SHA-256 (4) is supported", log.name, s.hashAlg)
	}
	tbs, err := tbsWithoutSCTs(leaf.RawTBSCertificate)
	if err != nil {
		return nil, err
	}
	signed := precertSignedData(s, sha256.Sum256(issuer.RawSubjectPublicKeyInfo), tbs)
	digest := sha256.Sum256(signed)
	switch key := log.key.(type) {
	case *ecdsa.PublicKey:
		if s.sigAlg != sigECDSA || !ecdsa.VerifyASN1(key, digest[:], s.signature) {
			return nil, fmt.Errorf("by CT log %s: the log's signature does not verify", log.name)
		}
	case *rsa.PublicKey:
		if s.sigAlg != sigRSA || rsa.VerifyPKCS1v15(key, crypto.SHA256, digest[:], s.signature) != nil {
			return nil, fmt.Errorf("by CT log %s: the log's signature does not verify", log.name)
		}
	default:
		return nil, fmt.Errorf("by CT log %s: its %T key cannot check an SCT", log.name, log.key)
	}
	return log, nil
}

// precertSignedData is the digitally-signed struct of RFC 6962 section 3.2
// for a precert_entry.
func precertSignedData(s *sct, issuerKeyHash [32]byte, tbs []byte) []byte {
	b := make([]byte, 0, 1+1+8+2+32+3+len(tbs)+2+len(s.extensions))
	b = append(b, 0, 0) // sct_version v1, signature_type certificate_timestamp
	b = binary.BigEndian.AppendUint64(b, s.timestamp)
	b = append(b, 0, 1) // entry_type precert_entry
	b = append(b, issuerKeyHash[:]...)
	b = append(b, byte(len(tbs)>>16), byte(len(tbs)>>8), byte(len(tbs)))
	b = append(b, tbs...)
	b = binary.BigEndian.AppendUint16(b, uint16(len(s.extensions)))
	return append(b, s.extensions...)
}

// tbsWithoutSCTs re-encodes a DER TBSCertificate without its SCT list
// extension, the other extensions in their order: what the CT log signed.
func tbsWithoutSCTs(rawTBS []byte) ([]byte, error) {
	bad := func(what string) error {
		return fmt.Errorf("certificate: cannot take the SCT list out of its TBSCertificate: %s", what)
	}
	var tbs asn1.RawValue
	if rest, err := asn1.Unmarshal(rawTBS, &tbs); err != nil || len(rest) != 0 || tbs.Class != asn1.ClassUniversal || tbs.Tag != asn1.TagSequence {
		return nil, bad("not a DER SEQUENCE")
	}
	var out []byte
	removed := false
	for fields := tbs.Bytes; len(fields) > 0; {
		var f asn1.RawValue
		var err error
		if fields, err = asn1.Unmarshal(fields, &f); err != nil {
			return nil, bad(err.Error())
		}
		if f.Class != asn1.ClassContextSpecific || f.Tag != 3 {
			out = append(out, f.FullBytes...)
			continue
		}
		// extensions [3] EXPLICIT SEQUENCE OF Extension
		var exts asn1.RawValue
		if rest, err := asn1.Unmarshal(f.Bytes, &exts); err != nil || len(rest) != 0 || exts.Tag != asn1.TagSequence {
			return nil, bad("malformed extensions")
		}
		var kept []byte
		for list := exts.Bytes; len(list) > 0; {
			var ext asn1.RawValue
			if list, err = asn1.Unmarshal(list, &ext); err != nil {
				return nil, bad(err.Error())
			}
			var id asn1.ObjectIdentifier
			if _, err := asn1.Unmarshal(ext.Bytes, &id); err != nil {
				return nil, bad("malformed extension")
			}
			if id.Equal(oidSCTList) {
				removed = true
				continue
			}
			kept = append(kept, ext.FullBytes...)
		}
		if len(kept) == 0 {
			continue // an empty extensions field is left out
		}
		seq, err := asn1.Marshal(asn1.RawValue{Class: asn1.ClassUniversal, Tag: asn1.TagSequence, IsCompound: true, Bytes: kept})
		if err != nil {
			return nil, bad(err.Error())
		}
		wrapped, err := asn1.Marshal(asn1.RawValue{Class: asn1.ClassContextSpecific, Tag: 3, IsCompound: true, Bytes: seq})
		if err != nil {
			return nil, bad(err.Error())
		}
		out = append(out, wrapped...)
	}
	if !removed {
		return nil, bad("it has no SCT list")
	}
	return asn1.Marshal(asn1.RawValue{Class: asn1.ClassUniversal, Tag: asn1.TagSequence, IsCompound: true, Bytes: out})
}
