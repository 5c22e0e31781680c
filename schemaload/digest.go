package schemaload

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"sort"
	"strconv"
)

// inputSet is what one Load depended on: the listing of error-details/ and
// the content of every file it read. Load is a pure function of these (and
// of the generator itself): whether the optional files (enums/error-scope.json,
// manifest.json) exist is seen in which files were read, and a $ref to a
// missing file fails the load.
type inputSet struct {
	details []string
	files   map[string][sha256.Size]byte // relative path → SHA-256 of the content
}

// digest is a hex SHA-256 over the set, in a fixed order.
func (s inputSet) digest() string {
	h := sha256.New()
	h.Write([]byte("adcp-gen schemaload inputs 1\n"))
	for _, d := range s.details {
		h.Write([]byte("details " + strconv.Quote(d) + "\n"))
	}
	names := make([]string, 0, len(s.files))
	for n := range s.files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		sum := s.files[n]
		h.Write([]byte("file " + strconv.Quote(n) + " " + hex.EncodeToString(sum[:]) + "\n"))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// optionalFiles are the files Load reads when they exist, besides those it
// reaches by $ref: a folder that gains one must not look unchanged.
var optionalFiles = []string{errorFile, codesFile, scopesFile, manifestFile}

// FolderDigest computes, without loading, what Spec.Digest would be for
// dir now, given the Sources of an earlier Load of dir: it hashes those
// files, any of the well-known files that exist but were not read then, and
// the listing of error-details/. When it equals the earlier Spec.Digest,
// Load(dir) reads the same bytes again and returns the same Spec. A source
// that can no longer be read is an error (the caller loads in full).
func FolderDigest(dir string, sources []string) (string, error) {
	f, err := openFolder(dir)
	if err != nil {
		return "", err
	}
	set := inputSet{files: map[string][sha256.Size]byte{}}
	if set.details, err = f.listDetails(); err != nil {
		return "", err
	}
	for _, rel := range sources {
		data, err := f.readFile(rel)
		if err != nil {
			return "", err
		}
		set.files[rel] = sha256.Sum256(data)
	}
	for _, rel := range optionalFiles {
		if _, read := set.files[rel]; read {
			continue
		}
		data, err := f.readFile(rel)
		var e *Error
		if errors.As(err, &e) && e.Msg == errMissing {
			continue
		}
		if err != nil {
			return "", err
		}
		set.files[rel] = sha256.Sum256(data)
	}
	return set.digest(), nil
}
