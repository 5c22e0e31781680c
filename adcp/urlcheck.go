package adcp

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
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
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("%w: not a URL", ErrUnsafeURL)
	}
	if !strings.EqualFold(u.Scheme, "https") {
		return fmt.Errorf("%w: scheme %q is not https", ErrUnsafeURL, u.Scheme)
	}
	if u.User != nil {
		return fmt.Errorf("%w: has userinfo", ErrUnsafeURL)
	}
	if u.Opaque != "" || u.Host == "" {
		return fmt.Errorf("%w: no host", ErrUnsafeURL)
	}
	host := urlcheckNormalize(u.Hostname())
	if !urlcheckHostChars(host) {
		return fmt.Errorf("%w: host %q is not a plain DNS name or IP address", ErrUnsafeURL, host)
	}
	for _, k := range knownHosts {
		k = urlcheckNormalize(k)
		if k != "" && (host == k || strings.HasSuffix(host, "."+k)) {
			return nil
		}
	}
	return fmt.Errorf("%w: host %q is not a known seller host", ErrUnsafeURL, host)
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
// upstream.url, …), and to every string such a member holds when it is an
// array or object. It returns nil when all pass, else the failures joined
// (the first urlcheckMaxReported, then how many more), each naming the
// member by its JSON pointer in details. Every member counts, a repeated
// name too, whichever of them a reader keeps. Details that are not one valid
// JSON value cannot be checked: that is an error wrapping ErrUnsafeURL too.
func CheckDetailsURLs(e *Error, knownHosts ...string) error {
	if e == nil || len(e.Details) == 0 {
		return nil
	}
	if !jsonwire.Valid(e.Details) {
		return fmt.Errorf("%w: details are not one valid JSON value, so their URLs cannot be checked", ErrUnsafeURL)
	}
	w := urlcheckWalker{b: e.Details, hosts: knownHosts}
	w.walk(jsonwire.Space(e.Details, 0), false)
	if w.more > 0 {
		w.errs = append(w.errs, fmt.Errorf("%w: and %d more", ErrUnsafeURL, w.more))
	}
	return errors.Join(w.errs...)
}

// urlcheckMaxReported is how many failures CheckDetailsURLs names.
const urlcheckMaxReported = 16

// urlcheckWalker walks details for CheckDetailsURLs. The pointer of the
// value being walked is kept as its tokens and written out only for a
// failure: deeply nested details do not cost a pointer per level.
type urlcheckWalker struct {
	b      []byte
	hosts  []string
	tokens []string
	errs   []error
	more   int // failures beyond urlcheckMaxReported
}

// walk checks the value at b[i] (valid JSON, as deep as jsonwire.Valid
// allows); under is whether a URL-named member holds it. It returns the
// index past the value: each byte is read once, however deep the nesting.
func (w *urlcheckWalker) walk(i int, under bool) int {
	switch w.b[i] {
	case '{':
		it := jsonwire.Open(w.b, i, 0, '{')
		for it.Next() {
			k := string(jsonwire.Unquote(nil, it.Key))
			w.tokens = append(w.tokens, adcpimpl.PointerToken(k))
			it.Pos = w.walk(it.Pos, under || k == "url" || strings.HasSuffix(k, "_url"))
			w.tokens = w.tokens[:len(w.tokens)-1]
		}
		return it.End()
	case '[':
		it := jsonwire.Open(w.b, i, 0, '[')
		for n := 0; it.Next(); n++ {
			w.tokens = append(w.tokens, strconv.Itoa(n))
			it.Pos = w.walk(it.Pos, under)
			w.tokens = w.tokens[:len(w.tokens)-1]
		}
		return it.End()
	case '"':
		end := jsonwire.String(w.b, i)
		if under {
			w.check(string(jsonwire.Unquote(nil, w.b[i:end])))
		}
		return end
	}
	return jsonwire.Value(w.b, i, 0) // a number or a literal
}

// check applies CheckSellerURL to s, a string a URL-named member holds.
func (w *urlcheckWalker) check(s string) {
	err := CheckSellerURL(s, w.hosts...)
	switch {
	case err == nil:
	case len(w.errs) == urlcheckMaxReported:
		w.more++
	default:
		w.errs = append(w.errs, fmt.Errorf("details/%s: %w", strings.Join(w.tokens, "/"), err))
	}
}
