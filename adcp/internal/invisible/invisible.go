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

// ignorable reports whether r is a Default_Ignorable_Code_Point. Package
// unicode has no table for that derived property, so it is built from its
// definition in DerivedCoreProperties.txt:
//
//	Other_Default_Ignorable_Code_Point + Cf + Variation_Selector
//	  - White_Space - U+FFF9..U+FFFB - U+13430..U+1343F
//	  - Prepended_Concatenation_Mark
//
// The subtracted characters are all Cf or White_Space, and every Cf
// character is dropped anyway (the interlinear annotation and Egyptian
// hieroglyph format controls and the prepended concatenation marks are
// invisible or meaningless outside their scripts), so what this adds to the
// categories Dropped checks is Other_Default_Ignorable_Code_Point (the
// Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the combining grapheme
// joiner U+034F, the Khmer inherent vowels U+17B4, U+17B5, and reserved
// ranges such as U+2065 and U+E0000–U+E0FFF) and the variation selectors,
// minus White_Space.
func ignorable(r rune) bool {
	return unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector) &&
		!unicode.Is(unicode.White_Space, r)
}

// assigned reports whether r has a general category other than Cn (Cc, Cf,
// Co and Cs are decided before, or cannot occur in valid UTF-8).
func assigned(r rune) bool {
	return unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Zs)
}
