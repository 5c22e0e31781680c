package sigverify

import (
	"bytes"
	"testing"

	"github.com/adcp-gen/adcp-gen/internal/sigverify/sigtest"
)

// The tests' signing authority is sigtest's throwaway Sigstore; these are
// the helpers that need this package's own types and code.

// issueLeaf issues a leaf of a as s says, and checks that what the verifier
// takes out of it is what the log signed.
func issueLeaf(t testing.TB, a *sigtest.Authority, s sigtest.LeafSpec) sigtest.Leaf {
	t.Helper()
	l := a.Leaf(t, s)
	if s.NoSCT {
		return l
	}
	got, err := tbsWithoutSCTs(l.Cert.RawTBSCertificate)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, l.Precert) {
		t.Fatal("tbsWithoutSCTs of the final certificate differs from the certificate issued without the SCT")
	}
	return l
}

// trustedRoot is a's trusted root, as s says, loaded.
func trustedRoot(t testing.TB, a *sigtest.Authority, s sigtest.RootSpec) *TrustedRoot {
	t.Helper()
	tr, err := LoadTrustedRoot(a.TrustedRootJSON(t, s))
	if err != nil {
		t.Fatal(err)
	}
	return tr
}
