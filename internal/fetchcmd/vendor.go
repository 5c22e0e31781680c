package fetchcmd

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/adcp-gen/adcp-gen/specfetch"
)

// VendorRecord is the file fetch -out writes beside the schema files: where
// they came from and what they hold. Its presence is what lets a later
// fetch -out replace the folder.
const VendorRecord = "adcp-gen-fetch.json"

// vendorInfo is the content of VendorRecord.
type vendorInfo struct {
	Format      int               `json:"format"`
	Version     string            `json:"version"`      // as asked (a version or latest)
	SpecVersion string            `json:"spec_version"` // of the schemas
	URL         string            `json:"url"`          // the bundle
	SHA256      string            `json:"sha256"`       // of the bundle
	Trust       string            `json:"trust"`        // reached when it was downloaded
	Files       map[string]string `json:"files"`        // path → hex SHA-256
}

const vendorFormat = 1

// Vendor writes into out the files generate reads from the bundle b
// (what schemaload.Load reads: the roots, every file they $ref, the
// manifest) and VendorRecord. out must be absent, empty, or hold only what
// an earlier Vendor wrote; it is replaced whole, by rename. It returns
// the number of schema files written.
func Vendor(b *specfetch.Bundle, out string) (int, error) {
	spec, err := schemaload.LoadVersion(b.Dir, b.SpecVersion)
	if err != nil {
		return 0, fmt.Errorf("AdCP %s does not load, so there is nothing generate could read from it: %v", b.SpecVersion, err)
	}
	abs, err := filepath.Abs(out)
	if err != nil {
		return 0, err
	}
	exists, err := checkVendorDir(abs)
	if err != nil {
		return 0, err
	}
	parent := filepath.Dir(abs)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return 0, err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(abs)+".fetch-*")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp) // nothing is left after the rename
	info := vendorInfo{Format: vendorFormat, Version: b.Version, SpecVersion: b.SpecVersion, URL: b.URL, SHA256: b.Digest,
		Trust: b.Trust.String(), Files: map[string]string{}}
	for _, rel := range spec.Sources {
		data, err := os.ReadFile(filepath.Join(b.Dir, filepath.FromSlash(rel)))
		if err != nil {
			return 0, err
		}
		p := filepath.Join(tmp, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return 0, err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return 0, err
		}
		s := sha256.Sum256(data)
		info.Files[rel] = hex.EncodeToString(s[:])
	}
	rec, err := json.MarshalIndent(info, "", "\t")
	if err != nil {
		return 0, err
	}
	if err := os.WriteFile(filepath.Join(tmp, VendorRecord), append(rec, '\n'), 0o644); err != nil {
		return 0, err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return 0, err
	}
	if !exists {
		return len(spec.Sources), os.Rename(tmp, abs)
	}
	old, err := os.MkdirTemp(parent, "."+filepath.Base(abs)+".old-*")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(old)
	if err := os.Rename(abs, filepath.Join(old, "d")); err != nil {
		return 0, err
	}
	if err := os.Rename(tmp, abs); err != nil {
		if rerr := os.Rename(filepath.Join(old, "d"), abs); rerr != nil {
			return 0, fmt.Errorf("%v; the previous %s is in %s", err, abs, old)
		}
		return 0, err
	}
	return len(spec.Sources), nil
}

// checkVendorDir reports whether dir exists, and refuses a dir that holds
// anything an earlier Vendor did not write there (by its record), a
// file changed since, or that is not a plain folder.
func checkVendorDir(dir string) (bool, error) {
	st, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if !st.IsDir() {
		return false, fmt.Errorf("%s is not a folder (%s): refusing to replace it", dir, st.Mode().Type())
	}
	var info vendorInfo
	if data, err := os.ReadFile(filepath.Join(dir, VendorRecord)); err == nil {
		if json.Unmarshal(data, &info) != nil || info.Format != vendorFormat {
			return false, fmt.Errorf("%s: not a record adcp-gen fetch wrote: refusing to replace %s", filepath.Join(dir, VendorRecord), dir)
		}
	}
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		sum, ours := info.Files[rel]
		if !d.Type().IsRegular() || (!ours && (rel != VendorRecord || info.Format == 0)) {
			return fmt.Errorf("%s holds %s, which adcp-gen fetch -out did not write: refusing to replace the folder (use a new or empty one)", dir, rel)
		}
		if ours {
			// A vendored file edited since: keep the edit, refuse.
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if got := sha256.Sum256(data); hex.EncodeToString(got[:]) != sum {
				return fmt.Errorf("%s: changed since adcp-gen fetch -out wrote it (its SHA-256 is not the one %s records): refusing to replace the folder", p, VendorRecord)
			}
		}
		return nil
	})
	return true, err
}
