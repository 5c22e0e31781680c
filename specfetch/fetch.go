// Package specfetch gets a verified AdCP spec bundle into the user cache,
// and copies what generate reads from it into a folder to commit (Vendor).
//
// A bundle is {base}/protocol/{version}.tgz, or a local file or folder,
// with its .sha256 beside it (always checked) and, for signed releases, its
// Sigstore signature files (checked by a SignatureVerifier). Fetch unpacks
// its schemas safely, within bounds, points their /schemas/latest/
// references at its version, and caches them with a record of where they
// came from; nothing is cached from a bundle that fails a check, and cache
// entries appear whole, by rename.
package specfetch

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"golang.org/x/mod/semver"
)

// DefaultBaseURL is where AdCP publishes its protocol bundles.
const DefaultBaseURL = "https://adcontextprotocol.org"

// Latest is the version name of the newest published bundle. It is unsigned
// upstream and moves, so it is re-checked online on every Fetch.
const Latest = "latest"

// Environment variables.
const (
	// EnvBaseURL overrides DefaultBaseURL (a mirror).
	EnvBaseURL = "ADCPGEN_BASE_URL"
	// EnvCacheDir names the cache folder (see CacheDir).
	EnvCacheDir = "ADCPGEN_CACHE_DIR"
)

// SignatureVerifier checks the Sigstore keyless signature of artifact in the
// files published beside it, with its transparency-log entry. It returns
// who signed when the signature verifies (Signer must not be empty), and
// otherwise an error that says which check failed (Fetch adds the URLs).
type SignatureVerifier interface {
	Verify(artifact []byte, files SignatureFiles) (Trust, error)
}

// SignatureFiles are the signature files published beside a bundle; a nil
// field was not published. Bundle, when present, is the one to check.
type SignatureFiles struct {
	Bundle []byte // {tgz}.sigstore.json: signature, certificate and transparency-log entry
	Sig    []byte // {tgz}.sig: cosign sign-blob's base64 signature
	Cert   []byte // {tgz}.crt: cosign sign-blob's base64 PEM certificate
}

// SigstoreCommand is the command that fetches with Sigstore verification,
// in a module of its own so that the generator does not link Sigstore's
// dependencies. A bundle it verified is served offline to every Fetch.
const SigstoreCommand = "github.com/adcp-gen/adcp-gen/cmd/adcp-gen-fetch"

// Trust is how far a bundle was verified: its signature with the
// signature's transparency-log entry, or, with Signer "", only its digest
// (its published .sha256).
type Trust struct {
	// Signer is the identity the signing certificate was issued to (the
	// signing workflow and ref).
	Signer string `json:"signer,omitempty"`
	// Detail says, for a user to read, what else the verifier checked.
	Detail string `json:"detail,omitempty"`
}

// String says, for a user to read, how far the bundle was verified.
func (t Trust) String() string {
	if t.Signer == "" {
		return "unsigned: digest only (sha256)"
	}
	s := "signature and transparency log verified, signed by " + t.Signer
	if t.Detail != "" {
		s += "; " + t.Detail
	}
	return s
}

// limits bound what one Fetch downloads and unpacks. A published bundle
// stays far below each; tests set smaller ones.
type limits struct {
	Bundle   int64 // bytes of the .tgz
	Unpacked int64 // bytes of the uncompressed tar stream
	Entries  int   // entries of the archive
	FileSize int64 // bytes of one file of the archive
	Name     int   // bytes of the name, or link target, of one entry
	Folders  int   // folders holding the files kept
}

// fetchLimits are the limits of every Fetch.
var fetchLimits = limits{Bundle: 64 << 20, Unpacked: 256 << 20, Entries: 20000, FileSize: 16 << 20, Name: 1024, Folders: 2000}

// Options configure Fetch. The zero value fetches from BaseURL() into
// CacheDir() and refuses a signed bundle.
type Options struct {
	BaseURL  string            // "" means BaseURL(); file:///DIR reads DIR/protocol/
	From     string            // a local {version}.tgz, or a folder holding it, with its .sha256 beside it (replaces BaseURL)
	Verifier SignatureVerifier // checks signatures; nil refuses signed bundles
}

// Bundle is a verified spec bundle in the cache.
type Bundle struct {
	Version     string // as asked: a version or "latest"
	SpecVersion string // the AdCP version of the schemas (latest resolved)
	Dir         string // the schemas folder (core/, enums/, error-details/, ...), with its RecordFile
	Digest      string // hex SHA-256 of the .tgz
	Trust       Trust  // reached when it was fetched
	URL         string // the .tgz it came from (file:// when local)
	Cached      bool   // served from the cache, nothing downloaded
	Offline     bool   // no network access at all
}

