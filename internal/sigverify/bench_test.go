package sigverify

import (
	"crypto/sha256"
	"testing"
)

// BenchmarkVerify measures Verify on a bundle-sized blob beside its baseline,
// the SHA-256 of the same blob (the checksum check a fetch makes anyway):
// the difference is what the signature check adds.
func BenchmarkVerify(b *testing.B) {
	a := newAuthority(b)
	l := a.leaf(b, leafSpec{})
	blob := make([]byte, 1<<20)
	for i := range blob {
		blob[i] = byte(i * 7)
	}
	sig, cert := sigFile(b, l.key, blob), certFile(l.cert)
	opts := Options{TrustedRoot: a.trustedRoot(b, rootSpec{})}
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
