package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/adcp-gen/adcp-gen/internal/cliflags"
)

// runVersion implements "adcp-gen version": the module version the binary
// was built from ("(devel)" for a build of a checkout) and the Go version.
func runVersion(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := cliflags.New("adcp-gen version", "usage: adcp-gen version", stderr)
	pos, exit, stop := cliflags.Parse(fs, args, stdout)
	if stop {
		return exit
	}
	if len(pos) > 0 {
		return cliflags.UsageError(fs, "unexpected argument %q", pos[0])
	}
	fmt.Fprintln(stdout, "adcp-gen", toolVersion())
	return 0
}

// toolVersion is the version of the adcp-gen module the binary was built
// from, and the Go version that built it.
func toolVersion() string {
	v := "(devel)"
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		v = info.Main.Version
	}
	return v + " " + runtime.Version()
}
