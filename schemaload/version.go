package schemaload

import (
	"strings"

	"golang.org/x/mod/semver"
)

// CompareVersions orders two AdCP version strings by semantic versioning
// (3.0.0-rc.9 < 3.0.0-rc.10 < 3.0.0; build metadata is ignored): it returns
// -1 when a < b, 0 when they are equal and +1 when a > b. Strings that are
// not versions compare as text, after every version, so a sort stays total.
func CompareVersions(a, b string) int {
	oka, okb := isVersion(a), isVersion(b)
	switch {
	case !oka && !okb:
		return strings.Compare(a, b)
	case !oka:
		return 1
	case !okb:
		return -1
	}
	return semver.Compare("v"+a, "v"+b)
}

// isVersion reports whether s is a whole semantic version,
// MAJOR.MINOR.PATCH[-PRE][+BUILD] (semver also reads "3.1" as 3.1.0, which
// no AdCP version is).
func isVersion(s string) bool {
	c := semver.Canonical("v" + s)
	return c != "" && strings.HasPrefix("v"+s, c)
}
