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
	v := "(devel)"
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		v = info.Main.Version
	}
	fmt.Fprintln(stdout, "adcp-gen", v, runtime.Version())
	return 0
}
