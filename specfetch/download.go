package specfetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"path"
	"strings"
	"time"
)

// Bounds on the small files beside a bundle.
const (
	maxChecksumSize  = 1 << 10  // {tgz}.sha256
	maxSignatureSize = 64 << 10 // {tgz}.sig, {tgz}.crt
)

// newClient returns the HTTP client Fetch uses by default: the proxy
// settings of the environment, bounded connection, TLS and header waits,
// bytes as served (no transparent decompression: the checksum is of the
// .tgz itself), and no redirect from https to plain http.
func newClient() *http.Client {
	return &http.Client{
		Transport: &http.Transport{
			Proxy:                 http.ProxyFromEnvironment,
			DialContext:           (&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
			ForceAttemptHTTP2:     true,
			TLSHandshakeTimeout:   15 * time.Second,
			ResponseHeaderTimeout: 60 * time.Second,
			IdleConnTimeout:       30 * time.Second,
			DisableCompression:    true,
		},
		CheckRedirect: checkRedirect,
	}
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
// naming u and the status. With max 0 it only reads the status.
func (f *fetcher) get(ctx context.Context, u string, max int64) ([]byte, int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %v", u, err)
	}
	req.Header.Set("User-Agent", "adcp-gen")
	resp, err := f.client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, 0, fmt.Errorf("GET %s: timed out or cancelled: %v", u, err)
		}
		return nil, 0, fmt.Errorf("GET %s: %v", u, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, resp.StatusCode, fmt.Errorf("GET %s: HTTP %s", u, resp.Status)
	}
	if max == 0 {
		return nil, resp.StatusCode, nil
	}
	if resp.ContentLength > max {
		return nil, resp.StatusCode, fmt.Errorf("GET %s: the server announces %d bytes, more than the %d adcp-gen accepts", u, resp.ContentLength, max)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, max+1))
	if err != nil {
		return nil, resp.StatusCode, fmt.Errorf("GET %s: the download was cut short after %d bytes: %v", u, len(body), err)
	}
	if int64(len(body)) > max {
		return nil, resp.StatusCode, fmt.Errorf("GET %s: more than the %d bytes adcp-gen accepts", u, max)
	}
	if resp.ContentLength >= 0 && int64(len(body)) != resp.ContentLength {
		return nil, resp.StatusCode, fmt.Errorf("GET %s: the download was cut short: %d of %d bytes", u, len(body), resp.ContentLength)
	}
	return body, resp.StatusCode, nil
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