// BaseURL returns the base URL Fetch uses by default: $ADCPGEN_BASE_URL,
// else DefaultBaseURL.
func BaseURL() string {
	return cmp.Or(os.Getenv(EnvBaseURL), DefaultBaseURL)
}

// CacheDir returns the cache folder: $ADCPGEN_CACHE_DIR, else adcp-gen in
// the user cache folder.
func CacheDir() (string, error) {
	if d := os.Getenv(EnvCacheDir); d != "" {
		return d, nil
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache folder (set %s): %w", EnvCacheDir, err)
	}
	return filepath.Join(base, "adcp-gen"), nil
}

// ValidVersion reports whether v is a version Fetch accepts: a semantic
// version such as 3.2.0 or 3.2.0-beta.5 (not semver's shorthand 3.2), or
// "latest".
func ValidVersion(v string) bool {
	c := semver.Canonical("v" + v)
	return v == Latest || (len(v) <= 128 && c != "" && strings.HasPrefix("v"+v, c))
}

// checkBaseURL returns base without a trailing slash and, for a file://
// URL, the folder of its bundles (FOLDER/protocol). It accepts an absolute
// http(s) URL without user, query or fragment, or file:///FOLDER.
func checkBaseURL(base string) (trimmed, folder string, err error) {
	u, err := url.Parse(base)
	if err != nil {
		return "", "", fmt.Errorf("base URL %q: %v", base, err)
	}
	trimmed = strings.TrimRight(base, "/")
	if u.Scheme == "file" && (u.Host == "" || u.Host == "localhost") && strings.HasPrefix(u.Path, "/") && u.RawQuery == "" && u.Fragment == "" {
		p := u.Path
		if runtime.GOOS == "windows" && len(p) > 2 && p[2] == ':' { // /C:/x
			p = p[1:]
		}
		return trimmed, filepath.Join(filepath.FromSlash(p), "protocol"), nil
	}
	if (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return "", "", fmt.Errorf("base URL %q: want an http(s) URL such as %s, without user, query or fragment, or file:///FOLDER", base, DefaultBaseURL)
	}
	return trimmed, "", nil
}

// Fetch returns the bundle of version ("latest" or a semantic version) from
// the cache, or downloads, verifies, unpacks and caches it, within 5
// minutes. A pinned version in the cache is served with no network access;
// latest re-reads its .sha256 and reuses the cached tree while its digest
// is unchanged. With o.From a bundle file, version may be "": its name
// gives it.
func Fetch(ctx context.Context, version string, o Options) (*Bundle, error) {
	f, err := newFetcher(o, version)
	if err != nil {
		return nil, err
	}
	if f.version == "" {
		return nil, fmt.Errorf("no version given: name one VERSION (a folder does not say which version it holds; a bundle file named VERSION.tgz does)")
	}
	if !ValidVersion(f.version) {
		return nil, fmt.Errorf("version %q is not a semantic version such as 3.2.0 or 3.2.0-beta.5, nor latest", f.version)
	}
	if f.version != Latest && f.local == "" {
		if b := f.cached(""); b != nil {
			b.Offline = true
			return b, nil
		}
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()

	tgzName := f.version + ".tgz"
	tgzURL, sumURL := f.url(tgzName), f.url(tgzName+".sha256")
	sumFile, found, err := f.get(ctx, tgzName+".sha256", maxChecksumSize)
	if err != nil {
		return nil, err
	}
	if !found {
		// Tell a version that does not exist from a bundle without a checksum.
		if _, found, err := f.get(ctx, tgzName, 0); err == nil && !found {
			return nil, fmt.Errorf("no such version %s at %s (%s: %s)", f.version, f.base, tgzURL, f.notFound())
		}
		return nil, fmt.Errorf("%s: %s: the bundle has no published checksum, and adcp-gen never uses an unverified bundle", sumURL, f.notFound())
	}
	want, err := parseChecksum(sumFile, f.version)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", sumURL, err)
	}

	if f.version == Latest {
		if b := f.cached(want); b != nil {
			return b, nil
		}
	}

	tgz, found, err := f.get(ctx, tgzName, fetchLimits.Bundle)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, fmt.Errorf("no such version %s at %s (%s: %s)", f.version, f.base, tgzURL, f.notFound())
	}
	if got := sha256Hex(tgz); got != want {
		return nil, fmt.Errorf("%s: checksum mismatch: %s says %s, the %d bytes downloaded hash to %s (an altered or truncated download); nothing was cached",
			tgzURL, sumURL, want, len(tgz), got)
	}

	b := &Bundle{Version: f.version, Dir: f.entryDir(), Digest: want, URL: tgzURL}
	if f.version != Latest { // latest is unsigned upstream
		if b.Trust, err = f.checkSignature(ctx, tgzName, tgz); err != nil {
			return nil, err
		}
	}
	if err := f.store(b, tgz); err != nil {
		return nil, fmt.Errorf("%s: %w", tgzURL, err)
	}
	return b, nil
}

