// Package cliflags parses the flags of a command of adcp-gen the way Go
// users expect, and reports its usage errors.
package cliflags

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// New returns the flag set of the command name ("adcp-gen generate"): its
// errors go to stderr, and its usage is the text usage, then the flags.
func New(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), usage)
		fs.PrintDefaults()
	}
	return fs
}

// Parse parses args with fs as Go users expect: flags may come before,
// between or after the positional arguments ("diff OLD NEW -fail-on
// breaking"), and "--" ends them. It returns the positional arguments. When
// the command must stop, stop is true and exit is its status: 0 after -h or
// -help (the usage goes to stdout), 2 after a bad flag (the error and the
// usage go to fs.Output()).
func Parse(fs *flag.FlagSet, args []string, stdout io.Writer) (pos []string, exit int, stop bool) {
	usage, stderr := fs.Usage, fs.Output()
	fs.Usage = func() {} // printed below, where it belongs
	defer func() { fs.Usage = usage }()
	for {
		err := fs.Parse(args)
		switch {
		case errors.Is(err, flag.ErrHelp):
			fs.SetOutput(stdout)
			usage()
			fs.SetOutput(stderr)
			return nil, 0, true
		case err != nil:
			usage()
			return nil, 2, true
		}
		rest := fs.Args()
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(pos, rest...), 0, false
		}
		if len(rest) == 0 {
			return pos, 0, false
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// Fail prints the command's name, ": " and the message to fs.Output(), and
// returns the exit status of bad usage or bad input (2).
func Fail(fs *flag.FlagSet, format string, a ...any) int {
	fmt.Fprintf(fs.Output(), "%s: %s\n", fs.Name(), fmt.Sprintf(format, a...))
	return 2
}

// UsageError is Fail followed by the command's usage.
func UsageError(fs *flag.FlagSet, format string, a ...any) int {
	Fail(fs, format, a...)
	fs.Usage()
	return 2
}

// IsSet reports whether the flag name was given.
func IsSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
