package emit

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/schemaload"
)

// TestVersionGuard builds the fixture package against a runtime that cannot
// serve its contract version, and checks that it fails to compile naming
// what to do. The runtime is this repository's, with adcpimpl/version.go
// replaced by a -overlay: its packages keep their folders, so that the go
// command's cache serves them on the next run (a copy in a new temporary
// folder compiled them again on every run). The two builds run side by
// side, and beside TestCorpus.
func TestVersionGuard(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module with the go command")
	}
	t.Parallel()
	goCmd := lookGo(t)
	files, err := Files(fixtureSpec(), "fixture")
	if err != nil {
		t.Fatal(err)
	}
	runtime, err := filepath.Abs(filepath.Join("..", "adcp"))
	if err != nil {
		t.Fatal(err)
	}
	version := filepath.Join(runtime, "adcpimpl", "version.go")
	src, err := os.ReadFile(version)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, from, to, want string
	}{
		{"runtime too old", "MaxVersion = GenVersion", "MaxVersion = 0", "adcpimpl.UpgradeTheRuntimeModule"},
		{"runtime too new", "MinVersion = 8", "MinVersion = GenVersion + 1", "adcpimpl.RegenerateWithNewerAdcpGen"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if !strings.Contains(string(src), tc.from) {
				t.Fatalf("version.go has no %q", tc.from)
			}
			mod := t.TempDir()
			replaced := filepath.Join(mod, "version.go")
			if err := os.WriteFile(replaced, []byte(strings.Replace(string(src), tc.from, tc.to, 1)), 0o644); err != nil {
				t.Fatal(err)
			}
			overlay, err := json.Marshal(map[string]map[string]string{"Replace": {version: replaced}})
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(mod, "overlay.json"), overlay, 0o644); err != nil {
				t.Fatal(err)
			}
			goMod := "module example.com/guard\n\ngo 1.22\n\nrequire " + schemaload.RuntimePkg + " v0.0.0\n\nreplace " + schemaload.RuntimePkg + " => " + runtime + "\n"
			if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte(goMod), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := Write(filepath.Join(mod, "fixture"), files); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(goCmd, "build", "-overlay", filepath.Join(mod, "overlay.json"), "./...")
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
