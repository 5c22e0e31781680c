package sigverify

import (
	"bytes"
	"encoding/base64"
	"testing"

	"github.com/adcp-gen/adcp-gen/internal/sigverify/sigtest"
)

// FuzzVerify feeds Verify arbitrary signature and certificate files against
// a throwaway authority. It must never panic, and may only succeed for the
// authority's one good certificate, with the result that certificate gives:
// no mutation makes another certificate or identity pass (the seeds hold
// only that one good certificate).
func FuzzVerify(f *testing.F) {
	a := sigtest.NewAuthority(f)
	tr := trustedRoot(f, a, sigtest.RootSpec{})
	good := issueLeaf(f, a, sigtest.LeafSpec{})
	goodSig := sigtest.SigFile(f, good.Key, artifact)
	opts := Options{TrustedRoot: tr}
	want, err := Verify(artifact, goodSig, sigtest.CertFile(good.Cert), opts)
	if err != nil {
		f.Fatal(err)
	}

	f.Add(goodSig, sigtest.CertFile(good.Cert))
	f.Add(goodSig, sigtest.CertPEM(good.Cert))
	for _, s := range []sigtest.LeafSpec{{NoSCT: true}, {IssuerV1: sigtest.Strp("https://gitlab.com")}, {ExtraDNS: true}, {SelfSigned: true}} {
		l := issueLeaf(f, a, s)
		f.Add(sigtest.SigFile(f, l.Key, artifact), sigtest.CertPEM(l.Cert))
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
		if perr != nil || !bytes.Equal(leaf.Raw, good.Cert.Raw) {
			t.Fatalf("verified a certificate other than the good one: %v", perr)
		}
		if *res != *want {
			t.Fatalf("result %+v, want %+v", *res, *want)
		}
	})
}
