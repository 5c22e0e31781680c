package adcpimpl

import (
	"errors"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// formatCheck returns the check of a format generated validation asserts
// (nil for any other), checked as santhosh-tekuri/jsonschema checks them for
// draft-07 (which asserts formats), so that a generated Validate and a
// schema validator agree.
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

// checkDate: an RFC 3339 full-date, yyyy-mm-dd with a day the month has
// in that year (santhosh-tekuri/jsonschema's check: time.Parse).
func checkDate(s string) error {
	_, err := time.Parse(time.DateOnly, s)
	return err
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
	if err := checkDate(s[:10]); err != nil {
		return errors.New("invalid date")
	}
	return checkTime(s[11:])
}

// checkTime checks an RFC 3339 time, hh:mm:ss[.frac](Z|±hh:mm), as
// santhosh-tekuri/jsonschema does, by hand rather than with time.Parse,
// which takes no leap second (ss 60, valid at 23:59 UTC), nor a lower-case
// z, and takes a one-digit hour and a comma before the fraction. Each
// two-digit field is read with strconv.Atoi, as jsonschema reads the fields
// it splits at the colons (so "+1" is an hour).
func checkTime(str string) error {
	if len(str) < 9 {
		return errors.New("time less than 9 characters long")
	}
	if str[2] != ':' || str[5] != ':' {
		return errors.New("missing colon in time")
	}
	h, err1 := strconv.Atoi(str[0:2])
	m, err2 := strconv.Atoi(str[3:5])
	sec, err3 := strconv.Atoi(str[6:8])
	if err1 != nil || err2 != nil || err3 != nil || h < 0 || m < 0 || sec < 0 {
		return errors.New("invalid hour, minute or second")
	}
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
		if str[3] != ':' {
			return errors.New("missing colon in offset")
		}
		zh, err1 := strconv.Atoi(str[1:3])
		zm, err2 := strconv.Atoi(str[4:])
		if err1 != nil || err2 != nil || zh < 0 || zm < 0 {
			return errors.New("invalid offset")
		}
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
