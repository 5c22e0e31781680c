package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/adcp-gen/adcp-gen/schemaload"
)

// generateAll implements generate -all ROOT: every subfolder of root that
// holds core/error.json is a spec folder, generated into out/<package>
// with package "v" + the folder name (3.2.0-beta.5 → v3_2_0_beta_5). A
// folder without enums/error-code.json (AdCP before 3.0.0-rc.1) has no
// package to generate: it is skipped with a note. The folders are generated
// in parallel, one process for all of them (the embedded runtime is read
// once), in an order that keeps neighbouring versions apart (spread), and
// emit remembers what later versions can reuse (emit.Options.Remember);
// messages are printed per folder in version order, and the exit status is
// the worst of the folders'.
func generateAll(root, out string, check, cache bool, stdout, stderr io.Writer) int {
	entries, err := os.ReadDir(root)
	if err != nil {
		fmt.Fprintf(stderr, "adcp-gen generate: %v\n", err)
		return 2
	}
	type job struct {
		name, dir, pkg string
		skip           bool
		status         int
		stdout, stderr bytes.Buffer
	}
	var jobs []*job
	for _, e := range entries {
		dir := filepath.Join(root, e.Name())
		if !e.IsDir() || !isFile(filepath.Join(dir, "core", "error.json")) {
			continue
		}
		j := &job{name: e.Name(), dir: dir, pkg: versionPackage(e.Name())}
		j.skip = !isFile(filepath.Join(dir, "enums", "error-code.json"))
		jobs = append(jobs, j)
	}
	if len(jobs) == 0 {
		fmt.Fprintf(stderr, "adcp-gen generate: %s holds no spec folder (a folder with core/error.json)\n", root)
		return 2
	}
	sort.Slice(jobs, func(a, b int) bool { return schemaload.CompareVersions(jobs[a].name, jobs[b].name) < 0 })
	seen := map[string]string{}
	for _, j := range jobs {
		if other, dup := seen[j.pkg]; dup {
			fmt.Fprintf(stderr, "adcp-gen generate: folders %s and %s would both be package %s\n", other, j.name, j.pkg)
			return 2
		}
		seen[j.pkg] = j.name
	}

	// As many folders are generated at once as there are processors (cpu),
	// and up to allWritesPerCPU times as many are in flight: a folder's
	// write waits mostly for the disk, while others are generated.
	procs := runtime.GOMAXPROCS(0)
	cpu := make(chan struct{}, procs)
	work := make(chan *job)
	var wg sync.WaitGroup
	for w := 0; w < procs*allWritesPerCPU; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				j.status = generateOne(j.dir, "", filepath.Join(out, j.pkg), j.pkg, check, cache, cpu, &j.stdout, &j.stderr)
			}
		}()
	}
	for _, j := range spread(jobs, allSpread) {
		if !j.skip {
			work <- j
		}
	}
	close(work)
	wg.Wait()

	// Each distinct warning is printed once, where it first appears, naming
	// the version it came from and how many later versions repeat it.
	type warning struct {
		first string
		later int
	}
	warnings := map[string]*warning{}
	for _, j := range jobs {
		for _, line := range strings.SplitAfter(j.stderr.String(), "\n") {
			if msg, ok := strings.CutPrefix(line, warnPrefix); ok {
				if w := warnings[msg]; w != nil {
					w.later++
				} else {
					warnings[msg] = &warning{first: j.name}
				}
			}
		}
	}
	status := 0
	for _, j := range jobs {
		if j.skip {
			fmt.Fprintf(stderr, "adcp-gen generate: note: %s skipped: AdCP %s has no enums/error-code.json\n", j.dir, j.name)
			continue
		}
		stdout.Write(j.stdout.Bytes())
		for _, line := range strings.SplitAfter(j.stderr.String(), "\n") {
			msg, ok := strings.CutPrefix(line, warnPrefix)
			switch w := warnings[msg]; {
			case !ok:
				io.WriteString(stderr, line)
			case w.first != j.name: // printed with the version it first came from
			case w.later > 0:
				fmt.Fprintf(stderr, "%s%s (and %d more): %s", warnPrefix, j.name, w.later, msg)
			default:
				fmt.Fprintf(stderr, "%s%s: %s", warnPrefix, j.name, msg)
			}
		}
		if j.status > status {
			status = j.status
		}
	}
	return status
}

// allWritesPerCPU is how many folders generate -all has in flight per
// processor: one being generated, the others written.
const allWritesPerCPU = 4

// allSpread is how many runs of neighbouring versions generate -all
// interleaves (spread): neighbours (patch releases) are often twins, whose
// packages emit generates once and reuses when they come one after the
// other, but computes twice when they are generated at the same time.
const allSpread = 4

// spread returns list in the order that takes one item from each of k
// consecutive runs of it in turn: with k = 4, the items 0, q, 2q, 3q, 1,
// q+1, ... where q is a quarter of the list (rounded up).
func spread[T any](list []T, k int) []T {
	q := (len(list) + k - 1) / k
	out := make([]T, 0, len(list))
	for i := 0; i < q; i++ {
		for r := 0; r < k; r++ {
			if j := r*q + i; j < len(list) {
				out = append(out, list[j])
			}
		}
	}
	return out
}

// versionPackage is the package name of a version folder: "v" and the name
// with every character that cannot be in an identifier replaced by "_".
func versionPackage(name string) string {
	return "v" + strings.Map(func(r rune) rune {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '_' {
			return r
		}
		return '_'
	}, name)
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}
