//go:debug urlstrictcolons=1

package netparse

import (
	"net"
	"net/netip"
	"net/url"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp/internal/sharedtest"
)

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
	for _, s := range sharedtest.URLSamples(t) {
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
	for _, s := range sharedtest.URLSamples(f) {
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
