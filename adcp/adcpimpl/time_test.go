package adcpimpl

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// checkTimeSplitN is checkTime as it was, with strings.SplitN: the
// reference checkTime is compared with.
func checkTimeSplitN(str string) error {
	if len(str) < 9 {
		return errors.New("time less than 9 characters long")
	}
	if str[2] != ':' || str[5] != ':' {
		return errors.New("missing colon in time")
	}
	var hms []int
	for _, tok := range strings.SplitN(str[:8], ":", 3) {
		i, err := strconv.Atoi(tok)
		if err != nil || i < 0 {
			return errors.New("invalid hour, minute or second")
		}
		hms = append(hms, i)
	}
	if len(hms) != 3 {
		return errors.New("missing hour, minute or second")
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
		var zhm []int
		for _, tok := range strings.SplitN(str, ":", 2) {
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 {
				return errors.New("invalid offset")
			}
			zhm = append(zhm, i)
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

var timeCases = []string{"", "12:34:56Z", "23:59:60Z", "23:59:60+00:00", "00:00:60-00:01", "12:34:56.789+05:30", "12:34:56.Z",
	"1:34:56Z", "12:3a:56Z", "+1:34:56Z", "12:34:-5Z", "24:00:00Z", "12:60:00Z", "12:34:56+24:00", "12:34:56+05:60",
	"12:34:56+05:3:", "12:34:56+0a:30", "12:34:56+-5:30", "12:34:56*05:30", "12:34:56z", "12:34:56", "12:34:56+05-30",
	"12::4:56Z", "12:34::6Z", "12:34:5:Z", "12:34:56.1234567890+00:00"}

// TestCheckTimeMatchesSplitN checks checkTime against checkTimeSplitN.
func TestCheckTimeMatchesSplitN(t *testing.T) {
	valid := 0
	for _, s := range timeCases {
		if checkTimeAgrees(t, s) {
			valid++
		}
	}
	if valid == 0 || valid == len(timeCases) {
		t.Fatalf("%d of %d cases valid: the cases test nothing", valid, len(timeCases))
	}
}

func FuzzCheckTime(f *testing.F) {
	for _, s := range timeCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkTimeAgrees(t, s) })
}

// checkTimeAgrees fails t when checkTime and checkTimeSplitN disagree on
// s, and reports whether s is valid.
func checkTimeAgrees(t *testing.T, s string) bool {
	got, want := checkTime(s), checkTimeSplitN(s)
	if (got == nil) != (want == nil) || got != nil && got.Error() != want.Error() {
		t.Errorf("checkTime(%q) = %v, want %v", s, got, want)
	}
	return want == nil
}
