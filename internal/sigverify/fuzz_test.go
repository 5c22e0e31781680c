package sigverify

import (
	"bytes"
	"encoding/base64"
	"testing"
)

// FuzzVerify feeds Verify arbitrary signature and certificate files against
// a throwaway authority. It must never panic, and may only succeed for the
// authority's one good certificate, with the result that certificate gives:
// no mutation makes another certificate or identity pass (the seeds hold
// only that one good certificate).
func FuzzVerify(f *testing.F) {
	a := newAuthority(f)
	tr := a.trustedRoot(f, rootSpec{})
	good := a.leaf(f, leafSpec{})
	goodSig := sigFile(f, good.key, artifact)
	opts := Options{TrustedRoot: tr}
	want, err := Verify(artifact, goodSig, certFile(good.cert), opts)
	if err != nil {
		f.Fatal(err)
	}

	f.Add(goodSig, certFile(good.cert))
	f.Add(goodSig, certPEM(good.cert))
	for _, s := range []leafSpec{{noSCT: true}, {issuerV1: strp("https://gitlab.com")}, {extraDNS: true}, {selfSigned: true}} {
		l := a.leaf(f, s)
		f.Add(sigFile(f, l.key, artifact), certPEM(l.cert))
	}
	f.Add([]byte(base64.StdEncoding.EncodeToString([]byte{0x30, 6, 2, 1, 1, 2, 1, 1})), []byte("-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n"))

	f.Fuzz(func(t *testing.T, sig, cert []byte) {
		res, err := Verify(artifact, sig, cert, opts)
		if err != nil {
			if res != nil || err.Error() == "" {
				t.Fatalf("error %q with result %+v", err, res)
			}
			return
		}
		leaf, perr := parseCertificate(cert)
		if perr != nil || !bytes.Equal(leaf.Raw, good.cert.Raw) {
			t.Fatalf("verified a certificate other than the good one: %v", perr)
		}
		if *res != *want {
			t.Fatalf("result %+v, want %+v", *res, *want)
		}
	})
}
