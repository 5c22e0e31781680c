// Command breakdown shows where the runtime probe's extra bytes go: it
// builds the two probes (unstripped, CGO_ENABLED=0, as make size builds
// them but keeping the symbol table), reads their symbols with go tool nm,
// and prints, per package, the bytes of symbols the runtime probe has beyond
// the baseline, then the section sizes of both binaries.
//
//	cd adcp && go run ./internal/sizeprobe/breakdown [-top 40]
//
// Symbol sizes do not add up to the file size: the function tables
// (.gopclntab) grow with the code, and sections are page-aligned.
package main

import (
	"bufio"
	"bytes"
	"debug/elf"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

func main() {
	top := flag.Int("top", 40, "packages to list")
	flag.Parse()
	dir, err := os.MkdirTemp("", "sizeprobe")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)
	sums := map[string]map[string]int64{}
	for _, p := range []string{"baseline", "runtime"} {
		bin := filepath.Join(dir, p)
		cmd := exec.Command("go", "build", "-trimpath", "-o", bin, "./internal/sizeprobe/"+p)
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOWORK=off")
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			fail(fmt.Errorf("building %s: %v", p, err))
		}
		out, err := exec.Command("go", "tool", "nm", "-size", bin).Output()
		if err != nil {
			fail(fmt.Errorf("go tool nm %s: %v", p, err))
		}
		sums[p] = perPackage(out)
		printSections(p, bin)
	}
	type row struct {
		pkg             string
		base, rt, delta int64
	}
	var rows []row
	var total int64
	seen := map[string]bool{}
	for _, m := range sums {
		for k := range m {
			if seen[k] {
				continue
			}
			seen[k] = true
			r := row{k, sums["baseline"][k], sums["runtime"][k], sums["runtime"][k] - sums["baseline"][k]}
			total += r.delta
			rows = append(rows, r)
		}
	}
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].delta != rows[j].delta {
			return rows[i].delta > rows[j].delta
		}
		return rows[i].pkg < rows[j].pkg
	})
	fmt.Printf("\n%10s %10s %10s  %s\n", "extra", "baseline", "runtime", "package (symbol bytes)")
	for i, r := range rows {
		if i >= *top {
			break
		}
		fmt.Printf("%10d %10d %10d  %s\n", r.delta, r.base, r.rt, r.pkg)
	}
	fmt.Printf("%10d %21s  all symbols\n", total, "")
}

// perPackage sums symbol sizes by package; type descriptors are counted as
// "type:" plus the package of the type, compiler-generated symbols by their
// prefix (go:func.*, go:string.*, …).
func perPackage(nm []byte) map[string]int64 {
	m := map[string]int64{}
	sc := bufio.NewScanner(bytes.NewReader(nm))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 {
			continue
		}
		size, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil {
			continue
		}
		name := strings.Join(f[3:], " ")
		var key string
		switch {
		case strings.HasPrefix(name, "type:"):
			key = "type:" + pkgOf(strings.TrimLeft(name[len("type:"):], "*.[]"))
		case strings.HasPrefix(name, "go:"):
			key, _, _ = strings.Cut(name, ".")
		default:
			key = pkgOf(name)
		}
		m[key] += size
	}
	return m
}

// pkgOf returns the import path a symbol name starts with; a generic
// instantiation counts for the package of the generic function.
func pkgOf(name string) string {
	if i := strings.IndexAny(name, "[ "); i >= 0 {
		name = name[:i]
	}
	slash := strings.LastIndexByte(name, '/')
	if dot := strings.IndexByte(name[slash+1:], '.'); dot >= 0 {
		return name[:slash+1+dot]
	}
	return name
}

func printSections(p, bin string) {
	f, err := elf.Open(bin)
	if err != nil {
		fail(err)
	}
	defer f.Close()
	st, err := os.Stat(bin)
	if err != nil {
		fail(err)
	}
	fmt.Printf("%s: %d bytes unstripped;", p, st.Size())
	for _, s := range f.Sections {
		switch s.Name {
		case ".text", ".rodata", ".gopclntab", ".data", ".noptrdata":
			fmt.Printf(" %s %d", s.Name, s.Size)
		}
	}
	fmt.Println()
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "breakdown:", err)
	os.Exit(1)
}
