package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/adcp-gen/adcp-gen/internal/cliflags"
	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/adcp-gen/adcp-gen/specdiff"
)

const diffUsage = `usage: adcp-gen diff [-fail-on breaking|none] [-old-version V] [-new-version V] OLD NEW
       adcp-gen diff [-fail-on breaking|none] -all DIR

Compares two spec folders and prints a Markdown report of what the bump from
OLD to NEW changes for code written against the package generated from OLD,
with each breaking change marked compile, validation or behaviour.

With -all, compares every consecutive pair of versions among the folders of
DIR, ordered by semantic version (pre-releases before their release), and
prints one summary line per bump.

A spec source tree (its $ids carry no version) needs -old-version or
-new-version unless it has a manifest.json with adcp_version. It states no
recovery for unknown codes (the manifest that does is built at release), so
that policy is not compared with it.

Exit status: 0 done; 1 with -fail-on breaking when a change breaks; 2 bad
usage or a spec folder that cannot be loaded.

Flags (they may also follow OLD NEW):`

func runDiff(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := cliflags.New("adcp-gen diff", diffUsage, stderr)
	failOn := fs.String("fail-on", "none", "`breaking`: exit 1 when a change breaks code written against OLD; none: never")
	all := fs.Bool("all", false, "compare every consecutive pair of versions among the folders of the one argument, DIR")
	oldVersion := fs.String("old-version", "", "AdCP `VERSION` of OLD when its $ids carry none; empty: from the $ids or manifest.json")
	newVersion := fs.String("new-version", "", "AdCP `VERSION` of NEW when its $ids carry none; empty: from the $ids or manifest.json")
	pos, exit, stop := cliflags.Parse(fs, args, stdout)
	if stop {
		return exit
	}
	switch {
	case *failOn != "none" && *failOn != "breaking":
		return cliflags.Fail(fs, "-fail-on must be breaking or none, not %q", *failOn)
	case *all && len(pos) != 1:
		return cliflags.UsageError(fs, "-all takes one folder, DIR (%d arguments given)", len(pos))
	case *all && (*oldVersion != "" || *newVersion != ""):
		return cliflags.UsageError(fs, "-old-version and -new-version cannot go with -all")
	case *all:
		return diffAll(fs, pos[0], *failOn == "breaking", stdout)
	case len(pos) != 2:
		return cliflags.UsageError(fs, "two folders are required, OLD and NEW (%d given)", len(pos))
	}
	old, err := loadSpec(pos[0], *oldVersion)
	if err != nil {
		return cliflags.Fail(fs, "%v", err)
	}
	new, err := loadSpec(pos[1], *newVersion)
	if err != nil {
		return cliflags.Fail(fs, "%v", err)
	}
	r := specdiff.Compare(old, new)
	if _, err := stdout.Write(r.Markdown()); err != nil {
		return cliflags.Fail(fs, "%v", err)
	}
	if *failOn == "breaking" && r.Breaking() {
		return 1
	}
	return 0
}

// diffAll prints a summary line per consecutive bump among the version
// folders of dir. A folder the loader rejects (2.5.x has no code vocabulary)
// is skipped with a note on stderr and counted in the last line.
func diffAll(fs *flag.FlagSet, dir string, failOnBreaking bool, stdout io.Writer) int {
	versions, err := versionDirs(dir)
	if err != nil {
		return cliflags.Fail(fs, "%v", err)
	}
	var prev *schemaload.Spec
	bumps, breaking, skipped := 0, 0, 0
	for _, v := range versions {
		spec, err := loadSpec(filepath.Join(dir, v), "")
		if err != nil {
			fmt.Fprintf(fs.Output(), "adcp-gen diff: skipping %v\n", err)
			skipped++
			continue
		}
		if prev != nil {
			r := specdiff.Compare(prev, spec)
			fmt.Fprintln(stdout, r.Summary())
			bumps++
			if r.Breaking() {
				breaking++
			}
		}
		prev = spec
	}
	if bumps == 0 {
		return cliflags.Fail(fs, "%s holds fewer than two loadable version folders", dir)
	}
	fmt.Fprintf(stdout, "%d versions (%d skipped), %d bumps, %d breaking\n", len(versions), skipped, bumps, breaking)
	if failOnBreaking && breaking > 0 {
		return 1
	}
	return 0
}
