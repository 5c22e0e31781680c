//go:build tools

// This file pins the versions of the tools `make check` runs, so that
// `go run <tool>` uses the version in go.mod and go.sum on every machine.
package tools

import (
	_ "golang.org/x/tools/go/analysis/passes/nilness/cmd/nilness"
)
