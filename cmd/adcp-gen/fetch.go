package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/adcp-gen/adcp-gen/specfetch"
)

func init() {
	commands["fetch"] = command{
		summary: "download, verify and cache a published spec bundle (VERSION [-base-url URL] [-trusted-root FILE] [-out DIR])",
		run:     runFetch,
	}
}

const fetchUsage = `usage: adcp-gen fetch VERSION [-base-url URL] [-trusted-root FILE] [-out DIR]

Downloads BASE/protocol/VERSION.tgz, checks it against VERSION.tgz.sha256
(always: a bundle without one is refused) and, when VERSION.tgz.sig and
VERSION.tgz.crt are published, its Sigstore keyless signature, which must
verify (else the bundle is refused, as when only one of the two exists):
the certificate chains to a Fulcio CA of the trusted root (-trusted-root;
default: the Sigstore public-good root built into adcp-gen) and carries an
SCT of one of its CT logs; it was issued to the spec's release workflow
(.github/workflows/release.yml of github.com/adcontextprotocol/adcp, on a
branch or a tag, OIDC issuer token.actions.githubusercontent.com); its key
signed the archive. The Rekor transparency log is not checked (the trust
line says so).

It unpacks the bundle's schemas/ (regular files only, nothing outside it),
points the /schemas/latest/ references at VERSION, and keeps them in the
cache folder ($ADCPGEN_CACHE_DIR, default adcp-gen in the user cache
folder). Prints the schema folder on standard output and the trust
reached on standard error (sha256, or what the signature check established
and the signer's identity), with a warning when an unsigned bundle came
over plain http (a mirror): its .sha256 came from the same server, so it
shows the download is intact, not who published it.

A version already in the cache is used without the network, with the trust
reached when it was downloaded (it is not verified again). VERSION latest
(unsigned upstream) always checks its .sha256 online, and reuses the cache
while it is unchanged.

With -out DIR, also writes the files generate reads (core/error.json,
enums/error-code.json, enums/error-scope.json, error-details/*, the files
they $ref, manifest.json) and adcp-gen-fetch.json (where they came from,
their SHA-256) into DIR, replacing what an earlier fetch -out wrote there:
commit DIR and generate with -schemas DIR for builds that need no network.
A DIR holding anything else is left alone.

Exit status: 0 done; 2 bad usage, or a bundle that cannot be fetched or
verified (nothing is cached then).

Flags (they may also follow VERSION):
`

func runFetch(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("fetch", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), fetchUsage)
		fs.PrintDefaults()
	}
	base := fs.String("base-url", specfetch.BaseURL(), "`URL` the bundles are published under (BASE/protocol/VERSION.tgz); $"+specfetch.EnvBaseURL+" sets the default")
	out := fs.String("out", "", "also write the schema files generate reads into `DIR`, to commit (vendoring)")
	root := trustedRootFlag(fs)
	pos, exit, stop := parseFlags(fs, args, stdout)
	if stop {
		return exit
	}
	if len(pos) != 1 {
		fs.Usage()
		return 2
	}
	b, err := fetchSpec(pos[0], *base, *root)
	if err != nil {
		fmt.Fprintf(stderr, "adcp-gen fetch: %v\n", err)
		return 2
	}
	fmt.Fprintln(stdout, b.Dir)
	fmt.Fprintf(stderr, "adcp-gen fetch: %s\n", describeBundle(b))
	if w := insecureWarning(b); w != "" {
		fmt.Fprintf(stderr, "adcp-gen fetch: %s\n", w)
	}
	if *out != "" {
		n, err := vendorSpec(b, *out)
		if err != nil {
			fmt.Fprintf(stderr, "adcp-gen fetch: -out: %v\n", err)
			return 2
		}
		fmt.Fprintf(stderr, "adcp-gen fetch: wrote %d schema files and %s to %s\n", n, vendorRecord, *out)
	}
	return 0
}

// fetchSpec gets version from base (or the cache), checking signatures
// against the trusted root in the file trustedRoot ("" for the embedded
// one).
func fetchSpec(version, base, trustedRoot string) (*specfetch.Bundle, error) {
	v, err := newSignatureVerifier(trustedRoot)
	if err != nil {
		return nil, err
	}
	return specfetch.Fetch(context.Background(), version, specfetch.Options{BaseURL: base, Verifier: v})
}

// describeBundle says which version b is, where from and how far it was
// verified.
func describeBundle(b *specfetch.Bundle) string {
	v := "AdCP " + b.SpecVersion
	if b.Version != b.SpecVersion {
		v += " (" + b.Version + ")"
	}
	how := "downloaded from " + b.URL
	switch {
	case b.Offline:
		how = "from the cache (offline)"
	case b.Cached:
		how = "from the cache (its .sha256 is unchanged)"
	}
	return fmt.Sprintf("%s, sha256 %s, %s; trust: %s", v, b.Digest[:12], how, b.Trust)
}

// insecureWarning warns, when b was downloaded over plain http with no
// signature, that its checksum proves little: the .sha256 came from the
// same server as the archive, so anyone on the path could have replaced
// both. It returns "" otherwise (https, or a verified signature).
func insecureWarning(b *specfetch.Bundle) string {
	if b.Trust.Level != specfetch.TrustSHA256 || !strings.HasPrefix(strings.ToLower(b.URL), "http://") {
		return ""
	}
	return "warning: " + b.URL + " came over plain http with no signature; its .sha256 came from the same server, " +
		"so the checksum shows the download is intact, not who published it (use https, or a signed bundle)"
}
