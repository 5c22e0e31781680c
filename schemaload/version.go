package schemaload

import (
	"cmp"
	"strings"
)

// CompareVersions orders two AdCP version strings by semantic versioning:
// it returns -1 when a < b, 0 when they are equal and +1 when a > b.
// Major, minor and patch compare numerically; a pre-release sorts before its
// release (3.0.0-rc.1 < 3.0.0); pre-release identifiers compare one by one,
// numeric ones numerically (rc.9 < rc.10) and below alphanumeric ones. Build
// metadata (+...) is ignored. Strings that are not versions compare as text,
// after every version, so a sort stays total.
func CompareVersions(a, b string) int {
	va, oka := parseVersion(a)
	vb, okb := parseVersion(b)
	switch {
	case !oka && !okb:
		return strings.Compare(a, b)
	case !oka:
		return 1
	case !okb:
		return -1
	}
	for i := 0; i < 3; i++ {
		if c := compareNumeric(va.core[i], vb.core[i]); c != 0 {
			return c
		}
	}
	switch {
	case va.pre == nil && vb.pre == nil:
		return 0
	case va.pre == nil:
		return 1
	case vb.pre == nil:
		return -1
	}
	for i := 0; i < len(va.pre) && i < len(vb.pre); i++ {
		if c := comparePreIdent(va.pre[i], vb.pre[i]); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(va.pre), len(vb.pre))
}

type semver struct {
	core [3]string // digits only, no leading zeros
	pre  []string  // nil for a release
}

// parseVersion reads MAJOR.MINOR.PATCH[-PRE][+BUILD].
func parseVersion(s string) (semver, bool) {
	var v semver
	if i := strings.IndexByte(s, '+'); i >= 0 {
		s = s[:i]
	}
	core, pre, hasPre := strings.Cut(s, "-")
	parts := strings.Split(core, ".")
	if len(parts) != 3 {
		return v, false
	}
	for i, p := range parts {
		if !isDigits(p) || (len(p) > 1 && p[0] == '0') {
			return v, false
		}
		v.core[i] = p
	}
	if hasPre {
		v.pre = strings.Split(pre, ".")
		for _, id := range v.pre {
			if id == "" {
				return v, false
			}
		}
	}
	return v, true
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// compareNumeric compares two digit strings without leading zeros, of any length.
func compareNumeric(a, b string) int {
	if c := cmp.Compare(len(a), len(b)); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

func comparePreIdent(a, b string) int {
	na, nb := isDigits(a), isDigits(b)
	switch {
	case na && nb:
		return compareNumeric(strings.TrimLeft(a, "0"), strings.TrimLeft(b, "0"))
	case na:
		return -1
	case nb:
		return 1
	}
	return strings.Compare(a, b)
}
