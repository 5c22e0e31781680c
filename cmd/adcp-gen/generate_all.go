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
// in parallel, one per processor; messages are printed per folder in
// version order (with verbose, each distinct warning once), and the exit
// status is the worst of the folders'.
func generateAll(root, out string, check, verbose bool, stdout, stderr io.Writer) int {
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

	work := make(chan *job)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				j.status = generateOne(j.dir, "", filepath.Join(out, j.pkg), j.pkg, check, verbose, &j.stdout, &j.stderr)
			}
		}()
	}
	for _, j := range jobs {
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
