package adcp

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/adcp-gen/adcp-gen/adcp/internal/errfmt"
	"github.com/adcp-gen/adcp-gen/adcp/internal/netparse"
	"github.com/adcp-gen/adcp-gen/adcp/internal/smallsort"
)

// ErrUnsafeURL is the error CheckSellerURL and CheckDetailsURLs wrap.
var ErrUnsafeURL = errors.New("adcp: unsafe seller URL")

// CheckSellerURL checks a URL a seller put in an error (details.setup_url,
// policy_url, authorization_url, …) before a user or agent follows it: the
// scheme must be https, there must be no userinfo ("https://user@host"), and
// the host must be one of the seller's known hosts or a sub-domain of one
// (compared case-insensitively, without a trailing dot). With no known hosts
// every URL is rejected.
func CheckSellerURL(raw string, knownHosts ...string) error {
	u, err := netparse.Parse(raw) // url.Parse's grammar, without net/url
	if err != nil {
		return errfmt.Errorf("%w: not a URL", ErrUnsafeURL)
	}
	if !strings.EqualFold(u.Scheme, "https") {
		return errfmt.Errorf("%w: scheme %q is not https", ErrUnsafeURL, u.Scheme)
	}
	if u.User {
		return errfmt.Errorf("%w: has userinfo", ErrUnsafeURL)
	}
	if u.Opaque != "" || u.Host == "" {
		return errfmt.Errorf("%w: no host", ErrUnsafeURL)
	}
	host := urlcheckNormalize(netparse.Hostname(u.Host))
	if !urlcheckHostChars(host) {
		return errfmt.Errorf("%w: host %q is not a plain DNS name or IP address", ErrUnsafeURL, host)
	}
	for _, k := range knownHosts {
		k = urlcheckNormalize(k)
		if k != "" && (host == k || strings.HasSuffix(host, "."+k)) {
			return nil
		}
	}
	return errfmt.Errorf("%w: host %q is not a known seller host", ErrUnsafeURL, host)
}

// urlcheckNormalize lower-cases a host name and drops a trailing dot.
func urlcheckNormalize(h string) string {
	return strings.TrimSuffix(strings.ToLower(strings.TrimSpace(h)), ".")
}

// urlcheckHostChars reports whether h holds only the characters of a DNS
// name (ASCII letters, digits, '-', '.') or of an IPv6 address.
func urlcheckHostChars(h string) bool {
	if h == "" {
		return false
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == ':') {
			return false
		}
	}
	return true
}

// CheckDetailsURLs applies CheckSellerURL to every string member of e's
// details named "url" or ending in "_url", at any depth (setup_url,
// policy_url, authorization_url, missing_connections[].authorization_url,
// upstream.url, …). It returns nil when all pass, else the failures joined,
// each naming the member by its JSON pointer in details.
func CheckDetailsURLs(e *Error, knownHosts ...string) error {
	if e == nil || len(e.Details) == 0 {
		return nil
	}
	var v any
	if json.Unmarshal(e.Details, &v) != nil {
		return nil
	}
	var errs []error
	urlcheckWalk(v, "", 0, func(ptr, s string) {
		if err := CheckSellerURL(s, knownHosts...); err != nil {
			errs = append(errs, errfmt.Errorf("details%s: %w", ptr, err))
		}
	})
	return errors.Join(errs...)
}

// urlcheckMaxDepth bounds the walk over details.
const urlcheckMaxDepth = 32

// urlcheckWalk calls f for every URL-named string member under v.
func urlcheckWalk(v any, ptr string, depth int, f func(ptr, s string)) {
	if depth > urlcheckMaxDepth {
		return
	}
	switch t := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		smallsort.Strings(keys)
		for _, k := range keys {
			c := t[k]
			p := ptr + "/" + strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
			if s, ok := c.(string); ok && (k == "url" || strings.HasSuffix(k, "_url")) {
				f(p, s)
				continue
			}
			urlcheckWalk(c, p, depth+1, f)
		}
	case []any:
		for i, c := range t {
			urlcheckWalk(c, ptr+"/"+strconv.Itoa(i), depth+1, f)
		}
	}
}
