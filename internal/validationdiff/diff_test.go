package validationdiff

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/emit"
	"github.com/adcp-gen/adcp-gen/internal/corpusmod"
	"github.com/adcp-gen/adcp-gen/internal/ecmaregexp"
	"github.com/adcp-gen/adcp-gen/internal/testshared"
	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// diffSample is what -short checks: the first and last version of each
// line, and the one the project ships.
var diffSample = []string{"3.0.0-rc.1", "3.0.26", "3.1.0-beta.0", "3.1.19", "3.2.0-beta.0", "3.2.0-beta.5"}

// rootSchema is one schema whose instances are checked: core/error.json or
// a details shape, in one version.
type rootSchema struct {
	version, pkg string
	name         string // "error" or the shape name
	group        *schemaGroup
}

// schemaGroup is one root schema as published, shared by the versions that
// publish it unchanged (up to their version numbers): its instances are
// generated, and jsonschema's verdicts computed, once.
type schemaGroup struct {
	key       string
	instances []string
	valid     []bool
	schema    *jsonschema.Schema // for jsonschema's reason, asked again only for a report
}

// why is jsonschema's reason for refusing the group's instance i ("" when it
// is valid). It is not kept for every instance: only reports need it, and
// writing it for each of the 650,000 refused instances cost a second.
func (g *schemaGroup) why(i int) string {
	val, err := jsonschema.UnmarshalJSON(strings.NewReader(g.instances[i]))
	if err != nil {
		return err.Error()
	}
	if err := g.schema.Validate(val); err != nil {
		return oneLine(err.Error())
	}
	return ""
}

// TestDifferentialValidation compares generated validation with
// santhosh-tekuri/jsonschema v6 on the published schemas, over every
// version from 3.0.0-rc.1 on (a sample with -short): it must agree on every
// instance.
func TestDifferentialValidation(t *testing.T) {
	shared := testshared.Dir(t, "adcp-schemas")
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not in PATH")
	}
	versions := publishedVersions(t, shared)
	if testing.Short() {
		versions = diffSample
	}
	// Each published version, and the keyword-edges spec (edgesFolder).
	dirs := map[string]string{}
	for _, v := range versions {
		dirs[v] = filepath.Join(shared, v)
	}
	versions = append(versions, edgesVersion)
	dirs[edgesVersion] = edgesFolder(t)

	runtime, err := filepath.Abs(filepath.Join("..", "..", "adcp"))
	if err != nil {
		t.Fatal(err)
	}

	groups := map[string]*schemaGroup{}
	var roots []rootSchema
	var order []string
	pkgs := map[string]map[string][]byte{}
	for _, v := range versions {
		dir := dirs[v]
		spec, err := schemaload.Load(dir)
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		pkg := "v" + strings.NewReplacer(".", "_", "-", "_").Replace(v)
		files, err := emit.Files(spec, pkg)
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		pkgs[pkg] = files
		order = append(order, pkg)

		f, err := loadFolder(dir)
		if err != nil {
			t.Fatal(err)
		}
		c := newCompiler(f)
		files2 := map[string]string{"error": "core/error.json"}
		for _, s := range spec.Shapes {
			files2[s.Name] = s.File
		}
		names := make([]string, 0, len(files2))
		for n := range files2 {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, name := range names {
			rel := files2[name]
			key := name + "\x00" + groupKey(f, rel)
			g := groups[key]
			if g == nil {
				h := fnv.New64a()
				h.Write([]byte(key))
				rng := rand.New(rand.NewSource(int64(h.Sum64())))
				sch, err := c.Compile("https://adcontextprotocol.org/schemas/" + v + "/" + rel)
				if err != nil {
					t.Fatalf("%s %s: jsonschema: %v", v, rel, err)
				}
				g = &schemaGroup{key: key, schema: sch}
				groups[key] = g
				for _, inst := range instances(node{f, rel, f.files[rel]}, rng) {
					if inst == "null" {
						continue // UnmarshalJSON of null is a no-op (encoding/json's rule): nothing to compare
					}
					val, err := jsonschema.UnmarshalJSON(strings.NewReader(inst))
					if err != nil {
						t.Fatalf("instance %s: %v", inst, err)
					}
					g.instances = append(g.instances, inst)
					g.valid = append(g.valid, sch.Validate(val) == nil)
				}
			}
			roots = append(roots, rootSchema{version: v, pkg: pkg, name: name, group: g})
		}
	}

	var vocabs []string
	imports := corpusmod.Imports(order)
	for _, pkg := range order {
		vocabs = append(vocabs, fmt.Sprintf("%q: {%s.Vocabulary, %s.NewDetails},", pkg, pkg, pkg))
	}

	src, err := os.ReadFile(filepath.Join("testdata", "checker.go.txt"))
	if err != nil {
		t.Fatal(err)
	}
	prog := strings.Replace(string(src), "//IMPORTS", strings.Join(imports, "\n\t"), 1)
	prog = strings.Replace(prog, "//VOCABULARIES", strings.Join(vocabs, "\n\t"), 1)
	dir := corpusmod.Write(t, runtime, pkgs)
	writeFile(t, filepath.Join(dir, "checker", "main.go"), prog)

	var in bytes.Buffer
	sent := 0
	for _, r := range roots {
		for _, inst := range r.group.instances {
			in.WriteString(r.pkg + "\t" + r.name + "\t" + inst + "\n")
			sent++
		}
	}
	// -trimpath: the build cache finds the version packages emit's corpus
	// test or an earlier run compiled, although each run writes them into a
	// folder of its own.
	cmd := exec.Command(goCmd, "run", "-trimpath", "./checker")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local")
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("checker: %v\n%s", err, stderr.String())
	}

	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	answered := 0
	var validCount, invalidCount, disagree int
	var reports []string
	for _, r := range roots {
		for i, inst := range r.group.instances {
			if !sc.Scan() {
				t.Fatalf("the checker answered %d of %d instances", answered, sent)
			}
			answered++
			verdict, why, _ := strings.Cut(sc.Text(), "\t")
			if verdict == "bad" {
				t.Fatalf("%s %s: checker: %s (instance %s)", r.pkg, r.name, why, inst)
			}
			goValid := verdict == "ok"
			if r.group.valid[i] {
				validCount++
			} else {
				invalidCount++
			}
			if goValid != r.group.valid[i] {
				disagree++
				if len(reports) < 40 {
					reports = append(reports, fmt.Sprintf("%s %s: %s\n\tjsonschema valid=%v %s\n\tgenerated  valid=%v %s",
						r.version, r.name, inst, r.group.valid[i], r.group.why(i), goValid, why))
				}
			}
		}
	}
	if sc.Scan() {
		t.Fatalf("the checker answered more than the %d instances it was sent", sent)
	}
	t.Logf("%d versions, %d root schemas (%d distinct), %d instances compared: %d valid, %d invalid (jsonschema); %d disagreements",
		len(versions), len(roots), len(groups), answered, validCount, invalidCount, disagree)
	if validCount == 0 || invalidCount == 0 {
		t.Errorf("instances are all valid or all invalid: the generator is broken")
	}
	if disagree > 0 {
		t.Errorf("%d disagreements between the generated validation and jsonschema, the first:\n%s", disagree, strings.Join(reports, "\n"))
	}
}

