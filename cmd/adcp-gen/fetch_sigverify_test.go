package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/internal/bundletest"
	"github.com/adcp-gen/adcp-gen/internal/sigverify/sigtest"
	"github.com/adcp-gen/adcp-gen/internal/testshared"
)

// signedSite publishes the bundle of fetchVersion, built from the corpus,
// with its .sha256, signed by a throwaway Sigstore, and returns the server,
// the bundle, the authority and its trusted_root.json file.
func signedSite(t *testing.T) (srv *bundletest.Server, tgz []byte, a *sigtest.Authority, root string) {
	t.Helper()
	published := testshared.Dir(t, "adcp-schemas/"+fetchVersion)
	srv = bundletest.NewServer(t)
	srv.Publish(t, fetchVersion, published)
	tgz = bundletest.Tgz(t, fetchVersion, published) // the same bytes: Tgz is deterministic
	a = sigtest.NewAuthority(t)
	sig, crt := a.SignBlob(t, tgz)
	srv.Put(fetchVersion+".tgz.sig", sig)
	srv.Put(fetchVersion+".tgz.crt", crt)
	root = filepath.Join(t.TempDir(), "trusted_root.json")
	if err := os.WriteFile(root, a.TrustedRootJSON(t, sigtest.RootSpec{}), 0o644); err != nil {
		t.Fatal(err)
	}
	return srv, tgz, a, root
}

// TestFetchSigstore: a signed bundle is verified against -trusted-root (or
// $ADCPGEN_TRUSTED_ROOT), the trust line says what was established, and
// the cache serves it offline with that trust; generate -version does the
// same and writes the package -schemas gives.
func TestFetchSigstore(t *testing.T) {
	srv, _, _, root := signedSite(t)
	t.Setenv("ADCPGEN_CACHE_DIR", t.TempDir())
	t.Setenv("ADCPGEN_CACHE", "off")
	t.Setenv(envTrustedRoot, "")

	code, stdout, stderr := runCmd("fetch", fetchVersion, "-base-url", srv.URL, "-trusted-root", root)
	if code != 0 {
		t.Fatalf("fetch: exit %d: %s", code, stderr)
	}
	wantTrust := "trust: sigstore: Fulcio chain, CT SCT (https://ctfe.test.invalid, 2026-03-01T12:00:01Z), identity " + sigtest.GoodSAN +
		", signature; transparency log not checked; trusted root " + rootLabel(root, mustRead(t, root)) + "\n"
	if !strings.Contains(stderr, "downloaded from "+srv.URL+"/protocol/"+fetchVersion+".tgz; "+wantTrust) {
		t.Errorf("fetch stderr:\n%s\nwant it to end with %q", stderr, wantTrust)
	}
	if strings.Contains(stderr, "warning:") {
		t.Errorf("a signed bundle over http is warned about:\n%s", stderr)
	}
	dir := strings.TrimSuffix(stdout, "\n")
	if _, err := os.Stat(filepath.Join(dir, "core", "error.json")); err != nil {
		t.Fatalf("fetch printed %q: %v", stdout, err)
	}

	// Offline from the cache, with the trust reached when it was downloaded.
	srv.Close()
	before := srv.Requests()
	code, stdout2, stderr := runCmd("fetch", fetchVersion, "-base-url", srv.URL)
	if code != 0 || stdout2 != stdout || !strings.Contains(stderr, "from the cache (offline); "+wantTrust) || srv.Requests() != before {
		t.Errorf("fetch offline: exit %d, stdout %q, stderr:\n%s", code, stdout2, stderr)
	}
	want, got := filepath.Join(t.TempDir(), "want"), filepath.Join(t.TempDir(), "got")
	if code, _, stderr := runCmd("generate", "-schemas", dir, "-out", want, "-package", "p"); code != 0 {
		t.Fatal(stderr)
	}
	if code, _, stderr := runCmd("generate", "-version", fetchVersion, "-base-url", srv.URL, "-out", got, "-package", "p"); code != 0 {
		t.Fatalf("generate -version offline: exit %d: %s", code, stderr)
	}
	if !reflect.DeepEqual(snapshot(t, got), snapshot(t, want)) || len(snapshot(t, got)) == 0 {
		t.Error("generate -version from the cache differs from generate -schemas of the fetched folder")
	}

	// generate -version online, the trusted root from the environment.
	srv2, _, _, root2 := signedSite(t)
	t.Setenv("ADCPGEN_CACHE_DIR", t.TempDir())
	t.Setenv(envTrustedRoot, root2)
	online := filepath.Join(t.TempDir(), "online")
	code, _, stderr = runCmd("generate", "-version", fetchVersion, "-base-url", srv2.URL, "-out", online, "-package", "p")
	if code != 0 {
		t.Fatalf("generate -version with $%s: exit %d: %s", envTrustedRoot, code, stderr)
	}
	if !strings.Contains(stderr, "trust: sigstore: Fulcio chain") || !strings.Contains(stderr, "identity "+sigtest.GoodSAN) || !strings.Contains(stderr, "trusted root "+rootLabel(root2, mustRead(t, root2))) {
		t.Errorf("generate -version stderr: %s", stderr)
	}
	if !reflect.DeepEqual(snapshot(t, online), snapshot(t, want)) {
		t.Error("generate -version of the signed bundle differs from generate -schemas")
	}
}

