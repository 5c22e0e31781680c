package main

import (
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/adcp-gen/adcp-gen/emit"
	"github.com/adcp-gen/adcp-gen/internal/atomicfile"
	"github.com/adcp-gen/adcp-gen/schemaload"
)

// The no-op path of generate. After a successful generation, generate keeps
// a record in the user's cache folder (never in the output: it must stay a
// pure function of the schemas) of what produced the output: the generator
// binary, the options, the digest of the inputs and the hash of each file
// written. A later run with the same options first checks the record: when
// the generator is the same binary, schemaload.FolderDigest of the schemas
// equals the recorded digest, and every owned file of the output folder
// still has its recorded hash, the output is what a full run would write,
// and generate stops there (replaying the recorded warnings). Anything else
// — no record, another binary (a rebuilt generator, go run of edited
// sources), a changed schema file, a hand-edited or removed output file, a
// new owned file — takes the full path. -check never uses the record.
//
// ADCPGEN_CACHE names the cache folder; "off" disables the record.

// genRecord is the record of one generation.
type genRecord struct {
	Format    int               `json:"format"`
	Generator string            `json:"generator"`
	Schemas   string            `json:"schemas"` // absolute path
	Out       string            `json:"out"`     // absolute path
	Package   string            `json:"package"`
	Version   string            `json:"version,omitempty"` // -version
	Inputs    string            `json:"inputs"`            // Spec.Digest
	Sources   []string          `json:"sources"`
	Warnings  []string          `json:"warnings"`
	Outputs   map[string]string `json:"outputs"` // file name → hex SHA-256
}

const genRecordFormat = 1

// genOptions are what a record is keyed by.
type genOptions struct {
	schemas, out, pkg, version string
}

// recordPath returns where the record of opts lives ("" when there is no
// usable cache folder or no identity for this binary).
func recordPath(o genOptions) string {
	dir := os.Getenv("ADCPGEN_CACHE")
	if dir == "off" || generatorID() == "" {
		return ""
	}
	if dir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(base, "adcp-gen")
	}
	key := sha256.Sum256([]byte(o.out + "\x00" + o.pkg))
	return filepath.Join(dir, "generate", hex.EncodeToString(key[:16])+".json")
}

// upToDate reports whether the record of o shows that the output folder is
// what a full generation would write, and returns the recorded warnings.
func upToDate(o genOptions) (warnings []string, ok bool) {
	p := recordPath(o)
	if p == "" {
		return nil, false
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, false
	}
	var r genRecord
	if json.Unmarshal(data, &r) != nil || r.Format != genRecordFormat || r.Generator != generatorID() ||
		r.Schemas != o.schemas || r.Out != o.out || r.Package != o.pkg || r.Version != o.version || len(r.Outputs) == 0 {
		return nil, false
	}
	if d, err := schemaload.FolderDigest(o.schemas, r.Sources); err != nil || d != r.Inputs {
		return nil, false
	}
	if !outputMatches(o.out, r.Outputs) {
		return nil, false
	}
	return r.Warnings, true
}

// outputMatches reports whether dir holds exactly the recorded files among
// the .go files adcp-gen owns, each with its recorded hash: then emit.Write
// would change nothing.
func outputMatches(dir string, outputs map[string]string) bool {
	if emit.Pending(dir) {
		return false // an interrupted write: the full path finishes it
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	seen := 0
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || !e.Type().IsRegular() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return false
		}
		want, recorded := outputs[name]
		if !recorded {
			if emit.IsOwned(b) {
				return false // Write would remove it
			}
			continue
		}
		if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) != want {
			return false
		}
		seen++
	}
	return seen == len(outputs)
}

// saveRecord records a generation that wrote files into o.out. Failures are
// ignored: the record only saves time.
func saveRecord(o genOptions, spec *schemaload.Spec, warnings []string, files map[string][]byte) {
	p := recordPath(o)
	if p == "" || spec.Digest == "" {
		return
	}
	r := genRecord{
		Format: genRecordFormat, Generator: generatorID(), Schemas: o.schemas, Out: o.out, Package: o.pkg, Version: o.version,
		Inputs: spec.Digest, Sources: spec.Sources, Warnings: warnings,
		Outputs: make(map[string]string, len(files)),
	}
	for name, b := range files {
		sum := sha256.Sum256(b)
		r.Outputs[name] = hex.EncodeToString(sum[:])
	}
	data, err := json.MarshalIndent(r, "", "\t")
	if err != nil {
		return
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return
	}
	atomicfile.Write(p, data) // the record is only a hint: a failure costs the next run a regeneration
}

var (
	generatorOnce sync.Once
	generatorVal  string
)

// generatorID identifies the running binary: its Go build ID (a hash of
// every input of the build: sources, embedded runtime, toolchain, flags)
// read from the ELF note, or else the SHA-256 of the executable. "" when
// neither can be read: then generate always takes the full path.
func generatorID() string {
	generatorOnce.Do(func() {
		exe, err := os.Executable()
		if err != nil {
			return
		}
		if id := elfGoBuildID(exe); id != "" {
			generatorVal = "go-build-id:" + id
			return
		}
		f, err := os.Open(exe)
		if err != nil {
			return
		}
		defer f.Close()
		h := sha256.New()
		if _, err := io.Copy(h, f); err != nil {
			return
		}
		generatorVal = "sha256:" + hex.EncodeToString(h.Sum(nil))
	})
	return generatorVal
}

// elfGoBuildID reads the Go build ID note of an ELF executable ("" when the
// file is not ELF or has no build ID, e.g. built with -ldflags=-buildid=).
func elfGoBuildID(exe string) string {
	f, err := elf.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	sec := f.Section(".note.go.buildid")
	if sec == nil {
		return ""
	}
	note, err := sec.Data()
	if err != nil {
		return ""
	}
	// An ELF note: namesz, descsz, type (4 bytes each, file byte order),
	// the name "Go\x00\x00", then the description: the build ID.
	if len(note) < 16 {
		return ""
	}
	order := f.ByteOrder
	namesz, descsz := order.Uint32(note[0:4]), order.Uint32(note[4:8])
	if namesz != 4 || !bytes.Equal(note[12:16], []byte("Go\x00\x00")) || uint64(len(note)) < 16+uint64(descsz) {
		return ""
	}
	return string(note[16 : 16+descsz])
}
