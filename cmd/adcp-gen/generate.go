package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/adcp-gen/adcp-gen/emit"
	"github.com/adcp-gen/adcp-gen/schemaload"
)

func init() {
	commands["generate"] = command{
		summary: "generate the Go package of a spec version (-schemas DIR -out DIR -package NAME [-check])",
		run:     runGenerate,
	}
}

// runGenerate implements "adcp-gen generate".
func runGenerate(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("generate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	schemas := fs.String("schemas", "", "spec folder to read (core/, enums/, error-details/, manifest.json)")
	out := fs.String("out", "", "package folder to write")
	pkg := fs.String("package", "adcperr", "Go package name of the output")
	check := fs.Bool("check", false, "write nothing; print a unified diff of what would change and exit 1 if the output is stale")
	tablesOnly := fs.Bool("tables-only", false, "") // hidden: only the zz_*.go tables (templates/runtime)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: adcp-gen generate -schemas DIR -out DIR [-package NAME] [-check]")
		fs.VisitAll(func(f *flag.Flag) {
			if f.Usage != "" {
				fmt.Fprintf(stderr, "  -%s\t%s\n", f.Name, f.Usage)
			}
		})
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 || *schemas == "" || *out == "" {
		fs.Usage()
		return 2
	}
	if st, err := os.Stat(*out); err == nil && !st.IsDir() {
		fmt.Fprintf(stderr, "adcp-gen generate: %s is not a folder\n", *out)
		return 2
	}

	spec, err := schemaload.Load(*schemas)
	if err != nil {
		var le *schemaload.Error
		if errors.As(err, &le) {
			// Name the file as the user can open it: inside the -schemas folder.
			loc := schemaload.Diagnostic{File: filepath.ToSlash(filepath.Join(*schemas, filepath.FromSlash(le.File))), Pointer: le.Pointer, Msg: le.Msg}
			fmt.Fprintf(stderr, "adcp-gen generate: %s\n", loc)
		} else {
			fmt.Fprintf(stderr, "adcp-gen generate: %s: %v\n", *schemas, err)
		}
		return 2
	}
	for _, w := range spec.Warnings {
		fmt.Fprintf(stderr, "adcp-gen generate: warning: %s\n", w)
	}
	files, err := emit.Files(spec, emit.Options{Package: *pkg, TablesOnly: *tablesOnly})
	if err != nil {
		fmt.Fprintf(stderr, "adcp-gen generate: %v\n", err)
		return 2
	}
	if *check {
		diff, err := emit.Check(*out, files)
		if err != nil {
			fmt.Fprintf(stderr, "adcp-gen generate: %v\n", err)
			return 2
		}
		if diff != "" {
			fmt.Fprint(stdout, diff)
			fmt.Fprintf(stderr, "adcp-gen generate: %s is stale (run adcp-gen generate without -check)\n", *out)
			return 1
		}
		return 0
	}
	if _, err := emit.Write(*out, files); err != nil {
		fmt.Fprintf(stderr, "adcp-gen generate: %v\n", err)
		return 2
	}
	return 0
}
