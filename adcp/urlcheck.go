package adcp

import (
	"fmt"
	"strings"

	"github.com/adcp-gen/adcp-gen/adcp/internal/urlcheck"
)

// ErrUnsafeURL is the error CheckSellerURL and CheckDetailsURLs wrap.
var ErrUnsafeURL = urlcheck.ErrUnsafe

// CheckSellerURL checks a URL a seller put in an error (details.setup_url,
// policy_url, authorization_url, …) before a user or agent follows it: the
// scheme must be https, there must be no userinfo ("https://user@host"), and
// the host must be one of the seller's known hosts or a sub-domain of one
// (compared case-insensitively, without a trailing dot). With no known hosts
// every URL is rejected. The seller's builders (package seller) refuse
// details whose URLs fail these checks but for the known hosts, which only
// the buyer has.
func CheckSellerURL(raw string, knownHosts ...string) error {
	host, err := urlcheck.Form(raw)
	if err != nil {
		return err
	}
	for _, k := range knownHosts {
		k = urlcheck.Normalize(k)
		if k != "" && (host == k || strings.HasSuffix(host, "."+k)) {
			return nil
		}
	}
	return fmt.Errorf("%w: host %q is not a known seller host", ErrUnsafeURL, host)
}

// CheckDetailsURLs applies CheckSellerURL to every string member of e's
// details named "url" or ending in "_url", at any depth (setup_url,
// policy_url, authorization_url, missing_connections[].authorization_url,
// upstream.url, …), and to every string such a member holds when it is an
// array or object. It returns nil when all pass, else the failures joined
// (the first 16, then how many more), each naming the member by its JSON
// pointer in details. Every member counts, a repeated name too, whichever
// of them a reader keeps. Details that are not one valid JSON value cannot
// be checked: that is an error wrapping ErrUnsafeURL too.
func CheckDetailsURLs(e *Error, knownHosts ...string) error {
	if e == nil {
		return nil
	}
	return urlcheck.Details(e.Details, func(s string) error { return CheckSellerURL(s, knownHosts...) })
}