// TestFetchSigstoreRefused: a signature that does not verify, for any
// reason, fails fetch and generate -version with exit 2, an error naming
// the .sig and .crt URLs and the failing check, nothing in the cache and
// nothing written.
func TestFetchSigstoreRefused(t *testing.T) {
	t.Setenv("ADCPGEN_CACHE", "off")
	t.Setenv(envTrustedRoot, "")
	otherRepo := "https://github.com/attacker/adcp/.github/workflows/release.yml@refs/tags/v3.2.0"
	otherWorkflow := "https://github.com/adcontextprotocol/adcp/.github/workflows/ci.yml@refs/heads/main"
	tests := []struct {
		name     string
		setup    func(t *testing.T, srv *bundletest.Server, tgz []byte, a *sigtest.Authority)
		embedded bool     // verify against the embedded root, not the throwaway one
		want     []string // in the error, after the URLs (nil: the .crt is missing)
	}{
		{"signature over other bytes", func(t *testing.T, srv *bundletest.Server, tgz []byte, a *sigtest.Authority) {
			l := a.Leaf(t, sigtest.LeafSpec{})
			srv.Put(fetchVersion+".tgz.sig", sigtest.SigFile(t, l.Key, append([]byte("x"), tgz...)))
			srv.Put(fetchVersion+".tgz.crt", sigtest.CertFile(l.Cert))
		}, false, []string{"signature: does not verify"}},
		{"certificate of another repository", func(t *testing.T, srv *bundletest.Server, tgz []byte, a *sigtest.Authority) {
			sig, crt := a.SignBlobAs(t, sigtest.LeafSpec{SAN: otherRepo}, tgz)
			srv.Put(fetchVersion+".tgz.sig", sig)
			srv.Put(fetchVersion+".tgz.crt", crt)
		}, false, []string{`certificate: identity "` + otherRepo + `" does not match`}},
		{"certificate of another workflow", func(t *testing.T, srv *bundletest.Server, tgz []byte, a *sigtest.Authority) {
			sig, crt := a.SignBlobAs(t, sigtest.LeafSpec{SAN: otherWorkflow}, tgz)
			srv.Put(fetchVersion+".tgz.sig", sig)
			srv.Put(fetchVersion+".tgz.crt", crt)
		}, false, []string{`certificate: identity "` + otherWorkflow + `" does not match`}},
		{"another OIDC issuer", func(t *testing.T, srv *bundletest.Server, tgz []byte, a *sigtest.Authority) {
			sig, crt := a.SignBlobAs(t, sigtest.LeafSpec{Issuer: sigtest.Strp("https://accounts.google.com")}, tgz)
			srv.Put(fetchVersion+".tgz.sig", sig)
			srv.Put(fetchVersion+".tgz.crt", crt)
		}, false, []string{`certificate: OIDC issuer "https://accounts.google.com"`}},
		{".sig without .crt", func(t *testing.T, srv *bundletest.Server, tgz []byte, a *sigtest.Authority) {
			srv.Remove(fetchVersion + ".tgz.crt")
		}, false, nil},
		{"the embedded root does not know the throwaway CA", nil, true,
			[]string{"certificate: no chain to a trusted Fulcio CA", "unknown authority"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, cmd := range []string{"fetch", "generate"} {
				srv, tgz, a, root := signedSite(t)
				want := tt.want
				if tt.setup != nil {
					tt.setup(t, srv, tgz, a)
				}
				if tt.want == nil {
					want = []string{"incomplete signature: " + srv.URL + "/protocol/" + fetchVersion + ".tgz.sig exists but " +
						srv.URL + "/protocol/" + fetchVersion + ".tgz.crt does not (HTTP 404); refusing the bundle"}
				} else {
					want = append([]string{srv.URL + "/protocol/" + fetchVersion + ".tgz: the signature " +
						srv.URL + "/protocol/" + fetchVersion + ".tgz.sig with the certificate " +
						srv.URL + "/protocol/" + fetchVersion + ".tgz.crt does not verify: "}, want...)
				}
				cache := t.TempDir()
				t.Setenv("ADCPGEN_CACHE_DIR", cache)
				out := filepath.Join(t.TempDir(), "out")
				args := []string{"fetch", fetchVersion, "-base-url", srv.URL, "-out", out}
				if cmd == "generate" {
					args = []string{"generate", "-version", fetchVersion, "-base-url", srv.URL, "-out", out, "-package", "p"}
				}
				if !tt.embedded {
					args = append(args, "-trusted-root", root)
				}
				code, stdout, stderr := runCmd(args...)
				if code != 2 || stdout != "" {
					t.Errorf("%s: exit %d, stdout %q, stderr %s", cmd, code, stdout, stderr)
				}
				for _, w := range want {
					if !strings.Contains(stderr, w) {
						t.Errorf("%s: stderr %q\nlacks %q", cmd, stderr, w)
					}
				}
				if files := snapshotTree(t, cache); len(files) != 0 {
					t.Errorf("%s: the cache holds %v after a refused bundle", cmd, keys(files))
				}
				if _, err := os.Lstat(out); !os.IsNotExist(err) {
					t.Errorf("%s: wrote %s (%v)", cmd, out, err)
				}
			}
		})
	}
}

