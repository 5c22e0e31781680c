//go:debug urlstrictcolons=1

package adcpimpl

import (
	"errors"
	"net/netip"
	"net/url"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp/internal/sharedtest"
)

// checkURIRef is what checkURI was before netparse: url.Parse, then the
// host and absoluteness checks.
func checkURIRef(s string) error {
	u, err := url.Parse(s)
	if err != nil {
		return err
	}
	if host := u.Hostname(); strings.Contains(host, ":") {
		if !strings.Contains(u.Host, "[") || !strings.Contains(u.Host, "]") {
			return errors.New("IPv6 address not enclosed in brackets")
		}
		addr, err := netip.ParseAddr(host)
		if err != nil {
			return err
		}
		if addr.Zone() != "" {
			return errors.New("zone id is not part of an IPv6 address")
		}
	}
	if !u.IsAbs() {
		return errors.New("relative URI")
	}
	return nil
}

// TestCheckURIMatchesURL: checkURI accepts exactly what checkURIRef (on
// url.Parse) accepts, on every sample and every sample with a part
// appended or spliced in.
func TestCheckURIMatchesURL(t *testing.T) {
	parts := []string{"", "/", ":", "@", "[", "]", "%", "%25", "%41", "#", "?", "::1", ":80", "é", " ", "//"}
	n, ok := 0, 0
	for _, s := range sharedtest.URLSamples(t) {
		for _, p := range parts {
			for _, x := range []string{s + p, p + s, strings.Replace(s, "/", "/"+p, 1), strings.Replace(s, ":", ":"+p, 1), strings.Replace(s, "//", "//"+p, 1)} {
				got, want := checkURI(x), checkURIRef(x)
				if (got == nil) != (want == nil) {
					t.Errorf("checkURI(%q) = %v, url.Parse path says %v", x, got, want)
				}
				n++
				if want == nil {
					ok++
				}
			}
		}
	}
	if ok == 0 || ok == n {
		t.Fatalf("%d strings, %d valid: the samples test nothing", n, ok)
	}
	t.Logf("%d strings, %d valid", n, ok)
}

// FuzzCheckURI compares checkURI with checkURIRef (url.Parse) on arbitrary
// strings.
func FuzzCheckURI(f *testing.F) {
	for _, s := range sharedtest.URLSamples(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := checkURI(s), checkURIRef(s); (got == nil) != (want == nil) {
			t.Fatalf("checkURI(%q) = %v, url.Parse path says %v", s, got, want)
		}
	})
}
