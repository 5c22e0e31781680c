// Package bundletest publishes spec bundles for tests the way the spec's site
// does: {base}/protocol/{version}.tgz, an archive whose root is
// adcp-{version}/ with schemas/ inside, beside {version}.tgz.sha256. The
// bundles are built in the test from a schema folder (a version of
// ../shared/adcp-schemas), so nothing published is copied into the
// repository.
package bundletest

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"sync/atomic"
	"testing"
	"testing/fstest"
)

// Tgz returns the bundle of version: every regular file of dir under
// adcp-{version}/schemas/, its content passed through edit (given its slash
// path under schemas/) unless edit is nil, in name order with their folders
// first, with fixed times and modes, so the same folder always gives the
// same bytes.
func Tgz(t testing.TB, version, dir string, edit func(name string, b []byte) []byte) []byte {
	t.Helper()
	files := fstest.MapFS{} // its folders are implied, their times zero
	src := os.DirFS(dir)
	err := fs.WalkDir(src, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		b, err := fs.ReadFile(src, name)
		if err == nil && edit != nil {
			b = edit(name, b)
		}
		files["adcp-"+version+"/schemas/"+name] = &fstest.MapFile{Data: b, Mode: 0o644}
		return err
	})
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	if err := errors.Join(err, tw.AddFS(files), tw.Close(), gz.Close()); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// ToLatest rewrites the given members ("$ref", "$id") of b that point at
// https://adcontextprotocol.org/schemas/{version}/ to point at
// /schemas/latest/, as a published bundle holds its $refs (and the latest
// bundle its $ids). It is a text edit: the test data is known.
func ToLatest(b []byte, version string, members ...string) []byte {
	for _, m := range members {
		key := `"` + m + `": "https://adcontextprotocol.org/schemas/`
		b = bytes.ReplaceAll(b, []byte(key+version+"/"), []byte(key+"latest/"))
	}
	return b
}

// SHA256 returns the checksum file of b as sha256sum(1) writes it.
func SHA256(b []byte, name string) []byte {
	sum := sha256.Sum256(b)
	return []byte(hex.EncodeToString(sum[:]) + "  " + name + "\n")
}

// Server serves files under /protocol/ (what is not there is a 404), and
// counts the requests it answers, so a test can tell that a run was
// offline.
type Server struct {
	*httptest.Server
	files    fstest.MapFS
	requests atomic.Int64
}

// NewServer starts a server on 127.0.0.1 that t closes.
func NewServer(t testing.TB) *Server {
	s := &Server{files: fstest.MapFS{}}
	files := http.StripPrefix("/protocol", http.FileServerFS(s.files))
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.requests.Add(1)
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// PublishTgz serves tgz as the bundle of version, with its .sha256.
func (s *Server) PublishTgz(version string, tgz []byte) {
	s.Put(version+".tgz", tgz)
	s.Put(version+".tgz.sha256", SHA256(tgz, version+".tgz"))
}

// Put serves b as /protocol/name, to the requests sent after it.
func (s *Server) Put(name string, b []byte) {
	s.files[name] = &fstest.MapFile{Data: b, Mode: 0o644}
}

// Requests returns how many requests the server has answered.
func (s *Server) Requests() int { return int(s.requests.Load()) }
