package specfetch

import (
	"archive/tar"
	"bytes"
	"fmt"
	"path/filepath"
	"reflect"
	"strconv"
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
// that no other returned path lies inside, within the limits (in all, no
// more bytes than the tar stream holds). The fuzzer
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
	f.Add(sparseTar(t, "adcp-1.0.0/schemas/a.json", 1<<16))
	lim := limits{Bundle: 1 << 20, Unpacked: 1 << 20, Entries: 100, FileSize: 1 << 16, Name: 1 << 10, Folders: 100}
	f.Fuzz(func(t *testing.T, data []byte) {
		files, err := unpack(gzipped(t, data), "adcp-1.0.0", lim)
		if err != nil {
			return
		}
		total := 0
		for name, b := range files {
			if total += len(b); total > len(data) {
				t.Fatalf("returned %d bytes from a tar stream of %d", total, len(data))
			}
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

// TestUnpackRefused: archives that stay within the size limits but would
// take unbounded memory, time or message are refused, naming the entry.
func TestUnpackRefused(t *testing.T) {
	long := strings.Repeat("a/", 200000) // 400 KB
	longNames := fetchLimits
	longNames.Name = 1 << 20
	for _, c := range []struct {
		name string
		tar  []byte
		lim  limits
		want string
	}{
		{"pax sparse file", sparseTar(t, "adcp-1.0.0/schemas/a.json", fetchLimits.FileSize), fetchLimits, `archive entry "adcp-1.0.0/schemas/a.json": a sparse file: refused`},
		{"pax sparse file outside schemas", sparseTar(t, "adcp-1.0.0/docs/a.md", fetchLimits.FileSize), fetchLimits, "a sparse file: refused"},
		// 200,000 folders deep: finding its parent file by walking up the
		// name took hours.
		{"deep file inside a file", tarOf(t, []entry{
			{name: "adcp-1.0.0/schemas/a", typeflag: tar.TypeReg},
			{name: "adcp-1.0.0/schemas/" + long + "x.json", typeflag: tar.TypeReg, body: "{}"},
		}), longNames, "files in more than the 2000 folders adcp-gen accepts"},
		// Each its own chain of 490 folders: written out, 100 such files
		// made 49,000 folders in the cache.
		{"deep folders", tarOf(t, deepFiles(100, 490)), fetchLimits, "files in more than the 2000 folders adcp-gen accepts"},
		{"many folders", tarOf(t, deepFiles(2001, 1)), fetchLimits, "files in more than the 2000 folders adcp-gen accepts"},
		{"long name", tarOf(t, []entry{{name: "adcp-1.0.0/" + long + "x.json", typeflag: tar.TypeReg}}), fetchLimits,
			`a name or link target of more than the 1024 bytes adcp-gen accepts: refused`},
		{"long link target", tarOf(t, []entry{{name: "adcp-1.0.0/x", typeflag: tar.TypeSymlink, linkname: long}}), fetchLimits,
			`archive entry "adcp-1.0.0/x": a name or link target of more than the 1024 bytes`},
	} {
		t.Run(c.name, func(t *testing.T) {
			files, err := unpack(gzipped(t, c.tar), "adcp-1.0.0", c.lim)
			if err == nil {
				t.Fatalf("unpacked %d files, want an error containing %q", len(files), c.want)
			}
			mustContain(t, err, c.want)
			if c.lim.Name == fetchLimits.Name && len(err.Error()) > 1000 {
				t.Errorf("a message of %d bytes", len(err.Error()))
			}
		})
	}
}

// sparseTar is a tar archive of one pax sparse file (format 1.0) named
// name, of size bytes, all of them a hole. archive/tar writes no sparse
// files, so the records are written under another name, then renamed in
// the bytes (the pax header's checksum does not cover its records).
func sparseTar(t *testing.T, name string, size int64) []byte {
	t.Helper()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	sparseMap := make([]byte, 512) // no data fragments: all hole
	copy(sparseMap, "0\n")
	h := &tar.Header{Name: name, Typeflag: tar.TypeReg, Size: int64(len(sparseMap)), Mode: 0o644, Format: tar.FormatPAX,
		PAXRecords: map[string]string{"XNU.sparse.major": "1", "XNU.sparse.minor": "0", "XNU.sparse.realsize": strconv.FormatInt(size, 10)}}
	if err := tw.WriteHeader(h); err != nil {
		t.Fatal(err)
	}
	if _, err := tw.Write(sparseMap); err != nil {
		t.Fatal(err)
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	return bytes.ReplaceAll(buf.Bytes(), []byte("XNU.sparse."), []byte("GNU.sparse."))
}

// deepFiles are n files of the archive adcp-1.0.0, each depth folders
// deep under a folder of its own.
func deepFiles(n, depth int) []entry {
	es := make([]entry, n)
	for i := range es {
		es[i] = entry{name: fmt.Sprintf("adcp-1.0.0/schemas/%d/%sx.json", i, strings.Repeat("a/", depth-1)), typeflag: tar.TypeReg, body: "{}"}
	}
	return es
}
