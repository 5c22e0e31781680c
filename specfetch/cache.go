package specfetch

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/adcp-gen/adcp-gen/internal/atomicfile"
)

// The cache, under {CacheDir}/specs/:
//
//	sha256-{digest}/schemas/...   the unpacked, rewritten schemas of a bundle
//	sha256-{digest}/entry.json    its version and the SHA-256 of every file
//	versions/{version}.json       which digest a version is, and the trust reached
//
// An entry is unpacked into a .tmp-* folder beside it and renamed into place
// whole; a version's record is written after its entry, by rename too. So a
// reader sees a whole entry or none, and two runs that fetch one bundle at
// once both end with the same entry. Every use of an entry checks its files
// against entry.json, so a damaged entry is fetched again, never used.

const cacheFormat = 1

// entryMeta is entry.json.
type entryMeta struct {
	Format      int               `json:"format"`
	Digest      string            `json:"digest"`       // of the .tgz
	SpecVersion string            `json:"spec_version"` // of its schemas
	Files       map[string]string `json:"files"`        // schemas/ path → hex SHA-256
}

// pointer is versions/{version}.json.
type pointer struct {
	Format      int    `json:"format"`
	Version     string `json:"version"`
	SpecVersion string `json:"spec_version"`
	Digest      string `json:"digest"`
	Trust       Trust  `json:"trust"`
	URL         string `json:"url"`
}

// cache is the specs/ folder of the cache.
type cache struct{ root string }

func (c *cache) entryDir(digest string) string { return filepath.Join(c.root, "sha256-"+digest) }

func (c *cache) pointerPath(version string) string {
	return filepath.Join(c.root, "versions", version+".json")
}

// lookupDigest returns the cached bundle of version when it is the bundle
// with the given digest ("": any), or nil.
func (c *cache) lookupDigest(version, digest string) *Bundle {
	var p pointer
	if !readJSON(c.pointerPath(version), &p) || p.Format != cacheFormat || p.Version != version ||
		(digest != "" && p.Digest != digest) || !isDigest(p.Digest) {
		return nil
	}
	m, ok := c.check(p.Digest)
	if !ok || m.SpecVersion != p.SpecVersion {
		return nil
	}
	return &Bundle{Version: version, SpecVersion: p.SpecVersion, Dir: filepath.Join(c.entryDir(p.Digest), "schemas"),
		Digest: p.Digest, Trust: p.Trust, URL: p.URL, Cached: true}
}

// check reads the entry of digest and reports whether its files are exactly
// those entry.json lists, with their recorded content.
func (c *cache) check(digest string) (*entryMeta, bool) {
	dir := c.entryDir(digest)
	var m entryMeta
	if !readJSON(filepath.Join(dir, "entry.json"), &m) || m.Format != cacheFormat || m.Digest != digest || len(m.Files) == 0 {
		return nil, false
	}
	schemas := filepath.Join(dir, "schemas")
	seen := 0
	err := filepath.WalkDir(schemas, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(schemas, p)
		want, ok := m.Files[filepath.ToSlash(rel)]
		if !ok || !d.Type().IsRegular() {
			return errors.New("unexpected file")
		}
		if got, err := hashFile(p); err != nil || got != want {
			return errors.New("changed file")
		}
		seen++
		return nil
	})
	return &m, err == nil && seen == len(m.Files)
}

