package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/adcp-gen/adcp-gen/internal/cliflags"
)

// parseFlags is cliflags.Parse: flags before, between or after the
// positional arguments, "--" ends them.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) (pos []string, exit int, stop bool) {
	return cliflags.Parse(fs, args, stdout)
}

// usageError prints "adcp-gen NAME: " and the message, then the command's
// usage, to fs.Output(), and returns the exit status of bad usage (2).
func usageError(fs *flag.FlagSet, format string, a ...any) int {
	fmt.Fprintf(fs.Output(), "adcp-gen %s: %s\n", fs.Name(), fmt.Sprintf(format, a...))
	fs.Usage()
	return 2
}
