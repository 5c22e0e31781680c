package main

import (
	"flag"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/adcp-gen/adcp-gen/internal/cliflags"
)

func init() {
	commands["version"] = command{
		summary: "print adcp-gen's version",
		run:     runVersion,
	}
}

// runVersion implements "adcp-gen version": the module version the binary
// was built from ("(devel)" for a build of a checkout) and the Go version.
func runVersion(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: adcp-gen version")
		fs.PrintDefaults()
	}
	pos, exit, stop := cliflags.Parse(fs, args, stdout)
	if stop {
		return exit
	}
	if len(pos) > 0 {
		fmt.Fprintf(stderr, "adcp-gen version: unexpected argument %q\n", pos[0])
		fs.Usage()
		return 2
	}
	fmt.Fprintln(stdout, "adcp-gen", toolVersion())
	return 0
}

// toolVersion is the version of the adcp-gen module the binary was built
// from, and the Go version that built it.
func toolVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(devel)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	return v + " " + info.GoVersion
}
