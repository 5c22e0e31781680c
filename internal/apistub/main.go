// Command apistub writes the API stubs of the runtime packages that generated
// code imports, for emit/runtimeapi, which type-checks every generated package
// against them before the generator writes it.
//
// A stub is the package's declarations with function bodies stripped and
// comments dropped: every exported declaration, every method of a type it
// keeps, and whatever those refer to (unexported types, constants, the
// functions a variable's initialiser calls), so it type-checks exactly like
// the package as seen from outside. Packages of the runtime module a stub
// refers to (adcp/internal/jsonwire) get a stub of what is referred to.
//
// The standard packages those stubs and generated code refer to get stubs
// too (std.<path>.stub), computed with go/types from the toolchain's export
// data: every declaration reachable from the ones used, method sets and all,
// with unexported struct fields replaced by one opaque field. With them, the
// type check needs no export data from the go command in the common case.
//
//	go run ./internal/apistub -runtime adcp -out emit/runtimeapi [-check]
//
// -check writes nothing and exits 1 when a stub in -out is stale.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	runtimeDir := flag.String("runtime", "adcp", "folder of the runtime module (its go.mod names the module)")
	out := flag.String("out", "emit/runtimeapi", "folder to write the .stub files to")
	check := flag.Bool("check", false, "write nothing; exit 1 when a stub is stale")
	flag.Parse()
	// The packages generated code may import (runtimeapi.Public).
	stubs, err := stubModule(*runtimeDir, []string{".", "adcpimpl"})
	if err != nil {
		fmt.Fprintln(os.Stderr, "apistub:", err)
		os.Exit(2)
	}
	// The standard declarations those stubs and generated code reach.
	std, err := stubStd(stubs, genStdRoots)
	if err != nil {
		fmt.Fprintln(os.Stderr, "apistub:", err)
		os.Exit(2)
	}
	for name, src := range std {
		stubs[name] = src
	}
	stale, err := syncStubs(*out, stubs, *check)
	if err != nil {
		fmt.Fprintln(os.Stderr, "apistub:", err)
		os.Exit(2)
	}
	if *check && len(stale) > 0 {
		fmt.Fprintf(os.Stderr, "apistub: stale in %s: %s (run make generate)\n", *out, strings.Join(stale, ", "))
		os.Exit(1)
	}
}

// syncStubs makes dir hold exactly the stubs among its .stub files and returns
// the names that differed; with check it only compares.
func syncStubs(dir string, stubs map[string][]byte, check bool) ([]string, error) {
	var stale []string
	for name, src := range stubs {
		old, err := os.ReadFile(filepath.Join(dir, name))
		if err == nil && bytes.Equal(old, src) {
			continue
		}
		// A standard-library stub depends on the toolchain: it is checked
		// by the toolchain of its release only. A newer release's API is a
		// superset (Go 1 compatibility), which the type check of generated
		// code can use unchanged; TestStdStubsMatch checks that.
		if check && err == nil && strings.HasPrefix(name, "std.") {
			if from := stdStubRelease(old); from != "" && from != stdRelease() {
				fmt.Fprintf(os.Stderr, "apistub: %s was written from %s's standard library; not compared with %s's\n", name, from, stdRelease())
				continue
			}
		}
		stale = append(stale, name)
		if !check {
			if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
				return nil, err
			}
		}
	}
	old, err := filepath.Glob(filepath.Join(dir, "*.stub"))
	if err != nil {
		return nil, err
	}
	for _, p := range old {
		if _, ok := stubs[filepath.Base(p)]; ok {
			continue
		}
		stale = append(stale, filepath.Base(p))
		if !check {
			if err := os.Remove(p); err != nil {
				return nil, err
			}
		}
	}
	sort.Strings(stale)
	return stale, nil
}
