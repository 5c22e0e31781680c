package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/internal/bundletest"
	"github.com/adcp-gen/adcp-gen/internal/fetchcmd"
	"github.com/adcp-gen/adcp-gen/internal/testshared"
	"github.com/adcp-gen/adcp-gen/specfetch"
)

// version is the published version the tests serve, built from the corpus.
const version = "3.2.0-beta.5"

// runCmd runs adcp-gen-fetch with args and returns its exit status and
// output.
func runCmd(args ...string) (int, string, string) {
	var stdout, stderr strings.Builder
	code := fetchcmd.Run("adcp-gen-fetch", args, &stdout, &stderr, newVerifier)
	return code, stdout.String(), stderr.String()
}

// site publishes the bundle of version, built from the corpus, with its
// .sha256, and returns the server, the bundle and a new authority.
func site(t *testing.T) (*bundletest.Server, []byte, *authority) {
	t.Helper()
	published := testshared.Dir(t, "adcp-schemas/"+version)
	srv := bundletest.NewServer(t)
	tgz := bundletest.Tgz(t, version, published, nil)
	srv.PublishTgz(version, tgz)
	return srv, tgz, newAuthority(t)
}

// isolate gives t a cache of its own, no trusted root from the
// environment and a Rekor log of its own, and returns the cache folder and
// the log.
func isolate(t *testing.T) (string, *rekor) {
	t.Helper()
	cache := t.TempDir()
	t.Setenv(specfetch.EnvCacheDir, cache)
	t.Setenv(fetchcmd.EnvTrustedRoot, "")
	rk := newRekor(t)
	t.Setenv(envRekorURL, rk.URL)
	return cache, rk
}

// TestFetchSigned: a bundle signed with a Sigstore bundle is verified with
// its log entry, one signed with .sig and .crt with the entry looked up in
// the log; the trust line says so, and the cache serves the bundle offline
// with that trust to adcp-gen's own fetch, which has no verifier.
func TestFetchSigned(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files func(s signed) map[string][]byte
		trust string
	}{
		{"sigstore bundle", func(s signed) map[string][]byte { return map[string][]byte{".sigstore.json": s.bundle} },
			"signature and transparency log verified, signed by " + goodSAN},
		{"sig and crt, looked up in the log", func(s signed) map[string][]byte { return map[string][]byte{".sig": s.sig, ".crt": s.crt} },
			"signature and transparency log verified, signed by " + goodSAN},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, rk := isolate(t) // the cache is in the environment, which Fetch reads below too
			srv, tgz, a := site(t)
			s := a.sign(t, goodSAN, goodIssuer, tgz)
			for ext, b := range tc.files(s) {
				srv.Put(version+".tgz"+ext, b)
			}
			rk.add(s)
			t.Setenv(fetchcmd.EnvTrustedRoot, a.rootFile) // the environment names the root
			code, stdout, stderr := runCmd(version, "-base-url", srv.URL)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if want := "trust: " + tc.trust; !strings.Contains(stderr, want) || !strings.Contains(stderr, "trusted root trusted_root.json (sha256 ") {
				t.Errorf("stderr:\n%s\nwant %q", stderr, want)
			}
			if strings.Contains(stderr, "warning:") {
				t.Errorf("a signed bundle over http is warned about:\n%s", stderr)
			}
			dir := strings.TrimSuffix(stdout, "\n")
			if _, err := os.Stat(filepath.Join(dir, "core", "error.json")); err != nil {
				t.Fatalf("printed %q: %v", stdout, err)
			}

			// adcp-gen fetch and generate -version: no verifier, the server
			// gone, the same folder and trust from the cache.
			srv.Close()
			b, err := specfetch.Fetch(context.Background(), version, specfetch.Options{BaseURL: srv.URL})
			if err != nil || !b.Offline || b.Dir != dir || !strings.HasPrefix(b.Trust.String(), tc.trust) {
				t.Errorf("from the cache without a verifier: %+v, %v", b, err)
			}
		})
	}
}

