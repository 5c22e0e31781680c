// Package urlcheck holds the checks of the URLs a seller puts in an
// error's details, shared by the buyer's check (adcp.CheckSellerURL,
// adcp.CheckDetailsURLs, which add the buyer's known hosts) and the
// seller's builder (package seller, which refuses details whose URLs no
// buyer would follow).
package urlcheck

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// ErrUnsafe is adcp.ErrUnsafeURL: every error here wraps it.
var ErrUnsafe = errors.New("adcp: unsafe seller URL")

// Form checks what every reader of a seller's URL checks, whoever it
// trusts: the scheme is https, there is no userinfo ("https://user@host"),
// and there is a host of the characters of a DNS name or IP address. It
// returns that host, lower-cased, without a trailing dot.
func Form(raw string) (host string, err error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("%w: not a URL", ErrUnsafe)
	}
	if !strings.EqualFold(u.Scheme, "https") {
		return "", fmt.Errorf("%w: scheme %q is not https", ErrUnsafe, u.Scheme)
	}
	if u.User != nil {
		return "", fmt.Errorf("%w: has userinfo", ErrUnsafe)
	}
	if u.Opaque != "" || u.Host == "" {
		return "", fmt.Errorf("%w: no host", ErrUnsafe)
	}
	host = Normalize(u.Hostname())
	if host == "" || strings.Trim(host, hostChars) != "" {
		return "", fmt.Errorf("%w: host %q is not a plain DNS name or IP address", ErrUnsafe, host)
	}
	return host, nil
}

// Normalize lower-cases a host name and drops a trailing dot.
func Normalize(h string) string {
	return strings.TrimSuffix(strings.ToLower(strings.TrimSpace(h)), ".")
}

// hostChars are the characters of a DNS name (ASCII letters, lower-cased,
// digits, '-', '.') or of an IPv6 address.
const hostChars = "abcdefghijklmnopqrstuvwxyz0123456789-.:"

// maxReported is how many failures Details names.
const maxReported = 16

// Details applies check to every string member of details named "url" or
// ending in "_url", at any depth, and to every string such a member holds
// when it is an array or object. It returns nil when all pass, else the
// failures joined (the first maxReported, then how many more), each naming
// the member by its JSON pointer in details. Every member counts, a
// repeated name too. Details that are not one valid JSON value cannot be
// checked: that is an error wrapping ErrUnsafe too.
func Details(details []byte, check func(string) error) error {
	if len(details) == 0 {
		return nil
	}
	if !jsonwire.Valid(details) {
		return fmt.Errorf("%w: details are not one valid JSON value, so their URLs cannot be checked", ErrUnsafe)
	}
	w := walker{b: details, check: check}
	w.walk(jsonwire.Space(details, 0), false)
	if w.more > 0 {
		w.errs = append(w.errs, fmt.Errorf("%w: and %d more", ErrUnsafe, w.more))
	}
	return errors.Join(w.errs...)
}

// walker walks details for Details. The pointer of the value being walked
// is kept as its tokens and written out only for a failure: deeply nested
// details do not cost a pointer per level.
type walker struct {
	b      []byte
	check  func(string) error
	tokens []string
	errs   []error
	more   int // failures beyond maxReported
}

// walk checks the value at b[i] (valid JSON, as deep as jsonwire.Valid
// allows); under is whether a URL-named member holds it. It returns the
// index past the value: each byte is read once, however deep the nesting.
func (w *walker) walk(i int, under bool) int {
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
			w.report(w.check(string(jsonwire.Unquote(nil, w.b[i:end]))))
		}
		return end
	}
	return jsonwire.Value(w.b, i, 0) // a number or a literal
}

// report records the failure of a URL-named string, if any.
func (w *walker) report(err error) {
	switch {
	case err == nil:
	case len(w.errs) == maxReported:
		w.more++
	default:
		w.errs = append(w.errs, fmt.Errorf("details/%s: %w", strings.Join(w.tokens, "/"), err))
	}
}
