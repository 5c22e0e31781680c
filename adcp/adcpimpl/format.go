package adcpimpl

import (
	"errors"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
)

// formatCheck returns the check of a format generated validation asserts
// (nil for any other), checked as santhosh-tekuri/jsonschema checks them for
// draft-07 (which asserts formats), so that a generated Validate and a
// schema validator agree. A function rather than a table, so that a program
// that checks no format does not link the URI and date checks.
func formatCheck(format string) func(string) error {
	switch format {
	case "uri":
		return checkURI
	case "date-time":
		return checkDateTime
	case "date":
		return checkDate
	case "time":
		return checkTime
	case "uuid":
		return checkUUID
	}
	return nil
}

// checkDate: an RFC 3339 full-date, as time.Parse("2006-01-02") takes it
// (santhosh-tekuri/jsonschema's check).
func checkDate(s string) error {
	if !validDate(s) {
		return errors.New("invalid date")
	}
	return nil
}

// checkUUID: five groups of 8, 4, 4, 4 and 12 hexadecimal digits, either
// case, joined by "-" (santhosh-tekuri/jsonschema's check).
func checkUUID(s string) error {
	if len(s) != 36 {
		return errors.New("not 36 characters long")
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case i == 8 || i == 13 || i == 18 || i == 23:
			if c != '-' {
				return errors.New("no - between the groups")
			}
		case '0' <= c && c <= '9', 'a' <= c && c <= 'f', 'A' <= c && c <= 'F':
		default:
			return errors.New("a character that is not a hexadecimal digit")
		}
	}
	return nil
}

// checkURI: an absolute URI, as net/url parses it, whose host, when it
// holds a colon, is a bracketed IPv6 address without a zone.
func checkURI(s string) error {
	u, err := url.Parse(s)
	if err != nil {
		return err
	}
	if host := u.Hostname(); strings.Contains(host, ":") {
		if !strings.Contains(u.Host, "[") || !strings.Contains(u.Host, "]") {
			return errors.New("IPv6 address not enclosed in brackets")
		}
		if a, err := netip.ParseAddr(host); err != nil || !a.Is6() || a.Zone() != "" {
			return errors.New("not an IPv6 address without a zone")
		}
	}
	if !u.IsAbs() {
		return errors.New("relative URI")
	}
	return nil
}

// checkDateTime: an RFC 3339 date-time, yyyy-mm-ddThh:mm:ss[.frac](Z|±hh:mm),
// with a leap second only at 23:59:60 UTC.
func checkDateTime(s string) error {
	if len(s) < 20 {
		return errors.New("less than 20 characters long")
	}
	if s[10] != 't' && s[10] != 'T' {
		return errors.New("11th character must be t or T")
	}
	if !validDate(s[:10]) {
		return errors.New("invalid date")
	}
	return checkTime(s[11:])
}

// checkTime checks hh:mm:ss[.frac](Z|±hh:mm).
func checkTime(str string) error {
	if len(str) < 9 {
		return errors.New("time less than 9 characters long")
	}
	if str[2] != ':' || str[5] != ':' {
		return errors.New("missing colon in time")
	}
	// The colons are at 2 and 5, so the tokens of strings.SplitN(str[:8],
	// ":", 3) are str[0:2], str[3:5] and str[6:8], always three.
	var hms [3]int
	for k := range hms {
		i, err := strconv.Atoi(str[3*k : 3*k+2])
		if err != nil || i < 0 {
			return errors.New("invalid hour, minute or second")
		}
		hms[k] = i
	}
	h, m, sec := hms[0], hms[1], hms[2]
	if h > 23 || m > 59 || sec > 60 {
		return errors.New("hour, minute or second out of range")
	}
	str = str[8:]
	if rem, ok := strings.CutPrefix(str, "."); ok {
		n := 0
		for n < len(rem) && rem[n] >= '0' && rem[n] <= '9' {
			n++
		}
		if n == 0 {
			return errors.New("no digits in the second fraction")
		}
		str = rem[n:]
	}
	if str != "z" && str != "Z" {
		if len(str) != 6 {
			return errors.New("offset must be 6 characters long")
		}
		var sign int
		switch str[0] {
		case '+':
			sign = -1
		case '-':
			sign = +1
		default:
			return errors.New("offset must begin with + or -")
		}
		str = str[1:]
		if str[2] != ':' {
			return errors.New("missing colon in offset")
		}
		// str is hh:mm (5 bytes, colon at 2): the tokens of
		// strings.SplitN(str, ":", 2) are str[0:2] and str[3:5].
		var zhm [2]int
		for k := range zhm {
			i, err := strconv.Atoi(str[3*k : 3*k+2])
			if err != nil || i < 0 {
				return errors.New("invalid offset")
			}
			zhm[k] = i
		}
		zh, zm := zhm[0], zhm[1]
		if zh > 23 || zm > 59 {
			return errors.New("offset out of range")
		}
		hm := (h*60 + m) + sign*(zh*60+zm)
		if hm < 0 {
			hm += 24 * 60
		}
		h, m = hm/60, hm%60
	}
	if sec >= 60 && (h != 23 || m != 59) {
		return errors.New("invalid leap second")
	}
	return nil
}

// validDate reports whether d is yyyy-mm-dd with a month of 01 to 12 and a
// day that month has in that (proleptic Gregorian) year: what
// time.Parse("2006-01-02", d) accepts, without linking time's parser.
func validDate(d string) bool {
	if len(d) != 10 || d[4] != '-' || d[7] != '-' {
		return false
	}
	num := func(s string) int {
		n := 0
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				return -1
			}
			n = n*10 + int(s[i]-'0')
		}
		return n
	}
	year, month, day := num(d[:4]), num(d[5:7]), num(d[8:])
	if year < 0 || month < 1 || month > 12 || day < 1 {
		return false
	}
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[month-1]
	if month == 2 && year%4 == 0 && (year%100 != 0 || year%400 == 0) {
		days = 29
	}
	return day <= days
}
