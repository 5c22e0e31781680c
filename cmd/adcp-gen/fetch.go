package main

import (
	"io"

	"github.com/adcp-gen/adcp-gen/internal/fetchcmd"
)

// runFetch implements "adcp-gen fetch": internal/fetchcmd without signature
// checking.
func runFetch(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	return fetchcmd.Run("adcp-gen fetch", args, stdout, stderr, nil)
}
