package specfetch

import (
	"archive/tar"
	"bytes"
	"context"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/adcp-gen/adcp-gen/internal/bundletest"
	"github.com/adcp-gen/adcp-gen/internal/hostile"
)

const root = "adcp-" + corpusVersion

// TestFetchGood fetches a bundle built from the published corpus: the
// cached schemas are exactly the published files (the /schemas/latest/
// references the bundle holds are rewritten back), nothing outside
// schemas/ is kept, the trust is sha256, and a second Fetch, with the
// server gone, is served from the cache.
func TestFetchGood(t *testing.T) {
	files := corpus(t, corpusVersion)
	bundle := tgz(t, corpusEntries(files, root, corpusVersion))
	if bytes.Equal(bundletest.ToLatest(files["core/error.json"], corpusVersion, "$ref", "$id"), files["core/error.json"]) {
		t.Fatal("the test bundle holds no /schemas/latest/ reference: the rewrite is not exercised")
	}
	s := newSite(t)
	s.publish(corpusVersion, bundle)
	cache := t.TempDir()

	b, err := fetchWith(t, s, cache, corpusVersion, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if b.Trust.String() != "unsigned: digest only (sha256)" || b.Cached || b.Offline || b.SpecVersion != corpusVersion || b.Digest != sum(bundle) {
		t.Errorf("bundle = %+v", b)
	}
	if got := readTree(t, b.Dir); !reflect.DeepEqual(got, files) {
		t.Errorf("cached schemas differ from the published files: %d files, want %d", len(got), len(files))
		for n := range files {
			if !bytes.Equal(got[n], files[n]) {
				t.Errorf("%s differs", n)
			}
		}
	}
	if got, want := cacheEntries(t, cache), []string{corpusVersion}; !reflect.DeepEqual(got, want) {
		t.Errorf("cache holds %q, want %q", got, want)
	}

	s.srv.Close()
	again, err := fetchWith(t, s, cache, corpusVersion, Options{})
	if err != nil {
		t.Fatalf("offline: %v", err)
	}
	if !again.Offline || !again.Cached || again.Dir != b.Dir || again.Trust != b.Trust {
		t.Errorf("offline bundle = %+v, want the cached %+v", again, b)
	}
}

// TestFetchRefused: every way a bundle can fail fails with a message that
// says what is wrong, and leaves nothing in the cache.
func TestFetchRefused(t *testing.T) {
	files := corpus(t, corpusVersion)
	good := corpusEntries(files, root, corpusVersion)
	with := func(extra ...entry) []entry { return append(append([]entry(nil), good...), extra...) }
	reg := func(name, body string) entry { return entry{name: name, typeflag: tar.TypeReg, body: body} }

	cases := []struct {
		name    string
		version string
		setup   func(s *site, bundle []byte)
		entries []entry
		opts    Options
		lim     func(*limits) // smaller limits
		want    string
	}{
		{name: "404", version: "9.9.9", setup: func(*site, []byte) {}, want: "no such version 9.9.9 at http://"},
		{name: "bad checksum", setup: func(s *site, b []byte) {
			s.set("/protocol/"+corpusVersion+".tgz.sha256", []byte(sum([]byte("other"))+"\n"))
		}, want: "checksum mismatch"},
		{name: "malformed checksum", setup: func(s *site, b []byte) {
			s.set("/protocol/"+corpusVersion+".tgz.sha256", []byte("sha256:"+sum(b)+"\n"))
		}, want: "not a SHA-256 checksum file"},
		{name: "checksum of another file", setup: func(s *site, b []byte) {
			s.set("/protocol/"+corpusVersion+".tgz.sha256", []byte(sum(b)+"  3.1.0.tgz\n"))
		}, want: `the checksum is of "3.1.0.tgz"`},
		{name: "missing checksum", setup: func(s *site, b []byte) {
			s.remove("/protocol/" + corpusVersion + ".tgz.sha256")
		}, want: ".tgz.sha256: HTTP 404: the bundle has no published checksum"},
		{name: "server error", setup: func(s *site, b []byte) {
			s.status["/protocol/"+corpusVersion+".tgz"] = 500
		}, want: ".tgz: HTTP 500 Internal Server Error"},
		{name: "server error on the checksum", setup: func(s *site, b []byte) {
			s.status["/protocol/"+corpusVersion+".tgz.sha256"] = 503
		}, want: ".tgz.sha256: HTTP 503"},
		{name: "truncated", setup: func(s *site, b []byte) {
			s.truncate["/protocol/"+corpusVersion+".tgz"] = true
		}, want: "cut short"},
		{name: "too large to download", lim: func(l *limits) { l.Bundle = 1000 }, want: "more than the 1000 bytes"},
		{name: "signature rejected", setup: func(s *site, b []byte) {
			s.set("/protocol/"+corpusVersion+".tgz.sig", []byte("SIG"))
			s.set("/protocol/"+corpusVersion+".tgz.crt", []byte("CRT"))
		}, opts: Options{Verifier: &fakeVerifier{accept: false}}, want: ".tgz.crt does not verify: fake verifier: signature rejected"},
		{name: "signed, no verifier", setup: func(s *site, b []byte) {
			s.set("/protocol/"+corpusVersion+".tgz.sig", []byte("SIG"))
			s.set("/protocol/"+corpusVersion+".tgz.crt", []byte("CRT"))
		}, want: "this adcp-gen does not check Sigstore signatures"},
		{name: "signed bundle, no verifier", setup: func(s *site, b []byte) {
			s.set("/protocol/"+corpusVersion+".tgz.sigstore.json", []byte("BUNDLE"))
		}, want: "go run " + SigstoreCommand + "@latest " + corpusVersion},
		{name: "sigstore bundle rejected", setup: func(s *site, b []byte) {
			s.set("/protocol/"+corpusVersion+".tgz.sigstore.json", []byte("OTHER"))
		}, opts: Options{Verifier: &fakeVerifier{accept: true}}, want: ".tgz.sigstore.json does not verify: fake verifier: signature rejected"},
		{name: "sigstore bundle beside a good .sig and .crt, rejected", setup: func(s *site, b []byte) {
			s.set("/protocol/"+corpusVersion+".tgz.sigstore.json", []byte("OTHER"))
			s.set("/protocol/"+corpusVersion+".tgz.sig", []byte("SIG"))
			s.set("/protocol/"+corpusVersion+".tgz.crt", []byte("CRT"))
		}, opts: Options{Verifier: &fakeVerifier{accept: true}}, want: ".tgz.sigstore.json does not verify"},
		{name: "sigstore bundle server error", setup: func(s *site, b []byte) {
			s.status["/protocol/"+corpusVersion+".tgz.sigstore.json"] = 500
		}, opts: Options{Verifier: &fakeVerifier{accept: true}}, want: ".tgz.sigstore.json: HTTP 500"},
		{name: "sig without crt", setup: func(s *site, b []byte) {
			s.set("/protocol/"+corpusVersion+".tgz.sig", []byte("SIG"))
		}, opts: Options{Verifier: &fakeVerifier{accept: true}}, want: "incomplete signature"},
		{name: "empty sig without crt", setup: func(s *site, b []byte) {
			s.set("/protocol/"+corpusVersion+".tgz.sig", []byte{})
		}, want: "incomplete signature"},
		{name: "crt without sig", setup: func(s *site, b []byte) {
			s.set("/protocol/"+corpusVersion+".tgz.crt", []byte("CRT"))
		}, opts: Options{Verifier: &fakeVerifier{accept: true}}, want: "incomplete signature"},
		{name: "sig server error", setup: func(s *site, b []byte) {
			s.set("/protocol/"+corpusVersion+".tgz.crt", []byte("CRT"))
			s.status["/protocol/"+corpusVersion+".tgz.sig"] = 500
		}, opts: Options{Verifier: &fakeVerifier{accept: true}}, want: ".tgz.sig: HTTP 500"},
		{name: "symlink", entries: with(entry{name: root + "/schemas/core/x.json", typeflag: tar.TypeSymlink, linkname: "/etc/passwd"}), want: "a symbolic link"},
		{name: "symlink outside schemas", entries: with(entry{name: root + "/docs", typeflag: tar.TypeSymlink, linkname: "schemas"}), want: "a symbolic link"},
		{name: "hard link", entries: with(entry{name: root + "/schemas/core/x.json", typeflag: tar.TypeLink, linkname: root + "/schemas/core/error.json"}), want: "a hard link"},
		{name: "fifo", entries: with(entry{name: root + "/schemas/fifo", typeflag: tar.TypeFifo}), want: "not a regular file or folder"},
		{name: "traversal", entries: with(reg(root+"/schemas/../../../evil.json", "{}")), want: "not a clean local path"},
		{name: "absolute", entries: with(reg("/tmp/evil.json", "{}")), want: "not a clean local path"},
		{name: "outside the root", entries: with(reg("adcp-3.1.0/schemas/core/error.json", "{}")), want: "outside adcp-" + corpusVersion + "/"},
		{name: "duplicate", entries: with(reg(root+"/schemas/core/error.json", "{}")), want: "given twice"},
		{name: "file used as a folder", entries: with(reg(root+"/schemas/core/error.json/x.json", "{}")), want: `inside "schemas/core/error.json", which is a file`},
		{name: "too many files", lim: func(l *limits) { l.Entries = 10 }, want: "more than the 10 entries"},
		{name: "file too large", lim: func(l *limits) { l.FileSize = 1000 }, want: "more than the 1000 adcp-gen accepts for one file"},
		{name: "unpacks too large", lim: func(l *limits) { l.Unpacked = 10000 }, want: "unpacks to more bytes"},
		{name: "no schemas", entries: []entry{reg(root+"/README.md", "x")}, want: "no files under " + root + "/schemas/"},
		{name: "version mismatch", entries: with(reg(root+"/schemas/index.json", `{"adcp_version": "3.1.0"}`)), want: "schemas/manifest.json says AdCP " + corpusVersion + ", but schemas/index.json says 3.1.0"},
		{name: "not gzip", setup: func(s *site, b []byte) { s.publish(corpusVersion, []byte("plain text")) }, want: "not a gzip archive"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			es := c.entries
			if es == nil {
				es = good
			}
			bundle := tgz(t, es)
			s := newSite(t)
			s.publish(corpusVersion, bundle)
			if c.setup != nil {
				c.setup(s, bundle)
			}
			version := c.version
			if version == "" {
				version = corpusVersion
			}
			if c.lim != nil {
				smaller(t, c.lim)
			}
			cache := t.TempDir()
			b, err := fetchWith(t, s, cache, version, c.opts)
			if err == nil {
				t.Fatalf("fetched %+v, want an error containing %q", b, c.want)
			}
			mustContain(t, err, c.want)
			if got := cacheEntries(t, cache); len(got) != 0 {
				t.Errorf("the cache holds %q after a failed Fetch", got)
			}
		})
	}
}

