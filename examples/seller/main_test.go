package main

import (
	"testing"
	"time"
)

func TestParseStart(t *testing.T) {
	now := time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		in   string
		want string // RFC 3339 in UTC; "" when refused
	}{
		{"asap", "2026-12-07T09:00:00Z"},
		{"2099-05-01T00:00:00Z", "2099-05-01T00:00:00Z"},
		{"2099-05-01T02:00:00+02:00", "2099-05-01T00:00:00Z"},
		{"2099-05-01T00:00:00.25Z", "2099-05-01T00:00:00.25Z"},
		{"2099-05-01t00:00:00z", "2099-05-01T00:00:00Z"},
		{"2016-12-31T23:59:60Z", "2017-01-01T00:00:00Z"},
		{"2017-01-01T00:59:60+01:00", "2017-01-01T00:00:00Z"},
		{"2016-12-31T23:59:60.5Z", "2017-01-01T00:00:00.5Z"},
		{"2016-12-31T12:59:60Z", ""}, // a leap second only at the end of a UTC day
		{"ASAP", ""},
		{"now", ""},
		{"", ""},
		{"2099-05-01", ""},
		{"2099-05-01T00:00:00", ""}, // no offset
		{"2099-05-01 00:00:00Z", ""},
		{"2099-13-01T00:00:00Z", ""},
	}
	for _, tt := range tests {
		got, ok := parseStart(tt.in, now)
		s := ""
		if ok {
			s = got.UTC().Format(time.RFC3339Nano)
		}
		if s != tt.want {
			t.Errorf("parseStart(%q) = %q, want %q", tt.in, s, tt.want)
		}
	}
	if _, ok := parseDateTime("asap"); ok {
		t.Error(`end_time "asap" accepted`)
	}
}
