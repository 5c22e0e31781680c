package main

import (
	"context"
	"io"

	"github.com/adcp-gen/adcp-gen/internal/fetchcmd"
	"github.com/adcp-gen/adcp-gen/specfetch"
)

func runFetch(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	return fetchcmd.Run("adcp-gen fetch", args, stdout, stderr, nil)
}

// fetchSpec gets version from base (or the cache) for generate -version; a
// signed bundle not in the cache is refused with the command that checks
// its signature.
func fetchSpec(version, base string) (*specfetch.Bundle, error) {
	return specfetch.Fetch(context.Background(), version, specfetch.Options{BaseURL: base})
}
