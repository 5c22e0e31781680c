package main

import (
	"fmt"
	"os"
	"runtime/pprof"
)

// envCPUProfile names a file to write a CPU profile of the whole command to
// (pprof format), for developers measuring generation (go tool pprof). It is
// deliberately undocumented in the usage text: it is not part of the CLI.
const envCPUProfile = "ADCPGEN_CPUPROFILE"

// startProfile starts the CPU profile $ADCPGEN_CPUPROFILE asks for and
// returns the function that stops it and closes the file; a profile that
// cannot be started is reported and the command runs without one.
func startProfile() (stop func()) {
	path := os.Getenv(envCPUProfile)
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
