package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/adcp-gen/adcp-gen/internal/cliflags"
	"github.com/adcp-gen/adcp-gen/schemaload"
)

// generateAll implements generate -all ROOT: every subfolder of root holding
// core/error.json is a spec folder, generated into out/<package>, package
// versionPackage(folder name); one without enums/error-code.json (AdCP
// before 3.0.0-rc.1) is skipped with a note. The folders are generated in
// parallel, one per processor; messages are printed per folder in version
// order, and the exit status is the worst of the folders'.
func generateAll(fs *flag.FlagSet, root, out string, check, verbose bool, stdout io.Writer) int {
	stderr := fs.Output()
	if sameFile(root, out) {
		return cliflags.Fail(fs, "-out %s is the -all folder; refusing to write the packages among the version folders", out)
	}
	names, err := versionDirs(root)
	if err != nil {
		return cliflags.Fail(fs, "%v", err)
	}
	type job struct {
		name, dir, pkg string
		skip           bool
		status         int
		warnings       []string
		stdout, stderr bytes.Buffer
	}
	var jobs []*job
	seen := map[string]string{}
	for _, name := range names {
		dir := filepath.Join(root, name)
		if !isFile(filepath.Join(dir, "core", "error.json")) {
			continue
		}
		j := &job{name: name, dir: dir, pkg: versionPackage(name), skip: !isFile(filepath.Join(dir, "enums", "error-code.json"))}
		if j.skip { // its note is its output
			fmt.Fprintf(&j.stderr, "adcp-gen generate: note: %s skipped: AdCP %s has no enums/error-code.json\n", dir, name)
		}
		if other, dup := seen[j.pkg]; dup {
			return cliflags.Fail(fs, "folders %s and %s would both be package %s", other, j.name, j.pkg)
		}
		seen[j.pkg] = j.name
		jobs = append(jobs, j)
	}
	if len(jobs) == 0 {
		return cliflags.Fail(fs, "%s holds no spec folder (a folder with core/error.json)", root)
	}

	var wg sync.WaitGroup
	running := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, j := range jobs {
		if j.skip {
			continue
		}
		wg.Add(1)
		running <- struct{}{}
		go func() {
			defer func() { <-running; wg.Done() }()
			warn := func(w schemaload.Diagnostic) { j.warnings = append(j.warnings, w.String()) }
			j.status = generateOne(j.dir, "", filepath.Join(out, j.pkg), j.pkg, check, warn, &j.stdout, &j.stderr)
		}()
	}
	wg.Wait()

	// Each distinct warning is printed once, where it first appears, naming
	// the version it came from and how many later versions repeat it.
	count := map[string]int{} // how many versions give it; 0 once printed
	for _, j := range jobs {
		for _, w := range j.warnings {
			count[w]++
		}
	}
	status := 0
	for _, j := range jobs {
		stdout.Write(j.stdout.Bytes())
		for _, w := range j.warnings {
			switch {
			case !verbose || count[w] == 0: // printed with the version it first came from
			case count[w] > 1:
				fmt.Fprintf(stderr, "%s%s (and %d more): %s\n", warnPrefix, j.name, count[w]-1, w)
			default:
				fmt.Fprintf(stderr, "%s%s: %s\n", warnPrefix, j.name, w)
			}
			count[w] = 0
		}
		stderr.Write(j.stderr.Bytes())
		status = max(status, j.status)
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
