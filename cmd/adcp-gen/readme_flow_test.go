package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"

	"github.com/adcp-gen/adcp-gen/internal/bundletest"
	"github.com/adcp-gen/adcp-gen/internal/testshared"
)

// The README's consumer flow: the fenced blocks between
// <!-- consumer-flow:begin --> and <!-- consumer-flow:end -->, each after a
// marker <!-- consumer-flow:STEP [FILE] -->. An sh block is run as written; a
// "file NAME" block is written to NAME.
var flowMarker = regexp.MustCompile("(?m)^<!-- consumer-flow:([a-z-]+)(?: ([^ ]+))? -->\n```([a-z]+)\n((?s:.*?))```\n")

type flowStep struct{ name, file, lang, body string }

// readmeFlow returns the steps of the README's consumer flow.
func readmeFlow(t *testing.T) []flowStep {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testshared.ModuleRoot(), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	begin, end := strings.Index(s, "<!-- consumer-flow:begin -->"), strings.Index(s, "<!-- consumer-flow:end -->")
	if begin < 0 || end < begin {
		t.Fatal("README.md has no consumer flow between <!-- consumer-flow:begin --> and <!-- consumer-flow:end -->")
	}
	var steps []flowStep
	for _, m := range flowMarker.FindAllStringSubmatch(s[begin:end], -1) {
		steps = append(steps, flowStep{name: m[1], file: m[2], lang: m[3], body: m[4]})
	}
	var names []string
	for _, st := range steps {
		names = append(names, st.name)
	}
	if got, want := strings.Join(names, " "), "begin install-release install-checkout fetch file generate bump"; got != want {
		t.Fatalf("the README's consumer flow has steps %q, want %q", got, want)
	}
	return steps
}

// flowScript returns the bash script of steps, leaving out the install step
// that skip names.
func flowScript(steps []flowStep, skip string) string {
	var sb strings.Builder
	sb.WriteString("set -euo pipefail\n")
	for _, st := range steps {
		switch {
		case st.name == skip:
		case st.name == "file":
			fmt.Fprintf(&sb, "echo '## write %s'\ncat > %s <<'ADCPGEN_README_EOF'\n%sADCPGEN_README_EOF\n", st.file, st.file, st.body)
		default:
			fmt.Fprintf(&sb, "echo '## %s'\nset -x\n%sset +x\n", st.name, st.body)
		}
	}
	return sb.String()
}

