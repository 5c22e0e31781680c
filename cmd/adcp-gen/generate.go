package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/adcp-gen/adcp-gen/emit"
	"github.com/adcp-gen/adcp-gen/internal/cliflags"
	"github.com/adcp-gen/adcp-gen/internal/fetchcmd"
	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/adcp-gen/adcp-gen/specfetch"
)

// warnPrefix starts every warning generate prints.
const warnPrefix = "adcp-gen generate: warning: "

const generateUsage = `usage: adcp-gen generate -schemas DIR [-version VERSION] -out DIR [-package NAME] [-check] [-v]
       adcp-gen generate -version VERSION [-base-url URL] -out DIR [-package NAME] [-check] [-v]
       adcp-gen generate -all DIR -out DIR [-check] [-v]`

// runGenerate implements "adcp-gen generate".
func runGenerate(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := cliflags.New("adcp-gen generate", generateUsage, stderr)
	schemas := fs.String("schemas", "", "spec folder `DIR` to read (core/, enums/, error-details/, manifest.json)")
	version := fs.String("version", "", "without -schemas: the published AdCP `VERSION` (or latest) to fetch, verify and cache (see adcp-gen fetch -h), then generate;\nwith -schemas: its version when its $ids carry none (a spec source tree); empty: from the $ids or manifest.json adcp_version")
	baseURL := fs.String("base-url", specfetch.BaseURL(), "`URL` -version fetches from without -schemas (BASE/protocol/VERSION.tgz); $"+specfetch.EnvBaseURL+" sets the default")
	out := fs.String("out", "", "package folder `DIR` to write")
	pkg := fs.String("package", "adcperr", "Go package `NAME` of the output")
	check := fs.Bool("check", false, "write nothing; print a unified diff of what would change and exit 1 if the output is stale")
	verbose := fs.Bool("v", false, "print the generator's notes on the schemas (rules the Go types leave out; the catalogue adcp-gen docs writes lists them)")
	all := fs.String("all", "", "generate every version folder of `DIR` (instead of -schemas) into OUT/v<version>, package v<version>, in parallel")
	pos, exit, stop := cliflags.Parse(fs, args, stdout)
	if stop {
		return exit
	}
	fetch := *schemas == "" && *all == "" && *version != ""
	switch {
	case len(pos) > 0:
		return cliflags.UsageError(fs, "unexpected argument %q", pos[0])
	case *schemas != "" && *all != "":
		return cliflags.UsageError(fs, "-schemas and -all cannot go together")
	case *schemas == "" && *all == "" && *version == "":
		return cliflags.UsageError(fs, "-schemas, -version or -all is required")
	case *out == "":
		return cliflags.UsageError(fs, "-out is required")
	case *all != "" && cliflags.IsSet(fs, "package"):
		return cliflags.UsageError(fs, "-package cannot go with -all (each version folder is package v<version>)")
	case *all != "" && *version != "":
		return cliflags.UsageError(fs, "-version cannot go with -all (each version folder carries its own)")
	case cliflags.IsSet(fs, "base-url") && !fetch:
		return cliflags.Fail(fs, "-base-url goes with -version and no -schemas (a published version to fetch)")
	}
	if st, err := os.Stat(*out); err == nil && !st.IsDir() {
		return cliflags.Fail(fs, "%s is not a folder", *out)
	}
	if err := emit.CheckPackageName(*pkg); err != nil && *all == "" {
		return cliflags.Fail(fs, "-package: %v", err)
	}
	if *all != "" {
		return generateAll(fs, *all, *out, *check, *verbose, stdout)
	}
	if fetch {
		b, err := specfetch.Fetch(context.Background(), *version, specfetch.Options{BaseURL: *baseURL})
		if err != nil {
			return cliflags.Fail(fs, "-version %s: %v", *version, err)
		}
		if !b.Cached {
			fetchcmd.Report(stderr, "adcp-gen generate", b)
		}
		*schemas, *version = b.Dir, b.SpecVersion
	}
	warn := func(w schemaload.Diagnostic) {
		if *verbose {
			fmt.Fprintf(stderr, "%s%s\n", warnPrefix, w)
		}
	}
	return generateOne(*schemas, *version, *out, *pkg, *check, warn, stdout, stderr)
}

// generateOne generates the package of one spec folder: load, emit and
// write (or, with check, diff). It hands the loader's warnings to warn first:
// the user cannot act on them (the catalogue lists them), so only -v shows them.
func generateOne(schemas, version, out, pkg string, check bool, warn func(schemaload.Diagnostic), stdout, stderr io.Writer) int {
	if sameFile(schemas, out) {
		fmt.Fprintf(stderr, "adcp-gen generate: -out %s is the spec folder; refusing to write the package among the schemas\n", out)
		return 2
	}
	var files map[string][]byte
	spec, err := loadSpec(schemas, version)
	if err == nil {
		for _, w := range spec.Warnings {
			warn(w)
		}
		files, err = emit.Files(spec, pkg)
	}
	diff := ""
	switch {
	case err != nil:
	case check:
		diff, err = emit.Check(out, files)
	default:
		err = emit.Write(out, files)
	}
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

// sameFile reports whether the paths a and b both exist and name one file
// or folder, however spelled.
func sameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}
