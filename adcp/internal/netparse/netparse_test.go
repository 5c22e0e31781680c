//go:debug urlstrictcolons=1

package netparse

import (
	"net"
	"net/netip"
	"net/url"
	"strings"
	"testing"
)

// urlSamples are URLs and near-URLs: every part of the grammar, valid and
// broken.
var urlSamples = []string{
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

// ipv6Samples are IPv6 addresses and near-addresses.
var ipv6Samples = []string{
	"", ":", "::", ":::", "::1", "1::", "1::1", "::ffff:1.2.3.4", "::1.2.3.4", "1:2:3:4:5:6:1.2.3.4",
	"1:2:3:4:5:6:7:1.2.3.4", "1:2:3:4:5:1.2.3.4", "1:2:3:4:5::1.2.3.4", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8:9",
	"1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8::", "1:2:3:4::5:6:7:8", "1:2:3:4:5:6:7", "1::2::3",
	"12345::", "ffff::", "FFFF::", "fffff::", "g::", "1:", ":1", "1::2:", ":1::2", "fe80::1%en0", "fe80::1%",
	"%en0", "1.2.3.4", "01.2.3.4", "::01.2.3.4", "::1.2.3", "::1.2.3.4.5", "::256.1.1.1", "::1..2.3",
	"::.1.2.3", "::1.2.3.", "::1a.2.3.4", "::0.0.0.0", "::1.2.3.4:5", "0000:0000:0000:0000:0000:0000:0000:0000",
	"::0000", "::00000", "1.2.3.4::", "a.b::", "1:2:3:4:5:6:7:8%z", " ::1", "::1 ", "::1\x00",
}

// sameAsURL reports how Parse and url.Parse differ on s ("" when they agree
// on the verdict and on every part URL holds).
func sameAsURL(s string) string {
	got, err := Parse(s)
	want, werr := url.Parse(s)
	switch {
	case (err == nil) != (werr == nil):
		return "Parse error " + errString(err) + ", url.Parse error " + errString(werr)
	case err != nil:
		return ""
	case got != (URL{Scheme: want.Scheme, Opaque: want.Opaque, Host: want.Host, User: want.User != nil}):
		return "parts differ"
	case Hostname(got.Host) != want.Hostname():
		return "Hostname " + Hostname(got.Host) + ", url " + want.Hostname()
	}
	return ""
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// TestParseMatchesURL: Parse agrees with url.Parse (under urlstrictcolons=1,
// this file's go:debug line) on every sample and on every sample with a part
// appended, prepended or spliced in.
func TestParseMatchesURL(t *testing.T) {
	parts := []string{"", "/", ":", "@", "[", "]", "%", "%25", "%41", "#", "?", "::1", ":80", "é", " ", "//", "*", "http:"}
	n, ok := 0, 0
	for _, s := range urlSamples {
		for _, p := range parts {
			for _, x := range []string{s + p, p + s, strings.Replace(s, "/", "/"+p, 1), strings.Replace(s, ":", ":"+p, 1), strings.Replace(s, "//", "//"+p, 1), strings.Replace(s, "@", "@"+p, 1)} {
				if d := sameAsURL(x); d != "" {
					t.Errorf("%q: %s", x, d)
				}
				n++
				if _, err := url.Parse(x); err == nil {
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

// FuzzParse compares Parse with url.Parse on arbitrary strings.
func FuzzParse(f *testing.F) {
	for _, s := range urlSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if d := sameAsURL(s); d != "" {
			t.Fatalf("%q: %s", s, d)
		}
	})
}

// sameAsNetip reports how IP, IPv6 and IPv4 differ from net.ParseIP and
// netip.ParseAddr on s ("" when they agree).
func sameAsNetip(s string) string {
	a, err := netip.ParseAddr(s)
	if got, want := IPv6(s), err == nil && !a.Is4() && a.Zone() == ""; got != want {
		return "IPv6 disagrees with netip"
	}
	if got, want := IPv4(s), err == nil && a.Is4(); got != want {
		return "IPv4 disagrees with netip"
	}
	if got, want := IP(s), net.ParseIP(s) != nil; got != want {
		return "IP disagrees with net.ParseIP"
	}
	if got, want := ipv6Zone(s), err == nil && !a.Is4(); got != want {
		return "ipv6Zone disagrees with netip"
	}
	return ""
}

// TestIPMatchesNetip: IP, IPv6, IPv4 and ipv6Zone agree with net.ParseIP
// and netip.ParseAddr on the samples and on each with a character put at
// every position.
func TestIPMatchesNetip(t *testing.T) {
	n, ok := 0, 0
	for _, s := range ipv6Samples {
		for i := 0; i <= len(s); i++ {
			for _, c := range []string{"", ":", ".", "0", "f", "%", "1.2.3.4", "::", "%z"} {
				x := s[:i] + c + s[i:]
				if d := sameAsNetip(x); d != "" {
					t.Errorf("%q: %s", x, d)
				}
				n++
				if net.ParseIP(x) != nil {
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

// FuzzIP compares IP, IPv6, IPv4 and ipv6Zone with the standard library on
// arbitrary strings.
func FuzzIP(f *testing.F) {
	for _, s := range ipv6Samples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if d := sameAsNetip(s); d != "" {
			t.Fatalf("%q: %s", s, d)
		}
	})
}
