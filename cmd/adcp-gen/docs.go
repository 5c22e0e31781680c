package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/adcp-gen/adcp-gen/catalog"
	"github.com/adcp-gen/adcp-gen/emit"
	"github.com/adcp-gen/adcp-gen/internal/cliflags"
)

const docsUsage = `usage: adcp-gen docs -schemas DIR [-version VERSION] [-out FILE [-check]]

Writes the Markdown catalogue of the spec folder DIR: one table row per code
(recovery, suggestion, details type, deprecation), the error object, and each
details shape with its fields. Without -out it goes to standard output.

With -check, writes nothing: prints a unified diff and exits 1 when FILE is
not what docs would write.

Exit status: 0 done (or up to date); 1 -check found FILE stale; 2 bad usage,
a spec folder that cannot be loaded, or a FILE adcp-gen does not own.

Flags:`

func runDocs(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	flags := cliflags.New("adcp-gen docs", docsUsage, stderr)
	schemas := flags.String("schemas", "", "spec folder `DIR` to catalogue")
	version := flags.String("version", "", "AdCP `VERSION` of -schemas when its $ids carry none (a spec source tree); empty: from the $ids or manifest.json")
	out := flags.String("out", "", "`FILE` to write (standard output when absent)")
	check := flags.Bool("check", false, "write nothing; print a diff and exit 1 when FILE is stale")
	pos, exit, stop := cliflags.Parse(flags, args, stdout)
	if stop {
		return exit
	}
	switch {
	case len(pos) != 0:
		return cliflags.UsageError(flags, "unexpected argument %q", pos[0])
	case *schemas == "":
		return cliflags.UsageError(flags, "-schemas is required")
	case *check && *out == "":
		return cliflags.UsageError(flags, "-check needs -out FILE")
	}
	spec, err := loadSpec(*schemas, *version)
	if err != nil {
		return cliflags.Fail(flags, "%v", err)
	}
	md := catalog.Markdown(spec)
	if *out == "" {
		if _, err := stdout.Write(md); err != nil {
			return cliflags.Fail(flags, "%v", err)
		}
		return 0
	}

	// Only a regular file is read and replaced: a FIFO or a device would be
	// read without end, and a symbolic link replaced by a file.
	if st, err := os.Lstat(*out); err == nil && !st.Mode().IsRegular() {
		return cliflags.Fail(flags, "%s is not a regular file (%s); refusing to read or replace it", *out, st.Mode().Type())
	}
	cur, err := os.ReadFile(*out)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return cliflags.Fail(flags, "%v", err)
	}
	if bytes.Equal(cur, md) {
		return 0
	}
	if *check {
		fmt.Fprint(stdout, emit.Diff(*out, *out+" (generated)", cur, md))
		fmt.Fprintf(stderr, "adcp-gen docs: %s is stale; run: adcp-gen docs -schemas %s -out %s\n", *out, *schemas, *out)
		return 1
	}
	if err == nil && !bytes.HasPrefix(cur, []byte(catalog.HeaderPrefix)) {
		return cliflags.Fail(flags, "%s exists and was not written by adcp-gen docs; not overwriting it", *out)
	}
	if err := writeFileAtomic(*out, md); err != nil {
		return cliflags.Fail(flags, "%v", err)
	}
	return 0
}

// writeFileAtomic writes data to name (permission 0644) through a temporary
// file in its folder renamed over it, so that no reader, nor a run after a
// crash, sees a half-written file; a failure leaves name as it was.
func writeFileAtomic(name string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly after the rename
	_, err = tmp.Write(data)
	if err := errors.Join(err, tmp.Chmod(0o644), tmp.Close()); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}
