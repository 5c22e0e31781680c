//go:build unix

package adcp

import "syscall"

// processCPU returns the CPU time the process has used (user and system,
// every thread: the collector's included), in nanoseconds, or -1.
func processCPU() int64 {
	var r syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &r) != nil {
		return -1
	}
	return r.Utime.Nano() + r.Stime.Nano()
}