// TestREADMEConsumerFlow runs the README's consumer flow as written, from an
// empty folder, in both of its install forms: a pinned release (served by a
// module proxy in a folder, holding this checkout as v0.9.0 and the runtime
// module as the version the generator requires) and a local checkout (the
// README's ../adcp-gen, a link to this repository). The spec bundles come
// from a local server standing in for the spec's site (ADCPGEN_BASE_URL),
// built from ../shared/adcp-schemas; the fetch cache is the test's own.
// After the flow, the generated package must equal what generate makes of
// the published folder directly, and a second go generate must work with
// the server gone (the schemas are vendored). Each variant runs in an empty
// folder that keeps its path from run to run (flowWorkDir), so that a warm
// build cache serves what it compiles.
func TestREADMEConsumerFlow(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the README's consumer flow (it builds the generator in a fresh module)")
	}
	t.Parallel()
	published := testshared.Dir(t, "adcp-schemas")
	for _, v := range []string{"3.1.19", "3.2.0-beta.5"} {
		testshared.Dir(t, "adcp-schemas/"+v)
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not in PATH")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not in PATH")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not in PATH")
	}
	steps := readmeFlow(t)
	repo, err := filepath.Abs(testshared.ModuleRoot())
	if err != nil {
		t.Fatal(err)
	}
	modcache := goEnv(t, goCmd, "GOMODCACHE")
	release := releaseVersion(t, steps)

	for _, variant := range []string{"release", "checkout"} {
		t.Run(variant, func(t *testing.T) {
			t.Parallel()
			srv := bundletest.NewServer(t)
			for _, v := range []string{"3.1.19", "3.2.0-beta.5"} {
				srv.PublishTgz(v, bundletest.Tgz(t, v, filepath.Join(published, v), nil))
			}
			work := flowWorkDir(t, goCmd, variant)
			env := append(os.Environ(),
				"ADCPGEN_BASE_URL="+srv.URL,
				"ADCPGEN_CACHE_DIR="+filepath.Join(work, "fetch-cache"),
				"GOFLAGS=-mod=mod",
				"GOWORK=off",
				"GOTOOLCHAIN=local",
				"GOSUMDB=off",
				"GOENV=off",
				// CGO_ENABLED is the caller's, as in TestConsumer: the
				// standard library and the dependencies the flow compiles
				// are then the ones the test binaries already compiled
				// (with CGO_ENABLED=0, net/http and everything above it
				// would be compiled again, in both variants at once).
			)
			skip := "install-checkout"
			if variant == "release" {
				// A proxy in a folder: this checkout as the release, then the
				// user's module cache for everything else. The fake release
				// must not reach the user's module cache: a module cache of
				// the test's own.
				proxy := filepath.Join(work, "proxy")
				h := sha256.New()
				h.Write(publishModule(t, proxy, "github.com/adcp-gen/adcp-gen", release, repo))
				h.Write(publishModule(t, proxy, "github.com/adcp-gen/adcp-gen/adcp", requiredRuntime(t, repo), filepath.Join(repo, "adcp")))
				// The go command takes a module in the module cache for
				// immutable: it keeps an index of its packages (their
				// imports among them) by its folder. The fake release
				// changes with this checkout under the same versions, so
				// its module cache is a folder named for its content
				// (flowWorkDir's folder keeps its path from run to run,
				// and empties gomodcache).
				cache := filepath.Join(work, "gomodcache", hex.EncodeToString(h.Sum(nil))[:16])
				env = append(env,
					"GOPROXY=file://"+filepath.ToSlash(proxy)+",file://"+filepath.ToSlash(filepath.Join(modcache, "cache", "download")),
					"GOMODCACHE="+cache)
			} else {
				skip = "install-release"
				if err := os.Symlink(repo, filepath.Join(work, "adcp-gen")); err != nil {
					t.Fatal(err)
				}
				env = append(env, "GOPROXY=file://"+filepath.ToSlash(filepath.Join(modcache, "cache", "download")))
			}

			ctx, cancel := context.WithTimeout(context.Background(), consumerTimeout(t))
			defer cancel()
			run := func(script string) string {
				t.Helper()
				cmd := exec.CommandContext(ctx, bash, "-c", script)
				cmd.Dir = work
				cmd.Env = env
				start := time.Now()
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Fatalf("%v after %v:\n%s", err, time.Since(start).Round(time.Second), out)
				}
				t.Logf("ran in %v", time.Since(start).Round(time.Millisecond))
				return string(out)
			}
			out := run(flowScript(steps, skip))
			if testing.Verbose() {
				t.Logf("the flow:\n%s", out)
			}
			agent := filepath.Join(work, "myagent")

			// fetch said how far it could verify the bundles (no signature
			// is published here: the checksum).
			if !strings.Contains(out, "trust: unsigned: digest only (sha256)") {
				t.Errorf("fetch did not report its trust level:\n%s", out)
			}
			// The bump is done: the new version vendored, the old one gone,
			// a report written, and the package is the published 3.2.0-beta.5.
			if _, err := os.Stat(filepath.Join(agent, "adcpschemas", "3.1.19")); !os.IsNotExist(err) {
				t.Errorf("adcpschemas/3.1.19 is still there after the bump (%v)", err)
			}
			if b, err := os.ReadFile(filepath.Join(agent, "bump.md")); err != nil || !bytes.Contains(b, []byte("3.2.0-beta.5")) {
				t.Errorf("bump.md does not report the bump to 3.2.0-beta.5 (%v):\n%s", err, b)
			}
			gomod, err := os.ReadFile(filepath.Join(agent, "go.mod"))
			if err != nil || !bytes.Contains(gomod, []byte("tool github.com/adcp-gen/adcp-gen/cmd/adcp-gen")) {
				t.Errorf("go.mod has no tool line for adcp-gen (%v):\n%s", err, gomod)
			}
			if variant == "release" && !bytes.Contains(gomod, []byte("github.com/adcp-gen/adcp-gen "+release)) {
				t.Errorf("go.mod does not pin adcp-gen %s:\n%s", release, gomod)
			}
			want := t.TempDir()
			if code, _, stderr := runCmd("generate", "-schemas", filepath.Join(published, "3.2.0-beta.5"), "-out", want, "-package", "adcperr"); code != 0 {
				t.Fatalf("generate from the published folder: exit %d\n%s", code, stderr)
			}
			if diff := diffTrees(t, want, filepath.Join(agent, "adcperr")); diff != "" {
				t.Errorf("the consumer's adcperr differs from the package generated from the published 3.2.0-beta.5:\n%s", diff)
			}

			// Reproducible without the network: the server is gone, the
			// fetch cache too; go generate reads the vendored schemas.
			srv.Close()
			if err := os.RemoveAll(filepath.Join(work, "fetch-cache")); err != nil {
				t.Fatal(err)
			}
			before := srv.Requests()
			run("cd myagent && rm -r adcperr && go generate ./... && go build ./... && go vet ./...")
			if diff := diffTrees(t, want, filepath.Join(agent, "adcperr")); diff != "" {
				t.Errorf("offline regeneration differs:\n%s", diff)
			}
			if srv.Requests() != before {
				t.Errorf("the offline run asked the server %d times", srv.Requests()-before)
			}
		})
	}
}