// TestFetchSigned: with a Sigstore bundle, or both .sig and .crt, the
// verifier sees the archive and the files, and what it established is the
// trust reached, kept with the cached version.
func TestFetchSigned(t *testing.T) {
	bundle := tgz(t, corpusEntries(corpus(t, corpusVersion), root, corpusVersion))
	const id = "https://github.com/adcontextprotocol/adcp/.github/workflows/release.yml@refs/heads/main"
	for _, tt := range []struct {
		name, detail string
		files        map[string]string
		want         string
	}{
		{"sig and crt", "", map[string]string{".sig": "SIG", ".crt": "CRT"},
			"signature and transparency log verified, signed by " + id},
		{"sig and crt, detail", "CT log checked", map[string]string{".sig": "SIG", ".crt": "CRT"},
			"signature and transparency log verified, signed by " + id + "; CT log checked"},
		{"sigstore bundle", "", map[string]string{".sigstore.json": "BUNDLE"},
			"signature and transparency log verified, signed by " + id},
		{"sigstore bundle beside sig and crt", "", map[string]string{".sigstore.json": "BUNDLE", ".sig": "x", ".crt": "y"},
			"signature and transparency log verified, signed by " + id},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newSite(t)
			s.publish(corpusVersion, bundle)
			for ext, body := range tt.files {
				s.set("/protocol/"+corpusVersion+".tgz"+ext, []byte(body))
			}
			v := &fakeVerifier{accept: true, detail: tt.detail}
			cache := t.TempDir()
			b, err := fetchWith(t, s, cache, corpusVersion, Options{Verifier: v})
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(v.artifact, bundle) {
				t.Error("the verifier did not get the archive")
			}
			if b.Trust.String() != tt.want || b.Trust.Signer != id {
				t.Errorf("trust %+v (%q), want %q", b.Trust, b.Trust, tt.want)
			}
			again, err := fetchWith(t, s, cache, corpusVersion, Options{})
			if err != nil || !again.Offline || again.Trust != b.Trust {
				t.Errorf("offline: %+v, %v; want trust %+v", again, err, b.Trust)
			}
		})
	}
}

