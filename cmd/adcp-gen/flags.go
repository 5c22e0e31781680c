package main

import (
	"flag"
	"fmt"
	"io"
)

// newFlags returns the flag set of the command name: its errors go to
// stderr, and its usage is the text usage, then the flags.
func newFlags(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), usage)
		fs.PrintDefaults()
	}
	return fs
}

// usageError prints "adcp-gen NAME: " and the message, then the command's
// usage, to fs.Output(), and returns the exit status of bad usage (2).
func usageError(fs *flag.FlagSet, format string, a ...any) int {
	fail(fs, format, a...)
	fs.Usage()
	return 2
}

// fail prints "adcp-gen NAME: " and the message to fs.Output(), and returns
// the exit status of bad usage or bad input (2).
func fail(fs *flag.FlagSet, format string, a ...any) int {
	fmt.Fprintf(fs.Output(), "adcp-gen %s: %s\n", fs.Name(), fmt.Sprintf(format, a...))
	return 2
}

// isSet reports whether the flag name was given.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
