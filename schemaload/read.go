package schemaload

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Bounds on the input. A published spec stays far below each (the largest
// file is 143 KB, the deepest nesting 11, the longest object or array 111
// members, the largest version 35 files and 237 schemas); input past one is
// refused with an *Error naming the file and pointer, so a hostile folder
// can neither make Load run out of memory nor run for long.
const (
	maxFileSize  = 4 << 20  // bytes of one file
	maxTotalSize = 32 << 20 // bytes of all the files one Load reads
	maxFiles     = 1000     // files one Load reads or lists in error-details/
	maxSchemas   = 10000    // schemas and sub-schemas of all the files one Load reads
	maxDepth     = 64       // nesting of JSON objects and arrays; of the types the checks' schemas write out (published: 6)
	maxMembers   = 10000    // members of one object, elements of one array
	maxNameLen   = 1024     // bytes of one Go name (published: 62)
	// types the checks' schemas write out, each where it is used
	// (settleChecks; published: at most 236)
	maxWrittenTypes = 10000
	// bytes of the locations (file and JSON pointer) of all the schemas one
	// Load reads (published: at most 15,069): the schema compiler compares
	// each location with those before it
	maxLocations = 1 << 20
)

// errMissing is the message of a file that does not exist.
const errMissing = "missing file"

// folder is a spec folder opened for reading: its path resolved (symbolic
// links followed), against which every file read is checked to stay
// inside.
type folder struct {
	real string
	read int64 // bytes read so far, against maxTotalSize
}

// openFolder resolves dir.
func openFolder(dir string) (*folder, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(real)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return nil, errors.New("not a folder")
	}
	return &folder{real: real}, nil
}

// exists reports whether the file rel exists in the folder (reading it may
// still fail: see readFile).
func (f *folder) exists(rel string) bool {
	st, err := os.Stat(filepath.Join(f.real, filepath.FromSlash(rel)))
	return err == nil && !st.IsDir()
}

// readFile returns the content of the file rel, opened by open. Before
// reading anything it refuses anything but a regular file (a FIFO would
// block, a device never end); it reads at most maxFileSize bytes. Errors
// are *Error values naming rel.
func (f *folder) readFile(rel string) ([]byte, error) {
	file, err := f.open(rel)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	st, err := file.Stat()
	if err != nil {
		return nil, errorf(rel, "", err.Error())
	}
	if !st.Mode().IsRegular() {
		return nil, errorf(rel, "", fmt.Sprintf("is not a regular file (%s): refused", st.Mode().Type()))
	}
	if st.Size() > maxFileSize {
		return nil, errorf(rel, "", fmt.Sprintf("is %d bytes, more than the %d a spec file may have", st.Size(), maxFileSize))
	}
	data, err := io.ReadAll(io.LimitReader(file, maxFileSize+1))
	if err != nil {
		return nil, errorf(rel, "", err.Error())
	}
	if len(data) > maxFileSize {
		return nil, errorf(rel, "", fmt.Sprintf("holds more than the %d bytes a spec file may have", maxFileSize))
	}
	if f.read += int64(len(data)); f.read > maxTotalSize {
		return nil, errorf(rel, "", fmt.Sprintf("the spec folder's files hold more than the %d bytes a spec may have", maxTotalSize))
	}
	return data, nil
}

// listDetails lists error-details/*.json, sorted, refusing a folder with
// more than maxFiles entries.
func (f *folder) listDetails() ([]string, error) {
	d, err := f.open(detailsDir)
	if e, ok := err.(*Error); ok && e.Msg == errMissing {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer d.Close()
	entries, err := d.ReadDir(maxFiles + 1)
	if err != nil && err != io.EOF {
		return nil, errorf(detailsDir, "", err.Error())
	}
	if len(entries) > maxFiles {
		return nil, errorf(detailsDir, "", fmt.Sprintf("holds more than the %d entries a spec folder may have", maxFiles))
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		if !plainName(e.Name()) {
			return nil, errorf(detailsDir, "", fmt.Sprintf("holds %q, whose name holds %s", e.Name(), notPlain))
		}
		out = append(out, detailsDir+"/"+e.Name())
	}
	sort.Strings(out)
	return out, nil
}

// open opens rel (slash-separated, relative to the folder) for reading,
// never blocking on a FIFO; it first refuses a path that resolves outside
// the folder through a symbolic link, and the open does not follow a link
// swapped in since. Errors are *Error values naming rel; a missing rel's
// message is errMissing.
func (f *folder) open(rel string) (*os.File, error) {
	real, err := filepath.EvalSymlinks(filepath.Join(f.real, filepath.FromSlash(rel)))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errorf(rel, "", errMissing)
	}
	if err != nil {
		return nil, errorf(rel, "", err.Error())
	}
	if r, err := filepath.Rel(f.real, real); err != nil || !filepath.IsLocal(r) {
		return nil, errorf(rel, "", fmt.Sprintf("is a symbolic link to %s, outside the spec folder: refused", real))
	}
	file, err := os.OpenFile(real, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, errorf(rel, "", err.Error())
	}
	return file, nil
}

// plainName reports whether a file name is UTF-8 without control or
// format characters: the generated code names the files it comes from in
// comments, where a line break would end the comment and a byte order
// mark is refused.
func plainName(name string) bool {
	return utf8.ValidString(name) && !strings.ContainsFunc(name, func(r rune) bool {
		return unicode.IsControl(r) || unicode.Is(unicode.Cf, r)
	})
}

// notPlain ends the message about a name that is not plainName.
const notPlain = "a control or format character (a line break, a byte order mark) or is not UTF-8: refused"
