// Package fetchcmd is the fetch command, shared by adcp-gen (which checks
// digests only, and refuses a signed bundle) and adcp-gen-fetch (the same
// command with Sigstore signature verification).
package fetchcmd

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/adcp-gen/adcp-gen/internal/cliflags"
	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/adcp-gen/adcp-gen/specfetch"
)

// EnvTrustedRoot sets the default of -trusted-root.
const EnvTrustedRoot = "ADCPGEN_TRUSTED_ROOT"

const usageText = `usage: %[1]s VERSION [-base-url URL | -from PATH]%[2]s [-out DIR]

Downloads BASE/protocol/VERSION.tgz, or reads it from a file or folder
the user has (-from), checks it against VERSION.tgz.sha256 (always: a
bundle without one is refused), and checks its Sigstore signature when
one is published beside it: VERSION.tgz.sigstore.json (a Sigstore bundle
with its transparency-log entry), or VERSION.tgz.sig and VERSION.tgz.crt.
%[3]s
It unpacks the bundle's schemas/ (regular files only, nothing outside it),
points the /schemas/latest/ references at VERSION, and keeps them in the
cache folder ($ADCPGEN_CACHE_DIR, default adcp-gen in the user cache
folder). Prints the schema folder on standard output and on standard
error the trust reached: "signature and transparency log verified" or
"unsigned: digest only", with a warning when an unsigned bundle came
over plain http.

A version already in the cache is used without the network, with the trust
reached when it was first fetched. VERSION latest (unsigned upstream)
always checks its .sha256 online, and reuses the cache while it is
unchanged. With -from FILE.tgz, VERSION may be left out.

With -out DIR, also writes the files generate reads (core/error.json,
enums/error-code.json, enums/error-scope.json, error-details/*, the files
they $ref, manifest.json) and adcp-gen-fetch.json (where they came from,
their SHA-256) into DIR, replacing what an earlier fetch -out wrote there:
commit DIR and generate with -schemas DIR for builds that need no network.
A DIR holding anything else is left alone.

Exit status: 0 done; 2 bad usage, or a bundle that cannot be fetched or
verified (nothing is cached then).

Flags (they may also follow VERSION):`

const checkedText = `The signature must verify with its transparency-log entry (else the
bundle is refused, as when only one of .sig and .crt exists): the Sigstore
bundle's, or for .sig and .crt the entry looked up in the trusted root's
Rekor log ($ADCPGEN_REKOR_URL in its place), which must be reachable then.
The certificate chains to a Fulcio CA of the trusted root
(-trusted-root; default: the Sigstore public-good root built in) at the
time the log attests, with an SCT of one of its CT logs when it lists
any; it was issued to the spec's release workflow
(.github/workflows/release.yml of github.com/adcontextprotocol/adcp, on a
branch or a tag, OIDC issuer token.actions.githubusercontent.com); its key
signed the archive.
`

const uncheckedText = `This command does not check Sigstore signatures (their dependencies stay
out of the generator): a signed bundle is refused with the command that
checks it, ` + "`go run " + specfetch.SigstoreCommand + "@latest VERSION`" + `,
whose cache this command shares.
`

// Run runs the fetch command called name with args. newVerifier returns the
// verifier checking against the Sigstore trusted root in the -trusted-root
// file ("" for the built-in one); nil: no signature checking and no flag.
func Run(name string, args []string, stdout, stderr io.Writer,
	newVerifier func(trustedRoot string) (specfetch.SignatureVerifier, error)) int {
	rootUsage, checks := "", uncheckedText
	if newVerifier != nil {
		rootUsage, checks = " [-trusted-root FILE]", checkedText
	}
	fs := cliflags.New(name, fmt.Sprintf(usageText, name, rootUsage, checks), stderr)
	base := fs.String("base-url", specfetch.BaseURL(), "`URL` the bundles are published under (BASE/protocol/VERSION.tgz; file:///DIR for a local copy of the site); $"+specfetch.EnvBaseURL+" sets the default")
	from := fs.String("from", "", "read the bundle from `PATH`, a VERSION.tgz file or a folder holding it, with its .sha256 (and signature files) beside it")
	out := fs.String("out", "", "also write the schema files generate reads into `DIR`, to commit (vendoring)")
	var root *string
	if newVerifier != nil {
		root = fs.String("trusted-root", os.Getenv(EnvTrustedRoot), "Sigstore trusted_root.json `FILE` signatures are checked against (default: the Sigstore public-good root built in); $"+EnvTrustedRoot+" sets the default")
	}
	pos, exit, stop := cliflags.Parse(fs, args, stdout)
	if stop {
		return exit
	}
	if len(pos) == 0 && *from != "" {
		pos = []string{""} // Fetch reads VERSION from the name of the -from file
	}
	if len(pos) != 1 {
		return cliflags.UsageError(fs, "want one VERSION (or -from FILE.tgz), got %d arguments", len(pos))
	}
	var v specfetch.SignatureVerifier
	if newVerifier != nil {
		var err error
		if v, err = newVerifier(*root); err != nil {
			return cliflags.Fail(fs, "-trusted-root: %v", err)
		}
	}
	b, err := specfetch.Fetch(context.Background(), pos[0], specfetch.Options{BaseURL: *base, From: *from, Verifier: v})
	if err != nil {
		return cliflags.Fail(fs, "%v", err)
	}
	fmt.Fprintln(stdout, b.Dir)
	Report(stderr, name, b)
	if *out != "" {
		// What generate reads: the roots, every file they $ref, the manifest.
		spec, err := schemaload.LoadVersion(b.Dir, b.SpecVersion)
		if err != nil {
			return cliflags.Fail(fs, "-out: AdCP %s does not load, so there is nothing generate could read from it: %v", b.SpecVersion, err)
		}
		if err := specfetch.Vendor(b, *out, spec.Sources); err != nil {
			return cliflags.Fail(fs, "-out: %v", err)
		}
		fmt.Fprintf(stderr, "%s: wrote %d schema files and %s to %s\n", name, len(spec.Sources), specfetch.RecordFile, *out)
	}
	return 0
}

// Report prints, for the command called name, which version b is, where
// from and how far it was verified, and a warning when it came over plain
// http with no signature.
func Report(w io.Writer, name string, b *specfetch.Bundle) {
	v := "AdCP " + b.SpecVersion
	if b.Version != b.SpecVersion {
		v += " (" + b.Version + ")"
	}
	how := "downloaded from " + b.URL
	switch {
	case strings.HasPrefix(b.URL, "file:") && !b.Cached:
		how = "read from " + b.URL
	case b.Offline:
		how = "from the cache (offline)"
	case b.Cached:
		how = "from the cache (its .sha256 is unchanged)"
	}
	fmt.Fprintf(w, "%s: %s, sha256 %s, %s; trust: %s\n", name, v, b.Digest[:12], how, b.Trust)
	if b.Trust.Signer == "" && strings.HasPrefix(strings.ToLower(b.URL), "http://") {
		fmt.Fprintf(w, "%s: warning: %s came over plain http with no signature; its .sha256 came from the same server, "+
			"so the checksum shows the download is intact, not who published it (use https, or a signed bundle)\n", name, b.URL)
	}
}
