package main

import (
	"bytes"
	"context"
	"go/version"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/adcp-gen/adcp-gen/generated/adcperr"
	"github.com/adcp-gen/adcp-gen/internal/testshared"
	"github.com/adcp-gen/adcp-gen/schemaload"
)

// TestConsumer is the end-to-end test of what a user of adcp-gen does: a
// fresh module (example.com/consumer) that requires the generator, the
// runtime and both SDK adapters (replaced with this repository's folders)
// generates a 3.0.x vocabulary with go:generate, then vets, tests and builds
// a program that uses it beside the shipped 3.2 package (generated/adcperr):
// one runtime, one *adcp.Error type, both adapters, two spec versions.
//
// Nothing generated is kept: the module lives in a temporary folder. The
// go.sum is assembled from this repository's go.sum files, so the go command
// needs neither the network (when the module cache holds the dependencies,
// as after the adapters' own tests) nor the checksum database.
func TestConsumer(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the consumer module build")
	}
	t.Parallel()
	schemas := newest30(t, testshared.Dir(t, "adcp-schemas"))
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not in PATH")
	}
	// adapters/mcpsdk needs Go 1.25 (go-sdk v1.8.0), and GOTOOLCHAIN=local
	// must not switch.
	if gov := goVersion(t, goCmd); version.Compare(gov, "go1.25") < 0 {
		t.Skipf("%s is older than go1.25, which adapters/mcpsdk needs", gov)
	}
	repo, err := filepath.Abs(testshared.ModuleRoot())
	if err != nil {
		t.Fatal(err)
	}
	spec, err := schemaload.Load(schemas)
	if err != nil {
		t.Fatalf("%s: %v", schemas, err)
	}

	mod := t.TempDir()
	sums := writeConsumer(t, mod, repo, schemas, spec.Version)

	ctx, cancel := context.WithTimeout(context.Background(), consumerTimeout(t))
	defer cancel()
	goRun := func(args ...string) string {
		t.Helper()
		return consumerGo(ctx, t, mod, goCmd, args...)
	}

	// 1. The go:generate flow.
	goRun("generate", "./...")
	checkGenerated(t, filepath.Join(mod, "v30"))
	goRun("vet", "./...")
	// -vet=off: go vet ran every analyzer just above; go test's own subset
	// would compute its facts for every dependency a second time.
	out := goRun("test", "-count=1", "-vet=off", "-v", "./...")
	if testing.Verbose() {
		t.Logf("the consumer's tests:\n%s", out)
	}
	for _, name := range []string{"TestSpecVersions", "TestRateLimitedEveryTransport", "TestCodeNewIn32"} {
		if !strings.Contains(out, "--- PASS: "+name) {
			t.Errorf("the consumer's %s did not pass:\n%s", name, out)
		}
	}

	// 2. Both versions in one binary.
	bin := filepath.Join(t.TempDir(), "both")
	goRun("build", "-o", bin, "./cmd/both")
	cmd := exec.CommandContext(ctx, bin)
	got, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", bin, err, got)
	}
	want := adcperr.SpecVersion + " RATE_LIMITED retry 2s\n" + spec.Version + " RATE_LIMITED retry 2s\n"
	if string(got) != want {
		t.Errorf("the binary printed\n%s\nwant\n%s", got, want)
	}
	// The go command needed no checksum beyond the repository's go.sum files
	// (with one, it would have asked the checksum database but for GONOSUMDB).
	if after, err := os.ReadFile(filepath.Join(mod, "go.sum")); err != nil {
		t.Fatal(err)
	} else if added := addedLines(sums, string(after)); len(added) > 0 {
		t.Errorf("the go command added checksums that no go.sum of the repository has:\n%s", strings.Join(added, "\n"))
	}
	t.Logf("consumer module: generated %s into v30, vetted, tested and built beside adcperr %s", spec.Version, adcperr.SpecVersion)
}

