package emit

import (
	"bytes"
	"go/format"
	"io/fs"
	"testing"

	"github.com/adcp-gen/adcp-gen/templates"
)

// TestRuntimeTemplatesFormatted guards the shortcut of runtimeFiles: the
// copied templates are not formatted at generation time, so each must be
// gofmt-clean as written, and stay so with the header and another package
// name.
func TestRuntimeTemplatesFormatted(t *testing.T) {
	paths, err := fs.Glob(templates.Runtime, "runtime/*.go")
	if err != nil {
		t.Fatal(err)
	}
	copied := 0
	for _, p := range paths {
		name := p[len("runtime/"):]
		src, err := fs.ReadFile(templates.Runtime, p)
		if err != nil {
			t.Fatal(err)
		}
		if !isRuntimeTemplate(name) || IsOwned(src) {
			continue
		}
		copied++
		if got, err := format.Source(src); err != nil || !bytes.Equal(got, src) {
			t.Errorf("templates/runtime/%s is not gofmt-clean (err %v): run gofmt -w", name, err)
		}
	}
	if copied == 0 {
		t.Fatal("no runtime template found")
	}
	for _, pkg := range []string{"adcperr", "v3_2_0_beta_5", "x"} {
		files, err := runtimeFiles(pkg, "9.9.9")
		if err != nil {
			t.Fatal(err)
		}
		if len(files) != copied {
			t.Errorf("package %s: %d runtime files, want %d", pkg, len(files), copied)
		}
		for name, src := range files {
			if got, err := format.Source(src); err != nil || !bytes.Equal(got, src) {
				t.Errorf("package %s: %s is not gofmt-stable (err %v)", pkg, name, err)
			}
			if !IsOwned(src) || !bytes.Contains(src, []byte("\npackage "+pkg+"\n")) {
				t.Errorf("package %s: %s lacks the header or the package clause", pkg, name)
			}
		}
	}
}