// publishedVersions lists the versions from 3.0.0-rc.1 on, in semver order.
func publishedVersions(t *testing.T, root string) []string {
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() && schemaload.CompareVersions(e.Name(), "3.0.0-rc.1") >= 0 {
			out = append(out, e.Name())
		}
	}
	sort.Slice(out, func(i, j int) bool { return schemaload.CompareVersions(out[i], out[j]) < 0 })
	return out
}

// newCompiler returns a jsonschema compiler over the folder's files only,
// as schemaload compiles them: draft-07 by default (formats asserted) and
// ECMAScript regular expressions through regexp2.
func newCompiler(f *folder) *jsonschema.Compiler {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft7)
	c.UseRegexpEngine(ecmaregexp.Compile)
	c.UseLoader(loaderFunc(func(url string) (any, error) {
		u, _, _ := strings.Cut(url, "#")
		v, ok := f.files[relOf("", u)]
		if !ok {
			return nil, fmt.Errorf("%s: not in the folder", url)
		}
		return v, nil
	}))
	return c
}

type loaderFunc func(string) (any, error)

func (l loaderFunc) Load(url string) (any, error) { return l(url) }

var versionInURL = regexp.MustCompile(`/schemas/[^/"]+/`)

// groupKey identifies a root schema by the content of its file and of
// every file it reaches, with version numbers and $ids left out.
func groupKey(f *folder, rel string) string {
	seen := map[string]bool{}
	var files []string
	var visit func(rel string)
	var refs func(from string, v any)
	refs = func(from string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if s, ok := e.(string); ok && k == "$ref" {
					u, _, _ := strings.Cut(s, "#")
					if u != "" {
						visit(relOf(from, u))
					}
				}
				refs(from, e)
			}
		case []any:
			for _, e := range x {
				refs(from, e)
			}
		}
	}
	visit = func(rel string) {
		if seen[rel] {
			return
		}
		seen[rel] = true
		files = append(files, rel)
		refs(rel, f.files[rel])
	}
	visit(rel)
	sort.Strings(files)
	var b strings.Builder
	for _, file := range files {
		v := f.files[file]
		if m, ok := v.(map[string]any); ok {
			c := make(map[string]any, len(m))
			for k, e := range m {
				if k != "$id" {
					c[k] = e
				}
			}
			v = c
		}
		enc, _ := json.Marshal(v)
		b.WriteString(file + "\x00" + versionInURL.ReplaceAllString(string(enc), "/schemas/V/") + "\x00")
	}
	return b.String()
}

func writeFile(t *testing.T, name, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func oneLine(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}
