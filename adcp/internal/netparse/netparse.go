// Package netparse parses what the runtime needs of URLs and IP addresses
// without linking net, net/url and net/netip (and unique, which netip
// reaches): Parse is url.Parse's grammar (Go 1.26, GODEBUG
// urlstrictcolons=1, the default from Go 1.26 on) returning only the
// verdict and the parts the runtime reads; IP is net.ParseIP's verdict,
// IPv6 and IPv4 netip.ParseAddr's. netparse_test.go compares each with the
// standard library on samples and under fuzzing.
package netparse

import (
	"strings"

	"github.com/adcp-gen/adcp-gen/adcp/internal/errfmt"
)

// URL is what the runtime reads of a parsed URL, as url.URL holds it.
type URL struct {
	Scheme string // lower-cased
	Opaque string
	Host   string // host or host:port, unescaped
	User   bool   // userinfo present ("user@host")
}

// Parse parses s as url.Parse does and fails exactly when it fails.
func Parse(s string) (URL, error) {
	var u URL
	raw, frag, _ := strings.Cut(s, "#")
	for i := 0; i < len(raw); i++ { // the fragment is not checked
		if raw[i] < ' ' || raw[i] == 0x7f {
			return URL{}, errfmt.New("invalid control character in URL")
		}
	}
	if raw == "*" {
		return u, escapes(frag)
	}
	scheme, rest, err := scheme(raw)
	if err != nil {
		return URL{}, err
	}
	u.Scheme = lowerASCII(scheme)
	if strings.HasSuffix(rest, "?") && strings.Count(rest, "?") == 1 {
		rest = rest[:len(rest)-1]
	} else {
		rest, _, _ = strings.Cut(rest, "?")
	}
	if !strings.HasPrefix(rest, "/") {
		if u.Scheme != "" {
			u.Opaque = rest
			return u, escapes(frag)
		}
		if segment, _, _ := strings.Cut(rest, "/"); strings.Contains(segment, ":") {
			return URL{}, errfmt.New("first path segment in URL cannot contain colon")
		}
	}
	if (u.Scheme != "" || !strings.HasPrefix(rest, "///")) && strings.HasPrefix(rest, "//") {
		auth, path := rest[2:], ""
		if i := strings.IndexByte(auth, '/'); i >= 0 {
			auth, path = auth[:i], auth[i:]
		}
		if u.Host, u.User, err = authority(u.Scheme, auth); err != nil {
			return URL{}, err
		}
		rest = path
	}
	if err := escapes(rest); err != nil {
		return URL{}, err
	}
	if err := escapes(frag); err != nil {
		return URL{}, err
	}
	return u, nil
}

// scheme splits off a leading scheme ("" when there is none), as
// url.Parse's getScheme.
func scheme(s string) (scheme, rest string, err error) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.':
			if i == 0 {
				return "", s, nil
			}
		case c == ':':
			if i == 0 {
				return "", "", errfmt.New("missing protocol scheme")
			}
			return s[:i], s[i+1:], nil
		default:
			return "", s, nil
		}
	}
	return "", s, nil
}

// lowerASCII is strings.ToLower of a scheme, which holds only ASCII
// letters, digits, '+', '-' and '.' (ToLower links more code).
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// authority checks [userinfo@]host[:port] and returns the host (with
// its port) unescaped, as url.URL.Host holds it, and whether userinfo is
// present.
func authority(scheme, authority string) (string, bool, error) {
	i := strings.LastIndexByte(authority, '@')
	h, err := host(scheme, authority[i+1:])
	if err != nil {
		return "", false, err
	}
	if i < 0 {
		return h, false, nil
	}
	userinfo := authority[:i]
	for _, r := range userinfo {
		if !('A' <= r && r <= 'Z' || 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || strings.ContainsRune("-._:~!$&'()*+,;=%@", r)) {
			return "", false, errfmt.New("invalid userinfo")
		}
	}
	// A colon splits user and password, each unescaped on its own; a colon
	// is no hex digit, so checking the whole is the same.
	return h, true, escapes(userinfo)
}

// host checks host[:port] as url.Parse's parseHost does and returns it
// unescaped. Of an http or https host with several colons, the port is what
// follows the first (urlstrictcolons=1), of any other the last.
func host(scheme, host string) (string, error) {
	switch open := strings.LastIndexByte(host, '['); {
	case open > 0:
		return "", errfmt.New("invalid IP-literal")
	case open == 0:
		end := strings.LastIndexByte(host, ']')
		if end < 0 {
			return "", errfmt.New("missing ']' in host")
		}
		port := host[end+1:]
		if !validPort(port) {
			return "", errfmt.New("invalid port after host")
		}
		name := host[1:end]
		var unescaped string
		if z := strings.Index(name, "%25"); z >= 0 {
			h, err := unescapeHost(name[:z], false)
			if err != nil {
				return "", err
			}
			zone, err := unescapeHost(name[z:], true)
			if err != nil {
				return "", err
			}
			unescaped = h + zone
		} else {
			var err error
			if unescaped, err = unescapeHost(name, false); err != nil {
				return "", err
			}
		}
		// netip.ParseAddr must accept it, and not as an IPv4 address.
		if !ipv6Zone(unescaped) {
			return "", errfmt.New("invalid IPv6 address in brackets")
		}
		return "[" + unescaped + "]" + port, nil
	}
	if i := strings.IndexByte(host, ':'); i >= 0 {
		if scheme != "http" && scheme != "https" {
			i = strings.LastIndexByte(host, ':')
		}
		if !validPort(host[i:]) {
			return "", errfmt.New("invalid port after host")
		}
	}
	return unescapeHost(host, false)
}

