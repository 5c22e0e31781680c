package schemaload

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"strings"
	"sync"
)

// compiled remembers, for the life of the process, the folders whose schema
// files santhosh-tekuri/jsonschema compiled without error, by a key of
// their content with the spec version written as a placeholder
// (compileKey): generate -all loads 73 versions, most of them a few twin
// folders that differ only in the version in their $ids and $refs, and
// compiles each twin once. A failure is never remembered. At most
// compiledMax keys are kept.
var compiled struct {
	sync.Mutex
	keys map[[sha256.Size]byte]bool
}

const compiledMax = 4096

// compileKey returns the key of the files compile gives jsonschema (l.order,
// in that order), and false when their verdict might depend on the version
// itself: a pattern that holds it (a regexp's validity depends on its
// text), or an occurrence of it next to a character that could make it
// part of a longer version, name or number ("3.0.1" in "3.0.10"). Anywhere
// else (a URL of an $id or $ref, prose, a const) the version is inert: the
// metaschemas accept any semantic version there, and the $refs of twins
// resolve alike, as fileOf compares a URL's version with the folder's as a
// whole.
func (l *loader) compileKey() ([sha256.Size]byte, bool) {
	v := []byte(l.version)
	h := sha256.New()
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(len(l.order)))
	h.Write(n[:])
	for _, rel := range l.order {
		f := l.files[rel]
		if len(v) > 0 && (!versionDelimited(f.src, v) || patternHolds(f, l.version)) {
			return [sha256.Size]byte{}, false
		}
		src := f.src
		if len(v) > 0 {
			src = bytes.ReplaceAll(src, v, []byte{0})
		}
		for _, part := range [][]byte{[]byte(rel), src} {
			binary.LittleEndian.PutUint64(n[:], uint64(len(part)))
			h.Write(n[:])
			h.Write(part)
		}
	}
	var key [sha256.Size]byte
	h.Sum(key[:0])
	return key, true
}

// versionDelimited reports whether every occurrence of v in src stands
// alone: no letter, digit, '-', '+' or '.' before it, none of those but a
// '.' after it, and no letter or digit after such a '.' ("AdCP 3.2.0." in
// prose).
func versionDelimited(src, v []byte) bool {
	word := func(c byte) bool {
		return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
	}
	for i := 0; ; {
		j := bytes.Index(src[i:], v)
		if j < 0 {
			return true
		}
		at := i + j
		end := at + len(v)
		if at > 0 {
			if c := src[at-1]; word(c) || c == '-' || c == '+' || c == '.' {
				return false
			}
		}
		if end < len(src) {
			c := src[end]
			if word(c) || c == '-' || c == '+' {
				return false
			}
			if c == '.' && end+1 < len(src) && word(src[end+1]) {
				return false
			}
		}
		i = end
	}
}

// patternHolds reports whether a pattern keyword, or a name of
// patternProperties, anywhere in n holds v.
func patternHolds(n *node, v string) bool {
	switch n.kind {
	case nodeObject:
		for i, k := range n.keys {
			c := n.vals[i]
			switch {
			case k == "pattern" && c.kind == nodeString && strings.Contains(c.str, v):
				return true
			case k == "patternProperties" && c.kind == nodeObject:
				for _, name := range c.keys {
					if strings.Contains(name, v) {
						return true
					}
				}
			}
			if patternHolds(c, v) {
				return true
			}
		}
	case nodeArray:
		for _, e := range n.elems {
			if patternHolds(e, v) {
				return true
			}
		}
	}
	return false
}

// compiledBefore reports whether a folder with key compiled before.
func compiledBefore(key [sha256.Size]byte) bool {
	compiled.Lock()
	defer compiled.Unlock()
	return compiled.keys[key]
}

// rememberCompiled remembers that a folder with key compiled.
func rememberCompiled(key [sha256.Size]byte) {
	compiled.Lock()
	defer compiled.Unlock()
	if compiled.keys == nil {
		compiled.keys = map[[sha256.Size]byte]bool{}
	}
	if len(compiled.keys) < compiledMax {
		compiled.keys[key] = true
	}
}
