package specfetch

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// RecordFile is the record in a folder of a bundle's schemas, in the cache
// and in a folder Vendor wrote: where the files came from and the SHA-256
// of each. Its presence is what lets a later Vendor replace the folder.
const RecordFile = "adcp-gen-fetch.json"

const recordFormat = 1

// record is the content of RecordFile.
type record struct {
	Format      int               `json:"format"`
	Version     string            `json:"version"`      // as asked (a version or latest)
	SpecVersion string            `json:"spec_version"` // of the schemas
	URL         string            `json:"url"`          // the bundle
	SHA256      string            `json:"sha256"`       // of the bundle
	Trust       string            `json:"trust"`        // Signature in words, for a reader
	Signature   Trust             `json:"signature"`    // reached when it was fetched
	Files       map[string]string `json:"files"`        // slash path → hex SHA-256
}

// tmpInfix marks the temporary folders writeFolder makes.
const tmpInfix = ".tmp-"

// writeFolder makes b.Dir hold exactly files (slash path → content) and
// their record for b, written beside it and renamed into place, so that
// b.Dir is whole, or as it was on failure. What b.Dir held is replaced: a
// caller checks first that it may be.
func writeFolder(b *Bundle, files map[string][]byte) error {
	parent := filepath.Dir(b.Dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(b.Dir)+tmpInfix)
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp) // nothing is left here after the rename
	rec := record{Format: recordFormat, Version: b.Version, SpecVersion: b.SpecVersion, URL: b.URL, SHA256: b.Digest,
		Trust: b.Trust.String(), Signature: b.Trust, Files: map[string]string{}}
	for name, data := range files {
		p := filepath.Join(tmp, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
		rec.Files[name] = sha256Hex(data)
	}
	js, _ := json.MarshalIndent(rec, "", "\t") // no error: strings, an int, maps of strings
	if err := os.WriteFile(filepath.Join(tmp, RecordFile), append(js, '\n'), 0o644); err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	old := tmp + ".old"
	if err := os.Rename(b.Dir, old); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := os.Rename(tmp, b.Dir); err != nil {
		if rerr := os.Rename(old, b.Dir); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
			return fmt.Errorf("%v; what %s held is in %s", err, b.Dir, old)
		}
		return err
	}
	os.RemoveAll(old) // what b.Dir held, if anything
	return nil
}

// checkFolder reads the record of the folder dir, and refuses a dir that
// holds anything but its record and the files it lists, unchanged; with
// complete, also one where a listed file is missing.
func checkFolder(dir string, complete bool) (*record, error) {
	var rec record
	p := filepath.Join(dir, RecordFile)
	// Lstat first: reading a FIFO would wait for a writer, and a link could
	// lead to a device that never ends.
	if st, err := os.Lstat(p); err == nil {
		if !st.Mode().IsRegular() {
			return nil, fmt.Errorf("%s: not a regular file (%s): refusing to replace %s", p, st.Mode().Type(), dir)
		}
		data, err := os.ReadFile(p)
		if err != nil || json.Unmarshal(data, &rec) != nil || rec.Format != recordFormat {
			return nil, fmt.Errorf("%s: not a record adcp-gen fetch wrote: refusing to replace %s", p, dir)
		}
	}
	seen := 0
	err := fs.WalkDir(os.DirFS(dir), ".", func(rel string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		sum, ours := rec.Files[rel]
		if !d.Type().IsRegular() || (!ours && (rel != RecordFile || rec.Format == 0)) {
			return fmt.Errorf("%s holds %s, which adcp-gen fetch -out did not write: refusing to replace the folder (use a new or empty one)", dir, rel)
		}
		if ours {
			p := filepath.Join(dir, filepath.FromSlash(rel))
			if data, err := os.ReadFile(p); err != nil || sha256Hex(data) != sum {
				return fmt.Errorf("%s: changed since adcp-gen fetch -out wrote it (its SHA-256 is not the one %s records): refusing to replace the folder", p, RecordFile)
			}
			seen++
		}
		return nil
	})
	if err == nil && complete && (rec.Format == 0 || seen != len(rec.Files)) {
		err = fmt.Errorf("%s: files are missing", dir)
	}
	return &rec, err
}

// Vendor writes the files of b named by files (slash paths under b.Dir)
// and their record into out, to commit, so that builds generate from out
// without the network. out must be absent, empty, or hold only what an
// earlier Vendor wrote, unchanged: it is then replaced whole. It must not
// be in the cache folder b.Dir is in, whose entries are written alike.
func Vendor(b *Bundle, out string, files []string) error {
	out, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	if rel, err := filepath.Rel(filepath.Dir(b.Dir), out); err == nil && filepath.IsLocal(rel) {
		return fmt.Errorf("%s is inside %s, the cache: refusing to write there", out, filepath.Dir(b.Dir))
	}
	if st, err := os.Lstat(out); err == nil && !st.IsDir() {
		return fmt.Errorf("%s is not a folder (%s): refusing to replace it", out, st.Mode().Type())
	} else if err == nil {
		if _, err := checkFolder(out, false); err != nil {
			return err
		}
	}
	data := map[string][]byte{}
	for _, rel := range files {
		if data[rel], err = os.ReadFile(filepath.Join(b.Dir, filepath.FromSlash(rel))); err != nil {
			return err
		}
	}
	v := *b
	v.Dir = out
	return writeFolder(&v, data)
}

// sha256Hex returns the hex SHA-256 of data.
func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