// releaseVersion returns the version the README's install-release step pins.
func releaseVersion(t *testing.T, steps []flowStep) string {
	t.Helper()
	for _, st := range steps {
		if st.name == "install-release" {
			if m := regexp.MustCompile(`cmd/adcp-gen@(v[0-9][^ \n]*)`).FindStringSubmatch(st.body); m != nil {
				return m[1]
			}
		}
	}
	t.Fatal("the README's install-release step pins no version (cmd/adcp-gen@vX.Y.Z)")
	return ""
}

// requiredRuntime returns the version of the runtime module the generator's
// go.mod requires.
func requiredRuntime(t *testing.T, repo string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repo, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*(?:require\s+)?github\.com/adcp-gen/adcp-gen/adcp (v\S+)`).FindSubmatch(b)
	if m == nil {
		t.Fatal("go.mod does not require github.com/adcp-gen/adcp-gen/adcp")
	}
	return string(m[1])
}

// publishModule writes version of the module in dir to the module proxy
// folder proxy: the files git tracks or would track (no build outputs, no
// nested modules). It returns the module's zip.
func publishModule(t *testing.T, proxy, path, version, dir string) []byte {
	t.Helper()
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("git ls-files in %s: %v (the release install needs a git checkout)", dir, err)
	}
	var files []modzip.File
	for _, rel := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		if st, err := os.Lstat(filepath.Join(dir, rel)); err == nil && st.Mode().IsRegular() {
			files = append(files, zipFile{dir, filepath.ToSlash(rel), st})
		}
	}
	esc, err := module.EscapePath(path)
	if err != nil {
		t.Fatal(err)
	}
	at := filepath.Join(proxy, filepath.FromSlash(esc), "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		t.Fatal(err)
	}
	var zip bytes.Buffer
	if err := modzip.Create(&zip, module.Version{Path: path, Version: version}, files); err != nil {
		t.Fatalf("zip of %s: %v", dir, err)
	}
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	info, _ := json.Marshal(map[string]string{"Version": version, "Time": "2026-01-01T00:00:00Z"})
	for name, b := range map[string][]byte{
		"list":            []byte(version + "\n"),
		version + ".info": info,
		version + ".mod":  gomod,
		version + ".zip":  zip.Bytes(),
	} {
		if err := os.WriteFile(filepath.Join(at, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return zip.Bytes()
}

// zipFile is a file of a module for modzip: modzip.Create drops what lies
// in a nested module itself.
type zipFile struct {
	dir, rel string
	st       fs.FileInfo
}

func (f zipFile) Path() string                { return f.rel }
func (f zipFile) Lstat() (os.FileInfo, error) { return f.st, nil }
func (f zipFile) Open() (io.ReadCloser, error) {
	return os.Open(filepath.Join(f.dir, filepath.FromSlash(f.rel)))
}

// goEnv returns the go command's value of key.
func goEnv(t *testing.T, goCmd, key string) string {
	t.Helper()
	cmd := exec.Command(goCmd, "env", key)
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local")
	out, err := cmd.Output()
	if err != nil || len(bytes.TrimSpace(out)) == 0 {
		t.Skipf("go env %s: %v", key, err)
	}
	return string(bytes.TrimSpace(out))
}

// cleanModcache removes a module cache the test made (its folders are read-only).
func cleanModcache(goCmd, cache string) {
	cmd := exec.Command(goCmd, "clean", "-modcache")
	cmd.Env = append(os.Environ(), "GOMODCACHE="+cache, "GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS=")
	_ = cmd.Run()
}

// diffTrees lists the files that differ between two folders ("" when equal).
func diffTrees(t *testing.T, a, b string) string {
	t.Helper()
	sa, sb := snapshot(t, a), snapshot(t, b)
	var out []string
	for name, x := range sa {
		if y, ok := sb[name]; !ok {
			out = append(out, "only in the first: "+name)
		} else if x != y {
			out = append(out, "differs: "+name)
		}
	}
	for name := range sb {
		if _, ok := sa[name]; !ok {
			out = append(out, "only in the second: "+name)
		}
	}
	return strings.Join(out, "\n")
}
