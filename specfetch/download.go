package specfetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"runtime"
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
	return &http.Client{Transport: t, CheckRedirect: checkRedirect}
}

func checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= 10 {
		return errors.New("more than 10 redirects")
	}
	if via[0].URL.Scheme == "https" && req.URL.Scheme != "https" {
		return fmt.Errorf("refusing a redirect from https to %s", req.URL.Redacted())
	}
	return nil
}

// get downloads u, at most max bytes, and returns its body and the HTTP
// status (0 when there was no response). Any status but 200 is an error
// naming u and the status. With max 0 it only reads the status. A file://
// URL is read from the local file, a missing one being a 404.
func (f *fetcher) get(ctx context.Context, u string, max int64) ([]byte, int, error) {
	name, r, size, status, err := f.open(ctx, u)
	if err != nil {
		return nil, status, err
	}
	defer r.Close()
	if max == 0 {
		return nil, status, nil
	}
	if size > max {
		return nil, status, fmt.Errorf("%s: %d bytes, more than the %d adcp-gen accepts", name, size, max)
	}
	body, err := io.ReadAll(io.LimitReader(r, max+1))
	switch {
	case err != nil:
		return nil, status, fmt.Errorf("%s: the download was cut short after %d bytes: %v", name, len(body), err)
	case int64(len(body)) > max:
		return nil, status, fmt.Errorf("%s: more than the %d bytes adcp-gen accepts", name, max)
	case size >= 0 && int64(len(body)) != size:
		return nil, status, fmt.Errorf("%s: the download was cut short: %d of %d bytes", name, len(body), size)
	}
	return body, status, nil
}

// open starts reading u: it returns what messages call it, its body, its
// size (-1 when unknown) and its status.
func (f *fetcher) open(ctx context.Context, u string) (string, io.ReadCloser, int64, int, error) {
	if strings.HasPrefix(u, "file:") {
		return openLocal(u)
	}
	name := "GET " + u
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return name, nil, 0, 0, fmt.Errorf("%s: %v", u, err)
	}
	req.Header.Set("User-Agent", "adcp-gen")
	resp, err := f.client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return name, nil, 0, 0, fmt.Errorf("GET %s: timed out or cancelled: %v", u, err)
		}
		if unreachable(err) {
			return name, nil, 0, 0, fmt.Errorf("cannot reach %s: offline? copy the release bundle (%s.tgz and %s.tgz.sha256, with its .sigstore.json, "+
				".sig and .crt when published) here and run `adcp-gen fetch -from %s.tgz`, or generate from a schema folder with "+
				"`adcp-gen generate -schemas DIR` (GET %s: %v)", req.URL.Host, f.version, f.version, f.version, u, err)
		}
		return name, nil, 0, 0, fmt.Errorf("GET %s: %v", u, err)
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return name, nil, 0, resp.StatusCode, fmt.Errorf("GET %s: HTTP %s", u, resp.Status)
	}
	return name, resp.Body, resp.ContentLength, resp.StatusCode, nil
}

// unreachable reports whether err says the host could not be reached at
// all: no name resolution, no route, or nothing listening.
func unreachable(err error) bool {
	var dns *net.DNSError
	return errors.As(err, &dns) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ENETUNREACH) ||
		errors.Is(err, syscall.EHOSTUNREACH)
}

// openLocal opens the regular file of the file:// URL u as open does.
func openLocal(u string) (string, io.ReadCloser, int64, int, error) {
	pu, err := url.Parse(u)
	if err != nil {
		return u, nil, 0, 0, fmt.Errorf("%s: %v", u, err)
	}
	p := pu.Path
	if runtime.GOOS == "windows" && len(p) > 2 && p[0] == '/' && p[2] == ':' { // /C:/x
		p = p[1:]
	}
	p = filepath.FromSlash(p)
	st, err := os.Stat(p) // before opening: opening a FIFO would block
	if errors.Is(err, fs.ErrNotExist) {
		return p, nil, 0, http.StatusNotFound, fmt.Errorf("%s: no such file", p)
	}
	if err != nil {
		return p, nil, 0, 0, err
	}
	if !st.Mode().IsRegular() {
		return p, nil, 0, 0, fmt.Errorf("%s: not a regular file (%s)", p, st.Mode().Type())
	}
	fl, err := os.Open(p)
	return p, fl, st.Size(), http.StatusOK, err
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
	if len(digest) != 64 || strings.Trim(digest, "0123456789abcdefABCDEF") != "" {
		return "", fmt.Errorf("not a SHA-256 checksum file: want 64 hex digits, alone or followed by two spaces and the file name; got %q", clip(s, 100))
	}
	if hasName {
		if len(name) < 2 || (name[0] != ' ' && name[0] != '*') {
			return "", fmt.Errorf("not a SHA-256 checksum file: want 64 hex digits, alone or followed by two spaces and the file name; got %q", clip(s, 100))
		}
		if want := version + ".tgz"; path.Base(name[1:]) != want {
			return "", fmt.Errorf("the checksum is of %q, not of %s", clip(name[1:], 100), want)
		}
	}
	return strings.ToLower(digest), nil
}

// clip shortens s for a message.
func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
