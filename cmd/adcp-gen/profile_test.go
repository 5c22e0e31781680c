package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"testing"
)

// TestProfiles: the two developer profiles are written where the
// environment says, as pprof files (gzip), the allocation profile with
// what was allocated since the last collection, and a profile that cannot
// be created leaves the command running without it.
func TestProfiles(t *testing.T) {
	rate := runtime.MemProfileRate
	t.Cleanup(func() { runtime.MemProfileRate = rate })
	dir := t.TempDir()
	cpu, mem := filepath.Join(dir, "cpu.pprof"), filepath.Join(dir, "mem.pprof")
	t.Setenv(envCPUProfile, cpu)
	t.Setenv(envMemProfile, mem)
	stop := startProfile()
	runtime.GC() // as generate collects after loading
	sink := allocAfterCollection()
	stop()
	_ = sink
	for _, p := range []string{cpu, mem} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(b, []byte{0x1f, 0x8b}) {
			t.Errorf("%s: not a pprof file (%d bytes)", p, len(b))
		}
	}
	// The allocations after the last collection are in the profile.
	if goCmd, err := exec.LookPath("go"); err != nil {
		t.Log("go command not in PATH: not reading the allocation profile")
	} else {
		out, err := exec.Command(goCmd, "tool", "pprof", "-sample_index=alloc_space", "-unit=B", "-top",
			"-show=allocAfterCollection", mem).CombinedOutput()
		if err != nil {
			t.Fatalf("go tool pprof: %v\n%s", err, out)
		}
		m := regexp.MustCompile(`(?m)^\s*(\d+)B .*allocAfterCollection$`).FindSubmatch(out)
		if m == nil {
			t.Fatalf("the allocation profile has no allocAfterCollection:\n%s", out)
		}
		if n, _ := strconv.Atoi(string(m[1])); n < 100*1000 {
			t.Errorf("the allocation profile counts %d bytes for allocAfterCollection, which allocated 100,000 after the last collection:\n%s", n, out)
		}
	}
	t.Setenv(envCPUProfile, filepath.Join(dir, "missing", "cpu.pprof"))
	t.Setenv(envMemProfile, "")
	startProfile()() // reported on stderr, not fatal
}

// allocAfterCollection allocates 100 KB for TestProfiles to find.
//
//go:noinline
func allocAfterCollection() [][]byte {
	var sink [][]byte
	for i := 0; i < 100; i++ {
		sink = append(sink, make([]byte, 1000))
	}
	return sink
}
