// Package runtimeapi type-checks a generated package in memory, before the
// generator writes it, as the Go compiler would check it in a user's module.
//
// Generated packages import the runtime module (github.com/adcp-gen/adcp-gen/adcp
// and adcp/adcpimpl), which is another module than the generator's, so it
// cannot be embedded as source. Its API is held here instead as stubs (the
// *.stub files): the runtime's declarations with function bodies stripped,
// written from the runtime's source by internal/apistub (go generate; make
// drift fails when they are stale). The standard packages those stubs and
// generated code use have stubs too (std.*.stub: the declarations they can
// reach, written by internal/apistub from the toolchain's export data and
// compared with it by this package's tests), so that the common check runs no
// go command. A standard package with no stub (regexp, which a rare fallback
// of emit uses) is imported from its export data, which the go command
// provides (go list -export, only when such a package is imported).
package runtimeapi

import (
	"bufio"
	"bytes"
	"embed"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
)

//go:embed *.stub
var stubFS embed.FS

// RuntimeModule is the module path of the runtime.
const RuntimeModule = "github.com/adcp-gen/adcp-gen/adcp"

// Public lists the runtime packages generated code may import.
var Public = []string{RuntimeModule, RuntimeModule + "/adcpimpl"}

// goVersion is the language version of generated code (and of the runtime).
const goVersion = "go1.22"

// The importer, shared by every Check of the process: the packages it
// imports are type-checked once, and then only read (go/types allows
// concurrent reads), so checks run in parallel.
var (
	fset     = token.NewFileSet()
	imp      *stubImporter
	impErr   error
	impReady sync.Once
)

// Check type-checks the Go files of one package (file name → source) and
// returns the first error, as "file:line:col: message", or nil. Every
// import must be the standard library or a Public runtime package. It is
// safe for concurrent use.
func Check(files map[string][]byte) error {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	parsed := make([]*ast.File, 0, len(names))
	for _, n := range names {
		f, err := parser.ParseFile(fset, n, files[n], parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		parsed = append(parsed, f)
	}
	return CheckFiles(parsed)
}

// FileSet is the file set CheckFiles expects its files to be parsed with
// (token.FileSet is safe for concurrent use).
func FileSet() *token.FileSet { return fset }

// CheckFiles is Check on files already parsed with FileSet, in the order
// given; positions in its error are those of the parsed sources.
func CheckFiles(parsed []*ast.File) error { return CheckFilesInfo(parsed, nil) }

// CheckFilesInfo is CheckFiles that records in info (when not nil) what the
// type checker resolves, as types.Config.Check does.
func CheckFilesInfo(parsed []*ast.File, info *types.Info) error {
	impReady.Do(func() { imp, impErr = newStubImporter() })
	if impErr != nil {
		return impErr
	}
	var imports []string
	for _, f := range parsed {
		for _, is := range f.Imports {
			ip, _ := strconv.Unquote(is.Path.Value)
			if inRuntime(ip) && !isPublic(ip) {
				return fmt.Errorf("%s: imports %s, which generated code may not import", fset.Position(is.Pos()), ip)
			}
			imports = append(imports, ip)
		}
	}
	if err := imp.prepare(imports); err != nil {
		return err
	}
	conf := types.Config{GoVersion: goVersion, Importer: imp}
	_, err := conf.Check("adcp-gen/generated", fset, parsed, info)
	return err
}

// Warm does, once per process, the work every check shares: it reads the
// stubs and type-checks those of the runtime and of the packages of std (the
// standard packages the generated code will import) that have one. It runs
// no go command (a standard package with no stub is left for the check that
// imports it); errors are left for Check to report.
func Warm(std ...string) {
	impReady.Do(func() { imp, impErr = newStubImporter() })
	if impErr != nil {
		return
	}
	for _, p := range std {
		if imp.hasStub(p) {
			imp.Import(p)
		}
	}
	for _, p := range Public {
		imp.Import(p)
	}
}

func inRuntime(ip string) bool {
	return ip == RuntimeModule || strings.HasPrefix(ip, RuntimeModule+"/")
}

func isPublic(ip string) bool {
	for _, p := range Public {
		if ip == p {
			return true
		}
	}
	return false
}

// stubImporter imports runtime packages and the stubbed standard packages
// from their stubs, and the rest of the standard library from its export
// data. Its methods are safe for concurrent use.
type stubImporter struct {
	mu    sync.Mutex
	stubs map[string]*ast.File // import path → parsed stub
	pkgs  map[string]*types.Package
	std   *stdImporter
}

// prepare readies the export data of the standard packages among paths
// that have no stub, with one go list for all of them (none in the common
// case).
func (im *stubImporter) prepare(paths []string) error {
	im.mu.Lock()
	defer im.mu.Unlock()
	var missing []string
	for _, p := range paths {
		if _, ok := im.stubs[p]; !ok {
			missing = append(missing, p)
		}
	}
	return im.std.prepare(missing)
}

// hasStub reports whether the package at path is imported from a stub.
func (im *stubImporter) hasStub(path string) bool {
	_, ok := im.stubs[path]
	return ok
}

// importComment reads the import path from a stub's package clause.
var importComment = regexp.MustCompile(`(?m)^package \w+ // import "([^"]+)"$`)

func newStubImporter() (*stubImporter, error) {
	im := &stubImporter{stubs: map[string]*ast.File{}, pkgs: map[string]*types.Package{}, std: newStdImporter()}
	entries, err := stubFS.ReadDir(".")
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		src, err := stubFS.ReadFile(e.Name())
		if err != nil {
			return nil, err
		}
		m := importComment.FindSubmatch(src)
		if m == nil {
			return nil, fmt.Errorf("runtimeapi: %s has no import comment", e.Name())
		}
		f, err := parser.ParseFile(fset, e.Name(), src, parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("runtimeapi: %v", err)
		}
		im.stubs[string(m[1])] = f
	}
	return im, nil
}

