// Package sizeprobe holds two programs that `make size` builds to measure
// what importing the runtime costs a binary: runtime extracts an error,
// decides what to do with it and builds an MCP error with the runtime and
// the 3.2 vocabulary; baseline does the same work by hand with
// encoding/json alone.
package sizeprobe