// newest30 returns the folder of the newest published 3.0.x release of root,
// skipping when there is none.
func newest30(t *testing.T, root string) string {
	t.Helper()
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var versions []string
	for _, e := range entries {
		if e.IsDir() && strings.HasPrefix(e.Name(), "3.0.") && !strings.Contains(e.Name(), "-") {
			versions = append(versions, e.Name())
		}
	}
	if len(versions) == 0 {
		t.Skipf("no 3.0.x release in %s", root)
	}
	sort.Slice(versions, func(i, j int) bool { return schemaload.CompareVersions(versions[i], versions[j]) < 0 })
	return filepath.Join(root, versions[len(versions)-1])
}

// goVersion returns the version of the go command ("go1.26.1").
func goVersion(t *testing.T, goCmd string) string {
	t.Helper()
	cmd := exec.Command(goCmd, "env", "GOVERSION")
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOWORK=off")
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("go env GOVERSION: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// consumerTimeout bounds the go commands: the test deadline less a margin,
// at most 10 minutes.
func consumerTimeout(t *testing.T) time.Duration {
	d := 10 * time.Minute
	if dl, ok := t.Deadline(); ok {
		if left := time.Until(dl) - 10*time.Second; left < d {
			d = left
		}
	}
	return d
}

// consumerGo runs the go command in the consumer module and returns its
// output; a failure shows it.
func consumerGo(ctx context.Context, t *testing.T, dir, goCmd string, args ...string) string {
	t.Helper()
	cmd := exec.CommandContext(ctx, goCmd, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"GOFLAGS=-mod=mod", // go.mod may gain requirements; go.sum already has their sums
		"GOWORK=off",
		"GOTOOLCHAIN=local",
		"GONOSUMDB=*", // never ask the checksum database
		"GOENV=off",   // ignore the user's go env file
		// CGO_ENABLED is the caller's (the go command turns it off where
		// no C compiler is found), so that the SDKs and the standard
		// library compiled here are the ones the adapters' tests use.
	)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	if err != nil {
		if ctx.Err() != nil {
			t.Fatalf("go %s: timed out after %v\n%s", strings.Join(args, " "), time.Since(start).Round(time.Second), out)
		}
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	t.Logf("go %s: %v", strings.Join(args, " "), time.Since(start).Round(time.Millisecond))
	return string(out)
}

// checkGenerated checks that go generate wrote the v30 package.
func checkGenerated(t *testing.T, dir string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("go generate wrote no Go file into %s (%v)", dir, err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(b, []byte("Code generated by adcp-gen")) || !bytes.Contains(b, []byte("\npackage v30\n")) {
			t.Errorf("%s: not a generated file of package v30", f)
		}
	}
}

// addedLines returns the lines of after that are not in before.
func addedLines(before, after string) []string {
	had := map[string]bool{}
	for _, l := range strings.Split(before, "\n") {
		had[l] = true
	}
	var out []string
	for _, l := range strings.Split(after, "\n") {
		if l != "" && !had[l] {
			out = append(out, l)
		}
	}
	return out
}

// writeConsumer writes the consumer module into dir and returns the go.sum
// it wrote.
func writeConsumer(t *testing.T, dir, repo, schemas, v30Version string) string {
	t.Helper()
	const (
		core   = "github.com/adcp-gen/adcp-gen"
		rt     = core + "/adcp"
		mcpAd  = core + "/adapters/mcpsdk"
		a2aAd  = core + "/adapters/a2ago"
		pseudo = " v0.0.0-00010101000000-000000000000"
	)
	var gomod strings.Builder
	gomod.WriteString("module example.com/consumer\n\ngo 1.25.0\n\nrequire (\n")
	for _, r := range []string{
		core + pseudo,
		rt + " v0.0.0",
		mcpAd + pseudo,
		a2aAd + pseudo,
		"github.com/modelcontextprotocol/go-sdk v1.8.0",
		"github.com/a2aproject/a2a-go v0.3.3",
	} {
		gomod.WriteString("\t" + r + "\n")
	}
	gomod.WriteString(")\n\n")
	for _, r := range []struct{ path, dir string }{
		{core, repo},
		{rt, filepath.Join(repo, "adcp")},
		{mcpAd, filepath.Join(repo, "adapters", "mcpsdk")},
		{a2aAd, filepath.Join(repo, "adapters", "a2ago")},
	} {
		gomod.WriteString("replace " + r.path + " => " + strconv.Quote(r.dir) + "\n")
	}

	// go.sum: the union of the repository's.
	seen := map[string]bool{}
	var sums []string
	for _, f := range []string{"go.sum", "adapters/mcpsdk/go.sum", "adapters/a2ago/go.sum"} {
		b, err := os.ReadFile(filepath.Join(repo, filepath.FromSlash(f)))
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			if line = strings.TrimSpace(line); line != "" && !seen[line] {
				seen[line] = true
				sums = append(sums, line)
			}
		}
	}
	sort.Strings(sums)

	gen := "// Package consumer generates an AdCP 3.0 vocabulary into v30.\npackage consumer\n\n" +
		"//go:generate go run " + core + "/cmd/adcp-gen generate -schemas " + strconv.Quote(schemas) + " -out v30 -package v30\n"

	test := strings.NewReplacer("{{V30}}", v30Version, "{{V32}}", adcperr.SpecVersion).Replace(consumerTestSrc)
	files := map[string]string{
		"go.mod":           gomod.String(),
		"go.sum":           strings.Join(sums, "\n") + "\n",
		"gen.go":           gen,
		"consumer_test.go": test,
		"cmd/both/main.go": consumerMainSrc,
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return files["go.sum"]
}

// consumerMainSrc is a program that links both vocabularies: it builds
// RATE_LIMITED with each, encodes the MCP tool result, extracts it and
// decides.
const consumerMainSrc = `package main

import (
	"errors"
	"fmt"
	"os"
	"time"

	"example.com/consumer/v30"
	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
)

func main() {
	for _, v := range []*adcp.Vocabulary{adcperr.Vocabulary, v30.Vocabulary} {
		e, err := seller.New(v, adcperr.CodeRateLimited, "Too many requests.", seller.WithRetryAfter(2*time.Second))
		if err != nil {
			fail(err)
		}
		body, err := seller.MCPToolResult(v, e, "")
		if err != nil {
			fail(err)
		}
		x, ok := adcp.Extract(body)
		if !ok || !errors.Is(x.Err, v30.CodeRateLimited) || !errors.Is(x.Err, adcperr.CodeRateLimited) {
			fail(fmt.Errorf("extracted %+v from %s", x, body))
		}
		d := adcp.Policy{Vocabulary: v}.Decide(x.Err, adcp.RequestContext{})
		fmt.Println(v.SpecVersion(), x.Err.Code, d.Action, d.Delay)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
`

// consumerTestSrc is the consumer module's own test: {{V30}} and {{V32}}
// are the versions of v30 and of the shipped adcperr.
const consumerTestSrc = `package consumer_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"example.com/consumer/v30"
	"github.com/a2aproject/a2a-go/a2a"
	"github.com/adcp-gen/adcp-gen/adapters/a2ago"
	"github.com/adcp-gen/adcp-gen/adapters/mcpsdk"
	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// vocab is one of the two vocabularies linked into this program.
type vocab struct {
	name        string
	v           *adcp.Vocabulary
	version     string
	rateLimited adcp.Code
}

var vocabs = []vocab{
	{"adcperr", adcperr.Vocabulary, adcperr.SpecVersion, adcperr.CodeRateLimited},
	{"v30", v30.Vocabulary, v30.SpecVersion, v30.CodeRateLimited},
}

func TestSpecVersions(t *testing.T) {
	for _, c := range []struct {
		vocab
		want string
	}{{vocabs[0], "{{V32}}"}, {vocabs[1], "{{V30}}"}} {
		if got := c.v.SpecVersion(); got != c.want || c.version != c.want {
			t.Errorf("%s: Vocabulary.SpecVersion() = %q, SpecVersion = %q, want %q", c.name, got, c.version, c.want)
		}
	}
	// The codes of both packages are the runtime's one Code type.
	var a, b adcp.Code = adcperr.CodeRateLimited, v30.CodeRateLimited
	if a != b || a != "RATE_LIMITED" {
		t.Errorf("RATE_LIMITED: adcperr %q, v30 %q", a, b)
	}
	if n30, n32 := len(v30.Vocabulary.Codes()), len(adcperr.Vocabulary.Codes()); n30 == 0 || n30 >= n32 {
		t.Errorf("v30 has %d codes, adcperr %d", n30, n32)
	}
}

// transport sends e, built for v, the way a seller does, and extracts it the
// way a buyer does.
type transport struct {
	name string
	send func(t *testing.T, v *adcp.Vocabulary, e *adcp.Error) adcp.Extraction
}

var transports = []transport{{"mcp", viaMCP}, {"a2a", viaA2A}}

// viaMCP fails a typed tool of an in-memory go-sdk server, registered with
// mcpsdk.AddTool(v), with e (wrapped, as a handler's error), and extracts
// the result of the client's call, with the adapter and with adcp.Extract.
func viaMCP(t *testing.T, v *adcp.Vocabulary, e *adcp.Error) adcp.Extraction {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "seller", Version: "v0.0.1"}, nil)
	mcpsdk.AddTool(s, v, &mcp.Tool{Name: "get_products"},
		func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, struct{}, error) {
			return nil, struct{}{}, fmt.Errorf("get_products: %w", e)
		})
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "buyer", Version: "v0.0.1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		cs.Close()
		ss.Wait()
	}()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_products", Arguments: map[string]any{}})
	if err != nil {
		t.Fatalf("CallTool: %v", err)
	}
	if !res.IsError {
		t.Fatalf("isError is false: %+v", res)
	}
	x, ok := mcpsdk.Extract(res, err)
	if !ok {
		t.Fatalf("mcpsdk.Extract found no AdCP error in %+v", res)
	}
	if x.Path != adcp.PathStructuredContent || x.NonFatal {
		t.Errorf("mcp: path %s (non-fatal %v), want %s", x.Path, x.NonFatal, adcp.PathStructuredContent)
	}
	raw, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	sameExtraction(t, "adcp.Extract of the MCP result", raw, x)
	return x
}

// viaA2A builds the failed task with a2ago.FailedTask and extracts it from
// the SDK value (a2ago.Extract) and from its JSON (adcp.Extract).
func viaA2A(t *testing.T, v *adcp.Vocabulary, e *adcp.Error) adcp.Extraction {
	t.Helper()
	task, err := a2ago.FailedTask(v, &a2a.Task{ID: "task-1", ContextID: "ctx-1"}, e, "The request failed.")
	if err != nil {
		t.Fatalf("a2ago.FailedTask: %v", err)
	}
	if task.Status.State != a2a.TaskStateFailed || task.ID != "task-1" {
		t.Errorf("task = %+v", task)
	}
	x, ok := a2ago.Extract(task)
	if !ok {
		t.Fatalf("a2ago.Extract found no AdCP error in %+v", task)
	}
	if x.Path != adcp.PathArtifact || x.NonFatal {
		t.Errorf("a2a: path %s (non-fatal %v), want %s", x.Path, x.NonFatal, adcp.PathArtifact)
	}
	raw, err := json.Marshal(task)
	if err != nil {
		t.Fatal(err)
	}
	xj, ok := adcp.Extract(raw)
	if !ok || xj.Path != x.Path || !reflect.DeepEqual(xj.Err, x.Err) {
		t.Errorf("adcp.Extract = %+v, %v; a2ago.Extract = %+v", xj, ok, x)
	}
	return x
}

// sameExtraction checks that adcp.Extract finds in raw what an adapter found.
func sameExtraction(t *testing.T, what string, raw []byte, want adcp.Extraction) {
	t.Helper()
	got, ok := adcp.Extract(raw)
	if !ok || got.Path != want.Path || !reflect.DeepEqual(got.Err, want.Err) {
		t.Errorf("%s = %+v, %v; the adapter found %+v", what, got, ok, want)
	}
}

// TestRateLimitedEveryTransport: RATE_LIMITED built with either vocabulary
// crosses either SDK as the same *adcp.Error, matches either package's code
// constant and is decided the same by a policy of either vocabulary.
func TestRateLimitedEveryTransport(t *testing.T) {
	for _, sender := range vocabs {
		for _, tr := range transports {
			t.Run(sender.name+"/"+tr.name, func(t *testing.T) {
				e, err := seller.New(sender.v, sender.rateLimited, "Too many requests.", seller.WithRetryAfter(30*time.Second))
				if err != nil {
					t.Fatalf("seller.New(%s): %v", sender.name, err)
				}
				x := tr.send(t, sender.v, e)
				if reflect.TypeOf(x.Err) != reflect.TypeOf(e) {
					t.Errorf("extracted %T, built %T", x.Err, e)
				}
				if x.Err.Code != e.Code || x.Err.Recovery != adcp.RecoveryTransient || x.Err.Message != e.Message {
					t.Errorf("extracted %+v, sent %+v", x.Err, e)
				}
				err = fmt.Errorf("calling the seller: %w", x.Err)
				if !errors.Is(err, adcperr.CodeRateLimited) || !errors.Is(err, v30.CodeRateLimited) {
					t.Errorf("errors.Is(%v, RATE_LIMITED): adcperr %v, v30 %v", err,
						errors.Is(err, adcperr.CodeRateLimited), errors.Is(err, v30.CodeRateLimited))
				}
				if errors.Is(err, adcperr.CodeAuthMissing) {
					t.Errorf("errors.Is(%v, AUTH_MISSING)", err)
				}
				if got, ok := adcp.As(err); !ok || got != x.Err {
					t.Errorf("adcp.As = %p, %v; want %p", got, ok, x.Err)
				}
				for _, decider := range vocabs {
					d := adcp.Policy{Vocabulary: decider.v}.Decide(x.Err, adcp.RequestContext{NonFatal: x.NonFatal})
					if d.Action != adcp.ActionRetry || d.Recovery != adcp.RecoveryTransient || d.Delay != 30*time.Second {
						t.Errorf("decided with %s: %+v, want retry after 30s", decider.name, d)
					}
				}
			})
		}
	}
}

// newIn32 returns a standard code of adcperr that v30 does not have:
// AUTH_MISSING when it is one, else the first whose recovery is not terminal.
func newIn32(t *testing.T) (adcp.Code, adcp.CodeInfo) {
	t.Helper()
	var first adcp.Code
	for _, c := range adcperr.Vocabulary.Codes() {
		if v30.Vocabulary.Known(c) {
			continue
		}
		info, _ := adcperr.Vocabulary.Info(c)
		if c == adcperr.CodeAuthMissing {
			return c, info
		}
		if first == "" && info.Recovery != adcp.RecoveryTerminal && !info.Advisory {
			first = c
		}
	}
	if first == "" {
		t.Fatalf("no non-terminal code of %s is missing from %s", adcperr.SpecVersion, v30.SpecVersion)
	}
	info, _ := adcperr.Vocabulary.Info(first)
	return first, info
}

// TestCodeNewIn32: a code added after 3.0 is standard for one vocabulary and
// unknown to the other, which classifies it by policy when it arrives
// without recovery; the 3.0 builder refuses it.
func TestCodeNewIn32(t *testing.T) {
	code, info := newIn32(t)
	t.Logf("%s: in %s (%s), not in %s", code, adcperr.SpecVersion, info.Recovery, v30.SpecVersion)
	if !adcperr.Vocabulary.Known(code) || v30.Vocabulary.Known(code) {
		t.Fatalf("Known(%s): adcperr %v, v30 %v", code, adcperr.Vocabulary.Known(code), v30.Vocabulary.Known(code))
	}

	// The 3.0 builder refuses it: not a standard code of 3.0, nor a vendor code.
	if err := seller.ValidVendorCode(string(code)); err == nil {
		t.Fatalf("%s is a valid vendor code", code)
	}
	if _, err := seller.New(v30.Vocabulary, code, "Credentials are required."); err == nil ||
		!strings.Contains(err.Error(), "not a standard code of AdCP "+v30.SpecVersion) {
		t.Errorf("seller.New(v30.Vocabulary, %s) = %v, want refused as not a standard code", code, err)
	}

	// The 3.2 builder accepts it, with the catalogue's recovery, and it
	// crosses both SDKs.
	e, err := seller.New(adcperr.Vocabulary, code, "Credentials are required.")
	if err != nil {
		t.Fatalf("seller.New(adcperr.Vocabulary, %s): %v", code, err)
	}
	if e.Recovery != info.Recovery {
		t.Errorf("recovery %q, want the catalogue's %q", e.Recovery, info.Recovery)
	}
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			x := tr.send(t, adcperr.Vocabulary, e)
			if x.Err.Code != code || !errors.Is(x.Err, code) {
				t.Fatalf("extracted %+v", x.Err)
			}
			// With the wire recovery both vocabularies agree.
			for _, decider := range vocabs {
				if got := (adcp.Policy{Vocabulary: decider.v}).Classify(x.Err); got != info.Recovery {
					t.Errorf("with wire recovery, %s classifies %s, want %s", decider.name, got, info.Recovery)
				}
			}
			// Without it, 3.2 uses its catalogue and 3.0 its policy.
			bare := *x.Err
			bare.Recovery = ""
			for _, unknown := range []adcp.Recovery{"", adcp.RecoveryTerminal, adcp.RecoveryTransient, adcp.RecoveryCorrectable} {
				want30 := unknown
				if want30 == "" {
					want30 = adcp.RecoveryTerminal // the zero value
				}
				p32 := adcp.Policy{Vocabulary: adcperr.Vocabulary, UnknownCodeRecovery: unknown}
				p30 := adcp.Policy{Vocabulary: v30.Vocabulary, UnknownCodeRecovery: unknown}
				if got := p32.Classify(&bare); got != info.Recovery {
					t.Errorf("UnknownCodeRecovery %q: adcperr classifies %s, want the catalogue's %s", unknown, got, info.Recovery)
				}
				if got := p30.Classify(&bare); got != want30 {
					t.Errorf("UnknownCodeRecovery %q: v30 classifies %s, want %s", unknown, got, want30)
				}
				d32 := p32.Decide(&bare, adcp.RequestContext{})
				d30 := p30.Decide(&bare, adcp.RequestContext{})
				if d32.Recovery != info.Recovery || d30.Recovery != want30 {
					t.Errorf("UnknownCodeRecovery %q: decided %s by adcperr, %s by v30", unknown, d32.Recovery, d30.Recovery)
				}
				if want30 != info.Recovery && d32.Action == d30.Action {
					t.Errorf("UnknownCodeRecovery %q: both decide %s", unknown, d32.Action)
				}
			}
			d32 := adcp.Policy{Vocabulary: adcperr.Vocabulary}.Decide(&bare, adcp.RequestContext{})
			d30 := adcp.Policy{Vocabulary: v30.Vocabulary}.Decide(&bare, adcp.RequestContext{})
			t.Logf("%s without recovery: %s → %s/%s, %s → %s/%s", code,
				adcperr.SpecVersion, d32.Recovery, d32.Action, v30.SpecVersion, d30.Recovery, d30.Action)
		})
	}
}
`
