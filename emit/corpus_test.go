package emit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/internal/corpusmod"
	"github.com/adcp-gen/adcp-gen/internal/testshared"
	"github.com/adcp-gen/adcp-gen/schemaload"
)

// corpusSample is what -short generates.
var corpusSample = []string{"3.0.0-rc.1", "3.0.4", "3.1.0", "3.2.0-beta.5"}

// corpusVersions lists the published versions from 3.0.0-rc.1 on, in
// semver order.
func corpusVersions(t testing.TB, root string) []string {
	t.Helper()
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

// corpusExpect is what the generated corpus test checks, per version.
type corpusExpect struct {
	Version string              `json:"version"`
	Codes   []string            `json:"codes"`    // enums/error-code.json enum, in order, read raw
	Recover map[string]string   `json:"recovery"` // code → recovery class of the model
	Links   map[string][]string `json:"links"`    // code → shape names of the model
	Shapes  []string            `json:"shapes"`   // every error-details/*.json but the vendor registry, read raw
	// Examples of each shape, from its schema file, read raw.
	Examples map[string][]json.RawMessage `json:"examples"`
}

// TestCorpus generates every published version from 3.0.0-rc.1 on (a sample
// with -short), each a second time to check determinism, into one
// temporary module (corpusmod: one package per version); then one go vet over all of
// them, and one test binary (from testdata/corpus_test.go.txt) that imports
// every version's package and checks its tables against what the raw schema
// files say (<pkg>.json): two go invocations in all, whatever the number of
// versions.
func TestCorpus(t *testing.T) {
	root := testshared.Dir(t, "adcp-schemas")
	t.Parallel()
	goCmd := lookGo(t)
	versions := corpusVersions(t, root)
	if testing.Short() {
		versions = corpusSample
	}
	testSrc, err := os.ReadFile(filepath.Join("testdata", "corpus_test.go.txt"))
	if err != nil {
		t.Fatal(err)
	}
	runtime, err := filepath.Abs(filepath.Join("..", "adcp"))
	if err != nil {
		t.Fatal(err)
	}
	pkgs := map[string]map[string][]byte{}
	expects := map[string][]byte{}
	var order []string
	// Each version is generated a second time, which must give the same
	// bytes.
	var models ModelSet
	for _, v := range versions {
		dir := filepath.Join(root, v)
		spec, err := schemaload.Load(dir)
		if err != nil {
			t.Errorf("%s: load: %v", v, err)
			continue
		}
		pkg := "v" + strings.NewReplacer(".", "_", "-", "_").Replace(v)
		files, err := Files(spec, pkg)
		if err != nil {
			t.Errorf("%s: %v", v, err)
			continue
		}
		models.Add(spec)
		again, err := Files(spec, pkg)
		if err != nil {
			t.Fatal(err)
		}
		if len(again) != len(files) {
			t.Errorf("%s: %d files, then %d", v, len(files), len(again))
		}
		for n := range files {
			if !bytes.Equal(files[n], again[n]) {
				t.Errorf("%s: %s differs from one generation to the next:\n%s", v, n, Diff("first", "second", files[n], again[n]))
			}
		}
		pkgs[pkg] = files
		order = append(order, pkg)
		b, err := json.Marshal(corpusExpectation(t, dir, spec))
		if err != nil {
			t.Fatal(err)
		}
		expects[pkg+".json"] = b
	}
	if t.Failed() {
		return
	}
	var table []string
	imports := corpusmod.Imports(order)
	for _, pkg := range order {
		table = append(table, fmt.Sprintf("{%q, %s.SpecVersion, %s.Vocabulary, %s.NewDetails},", pkg, pkg, pkg, pkg))
	}
	// -trimpath: the build cache finds the version packages the
	// differential validation test (internal/validationdiff) or an earlier
	// run compiled, although each run writes them into a folder of its own.
	dir := corpusmod.Write(t, runtime, pkgs)
	own := "x_emit"
	if err := os.Mkdir(filepath.Join(dir, own), 0o755); err != nil {
		t.Fatal(err)
	}
	src := strings.NewReplacer(
		"//IMPORTS", strings.Join(imports, "\n\t"),
		"//VERSIONS", strings.Join(table, "\n\t"),
		"-1 //COUNT", strconv.Itoa(len(versions)),
	).Replace(string(testSrc))
	expects["corpus_test.go"] = []byte(src)
	for name, b := range expects {
		if err := os.WriteFile(filepath.Join(dir, own, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	runGo(t, dir, goCmd, "vet", "-trimpath", "./...")
	// -vet=off: go vet ran every analyzer just above; go test's own subset
	// would compute its facts for every dependency a second time.
	out := runGo(t, dir, goCmd, "test", "-trimpath", "-count=1", "-vet=off", "-v", "./"+own)
	// Every version was checked by both tests.
	for _, pkg := range order {
		for _, test := range []string{"TestCodes", "TestShapes"} {
			if !strings.Contains(out, "--- PASS: "+test+"/"+pkg+" ") {
				t.Errorf("%s: %s did not run for it:\n%s", pkg, test, out)
			}
		}
	}
	t.Logf("%d versions generated twice (%d distinct models), vetted, built and tested", len(versions), models.Len())
}

// corpusExpectation reads what the generated tables must say, from the raw
// schema files where possible (code order, shapes, examples) and from the
// model for what only the loader can settle (recovery, links).
func corpusExpectation(t *testing.T, dir string, spec *schemaload.Spec) corpusExpect {
	t.Helper()
	exp := corpusExpect{Version: spec.Version, Recover: map[string]string{}, Links: map[string][]string{}, Examples: map[string][]json.RawMessage{}}
	var codes struct {
		Enum []string `json:"enum"`
	}
	readJSON(t, filepath.Join(dir, "enums", "error-code.json"), &codes)
	exp.Codes = codes.Enum
	for _, c := range spec.Codes {
		exp.Recover[c.Value] = c.Recovery
		for _, s := range c.Shapes {
			exp.Links[c.Value] = append(exp.Links[c.Value], s.Name)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "error-details", "*.json"))
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		if name == "vendor-error-codes" {
			continue
		}
		exp.Shapes = append(exp.Shapes, name)
		var schema struct {
			Examples []json.RawMessage `json:"examples"`
		}
		readJSON(t, f, &schema)
		exp.Examples[name] = schema.Examples
	}
	sort.Strings(exp.Shapes)
	return exp
}

func readJSON(t *testing.T, file string, v any) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
}

// BenchmarkGenerate loads and generates one published version
// (3.2.0-beta.5); the Load sub-benchmark is the baseline for the emit cost.
func BenchmarkGenerate(b *testing.B) {
	dir := filepath.Join(testshared.Dir(b, "adcp-schemas"), "3.2.0-beta.5")
	b.Run("load", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := schemaload.Load(dir); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("load+emit", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			spec, err := schemaload.Load(dir)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := Files(spec, "adcperr"); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkGenerateAll loads and generates every published version that has
// a code vocabulary, in one process (one op = all of them); the load
// sub-benchmark is its baseline. Versions Load refuses (before 3.0.0-rc.1,
// no enums/error-code.json) are left out, as generate would stop on them.
func BenchmarkGenerateAll(b *testing.B) {
	root := testshared.Dir(b, "adcp-schemas")
	entries, err := os.ReadDir(root)
	if err != nil {
		b.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		dir := filepath.Join(root, e.Name())
		if _, err := schemaload.Load(dir); e.IsDir() && err == nil {
			dirs = append(dirs, dir)
		}
	}
	if len(dirs) == 0 {
		b.Skip("no loadable version")
	}
	b.Logf("%d versions", len(dirs))
	b.Run("load", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			for _, dir := range dirs {
				if _, err := schemaload.Load(dir); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("load+emit", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			for _, dir := range dirs {
				spec, err := schemaload.Load(dir)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := Files(spec, "adcperr"); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
