package specfetch

import (
	"archive/tar"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestUnpackKeepsSchemasOnly: the files under root/schemas/ are returned,
// nothing else; the pax global header of git archive is skipped.
func TestUnpackKeepsSchemasOnly(t *testing.T) {
	files, err := unpack(tgz(t, []entry{
		{name: "pax_global_header", typeflag: tar.TypeXGlobalHeader},
		{name: "./", typeflag: tar.TypeDir},
		{name: "./adcp-1.0.0/", typeflag: tar.TypeDir},
		{name: "adcp-1.0.0/schemas/core/error.json", typeflag: tar.TypeReg, body: "{}"},
		{name: "adcp-1.0.0/schemas/a/b/c.json", typeflag: tar.TypeReg, body: "[]"},
		{name: "adcp-1.0.0/compliance/x.yaml", typeflag: tar.TypeReg, body: "x"},
		{name: "adcp-1.0.0/compliance/", typeflag: tar.TypeDir},
	}), "adcp-1.0.0", fetchLimits)
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string][]byte{"core/error.json": []byte("{}"), "a/b/c.json": []byte("[]")}; !reflect.DeepEqual(files, want) {
		t.Errorf("files = %q", files)
	}
}

// FuzzUnpack: whatever the archive, unpack returns only clean local paths
// that no other returned path lies inside, within the limits. The fuzzer
// mutates the tar stream, which the target compresses (a mutated gzip
// stream would mostly fail its own checks).
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
	lim := limits{Bundle: 1 << 20, Unpacked: 1 << 20, Entries: 100, FileSize: 1 << 16}
	f.Fuzz(func(t *testing.T, data []byte) {
		files, err := unpack(gzipped(t, data), "adcp-1.0.0", lim)
		if err != nil {
			return
		}
		for name, b := range files {
			if !filepath.IsLocal(filepath.FromSlash(name)) || strings.Contains(name, "\\") || int64(len(b)) > lim.FileSize {
				t.Fatalf("returned %q (%d bytes)", name, len(b))
			}
			for other := range files {
				if strings.HasPrefix(other, name+"/") {
					t.Fatalf("returned %q inside the file %q", other, name)
				}
			}
		}
	})
}
