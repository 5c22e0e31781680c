package specfetch

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// The cache holds, under {CacheDir}/specs/{version}/, the unpacked,
// rewritten schemas of a version and their record (RecordFile), written
// whole by writeFolder. Every use of an entry checks its files against the
// record, so a damaged entry is fetched again, never used.

// entryDir is the cache folder of the version fetched.
func (f *fetcher) entryDir() string { return filepath.Join(f.cache, f.version) }

// cached returns the cached bundle of the version fetched when its entry is
// intact and is the bundle with the given digest ("": any), or nil.
func (f *fetcher) cached(digest string) *Bundle {
	dir := f.entryDir()
	rec, err := checkFolder(dir, true) // a complete folder has a record of recordFormat
	if err != nil || rec.Version != f.version || !isDigest(rec.SHA256) || (digest != "" && rec.SHA256 != digest) {
		return nil
	}
	return &Bundle{Version: rec.Version, SpecVersion: rec.SpecVersion, Dir: dir, Digest: rec.SHA256, Trust: rec.Signature,
		URL: rec.URL, Cached: true}
}

// store unpacks b's archive tgz (verified: its digest is b.Digest),
// rewrites its /schemas/latest/ references and writes it into the cache
// as b.Dir, setting b.SpecVersion.
func (f *fetcher) store(b *Bundle, tgz []byte) error {
	files, err := unpack(tgz, "adcp-"+f.version, fetchLimits)
	if err != nil {
		return err
	}
	if b.SpecVersion, err = bundleVersion(files, f.version); err != nil {
		return err
	}
	for name, data := range files {
		if strings.HasSuffix(name, ".json") {
			files[name] = rewriteLatest(data, b.SpecVersion)
		}
	}
	f.removeLeftovers()
	// A failure is none when another run wrote the same bundle first.
	if err := writeFolder(b, files); err != nil && f.cached(b.Digest) == nil {
		return fmt.Errorf("cache: %v", err)
	}
	return nil
}

// leftoverAge is the age past which a temporary folder of the cache is a
// killed run's leftover: far longer than a Fetch may take.
const leftoverAge = 24 * time.Hour

// removeLeftovers removes the temporary folders killed runs left.
func (f *fetcher) removeLeftovers() {
	es, _ := os.ReadDir(f.cache) // best effort: on error, the entries read before it
	for _, e := range es {
		if !strings.HasPrefix(e.Name(), ".") || !strings.Contains(e.Name(), tmpInfix) {
			continue
		}
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > leftoverAge {
			os.RemoveAll(filepath.Join(f.cache, e.Name()))
		}
	}
}

// bundleVersion returns the AdCP version of the unpacked schemas: the
// adcp_version of index.json and manifest.json, which must agree with each
// other and with the version asked; latest must name one.
func bundleVersion(files map[string][]byte, asked string) (string, error) {
	found, from := "", ""
	for _, name := range []string{"index.json", "manifest.json"} {
		var doc struct {
			V *json.RawMessage `json:"adcp_version"`
		}
		if json.Unmarshal(files[name], &doc) != nil || doc.V == nil {
			continue // absent, or no version said here; the loader judges the file
		}
		var v string
		if json.Unmarshal(*doc.V, &v) != nil || !ValidVersion(v) || v == Latest {
			return "", fmt.Errorf("schemas/%s: adcp_version %s is not a version", name, clip(string(*doc.V), 60))
		}
		if found != "" && v != found {
			return "", fmt.Errorf("schemas/%s says AdCP %s, but schemas/%s says %s", name, v, from, found)
		}
		found, from = v, name
	}
	switch {
	case asked == Latest && found == "":
		return "", errors.New("the latest bundle names no adcp_version in schemas/index.json or schemas/manifest.json, so its version is unknown")
	case asked == Latest:
		return found, nil
	case found != "" && found != asked:
		return "", fmt.Errorf("schemas/%s says the bundle is AdCP %s, not %s as asked", from, found, asked)
	}
	return asked, nil
}

func isDigest(s string) bool {
	return len(s) == 64 && strings.Trim(s, "0123456789abcdef") == ""
}
