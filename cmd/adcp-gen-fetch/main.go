// Command adcp-gen-fetch is adcp-gen fetch with Sigstore signature
// verification: it downloads (or reads, with -from) a published AdCP spec
// bundle, checks its digest and, when signature files are published beside
// it, its Sigstore signature and transparency-log entry with sigstore-go,
// and keeps it in the cache adcp-gen reads, so that adcp-gen fetch and
// generate -version then use it offline. It is a module of its own so that
// the generator does not link Sigstore's dependencies; run it without
// adding anything to a go.mod:
//
//	go run github.com/adcp-gen/adcp-gen/cmd/adcp-gen-fetch@latest VERSION -out DIR
//
// Run it with -h for its flags.
package main

import (
	"os"

	"github.com/adcp-gen/adcp-gen/internal/fetchcmd"
)

func main() {
	os.Exit(fetchcmd.Run("adcp-gen-fetch", os.Args[1:], os.Stdout, os.Stderr, newVerifier))
}
