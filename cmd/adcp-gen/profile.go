package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
)

// envCPUProfile names a file to write a CPU profile of the whole command to
// (pprof format), and envMemProfile one to write its allocations to (every
// allocation sampled, pprof's alloc_space and alloc_objects), for developers
// measuring generation (go tool pprof). They are deliberately undocumented
// in the usage text: they are not part of the CLI.
const (
	envCPUProfile = "ADCPGEN_CPUPROFILE"
	envMemProfile = "ADCPGEN_MEMPROFILE"
)

// startProfile starts the profiles $ADCPGEN_CPUPROFILE and
// $ADCPGEN_MEMPROFILE ask for and returns the function that writes them and
// closes their files; a profile that cannot be started is reported and the
// command runs without it.
func startProfile() (stop func()) {
	stopCPU := startCPUProfile(os.Getenv(envCPUProfile))
	mem := os.Getenv(envMemProfile)
	if mem == "" {
		return stopCPU
	}
	runtime.MemProfileRate = 1
	return func() {
		stopCPU()
		if err := writeAllocs(mem); err != nil {
			fmt.Fprintf(os.Stderr, "adcp-gen: %s: %v\n", envMemProfile, err)
		}
	}
}

func startCPUProfile(path string) (stop func()) {
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "adcp-gen: %s: %v\n", envCPUProfile, err)
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintf(os.Stderr, "adcp-gen: %s: %v\n", envCPUProfile, err)
		f.Close()
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintf(os.Stderr, "adcp-gen: %s: %v\n", envCPUProfile, err)
		}
	}
}

// writeAllocs writes the allocation profile to path. The profile is as of
// the last collection (generate collects once, after loading): collecting
// first makes it hold every allocation, as go test -memprofile does.
func writeAllocs(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	runtime.GC()
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
