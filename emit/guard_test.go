package emit

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
)

// TestGenVersion keeps emit's contract version the runtime's.
func TestGenVersion(t *testing.T) {
	if GenVersion != adcpimpl.GenVersion {
		t.Errorf("emit writes contract %d, the runtime's generator version is %d", GenVersion, adcpimpl.GenVersion)
	}
}

// TestVersionGuard builds the fixture package against copies of the runtime
// that cannot serve its contract version, and checks that it fails to
// compile naming what to do. The two builds differ in the runtime's
// adcpimpl, so each compiles its own copy; they run side by side, and beside
// TestCorpus.
func TestVersionGuard(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module with the go command")
	}
	t.Parallel()
	goCmd := lookGo(t)
	files, err := Files(fixtureSpec(), Options{Package: "fixture"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, from, to, want string
	}{
		{"runtime too old", "MaxVersion = GenVersion", "MaxVersion = 0", "adcpimpl.UpgradeTheRuntimeModule"},
		{"runtime too new", "MinVersion = 4", "MinVersion = GenVersion + 1", "adcpimpl.RegenerateWithNewerAdcpGen"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			runtime := copyRuntime(t)
			version := filepath.Join(runtime, "adcpimpl", "version.go")
			src, err := os.ReadFile(version)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(src), tc.from) {
				t.Fatalf("version.go has no %q", tc.from)
			}
			if err := os.WriteFile(version, []byte(strings.Replace(string(src), tc.from, tc.to, 1)), 0o644); err != nil {
				t.Fatal(err)
			}
			mod := t.TempDir()
			goMod := "module example.com/guard\n\ngo 1.22\n\nrequire " + runtimePkg + " v0.0.0\n\nreplace " + runtimePkg + " => " + runtime + "\n"
			if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte(goMod), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := Write(filepath.Join(mod, "fixture"), files); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(goCmd, "build", "./...")
			cmd.Dir = mod
			cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local")
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatal("the package built against a runtime that cannot serve it")
			}
			if !strings.Contains(string(out), tc.want) {
				t.Errorf("the build error does not name %s:\n%s", tc.want, out)
			}
		})
	}
}

// copyRuntime copies the runtime module's Go sources and go.mod (no tests,
// no testdata) into a temporary folder.
func copyRuntime(t *testing.T) string {
	t.Helper()
	src, err := filepath.Abs(filepath.Join("..", "adcp"))
	if err != nil {
		t.Fatal(err)
	}
	dst := t.TempDir()
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			if d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if strings.HasSuffix(p, "_test.go") || !(strings.HasSuffix(p, ".go") || d.Name() == "go.mod") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}