// Import implements types.Importer.
func (im *stubImporter) Import(path string) (*types.Package, error) {
	im.mu.Lock()
	defer im.mu.Unlock()
	return locked{im}.Import(path)
}

// locked is the importer of a stub's own check, which runs with im.mu held.
type locked struct{ im *stubImporter }

// Import implements types.Importer.
func (l locked) Import(path string) (*types.Package, error) {
	im := l.im
	if p, ok := im.pkgs[path]; ok {
		return p, nil
	}
	f, ok := im.stubs[path]
	if !ok {
		if inRuntime(path) {
			return nil, fmt.Errorf("runtimeapi: no API stub for %s", path)
		}
		return im.std.Import(path)
	}
	conf := types.Config{GoVersion: goVersion, Importer: l}
	p, err := conf.Check(path, fset, []*ast.File{f}, nil)
	if err != nil {
		return nil, fmt.Errorf("runtimeapi: the API stub of %s does not type-check (run make generate): %v", path, err)
	}
	im.pkgs[path] = p
	return p, nil
}

// stdImporter imports the standard packages that have no stub from the
// export data the go command builds, asking for every package a check
// imports in one go list. When go list fails (no go command, no writable
// build cache), it type-checks them from the toolchain's source instead,
// which is slower. Their packages are distinct from the stubbed ones (a
// value of a stubbed type cannot be passed to them), which the regexp
// fallback of emit does not need.
type stdImporter struct {
	gc      types.Importer
	exports map[string]string // import path → export data file
	listed  bool              // go list ran
	source  types.Importer    // set when the first go list failed
}

func newStdImporter() *stdImporter {
	s := &stdImporter{exports: map[string]string{}}
	s.gc = importer.ForCompiler(fset, "gc", s.lookup)
	return s
}

// Import implements types.Importer.
func (s *stdImporter) Import(path string) (*types.Package, error) {
	if s.source != nil {
		return s.source.Import(path)
	}
	return s.gc.Import(path)
}

// prepare asks the go command, at once, for the export data of the packages
// of paths that it does not have yet.
func (s *stdImporter) prepare(paths []string) error {
	var missing []string
	seen := map[string]bool{}
	for _, p := range paths {
		if _, ok := s.exports[p]; !ok && !seen[p] && p != "unsafe" && !inRuntime(p) {
			seen[p] = true
			missing = append(missing, p)
		}
	}
	if len(missing) == 0 || s.source != nil {
		return nil
	}
	sort.Strings(missing)
	first := !s.listed
	err := s.list(missing)
	if err != nil && first {
		s.source = importer.ForCompiler(fset, "source", nil)
		return nil
	}
	return err
}

// list runs go list -export for paths.
func (s *stdImporter) list(paths []string) error {
	s.listed = true
	args := append([]string{"list", "-export", "-f", "{{.ImportPath}}\t{{.Export}}\t{{.Standard}}"}, paths...)
	cmd := exec.Command("go", args...)
	// Outside any module, offline, with the toolchain at hand: only the
	// standard library is listed.
	cmd.Dir = os.TempDir()
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOTOOLCHAIN=local", "GO111MODULE=on")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("type-checking the generated package needs the standard library's export data "+
			"from the go command: go list: %v %s", err, strings.TrimSpace(stderr.String()))
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) == 3 && f[2] == "true" && f[1] != "" {
			s.exports[f[0]] = f[1]
		}
	}
	return nil
}

// lookup serves the gc importer the export data of a standard package.
func (s *stdImporter) lookup(path string) (io.ReadCloser, error) {
	if _, ok := s.exports[path]; !ok {
		if err := s.list([]string{path}); err != nil {
			return nil, err
		}
	}
	file, ok := s.exports[path]
	if !ok {
		return nil, fmt.Errorf("%s is not a standard-library package, and generated code imports nothing else but the runtime", path)
	}
	return os.Open(file)
}