// validPort reports whether port is "" or a colon and digits.
func validPort(port string) bool {
	if port == "" {
		return true
	}
	if port[0] != ':' {
		return false
	}
	for i := 1; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return false
		}
	}
	return true
}

// hostByte reports whether an ASCII byte may appear unescaped in a host
// or zone (net/url's encodeHost and encodeZone, which are the same set).
func hostByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!\"$&'()*+,-.:;<=>[]_~", c) >= 0
}

// unescapeHost unescapes a host (zone false) or an IPv6 zone (zone
// true) as net/url does: a host escapes only non-ASCII bytes and %25; a
// zone escapes a space, %25 or a byte a host may hold.
func unescapeHost(s string, zone bool) (string, error) {
	n := 0
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return "", errfmt.New("invalid URL escape")
			}
			v := unhex(s[i+1])<<4 | unhex(s[i+2])
			if !zone && unhex(s[i+1]) < 8 && s[i:i+3] != "%25" {
				return "", errfmt.New("invalid URL escape")
			}
			if zone && s[i:i+3] != "%25" && v != ' ' && (v >= 0x80 || !hostByte(v)) {
				return "", errfmt.New("invalid URL escape")
			}
			n++
			i += 3
		default:
			if c < 0x80 && !hostByte(c) {
				return "", errfmt.New("invalid character in host name")
			}
			i++
		}
	}
	if n == 0 {
		return s, nil
	}
	b := make([]byte, 0, len(s)-2*n)
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b), nil
}

// escapes checks that every % is followed by two hex digits (what
// url.Parse checks of a path, a fragment and userinfo).
func escapes(s string) error {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return errfmt.New("invalid URL escape")
			}
			i += 2
		}
	}
	return nil
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// unhex is the value of a hex digit.
func unhex(c byte) byte { return 9*(c>>6) + (c & 15) }

// Hostname is url.URL.Hostname of a URL whose Host is host: host without
// its port and brackets.
func Hostname(host string) string {
	if i := strings.LastIndexByte(host, ':'); i >= 0 && validPort(host[i:]) {
		host = host[:i]
	}
	if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		host = host[1 : len(host)-1]
	}
	return host
}

// IP reports whether net.ParseIP accepts s: an IPv4 address, or an IPv6
// address without a zone.
func IP(s string) bool {
	if i := strings.IndexAny(s, ".:%"); i >= 0 && s[i] == '.' {
		return IPv4(s)
	}
	return IPv6(s)
}

// ipv6Zone reports whether netip.ParseAddr accepts s as an IPv6 address
// with or without a zone (a non-empty string after '%').
func ipv6Zone(s string) bool {
	if i := strings.IndexByte(s, '%'); i >= 0 {
		if i == len(s)-1 {
			return false
		}
		s = s[:i]
	}
	return IPv6(s)
}

// IPv6 reports whether s is an IPv6 address without a zone, as
// netip.ParseAddr parses it: eight groups of one to four hex digits, one
// "::" standing for at least one group of zeros, and an IPv4 address in
// place of the last two groups allowed.
func IPv6(s string) bool {
	// ParseAddr takes s for IPv6 when its first '.', ':' or '%' is a colon;
	// a '%' starts a zone.
	if i := strings.IndexAny(s, ".:%"); i < 0 || s[i] != ':' || strings.IndexByte(s, '%') >= 0 {
		return false
	}
	ellipsis := -1 // where "::" stands, in bytes of the address
	if strings.HasPrefix(s, "::") {
		ellipsis, s = 0, s[2:]
		if s == "" {
			return true
		}
	}
	i := 0 // bytes of the address read
	for i < 16 {
		off := 0
		for ; off < len(s) && isHex(s[off]); off++ {
			if off > 3 {
				return false // more than four digits
			}
		}
		if off == 0 {
			return false
		}
		if off < len(s) && s[off] == '.' {
			// An IPv4 address ends it, in place of the last two groups.
			if ellipsis < 0 && i != 12 || i+4 > 16 || !IPv4(s) {
				return false
			}
			s, i = "", i+4
			break
		}
		i += 2
		if s = s[off:]; s == "" {
			break
		}
		if s[0] != ':' || len(s) == 1 {
			return false
		}
		if s = s[1:]; s[0] == ':' {
			if ellipsis >= 0 {
				return false // a second "::"
			}
			ellipsis, s = i, s[1:]
			if s == "" {
				break
			}
		}
	}
	if s != "" {
		return false
	}
	if i < 16 {
		return ellipsis >= 0
	}
	return ellipsis < 0 // "::" must stand for at least one group
}

// IPv4 reports whether s is four dot-separated decimal fields of 0 to 255
// without leading zeros, as netip.ParseAddr parses them.
func IPv4(s string) bool {
	fields, val, digits := 0, 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case '0' <= c && c <= '9':
			if digits == 1 && val == 0 {
				return false // a leading zero
			}
			val, digits = val*10+int(c-'0'), digits+1
			if val > 255 {
				return false
			}
		case c == '.':
			if i == 0 || i == len(s)-1 || s[i-1] == '.' || fields == 3 {
				return false
			}
			fields, val, digits = fields+1, 0, 0
		default:
			return false
		}
	}
	return fields == 3
}
