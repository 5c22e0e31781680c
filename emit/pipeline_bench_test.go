package emit

import (
	"bytes"
	"go/ast"
	"path/filepath"
	"runtime/debug"
	"sort"
	"testing"
	"time"

	"github.com/adcp-gen/adcp-gen/emit/runtimeapi"
	"github.com/adcp-gen/adcp-gen/internal/testshared"
	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/dave/jennifer/jen"
)

// filesSerial is Files' work on one goroutine: each file built, rendered,
// parsed and printed in turn, then the type check. It is the baseline of
// BenchmarkPipeline.
func filesSerial(spec *schemaload.Spec) (map[string][]byte, error) {
	g, err := newGen(spec, "p")
	if err != nil {
		return nil, err
	}
	doc, err := g.docFile()
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	trees := map[string]*ast.File{}
	for _, j := range []struct {
		name  string
		build func() *jen.File
	}{{"codes.go", g.codesFile}, {"vocabulary.go", g.vocabularyFile}, {"details.go", g.detailsFile}, {"doc.go", nil}} {
		raw := doc
		if j.build != nil {
			f := j.build()
			f.NoFormat = true
			var b bytes.Buffer
			if err := f.Render(&b); err != nil {
				return nil, err
			}
			raw = b.Bytes()
		}
		src, tree, err := gofmtOnce(j.name, raw, "")
		if err != nil {
			return nil, err
		}
		out[j.name], trees[j.name] = src, tree
	}
	var sorted []*ast.File
	for _, name := range sortedKeys(out) {
		sorted = append(sorted, trees[name])
	}
	return out, runtimeapi.CheckFiles(sorted)
}

// BenchmarkPipeline times Files (built, rendered, formatted and
// type-checked concurrently) against filesSerial, alternately within each
// iteration (the order rotating), on one published version with nothing
// remembered between runs (forgetAll before each)
// and with the garbage collector set as adcp-gen generate sets it (off below
// a 128 MiB heap): one op is one of each; the metrics are the median wall
// time of each, in ms. Loading is left out (done once).
func BenchmarkPipeline(b *testing.B) {
	dir := filepath.Join(testshared.Dir(b, "adcp-schemas"), "3.2.0-beta.5")
	spec, err := schemaload.Load(dir)
	if err != nil {
		b.Fatal(err)
	}
	Warm()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(128 << 20))
	want, err := filesSerial(spec)
	if err != nil {
		b.Fatal(err)
	}
	runs := []struct {
		metric string
		files  func() (map[string][]byte, error)
		ms     []float64
	}{
		{metric: "serial-ms", files: func() (map[string][]byte, error) { return filesSerial(spec) }},
		{metric: "pipeline-ms", files: func() (map[string][]byte, error) { return Files(spec, Options{Package: "p"}) }},
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := range runs {
			r := &runs[(i+k)%len(runs)]
			forgetAll()
			start := time.Now()
			got, err := r.files()
			r.ms = append(r.ms, float64(time.Since(start).Microseconds())/1000)
			if err != nil {
				b.Fatal(err)
			}
			if len(got) != len(want) || !bytes.Equal(got["details.go"], want["details.go"]) {
				b.Fatalf("%s: not the same files", r.metric)
			}
		}
	}
	for _, r := range runs {
		sort.Float64s(r.ms)
		b.ReportMetric(r.ms[len(r.ms)/2], r.metric)
	}
}