// TestTrustedRootFlag: a -trusted-root that is not a trusted root is a
// usage error naming the file, online or offline; -trusted-root without
// -version (generate -schemas) is refused.
func TestTrustedRootFlag(t *testing.T) {
	t.Setenv("ADCPGEN_CACHE_DIR", t.TempDir())
	t.Setenv(envTrustedRoot, "")
	bad := filepath.Join(t.TempDir(), "root.json")
	if err := os.WriteFile(bad, []byte(`{"mediaType": "application/json"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(t.TempDir(), "absent.json")
	for _, tt := range []struct{ file, want string }{
		{bad, "-trusted-root: " + bad + `: trusted root: mediaType "application/json" is not a Sigstore trusted root`},
		{missing, "-trusted-root: open " + missing + ": no such file"},
	} {
		for _, args := range [][]string{
			{"fetch", fetchVersion, "-base-url", "http://127.0.0.1:1", "-trusted-root", tt.file},
			{"generate", "-version", fetchVersion, "-base-url", "http://127.0.0.1:1", "-out", t.TempDir(), "-trusted-root", tt.file},
		} {
			if code, _, stderr := runCmd(args...); code != 2 || !strings.Contains(stderr, tt.want) {
				t.Errorf("%v: exit %d, stderr %q, want %q", args, code, stderr, tt.want)
			}
		}
	}
	t.Setenv(envTrustedRoot, missing)
	if code, _, stderr := runCmd("fetch", fetchVersion, "-base-url", "http://127.0.0.1:1"); code != 2 || !strings.Contains(stderr, "-trusted-root: open "+missing) {
		t.Errorf("$%s of a missing file: exit %d, stderr %q", envTrustedRoot, code, stderr)
	}
	t.Setenv(envTrustedRoot, "")
	if code, _, stderr := runCmd("generate", "-schemas", t.TempDir(), "-out", t.TempDir(), "-trusted-root", bad); code != 2 || !strings.Contains(stderr, "-trusted-root goes with -version") {
		t.Errorf("generate -schemas -trusted-root: exit %d, stderr %q", code, stderr)
	}
}

// mustRead returns the bytes of file.
func mustRead(t *testing.T, file string) []byte {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
