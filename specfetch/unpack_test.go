package specfetch

import (
	"archive/tar"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnpackKeepsSchemasOnly: the files under root/schemas/ are written,
// nothing else, implied folders included; the pax global header of git
// archive is skipped.
func TestUnpackKeepsSchemasOnly(t *testing.T) {
	dst := filepath.Join(t.TempDir(), "schemas")
	files, err := unpack(tgz(t, []entry{
		{name: "pax_global_header", typeflag: tar.TypeXGlobalHeader},
		{name: "./", typeflag: tar.TypeDir},
		{name: "./adcp-1.0.0/", typeflag: tar.TypeDir},
		{name: "adcp-1.0.0/schemas/core/error.json", typeflag: tar.TypeReg, body: "{}"},
		{name: "adcp-1.0.0/schemas/a/b/c.json", typeflag: tar.TypeReg, body: "[]"},
		{name: "adcp-1.0.0/compliance/x.yaml", typeflag: tar.TypeReg, body: "x"},
		{name: "adcp-1.0.0/compliance/", typeflag: tar.TypeDir},
	}), "adcp-1.0.0", dst, defaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(files, " ") != "core/error.json a/b/c.json" {
		t.Errorf("files = %q", files)
	}
	got := readTree(t, filepath.Dir(dst))
	if len(got) != 2 || string(got["schemas/a/b/c.json"]) != "[]" {
		t.Errorf("unpacked %q", got)
	}
}

// FuzzUnpack: whatever the archive, unpack writes nothing but regular files
// and folders, all inside its destination, and returns exactly the files it
// wrote. The fuzzer mutates the tar stream, which the target compresses (a
// mutated gzip stream would mostly fail its own checks).
func FuzzUnpack(f *testing.F) {
	t := &testing.T{}
	for _, es := range [][]entry{
		{{name: "adcp-1.0.0/schemas/core/error.json", typeflag: tar.TypeReg, body: `{"$ref": "/schemas/latest/x.json"}`}},
		{{name: "adcp-1.0.0/", typeflag: tar.TypeDir}, {name: "adcp-1.0.0/schemas/a.json", typeflag: tar.TypeReg, body: "{}"}, {name: "adcp-1.0.0/x", typeflag: tar.TypeSymlink, linkname: "/"}},
		{{name: "adcp-1.0.0/schemas/../../a.json", typeflag: tar.TypeReg, body: "{}"}},
		{{name: "adcp-1.0.0/schemas/a.json", typeflag: tar.TypeReg, body: "{}"}, {name: "adcp-1.0.0/schemas/a.json/b", typeflag: tar.TypeReg}},
	} {
		f.Add(tarOf(t, es))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		dst := filepath.Join(dir, "schemas")
		files, err := unpack(gzipped(t, data), "adcp-1.0.0", dst, limits{Bundle: 1 << 20, Unpacked: 1 << 20, Entries: 100, FileSize: 1 << 16})
		found := map[string]bool{}
		walkErr := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && !d.Type().IsRegular() {
				t.Fatalf("%s: not a regular file or folder", p)
			}
			if !d.IsDir() {
				rel, _ := filepath.Rel(dst, p)
				if !filepath.IsLocal(rel) {
					t.Fatalf("%s: outside %s", p, dst)
				}
				found[filepath.ToSlash(rel)] = true
			}
			return nil
		})
		if walkErr != nil {
			t.Fatal(walkErr)
		}
		if err != nil {
			return
		}
		if len(files) != len(found) {
			t.Fatalf("returned %q, wrote %v", files, found)
		}
		for _, f := range files {
			if !found[f] {
				t.Fatalf("returned %q, not written", f)
			}
		}
	})
}
