package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestProfiles: the two developer profiles are written where the
// environment says, as pprof files (gzip), and a profile that cannot be
// created leaves the command running without it.
func TestProfiles(t *testing.T) {
	rate := runtime.MemProfileRate
	t.Cleanup(func() { runtime.MemProfileRate = rate })
	dir := t.TempDir()
	cpu, mem := filepath.Join(dir, "cpu.pprof"), filepath.Join(dir, "mem.pprof")
	t.Setenv(envCPUProfile, cpu)
	t.Setenv(envMemProfile, mem)
	stop := startProfile()
	var sink [][]byte
	for i := 0; i < 100; i++ {
		sink = append(sink, make([]byte, 1000))
	}
	_ = sink
	stop()
	for _, p := range []string{cpu, mem} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(b, []byte{0x1f, 0x8b}) {
			t.Errorf("%s: not a pprof file (%d bytes)", p, len(b))
		}
	}
	t.Setenv(envCPUProfile, filepath.Join(dir, "missing", "cpu.pprof"))
	t.Setenv(envMemProfile, "")
	startProfile()() // reported on stderr, not fatal
}