// TestFetchLocal: a bundle the user has, as a file or in a folder (-from)
// or under a file:// base URL, is checked as a download is (its .sha256,
// its signature files) and cached the same way; a bad one is refused with
// nothing cached.
func TestFetchLocal(t *testing.T) {
	bundle := tgz(t, corpusEntries(corpus(t, corpusVersion), root, corpusVersion))
	dir := t.TempDir()
	write := func(name string, b []byte) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tgzName := corpusVersion + ".tgz"
	write(tgzName, bundle)
	write(tgzName+".sha256", []byte(sum(bundle)+"  "+tgzName+"\n"))
	write("protocol/"+tgzName, bundle)
	write("protocol/"+tgzName+".sha256", []byte(sum(bundle)+"\n"))

	for _, o := range []Options{
		{From: filepath.Join(dir, tgzName)},
		{From: dir},
		{BaseURL: "file://" + filepath.ToSlash(dir)},
	} {
		cache := t.TempDir()
		t.Setenv(EnvCacheDir, cache)
		b, err := Fetch(context.Background(), corpusVersion, o)
		if err != nil {
			t.Fatalf("%+v: %v", o, err)
		}
		if b.Trust.Signer != "" || b.Digest != sum(bundle) || !strings.HasPrefix(b.URL, "file://") || b.Cached {
			t.Errorf("%+v: bundle %+v", o, b)
		}
		if _, err := os.Stat(filepath.Join(b.Dir, "core", "error.json")); err != nil {
			t.Error(err)
		}
		// Cached as a download is: served from the cache without the file.
		again, err := Fetch(context.Background(), corpusVersion, Options{BaseURL: "http://127.0.0.1:1"})
		if err != nil || !again.Offline || again.Dir != b.Dir {
			t.Errorf("%+v: then from the cache: %+v, %v", o, again, err)
		}
	}
	// No version: a bundle file's name gives it; a folder's does not.
	t.Setenv(EnvCacheDir, t.TempDir())
	if b, err := Fetch(context.Background(), "", Options{From: filepath.Join(dir, tgzName)}); err != nil || b.Version != corpusVersion {
		t.Errorf("-from %s, no version: %+v, %v", tgzName, b, err)
	}
	if _, err := Fetch(context.Background(), "", Options{From: dir}); err == nil || !strings.Contains(err.Error(), "no version given: name one VERSION") {
		t.Errorf("-from a folder, no version: %v", err)
	}
	for from, want := range map[string]string{
		filepath.Join(dir, tgzName):      "a bundle file is named VERSION.tgz, here 3.1.0.tgz",
		filepath.Join(dir, "absent.tgz"): "-from: stat ",
		dir:                              "no such version 3.1.0 at file://" + filepath.ToSlash(dir) + " (file://" + filepath.ToSlash(dir) + "/3.1.0.tgz: no such file)",
	} {
		t.Setenv(EnvCacheDir, t.TempDir())
		if _, err := Fetch(context.Background(), "3.1.0", Options{From: from}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("-from %s, another version: %v, want %q", from, err, want)
		}
	}

	// A signed local bundle with no verifier, a bad digest, no .sha256, a
	// lone .sig: refused, nothing cached.
	for _, tc := range []struct {
		name string
		edit func()
		opts Options
		want string
	}{
		{"signed", func() { write(tgzName+".sigstore.json", []byte("BUNDLE")) }, Options{}, "does not check Sigstore signatures"},
		{"signed, rejected", func() { write(tgzName+".sigstore.json", []byte("OTHER")) }, Options{Verifier: &fakeVerifier{accept: true}}, "does not verify"},
		{"lone sig", func() { os.Remove(filepath.Join(dir, tgzName+".sigstore.json")); write(tgzName+".sig", []byte("SIG")) }, Options{}, "incomplete signature"},
		{"digest mismatch", func() {
			os.Remove(filepath.Join(dir, tgzName+".sig"))
			write(tgzName+".sha256", []byte(sum([]byte("x"))+"\n"))
		}, Options{}, "checksum mismatch"},
		{"no checksum", func() { os.Remove(filepath.Join(dir, tgzName+".sha256")) }, Options{}, ".tgz.sha256: no such file: the bundle has no published checksum"},
	} {
		tc.edit()
		cache := t.TempDir()
		tc.opts.From = filepath.Join(dir, tgzName)
		t.Setenv(EnvCacheDir, cache)
		_, err := Fetch(context.Background(), corpusVersion, tc.opts)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
		if got := cacheEntries(t, cache); len(got) != 0 {
			t.Errorf("%s: the cache holds %q", tc.name, got)
		}
	}
}

