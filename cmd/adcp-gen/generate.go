package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sync/atomic"

	"github.com/adcp-gen/adcp-gen/emit"
	"github.com/adcp-gen/adcp-gen/internal/fetchcmd"
	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/adcp-gen/adcp-gen/specfetch"
)

func init() {
	commands["generate"] = command{
		summary: "generate the Go package of a spec version (-schemas DIR or -version VERSION, -out DIR -package NAME [-check])",
		run:     runGenerate,
	}
}

// warnPrefix starts every warning generate prints.
const warnPrefix = "adcp-gen generate: warning: "

// fullGenerations counts the runs that loaded the schemas (tests tell the
// no-op path from the full one by it).
var fullGenerations atomic.Int64

// runGenerate implements "adcp-gen generate".
func runGenerate(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("generate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	schemas := fs.String("schemas", "", "spec folder `DIR` to read (core/, enums/, error-details/, manifest.json)")
	version := fs.String("version", "", "without -schemas: the published AdCP `VERSION` (or latest) to fetch, verify and cache (see adcp-gen fetch -h), then generate;\nwith -schemas: its version when its $ids carry none (a spec source tree); empty: from the $ids or manifest.json adcp_version")
	baseURL := fs.String("base-url", specfetch.BaseURL(), "`URL` -version fetches from without -schemas (BASE/protocol/VERSION.tgz); $"+specfetch.EnvBaseURL+" sets the default")
	out := fs.String("out", "", "package folder `DIR` to write")
	pkg := fs.String("package", "adcperr", "Go package `NAME` of the output")
	check := fs.Bool("check", false, "write nothing; print a unified diff of what would change and exit 1 if the output is stale")
	all := fs.String("all", "", "generate every version folder of `DIR` (instead of -schemas) into OUT/v<version>, package v<version>, in parallel")
	cache := fs.Bool("cache", true, "do nothing when the record of the previous run shows that the schemas, the generator and the output are unchanged (ADCPGEN_CACHE=off disables it)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: adcp-gen generate -schemas DIR [-version VERSION] -out DIR [-package NAME] [-check]\n       adcp-gen generate -version VERSION [-base-url URL] -out DIR [-package NAME] [-check]\n       adcp-gen generate -all DIR -out DIR [-check]")
		printFlags(fs)
	}
	pos, exit, stop := parseFlags(fs, args, stdout)
	if stop {
		return exit
	}
	fetch := *schemas == "" && *all == "" && *version != ""
	if len(pos) > 0 || (!fetch && (*schemas == "") == (*all == "")) || *out == "" || (*all != "" && (isSet(fs, "package") || *version != "")) {
		fs.Usage()
		return 2
	}
	if isSet(fs, "base-url") && !fetch {
		fmt.Fprintf(stderr, "adcp-gen generate: -base-url goes with -version and no -schemas (a published version to fetch)\n")
		return 2
	}
	if st, err := os.Stat(*out); err == nil && !st.IsDir() {
		fmt.Fprintf(stderr, "adcp-gen generate: %s is not a folder\n", *out)
		return 2
	}
	if err := emit.CheckPackageName(*pkg); err != nil && *all == "" {
		fmt.Fprintf(stderr, "adcp-gen generate: -package: %v\n", err)
		return 2
	}
	// Generation makes much short-lived garbage (syntax trees, rendered
	// text) over a small live heap: unless GOGC or GOMEMLIMIT say
	// otherwise, collect only when the heap reaches genMemoryLimit (a
	// one-version run peaks at about 42 MB resident, so it collects only
	// the once generateOne asks for, after loading;
	// -all peaks at about 140 MB, as with GOGC=400, and spends less CPU),
	// or with GOMEMLIMIT alone, as GOGC=400 would. The inputs are bounded
	// (32 MiB per version), so the heap is too.
	switch {
	case os.Getenv("GOGC") != "":
	case os.Getenv("GOMEMLIMIT") != "":
		debug.SetGCPercent(400)
	default:
		debug.SetGCPercent(-1)
		debug.SetMemoryLimit(genMemoryLimit)
	}
	if *all != "" {
		return generateAll(*all, *out, *check, *cache, stdout, stderr)
	}
	if fetch {
		b, err := fetchSpec(*version, *baseURL)
		if err != nil {
			fmt.Fprintf(stderr, "adcp-gen generate: -version %s: %v\n", *version, err)
			return 2
		}
		if !b.Cached {
			fmt.Fprintf(stderr, "adcp-gen generate: %s\n", fetchcmd.Describe(b))
			if w := fetchcmd.InsecureWarning(b); w != "" {
				fmt.Fprintf(stderr, "adcp-gen generate: %s\n", w)
			}
		}
		*schemas, *version = b.Dir, b.SpecVersion
	}
	return generateOne(*schemas, *version, *out, *pkg, *check, *cache, nil, stdout, stderr)
}

