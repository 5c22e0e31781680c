package specfetch

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/adcp-gen/adcp-gen/internal/bundletest"
	"github.com/adcp-gen/adcp-gen/internal/testshared"
)

// corpusVersion is the published version the test bundles are built from.
const corpusVersion = "3.2.0-beta.5"

// entry is one entry of a test archive.
type entry struct {
	name     string
	typeflag byte
	body     string
	linkname string
}

// corpus reads ../shared/adcp-schemas/<version>/ (skipping t when it is
// absent): path relative to the folder → content.
func corpus(t testing.TB, version string) map[string][]byte {
	t.Helper()
	dir := testshared.Dir(t, "adcp-schemas/"+version)
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// corpusEntries is the archive of files under root/schemas/, with every
// published $ref and $id rewritten to /schemas/latest/, in sorted order,
// folders first as tar writes them.
func corpusEntries(files map[string][]byte, root, version string) []entry {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	es := []entry{{name: root + "/", typeflag: tar.TypeDir}, {name: root + "/schemas/", typeflag: tar.TypeDir}}
	dirs := map[string]bool{}
	for _, n := range names {
		if d := filepath.ToSlash(filepath.Dir(n)); d != "." && !dirs[d] {
			dirs[d] = true
			es = append(es, entry{name: root + "/schemas/" + d + "/", typeflag: tar.TypeDir})
		}
		es = append(es, entry{name: root + "/schemas/" + n, typeflag: tar.TypeReg, body: string(bundletest.ToLatest(files[n], version, "$ref", "$id"))})
	}
	return append(es, entry{name: root + "/README.md", typeflag: tar.TypeReg, body: "not kept\n"})
}

// tgz builds a .tgz of es.
func tgz(t testing.TB, es []entry) []byte {
	t.Helper()
	return gzipped(t, tarOf(t, es))
}

// gzipped compresses b.
func gzipped(t testing.TB, b []byte) []byte {
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	if _, err := gz.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := gz.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// tarOf builds a tar archive of es.
func tarOf(t testing.TB, es []entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, e := range es {
		h := &tar.Header{Name: e.name, Typeflag: e.typeflag, Linkname: e.linkname, Mode: 0o644, Format: tar.FormatPAX}
		if e.typeflag == tar.TypeReg {
			h.Size = int64(len(e.body))
		}
		if e.typeflag == tar.TypeDir {
			h.Mode = 0o755
		}
		if e.typeflag == tar.TypeXGlobalHeader {
			h = &tar.Header{Name: e.name, Typeflag: e.typeflag, PAXRecords: map[string]string{"comment": "commit"}, Format: tar.FormatPAX}
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte(e.body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func sum(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// site is a test server for /protocol/: a path is served with its body, or
// its forced status, or cut short after half its declared length; any other
// path is 404. It counts the requests of each path.
type site struct {
	mu       sync.Mutex
	files    map[string][]byte
	status   map[string]int
	truncate map[string]bool
	hits     map[string]int
	srv      *httptest.Server
}

func newSite(t testing.TB) *site {
	s := &site{files: map[string][]byte{}, status: map[string]int{}, truncate: map[string]bool{}, hits: map[string]int{}}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *site) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.hits[r.URL.Path]++
	body, ok := s.files[r.URL.Path]
	status, forced := s.status[r.URL.Path]
	cut := s.truncate[r.URL.Path]
	s.mu.Unlock()
	switch {
	case forced:
		http.Error(w, http.StatusText(status), status)
	case !ok:
		http.NotFound(w, r)
	case cut:
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Write(body[:len(body)/2])
	default:
		w.Write(body)
	}
}

// publish serves bundle as version with its .sha256 ("HEX  version.tgz").
func (s *site) publish(version string, bundle []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := "/protocol/" + version + ".tgz"
	s.files[p] = bundle
	s.files[p+".sha256"] = []byte(sum(bundle) + "  " + version + ".tgz\n")
}

func (s *site) set(path string, body []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.files[path] = body
}

func (s *site) remove(path string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.files, path)
}

func (s *site) hit(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

// fakeVerifier accepts or rejects every signature, and records what it saw.
// It accepts a bundle "BUNDLE", or the files "SIG" and "CRT".
type fakeVerifier struct {
	accept   bool
	detail   string // the Trust.Detail it returns
	artifact []byte
	files    SignatureFiles
}

func (f *fakeVerifier) Verify(artifact []byte, files SignatureFiles) (Trust, error) {
	f.artifact, f.files = artifact, files
	id := "https://github.com/adcontextprotocol/adcp/.github/workflows/release.yml@refs/heads/main"
	switch {
	case !f.accept:
	case files.Bundle != nil && string(files.Bundle) == "BUNDLE":
		return Trust{Signer: id, Detail: f.detail}, nil
	case files.Bundle == nil && string(files.Sig) == "SIG" && string(files.Cert) == "CRT":
		return Trust{Signer: id, Detail: f.detail}, nil
	}
	return Trust{}, errors.New("fake verifier: signature rejected")
}

// fetchWith runs Fetch against s with cache dir.
func fetchWith(t *testing.T, s *site, cacheDir, version string, o Options) (*Bundle, error) {
	t.Helper()
	o.BaseURL = s.srv.URL
	t.Setenv(EnvCacheDir, cacheDir)
	return Fetch(context.Background(), version, o)
}

// smaller changes the limits of Fetch by set until t ends.
func smaller(t *testing.T, set func(*limits)) {
	old := fetchLimits
	set(&fetchLimits)
	t.Cleanup(func() { fetchLimits = old })
}

// cacheEntries lists what the specs folder of the cache holds (never a
// temporary folder after a Fetch).
func cacheEntries(t testing.TB, cacheDir string) []string {
	t.Helper()
	var out []string
	es, _ := os.ReadDir(filepath.Join(cacheDir, "specs"))
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

// readTree reads every file under dir but its record: slash path →
// content.
func readTree(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if !d.Type().IsRegular() {
			t.Errorf("%s: not a regular file", p)
		}
		b, err := os.ReadFile(p)
		if rel, _ := filepath.Rel(dir, p); rel != RecordFile {
			out[filepath.ToSlash(rel)] = b
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func mustContain(t testing.TB, err error, want string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one containing %q", want)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("error %q does not contain %q", err, want)
	}
}