// TestFetchSignedRefused: a signature that does not verify, for any
// reason, fails with exit 2 and a message naming the signature file and
// the failed check, and nothing is cached or written (-out).
func TestFetchSignedRefused(t *testing.T) {
	tests := []struct {
		name    string
		publish func(t *testing.T, a *authority, tgz []byte) map[string][]byte
		builtin bool // check against the built-in root
		want    string
	}{
		{"bundle of other bytes", func(t *testing.T, a *authority, tgz []byte) map[string][]byte {
			return map[string][]byte{".sigstore.json": a.sign(t, goodSAN, goodIssuer, append([]byte("x"), tgz...)).bundle}
		}, false, ".tgz.sigstore.json does not verify: failed to verify signature"},
		{"bundle of another repository", func(t *testing.T, a *authority, tgz []byte) map[string][]byte {
			return map[string][]byte{".sigstore.json": a.sign(t, "https://github.com/attacker/adcp/.github/workflows/release.yml@refs/tags/v1", goodIssuer, tgz).bundle}
		}, false, "failed to verify certificate identity"},
		{"bundle without its log entry", func(t *testing.T, a *authority, tgz []byte) map[string][]byte {
			return map[string][]byte{".sigstore.json": edit(t, a.sign(t, goodSAN, goodIssuer, tgz).bundle, dropLog)}
		}, false, "transparency log"},
		{"bundle, good .sig and .crt beside it", func(t *testing.T, a *authority, tgz []byte) map[string][]byte {
			s := a.sign(t, goodSAN, goodIssuer, tgz)
			return map[string][]byte{".sigstore.json": edit(t, s.bundle, dropLog), ".sig": s.sig, ".crt": s.crt}
		}, false, ".tgz.sigstore.json does not verify"},
		{"bundle against the built-in root", func(t *testing.T, a *authority, tgz []byte) map[string][]byte {
			return map[string][]byte{".sigstore.json": a.sign(t, goodSAN, goodIssuer, tgz).bundle}
		}, true, "transparency log"},
		{"sig of other bytes", func(t *testing.T, a *authority, tgz []byte) map[string][]byte {
			s, o := a.sign(t, goodSAN, goodIssuer, tgz), a.sign(t, goodSAN, goodIssuer, []byte("x"))
			return map[string][]byte{".sig": o.sig, ".crt": s.crt}
		}, false, ".tgz.sig with the certificate " + "%URL%.tgz.crt does not verify: the transparency log"},
		{"crt against the built-in root", func(t *testing.T, a *authority, tgz []byte) map[string][]byte {
			s := a.sign(t, goodSAN, goodIssuer, tgz)
			return map[string][]byte{".sig": s.sig, ".crt": s.crt}
		}, true, "does not verify: the transparency log"},
		{"sig and crt, the log unreachable", func(t *testing.T, a *authority, tgz []byte) map[string][]byte {
			t.Setenv(envRekorURL, "http://127.0.0.1:1") // nothing listens there
			s := a.sign(t, goodSAN, goodIssuer, tgz)
			return map[string][]byte{".sig": s.sig, ".crt": s.crt}
		}, false, "run again when the log can be reached"},
		{"sig and crt not in the log", func(t *testing.T, a *authority, tgz []byte) map[string][]byte {
			s := a.sign(t, goodSAN, goodIssuer, tgz)
			return map[string][]byte{".sig": s.sig, ".crt": s.crt}
		}, false, "holds no usable entry of the archive's digest"},
		{".sig without .crt", func(t *testing.T, a *authority, tgz []byte) map[string][]byte {
			return map[string][]byte{".sig": a.sign(t, goodSAN, goodIssuer, tgz).sig}
		}, false, "incomplete signature"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cache, _ := isolate(t)
			srv, tgz, a := site(t)
			for ext, b := range tt.publish(t, a, tgz) {
				srv.Put(version+".tgz"+ext, b)
			}
			args := []string{version, "-base-url", srv.URL, "-out", filepath.Join(t.TempDir(), "vendored")}
			if !tt.builtin {
				args = append(args, "-trusted-root", a.rootFile)
			}
			code, stdout, stderr := runCmd(args...)
			want := strings.ReplaceAll(tt.want, "%URL%", srv.URL+"/protocol/"+version)
			if code != 2 || stdout != "" || !strings.Contains(stderr, want) {
				t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant exit 2 and %q", code, stdout, stderr, want)
			}
			if es, _ := os.ReadDir(filepath.Join(cache, "specs")); len(es) != 0 {
				t.Errorf("the cache holds %d entries after a refused bundle", len(es))
			}
			if _, err := os.Stat(args[4]); err == nil {
				t.Error("-out was written for a refused bundle")
			}
		})
	}
}

// TestFetchFrom: a signed bundle the user has (-from FILE, its signature
// files beside it) is checked and cached like a download; an altered one
// is refused.
func TestFetchFrom(t *testing.T) {
	isolate(t)
	_, tgz, a := site(t)
	dir := t.TempDir()
	file := filepath.Join(dir, version+".tgz")
	write := func(name string, b []byte) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(version+".tgz", tgz)
	write(version+".tgz.sha256", bundletest.SHA256(tgz, version+".tgz"))
	write(version+".tgz.sigstore.json", a.sign(t, goodSAN, goodIssuer, tgz).bundle)
	code, _, stderr := runCmd("-from", file, "-trusted-root", a.rootFile) // VERSION from the file name
	if code != 0 || !strings.Contains(stderr, "read from file://"+filepath.ToSlash(file)+"; trust: signature and transparency log verified") {
		t.Fatalf("exit %d: %s", code, stderr)
	}

	isolate(t)
	write(version+".tgz.sigstore.json", a.sign(t, goodSAN, goodIssuer, []byte("other")).bundle)
	if code, _, stderr := runCmd(version, "-from", dir, "-trusted-root", a.rootFile); code != 2 || !strings.Contains(stderr, "does not verify") {
		t.Errorf("altered: exit %d: %s", code, stderr)
	}
}