// store puts the bundle tgz (already verified: its digest is digest) in the
// cache, unless an intact entry holds it already, and returns it.
func (c *cache) store(version, digest string, tgz []byte, lim limits) (*Bundle, error) {
	bundle := func(m *entryMeta) (*Bundle, error) {
		if version != Latest && m.SpecVersion != version {
			return nil, fmt.Errorf("the bundle is AdCP %s, not %s as asked", m.SpecVersion, version)
		}
		return &Bundle{Version: version, SpecVersion: m.SpecVersion, Dir: filepath.Join(c.entryDir(digest), "schemas"), Digest: digest}, nil
	}
	if m, ok := c.check(digest); ok {
		return bundle(m)
	}
	if err := os.MkdirAll(c.root, 0o755); err != nil {
		return nil, fmt.Errorf("cache: %v", err)
	}
	c.removeLeftovers()
	tmp, err := os.MkdirTemp(c.root, ".tmp-")
	if err != nil {
		return nil, fmt.Errorf("cache: %v", err)
	}
	defer os.RemoveAll(tmp) // after a rename into place, nothing is left here
	schemas := filepath.Join(tmp, "schemas")
	files, err := unpack(tgz, "adcp-"+version, schemas, lim)
	if err != nil {
		return nil, err
	}
	specVersion, err := bundleVersion(schemas, version)
	if err != nil {
		return nil, err
	}
	m := &entryMeta{Format: cacheFormat, Digest: digest, SpecVersion: specVersion, Files: map[string]string{}}
	for _, rel := range files {
		p := filepath.Join(schemas, filepath.FromSlash(rel))
		if strings.HasSuffix(rel, ".json") {
			data, err := os.ReadFile(p)
			if err != nil {
				return nil, fmt.Errorf("cache: %v", err)
			}
			if out, changed := rewriteLatest(data, specVersion); changed {
				if err := os.WriteFile(p, out, 0o644); err != nil {
					return nil, fmt.Errorf("cache: %v", err)
				}
			}
		}
		if m.Files[rel], err = hashFile(p); err != nil {
			return nil, fmt.Errorf("cache: %v", err)
		}
	}
	if err := writeJSON(filepath.Join(tmp, "entry.json"), m); err != nil {
		return nil, fmt.Errorf("cache: %v", err)
	}
	if err := c.install(tmp, digest); err != nil {
		return nil, fmt.Errorf("cache: %v", err)
	}
	return bundle(m)
}

// install renames the unpacked folder tmp into place as the entry of
// digest. When another run installed it first, its intact entry stays; a
// damaged one is replaced.
func (c *cache) install(tmp, digest string) error {
	dst := c.entryDir(digest)
	err := os.Rename(tmp, dst)
	if err == nil {
		return nil
	}
	if _, statErr := os.Lstat(dst); statErr != nil {
		return err
	}
	if _, ok := c.check(digest); ok {
		return nil // another run was first
	}
	trash, terr := os.MkdirTemp(c.root, ".trash-")
	if terr != nil {
		return terr
	}
	defer os.RemoveAll(trash)
	if err := os.Rename(dst, filepath.Join(trash, "old")); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return os.Rename(tmp, dst)
}

// leftoverAge is how old a temporary folder of the cache must be to be
// another run's leftover (a Fetch that was killed): far longer than a Fetch
// may take.
const leftoverAge = 24 * time.Hour

// removeLeftovers removes the temporary folders killed runs left.
func (c *cache) removeLeftovers() {
	es, err := os.ReadDir(c.root)
	if err != nil {
		return
	}
	for _, e := range es {
		if !strings.HasPrefix(e.Name(), ".tmp-") && !strings.HasPrefix(e.Name(), ".trash-") {
			continue
		}
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > leftoverAge {
			os.RemoveAll(filepath.Join(c.root, e.Name()))
		}
	}
}

// savePointer records which bundle b.Version is.
func (c *cache) savePointer(b *Bundle) error {
	p := pointer{Format: cacheFormat, Version: b.Version, SpecVersion: b.SpecVersion, Digest: b.Digest, Trust: b.Trust, URL: b.URL}
	dir := filepath.Dir(c.pointerPath(b.Version))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cache: %v", err)
	}
	if err := writeJSON(c.pointerPath(b.Version), p); err != nil {
		return fmt.Errorf("cache: %v", err)
	}
	return nil
}

// bundleVersion returns the AdCP version of the unpacked schemas: the
// adcp_version of index.json and manifest.json, which must agree with each
// other and with the version asked; latest must name one.
func bundleVersion(schemas, asked string) (string, error) {
	found, from := "", ""
	for _, name := range []string{"index.json", "manifest.json"} {
		data, err := os.ReadFile(filepath.Join(schemas, name))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		var doc struct {
			V *json.RawMessage `json:"adcp_version"`
		}
		if json.Unmarshal(data, &doc) != nil || doc.V == nil {
			continue // no version said here; the loader judges the file
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

func hashFile(p string) (string, error) {
	f, err := os.Open(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// readJSON decodes the small JSON file p into v and reports success.
func readJSON(p string, v any) bool {
	f, err := os.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, 16<<20))
	return err == nil && json.Unmarshal(data, v) == nil
}

// writeJSON writes v to p by rename, so that p is always whole.
func writeJSON(p string, v any) error {
	data, err := json.MarshalIndent(v, "", "\t")
	if err != nil {
		return err
	}
	return atomicfile.Write(p, append(data, '\n'))
}
