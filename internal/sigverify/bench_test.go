package sigverify

import (
	"crypto/sha256"
	"testing"

	"github.com/adcp-gen/adcp-gen/internal/sigverify/sigtest"
)

// BenchmarkVerify measures Verify on a bundle-sized blob beside its baseline,
// the SHA-256 of the same blob (the checksum check a fetch makes anyway):
// the difference is what the signature check adds.
func BenchmarkVerify(b *testing.B) {
	a := sigtest.NewAuthority(b)
	l := issueLeaf(b, a, sigtest.LeafSpec{})
	blob := make([]byte, 1<<20)
	for i := range blob {
		blob[i] = byte(i * 7)
	}
	sig, cert := sigtest.SigFile(b, l.Key, blob), sigtest.CertFile(l.Cert)
	opts := Options{TrustedRoot: trustedRoot(b, a, sigtest.RootSpec{})}
	b.Run("in=1MiB/impl=sha256", func(b *testing.B) {
		b.SetBytes(int64(len(blob)))
		for i := 0; i < b.N; i++ {
			sink = sha256.Sum256(blob)
		}
	})
	b.Run("in=1MiB/impl=verify", func(b *testing.B) {
		b.SetBytes(int64(len(blob)))
		for i := 0; i < b.N; i++ {
			if _, err := Verify(blob, sig, cert, opts); err != nil {
				b.Fatal(err)
			}
		}
	})
}

var sink [32]byte
