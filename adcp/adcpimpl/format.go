package adcpimpl

import (
	"errors"
	"net/netip"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// formatChecks are the checks of the formats generated validation asserts,
// checked as santhosh-tekuri/jsonschema checks them for draft-07 (which
// asserts formats), so that a generated Validate and a schema validator
// agree.
var formatChecks = map[string]func(string) error{
	"uri":       checkURI,
	"date-time": checkDateTime,
	"date":      checkDate,
	"time":      checkTime,
	"uuid":      checkUUID,
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
	if !uuidPattern.MatchString(s) {
		return errors.New("not groups of 8, 4, 4, 4 and 12 hexadecimal digits joined by -")
	}
	return nil
}

var uuidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}$`)

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
	if len(s) < 20 || s[10] != 't' && s[10] != 'T' {
		return errors.New("not a date, T and a time")
	}
	if err := checkDate(s[:10]); err != nil {
		return errors.New("invalid date")
	}
	return checkTime(s[11:])
}

// checkTime checks an RFC 3339 time, hh:mm:ss[.frac](Z|±hh:mm), as
// santhosh-tekuri/jsonschema does, rather than with time.Parse, which takes
// no leap second (ss 60, valid at 23:59 UTC), nor a lower-case z, and takes
// a one-digit hour and a comma before the fraction. Each two-digit field is
// read with strconv.Atoi, as jsonschema reads the fields it splits at the
// colons (so "+1" is an hour).
func checkTime(s string) error {
	field := func(s string, max int) (int, bool) {
		n, err := strconv.Atoi(s)
		return n, err == nil && n >= 0 && n <= max
	}
	if len(s) < 9 || s[2] != ':' || s[5] != ':' {
		return errors.New("not hh:mm:ss")
	}
	h, okH := field(s[0:2], 23)
	m, okM := field(s[3:5], 59)
	sec, okS := field(s[6:8], 60)
	if !okH || !okM || !okS {
		return errors.New("invalid hour, minute or second")
	}
	s = s[8:]
	if frac, ok := strings.CutPrefix(s, "."); ok {
		if s = strings.TrimLeft(frac, "0123456789"); len(s) == len(frac) {
			return errors.New("no digits in the second fraction")
		}
	}
	if s != "z" && s != "Z" {
		if len(s) != 6 || s[0] != '+' && s[0] != '-' || s[3] != ':' {
			return errors.New("offset not Z, +hh:mm or -hh:mm")
		}
		zh, okH := field(s[1:3], 23)
		zm, okM := field(s[4:], 59)
		if !okH || !okM {
			return errors.New("invalid offset")
		}
		if s[0] == '+' {
			zh, zm = -zh, -zm
		}
		hm := (h*60 + m + zh*60 + zm + 24*60) % (24 * 60) // the time in UTC
		h, m = hm/60, hm%60
	}
	if sec == 60 && (h != 23 || m != 59) {
		return errors.New("invalid leap second")
	}
	return nil
}
