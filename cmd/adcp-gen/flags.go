package main

import (
	"flag"
	"fmt"
)

// usageError prints "adcp-gen NAME: " and the message, then the command's
// usage, to fs.Output(), and returns the exit status of bad usage (2).
func usageError(fs *flag.FlagSet, format string, a ...any) int {
	fmt.Fprintf(fs.Output(), "adcp-gen %s: %s\n", fs.Name(), fmt.Sprintf(format, a...))
	fs.Usage()
	return 2
}
