package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/adcp-gen/adcp-gen/internal/cliflags"
)

// parseFlags is cliflags.Parse: flags before, between or after the
// positional arguments, "--" ends them.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) (pos []string, exit int, stop bool) {
	return cliflags.Parse(fs, args, stdout)
}

// printFlags writes every flag of fs to fs.Output() as flag.PrintDefaults
// does, but shows every default, the zero ones included.
func printFlags(fs *flag.FlagSet) {
	w := fs.Output()
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		line := "  -" + f.Name
		if name != "" {
			line += " " + name
		}
		def := f.DefValue
		if g, ok := f.Value.(flag.Getter); ok {
			if _, isString := g.Get().(string); isString {
				def = fmt.Sprintf("%q", def)
			}
		}
		fmt.Fprintf(w, "%s\n    \t%s (default %s)\n", line, strings.ReplaceAll(usage, "\n", "\n    \t"), def)
	})
}
