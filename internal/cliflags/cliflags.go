// Package cliflags parses the flags of a command of adcp-gen the way Go
// users expect.
package cliflags

import (
	"errors"
	"flag"
	"io"
)

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
