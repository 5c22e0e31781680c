package sizeprobe

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRuntimeProbeLinks builds the runtime probe (with the test's own build
// settings, so that it reuses the packages the tests compiled) and checks
// that the code a program reaching only Extract, Decide and the seller's
// builders does not use stays out of it: net/http.
func TestRuntimeProbeLinks(t *testing.T) {
	if testing.Short() {
		t.Skip("links a program")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	// Read the probe's sources here, so that go test's cache, which
	// records the files a test opens, runs the test again when they change.
	srcs, err := exec.Command(goTool, "list", "-deps",
		"-f", `{{if not .Standard}}{{range .GoFiles}}{{$.Dir}}/{{.}}{{"\n"}}{{end}}{{end}}`, "./runtime").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, f := range strings.Fields(string(srcs)) {
		if _, err := os.ReadFile(f); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(t.TempDir(), "runtime")
	if out, err := exec.Command(goTool, "build", "-o", bin, "./runtime").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(goTool, "tool", "nm", bin).Output()
	if err != nil {
		t.Fatalf("go tool nm: %v", err)
	}
	const adcp = "github.com/adcp-gen/adcp-gen/adcp."
	for _, sym := range []string{
		"net/http.",
	} {
		if strings.Contains(string(out), " "+sym) {
			t.Errorf("the runtime probe links %s", sym)
		}
	}
	if !strings.Contains(string(out), " "+adcp+"extractBytes") {
		t.Errorf("the runtime probe does not link %sextractBytes: the check above looks at the wrong symbols", adcp)
	}
}