// fetcher is one Fetch's settings.
type fetcher struct {
	base     string // the URL {version}.tgz is under, with dir
	dir      string // "/protocol/" on a site, "/" in a folder given by Options.From
	local    string // the folder base+dir names when it is local ("": none), read again every time, not from the cache
	version  string
	cache    string // the specs folder of the cache
	client   *http.Client
	verifier SignatureVerifier
}

func newFetcher(o Options, version string) (*fetcher, error) {
	f := &fetcher{dir: "/protocol/", version: version, client: newClient(), verifier: o.Verifier}
	if o.From != "" {
		from, err := filepath.Abs(o.From)
		if err != nil {
			return nil, err
		}
		st, err := os.Stat(from)
		if err != nil {
			return nil, fmt.Errorf("-from: %v", err)
		}
		if !st.IsDir() {
			if named, ok := strings.CutSuffix(filepath.Base(from), ".tgz"); ok && f.version == "" {
				f.version = named
			}
			if want := f.version + ".tgz"; f.version != "" && filepath.Base(from) != want {
				return nil, fmt.Errorf("-from %s: a bundle file is named VERSION.tgz, here %s, with its .sha256 beside it", from, want)
			}
			from = filepath.Dir(from)
		}
		u := url.URL{Scheme: "file", Path: filepath.ToSlash(from)}
		if !strings.HasPrefix(u.Path, "/") {
			u.Path = "/" + u.Path // file:///C:/x for C:\x on Windows
		}
		f.base, f.dir, f.local = u.String(), "/", from
	} else {
		var err error
		if f.base, f.local, err = checkBaseURL(cmp.Or(o.BaseURL, BaseURL())); err != nil {
			return nil, err
		}
	}
	cacheDir, err := CacheDir()
	if err != nil {
		return nil, err
	}
	if cacheDir, err = filepath.Abs(cacheDir); err != nil {
		return nil, err
	}
	f.cache = filepath.Join(cacheDir, "specs")
	return f, nil
}

// url returns the URL of the file name published beside the bundle.
func (f *fetcher) url(name string) string { return f.base + f.dir + url.PathEscape(name) }

// notFound says how a missing file showed.
func (f *fetcher) notFound() string {
	if f.local != "" {
		return "no such file"
	}
	return "HTTP 404"
}

// checkSignature reads {tgz}.sigstore.json, {tgz}.sig and {tgz}.crt.
// None published: the release predates signing, and the trust stays at
// sha256. A Sigstore bundle, or both .sig and .crt: the verifier must
// accept them. Anything else fails.
func (f *fetcher) checkSignature(ctx context.Context, tgzName string, tgz []byte) (Trust, error) {
	bundleURL, sigURL, crtURL := f.url(tgzName+".sigstore.json"), f.url(tgzName+".sig"), f.url(tgzName+".crt")
	var files SignatureFiles // a file that exists is read as a non-nil slice
	var errs [3]error
	files.Bundle, _, errs[0] = f.get(ctx, tgzName+".sigstore.json", maxBundleSize)
	files.Sig, _, errs[1] = f.get(ctx, tgzName+".sig", maxSignatureSize)
	files.Cert, _, errs[2] = f.get(ctx, tgzName+".crt", maxSignatureSize)
	if err := cmp.Or(errs[:]...); err != nil {
		return Trust{}, fmt.Errorf("signature: %w", err)
	}
	signed := bundleURL
	switch {
	case files.Bundle == nil && files.Sig == nil && files.Cert == nil:
		return Trust{}, nil
	case files.Bundle != nil:
	case files.Sig == nil:
		return Trust{}, fmt.Errorf("incomplete signature: %s exists but %s does not (%s); refusing the bundle", crtURL, sigURL, f.notFound())
	case files.Cert == nil:
		return Trust{}, fmt.Errorf("incomplete signature: %s exists but %s does not (%s); refusing the bundle", sigURL, crtURL, f.notFound())
	default:
		signed = sigURL + " with the certificate " + crtURL
	}
	if f.verifier == nil {
		return Trust{}, fmt.Errorf("%s is signed (%s), but this adcp-gen does not check Sigstore signatures, to keep their "+
			"dependencies out of the generator: fetch it once with `go run %s@latest %s` (the cache is shared), or generate "+
			"from a schema folder with -schemas DIR; refusing the bundle", f.url(tgzName), signed, SigstoreCommand, f.version)
	}
	t, err := f.verifier.Verify(tgz, files)
	if err != nil {
		return Trust{}, fmt.Errorf("%s: the signature %s does not verify: %v; nothing was cached", f.url(tgzName), signed, err)
	}
	if t.Signer == "" {
		return Trust{}, errors.New(f.url(tgzName) + ": the signature verifier returned no signer; refusing the bundle")
	}
	return t, nil
}
