package specfetch

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"strings"
)

// unpack reads the .tgz archive and returns the files under root/schemas/
// (root is adcp-{version}): slash path under schemas/ → content. It refuses
// the whole archive on anything but regular files and folders (symbolic and
// hard links, devices, FIFOs, sparse files), a name that is not a clean
// local path (absolute, with a "." or ".." element, a backslash) or lies
// outside root/, a file given twice or used as a folder, and archives past
// the limits. Files outside root/schemas/ are checked and skipped.
func unpack(tgz []byte, root string, lim limits) (map[string][]byte, error) {
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
	prefix := root + "/schemas/"
	files := map[string][]byte{}
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
		if len(h.Name) > lim.Name || len(h.Linkname) > lim.Name { // the messages quote them
			return nil, fmt.Errorf("archive entry %q: a name or link target of more than the %d bytes adcp-gen accepts: refused", clip(h.Name, 100), lim.Name)
		}
		name, err := entryName(h, root)
		if err != nil {
			return nil, err
		}
		rel, keep := strings.CutPrefix(name, prefix)
		if h.Typeflag == tar.TypeDir || !keep {
			continue // the next tar.Next skips the content, within the bound
		}
		if _, dup := files[rel]; dup {
			return nil, fmt.Errorf("archive entry %q: given twice", h.Name)
		}
		if h.Size > lim.FileSize {
			return nil, fmt.Errorf("archive entry %q: %d bytes, more than the %d adcp-gen accepts for one file", h.Name, h.Size, lim.FileSize)
		}
		if files[rel], err = io.ReadAll(tr); err != nil {
			return nil, fmt.Errorf("archive entry %q: %v", h.Name, why(err))
		}
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("the archive holds no files under %s", prefix)
	}
	// Each folder is checked once, and there are few: the walk up a name
	// stops at a folder seen before.
	folders := map[string]bool{}
	for rel := range files {
		for d := path.Dir(rel); d != "." && !folders[d]; d = path.Dir(d) {
			if _, ok := files[d]; ok {
				return nil, fmt.Errorf("archive entry %q: inside %q, which is a file", clip(prefix+rel, 200), "schemas/"+d)
			}
			if folders[d] = true; len(folders) > lim.Folders {
				return nil, fmt.Errorf("the archive holds files in more than the %d folders adcp-gen accepts", lim.Folders)
			}
		}
	}
	return files, nil
}

// entryName checks the type and name of an archive entry and returns its
// clean name ("" for the folder the archive was made in, "./").
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
	for k := range h.PAXRecords {
		// A pax sparse file is a regular file whose holes unpack to zeros
		// the archive does not hold: its size bounds none of its content.
		if strings.HasPrefix(k, "GNU.sparse.") {
			return "", fmt.Errorf("archive entry %q: a sparse file: refused", h.Name)
		}
	}
	name := strings.TrimPrefix(h.Name, "./")
	if h.Typeflag == tar.TypeDir {
		if name = strings.TrimSuffix(name, "/"); name == "" || name == "." || name == root {
			return "", nil
		}
	}
	if !filepath.IsLocal(filepath.FromSlash(name)) || path.Clean(name) != name || strings.ContainsAny(name, "\\\x00") {
		return "", fmt.Errorf("archive entry %q: not a clean local path (absolute, or with a . or .. element): refused", h.Name)
	}
	if !strings.HasPrefix(name, root+"/") {
		return "", fmt.Errorf("archive entry %q: outside %s/, the root of the bundle: refused", h.Name, root)
	}
	return name, nil
}