// TestFetchUnreachable: a host that cannot be reached (here: nothing
// listening) fails with what to do offline.
func TestFetchUnreachable(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	t.Setenv(EnvCacheDir, t.TempDir())
	_, err = Fetch(context.Background(), "3.1.0", Options{BaseURL: "http://" + addr})
	mustContain(t, err, "cannot reach "+addr+": offline? copy the release bundle (3.1.0.tgz and 3.1.0.tgz.sha256")
	mustContain(t, err, "`adcp-gen fetch -from 3.1.0.tgz`, or generate from a schema folder with `adcp-gen generate -schemas DIR`")
}

// TestFetchLatest: latest resolves to the version its manifest names, has
// its /schemas/latest/ references rewritten to it, re-reads only the
// .sha256 while it is unchanged, downloads again when it changes, and
// needs the network.
func TestFetchLatest(t *testing.T) {
	files := corpus(t, corpusVersion)
	bundle := tgz(t, corpusEntries(files, "adcp-latest", corpusVersion))
	s := newSite(t)
	s.publish("latest", bundle)
	s.set("/protocol/latest.tgz.sig", []byte("SIG")) // never fetched: latest is unsigned upstream
	cache := t.TempDir()

	b, err := fetchWith(t, s, cache, "latest", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if b.SpecVersion != corpusVersion || b.Version != "latest" || b.Cached || b.Trust.Signer != "" {
		t.Errorf("bundle = %+v", b)
	}
	if got := readTree(t, b.Dir); !reflect.DeepEqual(got, files) {
		t.Error("the latest references were not rewritten to " + corpusVersion)
	}
	if s.hit("/protocol/latest.tgz.sig") != 0 {
		t.Error("fetched the signature of latest")
	}

	again, err := fetchWith(t, s, cache, "latest", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !again.Cached || again.Offline || again.Dir != b.Dir {
		t.Errorf("unchanged latest: %+v, want the cached tree, checked online", again)
	}
	if got := [2]int{s.hit("/protocol/latest.tgz.sha256"), s.hit("/protocol/latest.tgz")}; got != [2]int{2, 1} {
		t.Errorf(".sha256 and .tgz requested %v times, want [2 1]", got)
	}

	files["manifest.json"] = bytes.Replace(files["manifest.json"], []byte(`"generated_at": "`), []byte(`"generated_at": "X`), 1)
	changed := tgz(t, corpusEntries(files, "adcp-latest", corpusVersion))
	s.publish("latest", changed)
	third, err := fetchWith(t, s, cache, "latest", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if third.Cached || third.Digest != sum(changed) {
		t.Errorf("changed latest: %+v, want a new download", third)
	}
	if got := readTree(t, third.Dir); !bytes.Equal(got["manifest.json"], files["manifest.json"]) {
		t.Error("the new latest is not what was served")
	}

	s.srv.Close()
	_, err = fetchWith(t, s, cache, "latest", Options{})
	mustContain(t, err, "latest.tgz.sha256")
}

// TestFetchLatestNoVersion: a latest bundle that names no version is refused.
func TestFetchLatestNoVersion(t *testing.T) {
	files := corpus(t, corpusVersion)
	delete(files, "manifest.json")
	s := newSite(t)
	s.publish("latest", tgz(t, corpusEntries(files, "adcp-latest", corpusVersion)))
	_, err := fetchWith(t, s, t.TempDir(), "latest", Options{})
	mustContain(t, err, "names no adcp_version")
}

// TestFetchDamagedCache: a cached entry whose files are not those its
// record lists, or which lost its record, or whose record is not a regular
// file, is not used: a pinned version is fetched again.
func TestFetchDamagedCache(t *testing.T) {
	files := corpus(t, corpusVersion)
	for _, tc := range []struct {
		name   string
		damage func(dir string) error
	}{
		{"changed file", func(dir string) error {
			return os.WriteFile(filepath.Join(dir, "core", "error.json"), []byte("{}"), 0o644)
		}},
		{"missing file", func(dir string) error { return os.Remove(filepath.Join(dir, "core", "error.json")) }},
		{"extra file", func(dir string) error {
			return os.WriteFile(filepath.Join(dir, "core", "extra.json"), []byte("{}"), 0o644)
		}},
		{"missing record", func(dir string) error { return os.Remove(filepath.Join(dir, RecordFile)) }},
		{"record a FIFO", func(dir string) error { // reading it would wait for a writer
			p := filepath.Join(dir, RecordFile)
			if err := os.Remove(p); err != nil {
				return err
			}
			hostile.Mkfifo(t, p)
			return nil
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSite(t)
			s.publish(corpusVersion, tgz(t, corpusEntries(files, root, corpusVersion)))
			cache := t.TempDir()
			b, err := fetchWith(t, s, cache, corpusVersion, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if err := tc.damage(b.Dir); err != nil {
				t.Fatal(err)
			}
			again, err := fetchWith(t, s, cache, corpusVersion, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if again.Cached || s.hit("/protocol/"+corpusVersion+".tgz") != 2 {
				t.Errorf("damaged entry: %+v, want a new download", again)
			}
			if got := readTree(t, again.Dir); !reflect.DeepEqual(got, files) {
				t.Error("the damaged entry was not replaced")
			}
			if got := cacheEntries(t, cache); len(got) != 1 {
				t.Errorf("cache holds %q, want one entry", got)
			}
		})
	}
}

// TestFetchConcurrent: runs that fetch one bundle at once all succeed and
// share one entry.
func TestFetchConcurrent(t *testing.T) {
	s := newSite(t)
	s.publish(corpusVersion, tgz(t, corpusEntries(corpus(t, corpusVersion), root, corpusVersion)))
	cache := t.TempDir()
	t.Setenv(EnvCacheDir, cache)
	var wg sync.WaitGroup
	dirs := make([]string, 4)
	errs := make([]error, 4)
	for i := range dirs {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			b, err := Fetch(context.Background(), corpusVersion, Options{BaseURL: s.srv.URL})
			errs[i] = err
			if err == nil {
				dirs[i] = b.Dir
			}
		}(i)
	}
	wg.Wait()
	for i := range dirs {
		if errs[i] != nil || dirs[i] != dirs[0] {
			t.Errorf("run %d: %q, %v", i, dirs[i], errs[i])
		}
	}
	if got := cacheEntries(t, cache); len(got) != 1 {
		t.Errorf("cache holds %q, want one entry", got)
	}
}

func TestParseChecksum(t *testing.T) {
	hex := strings.Repeat("ab", 32)
	cases := []struct {
		in, want, err string
	}{
		{in: hex, want: hex},
		{in: hex + "\n", want: hex},
		{in: strings.ToUpper(hex) + "\r\n", want: hex},
		{in: hex + "  3.2.0.tgz\n", want: hex},
		{in: hex + " *3.2.0.tgz\n", want: hex},
		{in: hex + "  dist/protocol/3.2.0.tgz\n", want: hex},
		{in: hex + " 3.2.0.tgz", err: "not a SHA-256 checksum file"},
		{in: hex + "  3.2.1.tgz", err: `the checksum is of "3.2.1.tgz"`},
		{in: hex + "  ", err: "not a SHA-256 checksum file"},
		{in: hex[:62], err: "not a SHA-256 checksum file"},
		{in: hex + "00", err: "not a SHA-256 checksum file"},
		{in: strings.Repeat("zz", 32), err: "not a SHA-256 checksum file"},
		{in: "", err: "not a SHA-256 checksum file"},
		{in: hex + "\n" + hex + "\n", err: "one line"},
		{in: "SHA256 (3.2.0.tgz) = " + hex, err: "not a SHA-256 checksum file"},
	}
	for _, c := range cases {
		got, err := parseChecksum([]byte(c.in), "3.2.0")
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%q: %q, %v; want error %q", c.in, got, err, c.err)
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("%q: %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}

func TestFetchBadArguments(t *testing.T) {
	for _, c := range []struct{ version, base, want string }{
		{"3.2", "https://example.com", "not a semantic version"},
		{"../3.2.0", "https://example.com", "not a semantic version"},
		{"3.2.0", "ftp://example.com", "want an http(s) URL"},
		{"3.2.0", "https://example.com/?q=1", "want an http(s) URL"},
		{"3.2.0", "example.com", "want an http(s) URL"},
	} {
		t.Setenv(EnvCacheDir, t.TempDir())
		_, err := Fetch(context.Background(), c.version, Options{BaseURL: c.base})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Fetch(%q, %q): %v, want %q", c.version, c.base, err, c.want)
		}
	}
}

// TestFetchRemovesLeftovers: a temporary folder a killed run left a day ago
// is removed; one a running Fetch may be using is not.
func TestFetchRemovesLeftovers(t *testing.T) {
	s := newSite(t)
	s.publish(corpusVersion, tgz(t, corpusEntries(corpus(t, corpusVersion), root, corpusVersion)))
	cache := t.TempDir()
	specs := filepath.Join(cache, "specs")
	old, fresh := filepath.Join(specs, ".tmp-old"), filepath.Join(specs, ".tmp-fresh")
	for _, d := range []string{old, fresh} {
		if err := os.MkdirAll(filepath.Join(d, "schemas"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	long := time.Now().Add(-2 * leftoverAge)
	if err := os.Chtimes(old, long, long); err != nil {
		t.Fatal(err)
	}
	if _, err := fetchWith(t, s, cache, corpusVersion, Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(old); err == nil {
		t.Error("the old leftover is still there")
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("the fresh temporary folder was removed: %v", err)
	}
}
