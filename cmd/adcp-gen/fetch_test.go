package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/internal/bundletest"
	"github.com/adcp-gen/adcp-gen/internal/hostile"
	"github.com/adcp-gen/adcp-gen/internal/testshared"
	"github.com/adcp-gen/adcp-gen/specfetch"
)

// fetchVersion is the published version the CLI tests serve.
const fetchVersion = "3.2.0-beta.5"

// publishCorpus serves the bundle called name (a version or latest) of
// the corpus folder dir, which is AdCP version, as a release publishes it:
// its $refs point at /schemas/latest/, and latest's $ids too.
func publishCorpus(t *testing.T, dir, version, name string) *bundletest.Server {
	t.Helper()
	members := []string{"$ref"}
	if name == "latest" {
		members = append(members, "$id")
	}
	srv := bundletest.NewServer(t)
	srv.PublishTgz(name, bundletest.Tgz(t, name, dir, func(_ string, b []byte) []byte {
		return bundletest.ToLatest(b, version, members...)
	}))
	return srv
}

// TestGenerateFetched: generate -version fetches the published bundle from
// the server, then generates from the cache with the server gone, and both
// packages are what -schemas gives from the published folder.
func TestGenerateFetched(t *testing.T) {
	published := testshared.Dir(t, "adcp-schemas/"+fetchVersion)
	t.Setenv("ADCPGEN_CACHE_DIR", t.TempDir())
	t.Setenv("ADCPGEN_CACHE", "off")
	srv := publishCorpus(t, published, fetchVersion, fetchVersion)
	tmp := t.TempDir()

	want := filepath.Join(tmp, "want")
	if code, _, stderr := runCmd("generate", "-schemas", published, "-out", want, "-package", "p"); code != 0 {
		t.Fatalf("generate -schemas: exit %d: %s", code, stderr)
	}
	online := filepath.Join(tmp, "online")
	code, _, stderr := runCmd("generate", "-version", fetchVersion, "-out", online, "-package", "p", "-base-url", srv.URL)
	if code != 0 {
		t.Fatalf("generate -version: exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "AdCP "+fetchVersion+", sha256 ") || !strings.Contains(stderr, "trust: unsigned: digest only (sha256)") {
		t.Errorf("generate -version does not say what it fetched: %q", stderr)
	}
	srv.Close()
	offline := filepath.Join(tmp, "offline")
	t.Setenv("ADCPGEN_BASE_URL", srv.URL) // the environment sets the base too; the server is gone
	if code, _, stderr := runCmd("generate", "-out", offline, "-version", fetchVersion, "-package", "p"); code != 0 {
		t.Fatalf("generate -version offline: exit %d: %s", code, stderr)
	}
	w := snapshot(t, want)
	if len(w) != 4 {
		t.Fatalf("generate -schemas wrote %d files", len(w))
	}
	if got := snapshot(t, online); !reflect.DeepEqual(got, w) {
		t.Error("generate -version (online) differs from generate -schemas of the published folder")
	}
	if got := snapshot(t, offline); !reflect.DeepEqual(got, w) {
		t.Error("generate -version (offline) differs from generate -schemas of the published folder")
	}

	// latest: its $refs and $ids point at /schemas/latest/; its manifest names the version.
	latest := publishCorpus(t, published, fetchVersion, "latest")
	fromLatest := filepath.Join(tmp, "latest")
	code, _, stderr = runCmd("generate", "-version", "latest", "-out", fromLatest, "-package", "p", "-base-url", latest.URL)
	if code != 0 {
		t.Fatalf("generate -version latest: exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "AdCP "+fetchVersion+" (latest), sha256 ") {
		t.Errorf("generate -version latest does not say which version latest is: %q", stderr)
	}
	if got := snapshot(t, fromLatest); !reflect.DeepEqual(got, w) {
		t.Error("generate -version latest differs from generate -schemas of the published folder")
	}
}

// TestFetchCommand: fetch prints the cached folder and the trust, vendors
// the files generate reads (enough to generate the same package), replaces
// its own earlier copy, and refuses an unrelated folder and a missing version.
func TestFetchCommand(t *testing.T) {
	published := testshared.Dir(t, "adcp-schemas/"+fetchVersion)
	t.Setenv("ADCPGEN_CACHE_DIR", t.TempDir())
	t.Setenv("ADCPGEN_CACHE", "off")
	srv := publishCorpus(t, published, fetchVersion, fetchVersion)
	tmp := t.TempDir()
	vendor := filepath.Join(tmp, "schemas")

	code, stdout, stderr := runCmd("fetch", fetchVersion, "-base-url", srv.URL, "-out", vendor)
	if code != 0 {
		t.Fatalf("fetch: exit %d: %s", code, stderr)
	}
	dir := strings.TrimSuffix(stdout, "\n")
	if _, err := os.Stat(filepath.Join(dir, "core", "error.json")); err != nil || strings.Contains(dir, "\n") {
		t.Fatalf("fetch printed %q, not the schema folder", stdout)
	}
	if !strings.Contains(stderr, "trust: unsigned: digest only (sha256)") || !strings.Contains(stderr, "downloaded from "+srv.URL+"/protocol/"+fetchVersion+".tgz") {
		t.Errorf("fetch stderr: %q", stderr)
	}
	if !strings.Contains(stderr, "warning: "+srv.URL+"/protocol/"+fetchVersion+".tgz came over plain http with no signature") {
		t.Errorf("fetch over http with no signature does not warn: %q", stderr)
	}

	// The vendored folder: the files generate reads, byte for byte, and the record.
	vendored := snapshotTree(t, vendor)
	if _, ok := vendored[specfetch.RecordFile]; !ok {
		t.Fatalf("no %s in %s", specfetch.RecordFile, vendor)
	}
	for _, n := range []string{"core/error.json", "enums/error-code.json", "enums/error-scope.json", "manifest.json", "error-details/rate-limited.json", "enums/billing-party.json"} {
		b, err := os.ReadFile(filepath.Join(published, filepath.FromSlash(n)))
		if err != nil {
			t.Fatal(err)
		}
		if vendored[n] != string(b) {
			t.Errorf("vendored %s is not the published file", n)
		}
	}
	if _, ok := vendored["manifest.schema.json"]; ok {
		t.Error("vendored manifest.schema.json, which generate does not read")
	}
	want, got := filepath.Join(tmp, "want"), filepath.Join(tmp, "got")
	if code, _, stderr := runCmd("generate", "-schemas", published, "-out", want, "-package", "p"); code != 0 {
		t.Fatal(stderr)
	}
	if code, _, stderr := runCmd("generate", "-schemas", vendor, "-out", got, "-package", "p"); code != 0 {
		t.Fatalf("generate from the vendored folder: %s", stderr)
	}
	if !reflect.DeepEqual(snapshot(t, got), snapshot(t, want)) {
		t.Error("the package generated from the vendored folder differs")
	}

	// Again, offline: replaces its own copy with the same files.
	srv.Close()
	if code, _, stderr := runCmd("fetch", "-out", vendor, fetchVersion, "-base-url", srv.URL); code != 0 || !strings.Contains(stderr, "from the cache (offline)") {
		t.Fatalf("fetch -out again: exit %d: %s", code, stderr)
	}
	if !reflect.DeepEqual(snapshotTree(t, vendor), vendored) {
		t.Error("a second fetch -out changed the vendored folder")
	}

	// -out inside the cache entry, the entry itself, or another version's
	// entry is refused, and the entry is still served offline.
	specs := filepath.Dir(dir)
	cached := snapshotTree(t, specs)
	for _, dst := range []string{filepath.Join(dir, "vendored"), dir, filepath.Join(specs, "3.1.0"), specs} {
		if code, _, stderr := runCmd("fetch", fetchVersion, "-out", dst); code != 2 || !strings.Contains(stderr, "-out: "+dst+" is inside "+specs+", the cache:") {
			t.Errorf("fetch -out %s: exit %d: %s", dst, code, stderr)
		}
	}
	if !reflect.DeepEqual(snapshotTree(t, specs), cached) {
		t.Error("fetch -out inside the cache changed the cache")
	}

	// A folder whose record is a FIFO is left alone (reading it would wait
	// for a writer).
	fifoOut := filepath.Join(tmp, "fifo-out")
	if err := os.Mkdir(fifoOut, 0o755); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(fifoOut, specfetch.RecordFile)
	hostile.Mkfifo(t, fifo)
	if code, _, stderr := runCmd("fetch", fetchVersion, "-out", fifoOut); code != 2 || !strings.Contains(stderr, fifo+": not a regular file") {
		t.Errorf("fetch -out a folder whose record is a FIFO: exit %d: %s", code, stderr)
	}

	// A vendored file edited since is kept: the folder is left alone.
	edited := filepath.Join(vendor, "core", "error.json")
	if err := os.WriteFile(edited, []byte(vendored["core/error.json"]+" "), 0o644); err != nil {
		t.Fatal(err)
	}
	before := snapshotTree(t, vendor)
	if code, _, stderr := runCmd("fetch", fetchVersion, "-out", vendor); code != 2 || !strings.Contains(stderr, edited+": changed since adcp-gen fetch -out wrote it") {
		t.Errorf("fetch -out over an edited file: exit %d: %s", code, stderr)
	}
	if !reflect.DeepEqual(snapshotTree(t, vendor), before) {
		t.Error("fetch -out changed a folder with an edited file")
	}
	if err := os.WriteFile(edited, []byte(vendored["core/error.json"]), 0o644); err != nil {
		t.Fatal(err)
	}

	// A folder with a file fetch did not write is left alone.
	if err := os.WriteFile(filepath.Join(vendor, "NOTES.md"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(tmp, "other")
	os.Mkdir(other, 0o755)
	os.WriteFile(filepath.Join(other, "go.mod"), []byte("module x\n"), 0o644)
	for _, dst := range []string{vendor, other} {
		before := snapshotTree(t, dst)
		code, _, stderr := runCmd("fetch", fetchVersion, "-out", dst)
		if code != 2 || !strings.Contains(stderr, "which adcp-gen fetch -out did not write: refusing to replace the folder") {
			t.Errorf("fetch -out %s: exit %d: %s", dst, code, stderr)
		}
		if !reflect.DeepEqual(snapshotTree(t, dst), before) {
			t.Errorf("fetch -out changed %s", dst)
		}
	}

	code, _, stderr = runCmd("fetch", "9.9.9", "-base-url", srv.URL)
	if code != 2 || !strings.Contains(stderr, "adcp-gen fetch: cannot reach "+strings.TrimPrefix(srv.URL, "http://")+": offline?") ||
		!strings.Contains(stderr, "GET "+srv.URL+"/protocol/9.9.9.tgz.sha256") {
		t.Errorf("fetch of a missing version, server down: exit %d: %s", code, stderr)
	}
	if code, stdout, _ := runCmd("fetch", "-h"); code != 0 || !strings.Contains(stdout, "usage: adcp-gen fetch VERSION") || !strings.Contains(stdout, "-base-url URL") {
		t.Errorf("fetch -h: exit %d: %s", code, stdout)
	}
	if code, _, _ := runCmd("fetch"); code != 2 {
		t.Errorf("fetch without a version: exit %d", code)
	}
	if code, _, stderr := runCmd("generate", "-schemas", published, "-base-url", srv.URL, "-out", got); code != 2 || !strings.Contains(stderr, "-base-url goes with -version") {
		t.Errorf("generate -schemas -base-url: exit %d: %s", code, stderr)
	}
}

// TestFetchMissingVersion: a version the server does not have is named.
func TestFetchMissingVersion(t *testing.T) {
	t.Setenv("ADCPGEN_CACHE_DIR", t.TempDir())
	srv := bundletest.NewServer(t)
	srv.PublishTgz("1.0.0", []byte("x"))
	code, _, stderr := runCmd("generate", "-version", "9.9.9", "-out", t.TempDir(), "-base-url", srv.URL)
	if code != 2 || !strings.Contains(stderr, "no such version 9.9.9 at "+srv.URL) {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// snapshotTree reads every file under dir: slash path → content.
func snapshotTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
