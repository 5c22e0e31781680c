package specfetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Bounds on the small files beside a bundle.
const (
	maxChecksumSize  = 1 << 10  // {tgz}.sha256
	maxSignatureSize = 64 << 10 // {tgz}.sig, {tgz}.crt
	maxBundleSize    = 1 << 20  // {tgz}.sigstore.json
)

// newClient returns the HTTP client Fetch uses: http.DefaultTransport's
// proxy settings and bounded connection and TLS waits, a bounded wait for
// the headers, bytes as served (no transparent decompression: the checksum
// is of the .tgz itself), and no redirect from https to plain http.
func newClient() *http.Client {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.ResponseHeaderTimeout = time.Minute
	t.DisableCompression = true
	return &http.Client{Transport: t, CheckRedirect: func(req *http.Request, via []*http.Request) error {
		if len(via) >= 10 {
			return errors.New("more than 10 redirects")
		}
		if via[0].URL.Scheme == "https" && req.URL.Scheme != "https" {
			return fmt.Errorf("refusing a redirect from https to %s", req.URL.Redacted())
		}
		return nil
	}}
}

// get reads the file name published beside the bundle, at most max bytes,
// and whether it exists: a missing file (HTTP 404, or no such local file)
// is not an error, any other failure is one, naming the file. The content
// of a file that exists is never nil (io.ReadAll's, empty or not).
func (f *fetcher) get(ctx context.Context, name string, max int64) ([]byte, bool, error) {
	r, what, err := f.open(ctx, name)
	if r == nil {
		return nil, false, err
	}
	defer r.Close()
	// A body shorter than its Content-Length is an error of the read.
	body, err := io.ReadAll(io.LimitReader(r, max+1))
	switch {
	case err != nil:
		return nil, true, fmt.Errorf("%s: the download was cut short after %d bytes: %v", what, len(body), err)
	case int64(len(body)) > max:
		return nil, true, fmt.Errorf("%s: more than the %d bytes adcp-gen accepts", what, max)
	}
	return body, true, nil
}

// open starts reading the file name: it returns its body (nil when the
// file does not exist or on error) and what messages call it.
func (f *fetcher) open(ctx context.Context, name string) (io.ReadCloser, string, error) {
	if f.local != "" {
		p := filepath.Join(f.local, name)
		st, err := os.Stat(p) // before opening: opening a FIFO would block
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nil, p, nil
		case err != nil:
			return nil, p, err
		case !st.Mode().IsRegular():
			return nil, p, fmt.Errorf("%s: not a regular file (%s)", p, st.Mode().Type())
		}
		fl, err := os.Open(p)
		if err != nil {
			return nil, p, err
		}
		return fl, p, nil
	}
	u := f.url(name)
	what := "GET " + u
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, what, fmt.Errorf("%s: %v", u, err)
	}
	req.Header.Set("User-Agent", "adcp-gen")
	resp, err := f.client.Do(req)
	var dns *net.DNSError
	switch {
	case err != nil && ctx.Err() != nil:
		return nil, what, fmt.Errorf("%s: timed out or cancelled: %v", what, err)
	// The host cannot be reached: no name resolution, nothing listening, no route.
	case err != nil && (errors.As(err, &dns) || errors.Is(err, syscall.ECONNREFUSED) ||
		errors.Is(err, syscall.ENETUNREACH) || errors.Is(err, syscall.EHOSTUNREACH)):
		return nil, what, fmt.Errorf("cannot reach %s: offline? copy the release bundle (%s.tgz and %s.tgz.sha256, with its .sigstore.json, "+
			".sig and .crt when published) here and run `adcp-gen fetch -from %s.tgz`, or generate from a schema folder with "+
			"`adcp-gen generate -schemas DIR` (%s: %v)", req.URL.Host, f.version, f.version, f.version, what, err)
	case err != nil:
		return nil, what, fmt.Errorf("%s: %v", what, err)
	case resp.StatusCode == http.StatusOK:
		return resp.Body, what, nil
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		return nil, what, nil
	}
	return nil, what, fmt.Errorf("%s: HTTP %s", what, resp.Status)
}

// parseChecksum reads a .sha256 file: one line, either the 64 hex digits
// alone or followed by the file name as sha256sum writes it ("HEX  NAME",
// or "HEX *NAME"), whose base name must then be {version}.tgz. It returns
// the digest in lower case.
func parseChecksum(data []byte, version string) (string, error) {
	s := strings.TrimSuffix(strings.TrimSuffix(string(data), "\n"), "\r")
	if strings.ContainsAny(s, "\r\n") {
		return "", errors.New("a checksum file holds one line, this one holds more")
	}
	digest, name, hasName := strings.Cut(s, " ")
	if digest = strings.ToLower(digest); !isDigest(digest) ||
		hasName && (len(name) < 2 || name[0] != ' ' && name[0] != '*') {
		return "", fmt.Errorf("not a SHA-256 checksum file: want 64 hex digits, alone or followed by two spaces and the file name; got %q", clip(s, 100))
	}
	if want := version + ".tgz"; hasName && path.Base(name[1:]) != want {
		return "", fmt.Errorf("the checksum is of %q, not of %s", clip(name[1:], 100), want)
	}
	return digest, nil
}

// clip shortens s for a message.
func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
