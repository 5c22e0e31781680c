package seller

import (
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// hygieneRegexps are the detectors' expressions compiled by package regexp,
// which the runtime's matcher (internal/rematch) replaces.
var hygieneRegexps = func() []*regexp.Regexp {
	out := make([]*regexp.Regexp, len(hygieneDetectors()))
	for i, d := range hygieneDetectors() {
		out[i] = regexp.MustCompile(d.re.String())
	}
	return out
}()

// The UUID check's expression and the seller-code patterns, compiled by
// package regexp.
var (
	uuidRegexp       = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
	vendorNameRegexp = regexp.MustCompile(vendorNamePattern.String())
	vendorCodeRegexp = regexp.MustCompile(vendorCodePattern.String())
)

// checkHygieneMatcher fails when a detector's matcher and package regexp
// find different spans (or groups) in s, or the UUID check disagrees.
func checkHygieneMatcher(t *testing.T, s string) {
	t.Helper()
	for i, d := range hygieneDetectors() {
		got, want := d.re.FindAllStringSubmatchIndex(s, -1), hygieneRegexps[i].FindAllStringSubmatchIndex(s, -1)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("detector %d (%s) on %q: matcher %v, regexp %v", i, d.kind, s, got, want)
		}
		got, want = d.re.FindAllStringIndex(s, -1), hygieneRegexps[i].FindAllStringIndex(s, -1)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("detector %d (%s) on %q: matcher %v, regexp %v", i, d.kind, s, got, want)
		}
	}
	if got, want := hygieneUUIDRun(s), uuidRegexp.MatchString(s); got != want {
		t.Fatalf("UUID on %q: matcher %v, regexp %v", s, got, want)
	}
	if got, want := vendorNamePattern.MatchString(s), vendorNameRegexp.MatchString(s); got != want {
		t.Fatalf("vendor name on %q: matcher %v, regexp %v", s, got, want)
	}
	if got, want := vendorCodePattern.MatchString(s), vendorCodeRegexp.MatchString(s); got != want {
		t.Fatalf("vendor code on %q: matcher %v, regexp %v", s, got, want)
	}
}

// TestHygieneMatcherDifferential: on every hygiene test string (alone, in
// prose, upper-cased), the detectors find what package regexp finds.
func TestHygieneMatcherDifferential(t *testing.T) {
	var ss []string
	for _, c := range hygieneFlagCases {
		ss = append(ss, c.s)
	}
	ss = append(ss, hygieneCleanCases...)
	ss = append(ss, hygieneGateCases...)
	ss = append(ss, "123e4567-e89b-12d3-a456-426614174000", "ACME", "X_ACME_BAD_THING", "a\xffb /etc/x", "\u212aey=\u017fecret1")
	for _, s := range ss {
		for _, v := range []string{s, "see: " + s + ", then " + s, strings.ToUpper(s), strings.ToLower(s)} {
			checkHygieneMatcher(t, v)
		}
	}
}

// FuzzHygieneMatcher compares the detectors with package regexp on
// arbitrary strings.
func FuzzHygieneMatcher(f *testing.F) {
	for _, c := range hygieneFlagCases {
		f.Add(c.s)
	}
	for _, s := range hygieneCleanCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 2000 {
			return
		}
		checkHygieneMatcher(t, s)
	})
}
