// Package invisible classifies the code points that are not visible text,
// by Unicode property: adcp.Sanitize removes them from seller strings, and
// the seller's message check removes the silent ones before looking for
// leaks, as a buyer's sanitizer would.
package invisible

import (
	"unicode"
	"unicode/utf8"
)

// Dropped reports whether the code point r is not visible text: a control
// character (Cc), a line or paragraph separator (Zl, Zp), or a silent one
// (Silent).
func Dropped(r rune) bool {
	return unicode.In(r, unicode.Cc, unicode.Zl, unicode.Zp) || Silent(r)
}

// Silent reports whether r is a non-ASCII code point that is dropped
// without being a control character or a line break: a format character
// (Cf: zero-width characters, bidirectional controls, tag characters, ...),
// private use (Co), unassigned (Cn) or a Default_Ignorable_Code_Point (see
// ignorable). Removing a silent character never joins two words that a
// reader sees apart.
func Silent(r rune) bool {
	return r >= utf8.RuneSelf && (unicode.In(r, unicode.Cf, unicode.Co) || ignorable(r) || !assigned(r))
}

// ignorable reports whether r is a Default_Ignorable_Code_Point, which
// package unicode has no table for. By its definition
// (DerivedCoreProperties.txt) that is Other_Default_Ignorable_Code_Point,
// Cf and the variation selectors, less White_Space and a few Cf characters;
// Silent drops every Cf character anyway, so only the rest is tested here.
func ignorable(r rune) bool {
	return unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector) &&
		!unicode.Is(unicode.White_Space, r)
}

// assigned reports whether r has a general category other than Cn (Cc, Cf,
// Co and Cs are decided before, or cannot occur in valid UTF-8).
func assigned(r rune) bool {
	return unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Zs)
}
