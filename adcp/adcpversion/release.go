// Package adcpversion negotiates the AdCP release a request is answered
// with, on both sides of core/version-envelope.json. A seller's [Negotiator]
// takes a request's adcp_version (release precision, "3.1") or deprecated
// adcp_major_version and returns the release to answer with, downshifting
// within the major, or the VERSION_UNSUPPORTED error listing the releases it
// speaks. A buyer's [Repin] reads that error and picks the release to retry
// with; [Pin] writes the envelope a buyer sends.
//
//	n, err := adcpversion.NewNegotiator(adcperr.Vocabulary, "3.0", "3.1")
//	…
//	release, err := n.Negotiate(req.Envelope) // err: VERSION_UNSUPPORTED, an *adcp.Error
package adcpversion

import (
	"cmp"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Release is an AdCP release at release precision: VERSION.RELEASE with an
// optional pre-release, as in "3.0", "3.1", "3.1-beta", "3.1-rc.1". Patches
// are not negotiated. The zero Release is "0.0", which no seller speaks.
type Release struct {
	Major, Minor int
	// Pre is the pre-release without its hyphen ("beta", "rc.1"), or ""
	// for a final release.
	Pre string
}

// ErrNotRelease is the error ParseRelease wraps.
var ErrNotRelease = errors.New("adcpversion: not a release-precision AdCP version")

// ParseRelease parses s by the pattern of adcp_version
// (core/version-envelope.json, 3.2): two numbers without leading zeros and
// an optional pre-release of letters, digits, dots and hyphens that starts
// and ends with a letter or digit. A full semver such as "3.1.0" or
// "3.1.0-beta.1" is refused: the spec has SDKs cut it down to "3.1" or
// "3.1-beta.1" before it goes on the wire.
func ParseRelease(s string) (Release, error) {
	if m := releasePattern.FindStringSubmatch(s); m != nil {
		major, err1 := strconv.Atoi(m[1]) // too large: an error
		minor, err2 := strconv.Atoi(m[2])
		if err1 == nil && err2 == nil {
			return Release{Major: major, Minor: minor, Pre: m[3]}, nil
		}
	}
	return Release{}, fmt.Errorf("%w: %q (VERSION.RELEASE, as in \"3.1\" or \"3.1-beta\")", ErrNotRelease, s)
}

var (
	// releasePattern is the pattern of adcp_version (3.2), the numbers and
	// the pre-release as submatches.
	releasePattern = regexp.MustCompile(`^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(?:-([a-zA-Z0-9](?:[a-zA-Z0-9.-]*[a-zA-Z0-9])?))?$`)
	// releaseNumeral is a numeric pre-release identifier.
	releaseNumeral = regexp.MustCompile(`^(0|[1-9][0-9]*)$`)
)

// String returns r at release precision: "3.1", "3.1-rc.1".
func (r Release) String() string {
	s := strconv.Itoa(r.Major) + "." + strconv.Itoa(r.Minor)
	if r.Pre != "" {
		s += "-" + r.Pre
	}
	return s
}

// Final reports whether r is a final release, not a pre-release.
func (r Release) Final() bool { return r.Pre == "" }

// Compare returns -1, 0 or +1 as r precedes, equals or follows o in semver
// precedence: by major, then minor, then a pre-release before the final
// release, pre-releases compared identifier by identifier (numbers
// numerically and before words, words in ASCII order, a shorter list
// first when it is a prefix of the longer).
func (r Release) Compare(o Release) int {
	if c := cmp.Or(cmp.Compare(r.Major, o.Major), cmp.Compare(r.Minor, o.Minor)); c != 0 {
		return c
	}
	switch {
	case r.Pre == o.Pre:
		return 0
	case r.Pre == "":
		return 1
	case o.Pre == "":
		return -1
	}
	return slices.CompareFunc(strings.Split(r.Pre, "."), strings.Split(o.Pre, "."), releaseComparePart)
}

// releaseComparePart compares two pre-release identifiers. A numeric one
// is digits without a leading zero (or "0"), of any length; others compare
// as words.
func releaseComparePart(a, b string) int {
	na, nb := releaseNumeral.MatchString(a), releaseNumeral.MatchString(b)
	switch {
	case na && nb: // the longer number is the larger: no leading zeros
		return cmp.Or(cmp.Compare(len(a), len(b)), strings.Compare(a, b))
	case na:
		return -1
	case nb:
		return 1
	}
	return strings.Compare(a, b)
}
