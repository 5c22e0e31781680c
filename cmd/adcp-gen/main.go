// Command adcp-gen generates a self-contained Go package for the AdCP error
// model from a spec version's schemas, and inspects AdCP error responses.
//
//	adcp-gen generate -schemas DIR [-version V] -out DIR -package NAME [-check] [-v]
//	adcp-gen generate -version V [-base-url URL] -out DIR -package NAME [-check] [-v]
//	adcp-gen generate -all DIR -out DIR [-check] [-v]
//	adcp-gen explain [-schemas DIR] [-version V] [-unknown-recovery terminal|transient] [FILE]
//	adcp-gen example CODE [-schemas DIR] [-version V] [-transport mcp|jsonrpc|a2a] [-message M]
//	                 [-field F] [-retry-after N] [-suggestion S] [-details JSON] [-recovery R] [-text T]
//	adcp-gen diff [-fail-on breaking|none] [-old-version V] [-new-version V] OLD NEW
//	adcp-gen diff -all DIR
//	adcp-gen docs -schemas DIR [-version V] [-out FILE [-check]]
//	adcp-gen fetch VERSION [-base-url URL] [-out DIR]
//	adcp-gen version
//	adcp-gen help [COMMAND]
//
// Flags may follow the positional arguments. -h, or help COMMAND, prints a
// command's usage and flags to standard output.
//
// explain and example read the shipped AdCP version's vocabulary, or the one
// -schemas (a spec folder) or -version (a published version) names.
//
// Exit status: 0 success, 1 a check found something, 2 bad usage or bad input.
package main

import (
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
)

// command is one subcommand: it reads args (after the subcommand name) and
// returns the exit status.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands lists the subcommands; each lives in the file of its name.
var commands = map[string]command{
	"diff":     {"report what a spec version bump changes for Go users (Markdown)", runDiff},
	"docs":     {"write the Markdown catalogue of a spec version's codes and details shapes", runDocs},
	"example":  {"print the response a conformant seller sends for one error code", runExample},
	"explain":  {"show what a conformant client makes of one AdCP response", runExplain},
	"fetch":    {"download or read, check and cache a published spec bundle (VERSION [-base-url URL | -from PATH] [-out DIR])", runFetch},
	"generate": {"generate the Go package of a spec version (-schemas DIR or -version VERSION, -out DIR -package NAME [-check])", runGenerate},
	"version":  {"print adcp-gen's version", runVersion},
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch {
	case slices.Contains([]string{"-h", "-help", "--help"}, args[0]), len(args) == 1 && args[0] == "help":
		usage(stdout)
		return 0
	case args[0] == "help":
		if cmd, ok := commands[args[1]]; ok && len(args) == 2 {
			return cmd.run([]string{"-h"}, stdin, stdout, stderr)
		}
		fmt.Fprintf(stderr, "adcp-gen help: unknown command %q\n", strings.Join(args[1:], " "))
		usage(stderr)
		return 2
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "adcp-gen: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	return cmd.run(args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: adcp-gen <command> [flags]\n\ncommands:")
	for _, n := range slices.Sorted(maps.Keys(commands)) {
		fmt.Fprintf(w, "  %-9s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun adcp-gen help COMMAND (or adcp-gen COMMAND -h) for its flags.")
}
