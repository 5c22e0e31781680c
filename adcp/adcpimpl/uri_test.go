//go:debug urlstrictcolons=1

package adcpimpl

import (
	"errors"
	"net/netip"
	"net/url"
	"strings"
	"testing"
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

// uriSamples are URIs and near-URIs: every part of the grammar, valid and
// broken.
var uriSamples = []string{
	"", "*", ":", "a:", "https://example.com", "https://example.com/", "HTTPS://EXAMPLE.COM/a/b?c=d#e",
	"mailto:a@b.example", "urn:isbn:0451450523", "a:b:c", "1a:b", "+a:b", "a+b.c-d:x", "a_b:x", "a b:x",
	"//example.com/x", "/x/y", "x/y", "x:y/z", "./a:b", "?x", "#x", "a:#", "a:?", "a:??", "a:/?x?", "a:x?#",
	"https://example.com:443/p", "https://example.com:/p", "https://example.com:x/p", "https://example.com:44:3/p",
	"https://a:1:2", "ftp://a:1:2/", "http://::1/", "http://[::1]/", "http://[::1]:80/", "http://[::1]x/",
	"http://[::1]:x/", "http://[::1", "http://x[::1]/", "http://[1.2.3.4]/", "http://[::ffff:1.2.3.4]/",
	"http://[fe80::1%25en0]/", "http://[fe80::1%en0]/", "http://[fe80::1%25]/", "http://[fe80::1%25%41]/",
	"http://[fe80::1%25%20a]/", "http://[fe80::1%25%0a]/", "http://[fe80::1%25%C3%A9]/", "http://[fe80::1%25é]/",
	"http://[%3A%3A1]/", "http://[::%31]/", "http://[fe80::1%2]/", "http://[v1.x]/", "http://[]/", "http://[:]/",
	"http://exa%41mple.com/", "http://exa%c3%a9mple.com/", "http://exa%25mple.com/", "http://ex%zzample/",
	"http://ex ample/", "http://ex<ample/", "http://ex\"ample/", "http://ex{ample/", "http://ex|ample/",
	"http://ex\\ample/", "http://ex^ample/", "http://ex`ample/", "http://exämple/", "http://ex\xffample/",
	"http://user@host/", "http://user:pass@host/", "http://us er@host/", "http://us%41er@host/",
	"http://us%4@host/", "http://u@v@host/", "http://u/v@host/", "http://ü@host/", "http://u:p:q@host/",
	"http://u%3a@host/", "http://[::1]@host/", "http://host@[::1]/", "http://@host/", "http://host@/",
	"http://host/%", "http://host/%4", "http://host/%41", "http://host/%g1", "http://host/a%2fb",
	"http://host/#%", "http://host/#%41", "http://host/#a#b", "http://host/?%", "http://host/?a=%zz",
	"a:%", "a:%zz", "a:b#%zz", "http://host\x00/", "http://host/\x7f", "http://host/\t", "\x01a:b",
	"http://[::1]:80:80/", "http://[::1]]/", "http://[[::1]/", "http://]/", "http://a]b/", "http://a]:b:1/",
	"http://1.2.3.4/", "http://1.2.3.4:5/", "http://[::1%25lo]:8080/x", "https://例え.jp/", "https://xn--r8jz45g.jp/",
	"http:///path", "http:////x", "http:", "http:/", "http://", "http://:80", "http://a:", "file:///etc/x",
}

// TestCheckURIMatchesURL: checkURI accepts exactly what checkURIRef (on
// url.Parse) accepts, on every sample and every sample with a part
// appended or spliced in.
func TestCheckURIMatchesURL(t *testing.T) {
	parts := []string{"", "/", ":", "@", "[", "]", "%", "%25", "%41", "#", "?", "::1", ":80", "é", " ", "//"}
	n, ok := 0, 0
	for _, s := range uriSamples {
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
	for _, s := range uriSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := checkURI(s), checkURIRef(s); (got == nil) != (want == nil) {
			t.Fatalf("checkURI(%q) = %v, url.Parse path says %v", s, got, want)
		}
	})
}
