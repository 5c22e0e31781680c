//go:build !unix

package adcp

// processCPU is not measured here.
func processCPU() int64 { return -1 }
