package specfetch

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// unpack reads the .tgz archive and writes the files under root/schemas/
// (root is adcp-{version}) into dst, an empty folder, and returns their
// slash-separated paths relative to dst. It refuses the whole archive on
// anything but regular files and folders (symbolic and hard links, devices,
// FIFOs, sparse files), a name that is absolute, holds a "." or ".." element
// or a backslash, or lies outside root/, a name given twice, a file used as
// a folder, and archives past the limits. Files outside root/schemas/ are
// checked and skipped.
func unpack(tgz []byte, root, dst string, lim limits) ([]string, error) {
	gz, err := gzip.NewReader(bytes.NewReader(tgz))
	if err != nil {
		return nil, fmt.Errorf("not a gzip archive: %v", err)
	}
	// The bound on the uncompressed stream (a gzip bomb): a read past it
	// ends the stream early, and any error then says why.
	lr := &io.LimitedReader{R: gz, N: lim.Unpacked + 1}
	tr := tar.NewReader(lr)
	why := func(err error) error {
		if lr.N <= 0 {
			return errors.New("the archive unpacks to more bytes than adcp-gen accepts")
		}
		return err
	}
	seen := map[string]bool{} // name → is an explicit entry (false: a folder implied by a deeper name)
	isFile := map[string]bool{}
	prefix := root + "/schemas/"
	var files []string
	for n := 0; ; n++ {
		h, err := tr.Next()
		if err == io.EOF && lr.N > 0 {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("not a valid tar.gz archive: %v", why(err))
		}
		if n >= lim.Entries {
			return nil, fmt.Errorf("the archive holds more than the %d entries adcp-gen accepts", lim.Entries)
		}
		if h.Typeflag == tar.TypeXGlobalHeader {
			continue // pax metadata for the whole archive, not a file
		}
		name, err := entryName(h, root)
		if err != nil {
			return nil, err
		}
		if name == "" {
			continue // the root folder itself
		}
		dir := h.Typeflag == tar.TypeDir
		if explicit, ok := seen[name]; ok && explicit {
			return nil, fmt.Errorf("archive entry %q: given twice", h.Name)
		} else if ok && !dir {
			return nil, fmt.Errorf("archive entry %q: a file, where an earlier entry is inside it", h.Name)
		}
		for p := path.Dir(name); p != "."; p = path.Dir(p) {
			if isFile[p] {
				return nil, fmt.Errorf("archive entry %q: inside %q, which is a file", h.Name, p)
			}
			if _, ok := seen[p]; !ok {
				seen[p] = false
			}
		}
		seen[name], isFile[name] = true, !dir
		if dir {
			continue
		}
		if h.Size > lim.FileSize {
			return nil, fmt.Errorf("archive entry %q: %d bytes, more than the %d adcp-gen accepts for one file", h.Name, h.Size, lim.FileSize)
		}
		rel, keep := strings.CutPrefix(root+"/"+name, prefix)
		if !keep {
			if _, err := io.Copy(io.Discard, tr); err != nil {
				return nil, fmt.Errorf("archive entry %q: %v", h.Name, why(err))
			}
			continue
		}
		if err := writeEntry(filepath.Join(dst, filepath.FromSlash(rel)), tr); err != nil {
			return nil, fmt.Errorf("archive entry %q: %v", h.Name, why(err))
		}
		files = append(files, rel)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("the archive holds no files under %s", prefix)
	}
	return files, nil
}

// entryName checks the name of an archive entry and returns it relative to
// root ("" for root itself, and for "./").
func entryName(h *tar.Header, root string) (string, error) {
	switch h.Typeflag {
	case tar.TypeReg, tar.TypeDir:
	case tar.TypeSymlink:
		return "", fmt.Errorf("archive entry %q: a symbolic link (to %q): refused", h.Name, h.Linkname)
	case tar.TypeLink:
		return "", fmt.Errorf("archive entry %q: a hard link (to %q): refused", h.Name, h.Linkname)
	default:
		return "", fmt.Errorf("archive entry %q: not a regular file or folder (type %q): refused", h.Name, h.Typeflag)
	}
	name := h.Name
	if h.Typeflag == tar.TypeDir {
		name = strings.TrimSuffix(name, "/")
	}
	if name == "." && h.Typeflag == tar.TypeDir {
		return "", nil // the folder the archive was made in ("tar -C dir .")
	}
	name = strings.TrimPrefix(name, "./")
	switch {
	case name == "" || strings.HasPrefix(name, "/"):
		return "", fmt.Errorf("archive entry %q: an absolute path: refused", h.Name)
	case strings.ContainsAny(name, "\\\x00"):
		return "", fmt.Errorf("archive entry %q: a backslash or NUL in the name: refused", h.Name)
	}
	for _, e := range strings.Split(name, "/") {
		if e == "" || e == "." || e == ".." {
			return "", fmt.Errorf("archive entry %q: an empty, . or .. path element: refused", h.Name)
		}
	}
	if !filepath.IsLocal(filepath.FromSlash(name)) {
		return "", fmt.Errorf("archive entry %q: not a local path on this system: refused", h.Name)
	}
	if name == root {
		if h.Typeflag != tar.TypeDir {
			return "", fmt.Errorf("archive entry %q: the root %s/ must be a folder", h.Name, root)
		}
		return "", nil
	}
	rest, ok := strings.CutPrefix(name, root+"/")
	if !ok {
		return "", fmt.Errorf("archive entry %q: outside %s/, the root of the bundle: refused", h.Name, root)
	}
	return rest, nil
}

// writeEntry creates the file p (which must not exist) with the content of r.
func writeEntry(p string, r io.Reader) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
