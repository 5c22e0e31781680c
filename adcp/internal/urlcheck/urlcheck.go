// Package urlcheck holds the checks of the URLs a seller puts in an
// error's details, shared by the buyer's check (adcp.CheckSellerURL,
// adcp.CheckDetailsURLs, which add the buyer's known hosts) and the
// seller's builder (package seller, which refuses details whose URLs no
// buyer would follow).
package urlcheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
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

// Details is adcp.CheckDetailsURLs with check in place of the known hosts:
// it applies check to every string a member named "url" or ending in "_url"
// holds, at any depth, and returns the first maxReported failures joined,
// each naming the member by its JSON pointer in details. Details that are
// not one valid JSON value are an error wrapping ErrUnsafe.
func Details(details []byte, check func(string) error) error {
	if len(details) == 0 {
		return nil
	}
	if !json.Valid(details) {
		return fmt.Errorf("%w: details are not one valid JSON value, so their URLs cannot be checked", ErrUnsafe)
	}
	w := walker{dec: json.NewDecoder(bytes.NewReader(details)), check: check}
	w.dec.UseNumber() // a number is skipped, never refused as too large
	w.walk(false)
	if w.more > 0 {
		w.errs = append(w.errs, fmt.Errorf("%w: and %d more", ErrUnsafe, w.more))
	}
	return errors.Join(w.errs...)
}

// walker walks details for Details on encoding/json's token stream, which
// keeps every member, a repeated name too. The pointer of the value being
// walked is kept as its tokens and written out only for a failure.
type walker struct {
	dec    *json.Decoder
	check  func(string) error
	tokens []string
	errs   []error
	more   int // failures beyond maxReported
}

// walk checks the next value of the token stream (valid JSON); under is
// whether a URL-named member holds it.
func (w *walker) walk(under bool) {
	tok, _ := w.dec.Token()
	switch t := tok.(type) {
	case string:
		if under {
			w.report(w.check(t))
		}
	case json.Delim: // '{' or '['
		for n := 0; w.dec.More(); n++ {
			if t == '{' {
				k, _ := w.dec.Token()
				key := k.(string)
				w.tokens = append(w.tokens, adcpimpl.PointerToken(key))
				w.walk(under || key == "url" || strings.HasSuffix(key, "_url"))
			} else {
				w.tokens = append(w.tokens, strconv.Itoa(n))
				w.walk(under)
			}
			w.tokens = w.tokens[:len(w.tokens)-1]
		}
		_, _ = w.dec.Token() // the closing delimiter
	}
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