// genMemoryLimit is the heap size at which generate collects garbage (see
// runGenerate).
const genMemoryLimit = 128 << 20

// isSet reports whether the flag name was given.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// generateOne generates the package of one spec folder: the no-op path
// when the record allows it (see generate_cache.go), else load, emit and
// write (or, with check, diff). A non-nil cpu is a semaphore generateOne
// holds a place in from the start until the package is generated, and not
// while it writes (or diffs) it: generate -all runs more folders at once
// than there are processors, and the writes of some (waiting for the disk
// to flush the files) overlap the generation of others.
func generateOne(schemas, version, out, pkg string, check, cache bool, cpu chan struct{}, stdout, stderr io.Writer) int {
	release := func() {}
	if cpu != nil {
		cpu <- struct{}{}
		held := true
		release = func() {
			if held {
				held = false
				<-cpu
			}
		}
		defer release()
	}
	o := genOptions{pkg: pkg, version: version}
	var err error
	if o.schemas, err = filepath.Abs(schemas); err != nil {
		fmt.Fprintf(stderr, "adcp-gen generate: %v\n", err)
		return 2
	}
	if o.out, err = filepath.Abs(out); err != nil {
		fmt.Fprintf(stderr, "adcp-gen generate: %v\n", err)
		return 2
	}
	if cache && !check {
		if warnings, ok := upToDate(o); ok {
			for _, w := range warnings {
				fmt.Fprintf(stderr, "%s%s\n", warnPrefix, w)
			}
			return 0
		}
	}

	fullGenerations.Add(1)
	// The type check's shared set-up (type-checking the API stubs of the
	// runtime and of the standard packages) runs beside the loading.
	go emit.Warm()
	spec, err := schemaload.LoadVersion(schemas, version)
	if err != nil {
		var le *schemaload.Error
		if errors.As(err, &le) {
			// Name the file as the user can open it: inside the -schemas folder.
			loc := schemaload.Diagnostic{File: filepath.ToSlash(filepath.Join(schemas, filepath.FromSlash(le.File))), Pointer: le.Pointer, Msg: le.Msg}
			fmt.Fprintf(stderr, "adcp-gen generate: %s\n", loc)
		} else {
			fmt.Fprintf(stderr, "adcp-gen generate: %s: %v\n", schemas, err)
		}
		return 2
	}
	var warnings []string
	for _, w := range spec.Warnings {
		warnings = append(warnings, w.String())
		fmt.Fprintf(stderr, "%s%s\n", warnPrefix, w)
	}
	if cpu == nil {
		// Loading leaves about 7 MB of garbage over 1 MB it keeps (the
		// parsed files, jsonschema's compilation). With the collector off
		// (runGenerate), everything emit allocates would be new memory,
		// each page a fault; collected once here, at the cost of one
		// collection of a small heap (about 1 ms), the first 7 MB of it
		// reuse these pages: a fifth fewer page faults in a one-version
		// run. generate -all collects as its heap limit says.
		runtime.GC()
	}
	// The files are written (not committed) while their type check runs.
	// Generating one of many (generate -all: cpu is set), emit remembers
	// what the other versions' packages can reuse.
	files, checked, err := emit.Render(spec, emit.Options{Package: pkg, Remember: cpu != nil})
	if err != nil {
		fmt.Fprintf(stderr, "adcp-gen generate: %v\n", err)
		return 2
	}
	release()
	if check {
		if err := checked(); err != nil {
			fmt.Fprintf(stderr, "adcp-gen generate: %v\n", err)
			return 2
		}
		diff, err := emit.Check(out, files)
		if err != nil {
			fmt.Fprintf(stderr, "adcp-gen generate: %v\n", err)
			return 2
		}
		if diff != "" {
			fmt.Fprint(stdout, diff)
			fmt.Fprintf(stderr, "adcp-gen generate: %s is stale (run adcp-gen generate without -check)\n", out)
			return 1
		}
		return 0
	}
	if _, err := emit.WriteChecked(out, files, checked); err != nil {
		fmt.Fprintf(stderr, "adcp-gen generate: %v\n", err)
		return 2
	}
	if cache {
		saveRecord(o, spec, warnings, files)
	}
	return 0
}
