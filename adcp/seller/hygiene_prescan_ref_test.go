package seller

// The pre-scan as it was before hygieneMay's passes (one loop over s that
// kept every run count, and literals filtered by their first two bytes),
// kept as the reference hygieneMay must equal gate for gate.

import (
	"math/rand"
	"strings"
	"testing"
)

// refHygieneLitLookup holds literals by first byte, and for each first byte
// the second bytes of its literals, folded to six bits: a filter, so that
// a byte pair that starts no literal costs one test.
type refHygieneLitLookup struct {
	lits   [256][]hygieneLit
	second [256]uint64
}

// refHygieneLitsCS (case-sensitive, matched in s) and refHygieneLitsCI
// (matched in the lower-cased copy) are hygieneLitSets by first byte, with
// the two literals of hygieneLitPathRel, which hygieneMay finds at slashes.
var refHygieneLitsCS, refHygieneLitsCI = func() (cs, ci refHygieneLitLookup) {
	sets := append(hygieneLitSets[:], struct {
		ci   bool
		bit  uint64
		lits []string
	}{false, hygieneLitPathRel, []string{"~/", "./"}})
	for _, set := range sets {
		t := &cs
		if set.ci {
			t = &ci
		}
		for _, l := range set.lits {
			t.lits[l[0]] = append(t.lits[l[0]], hygieneLit{s: l, bit: set.bit})
			t.second[l[0]] |= 1 << (l[1] & 63)
		}
	}
	return cs, ci
}()

// refHygieneFind sets in *lits the bits of the literals of t that occur in b.
// Every literal has at least two bytes; the second is compared first.
func refHygieneFind[T string | []byte](lits *uint64, t *refHygieneLitLookup, b T) {
	for i := 0; i+1 < len(b); i++ {
		if t.second[b[i]]&(1<<(b[i+1]&63)) == 0 {
			continue
		}
		for _, l := range t.lits[b[i]] {
			if b[i+1] == l.s[1] && *lits&l.bit == 0 && len(b)-i >= len(l.s) && string(b[i:i+len(l.s)]) == l.s {
				*lits |= l.bit
			}
		}
	}
}

// refHygieneMay returns the gates of the detectors that could report a
// finding in s. Each gate is a necessary condition of a finding of its
// detector (a literal its expression cannot match without, a character
// pair, a run its match lies in, and what the detector's ok function
// requires of the match), tested on bytes, so a gate left unset never hides
// a finding. Case-insensitive literals are looked up in a lower-cased copy
// of s in which the two non-ASCII letters that (?i) folds to ASCII letters,
// U+212A (Kelvin sign, k) and U+017F (long s), are folded too.
//
// The gates keep the detectors off what sellers' messages commonly carry: a
// time ("retry after 2026-12-01T10:30:00Z" has colons before digits, but
// no file name or host name before them, and its [0-9a-f:] runs have two
// colons), a UUID (a token run the token detector's ok function refuses)
// and an upper-case code name (a token run with no lower case or digit).
func refHygieneMay(s string) uint32 {
	var buf [256]byte
	low := buf[:0]
	if len(s) > len(buf) {
		low = make([]byte, 0, len(s))
	}
	var (
		may                     uint32
		colonDigit              bool // a colon before a digit (hygieneColonGates)
		longWord                bool // a [A-Za-z0-9_-] run of 32 (hygieneTokenGate)
		eq, lt, colon, star, at bool
		freeSlash               = -1 // first '/' not preceded by [\w:/-]
		word, dots, hexColons   int  // current runs (see below)
	)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if k := refHygieneClass[c]; k&refHygieneSlow == 0 {
			// Not a byte the gates below look at: only the lower-cased
			// copy and the runs change.
			low = append(low, c+k&refHygieneUpper)
			if k&refHygieneWordByte != 0 {
				if word++; word >= 32 {
					longWord = true
				}
			} else {
				word = 0
			}
			if k&refHygieneDigit == 0 {
				dots = 0
			}
			if k&refHygieneHexByte == 0 {
				hexColons = 0
			}
			continue
		}
		switch {
		case c >= 0x80:
			switch {
			case strings.HasPrefix(s[i:], "\u212a"):
				low = append(low, 'k')
				i += len("\u212a") - 1
			case strings.HasPrefix(s[i:], "\u017f"):
				low = append(low, 's')
				i += len("\u017f") - 1
			default:
				low = append(low, c)
			}
			word, dots, hexColons = 0, 0, 0
			continue
		case 'A' <= c && c <= 'Z':
			low = append(low, c+'a'-'A')
		default:
			low = append(low, c)
		}
		// A [A-Za-z0-9_-] run of 32 may hold an opaque token.
		if hygieneWord(c) || c == '-' {
			if word++; word >= 32 {
				longWord = true
			}
		} else {
			word = 0
		}
		// A [0-9.] run with three dots may hold an IPv4 address.
		switch {
		case c == '.':
			if dots++; dots >= 3 {
				may |= hygieneGateIPv4
			}
		case c < '0' || c > '9':
			dots = 0
		}
		// The IPv6 detector's ok function wants three colons or a "::" in
		// the match, which lies in one [0-9A-Fa-f:] run.
		switch {
		case c == ':':
			if hexColons++; hexColons >= 3 || i > 0 && s[i-1] == ':' {
				may |= hygieneGateIPv6
			}
		case !hygieneHex(c):
			hexColons = 0
		}
		switch c {
		case ':':
			colon = true
			if i+1 < len(s) && '0' <= s[i+1] && s[i+1] <= '9' {
				colonDigit = true
			}
		case '=':
			eq = true
		case '<':
			lt = true
		case '*':
			star = true
		case '@':
			at = true
		case '\\':
			may |= hygieneGatePathWin
		case '/':
			if (i == 0 || !(hygieneWord(s[i-1]) || strings.IndexByte(":/.~-", s[i-1]) >= 0)) && hygieneRoot(s[i+1:]) {
				may |= hygieneGatePathRoot
			}
			if freeSlash < 0 && (i == 0 || !(hygieneWord(s[i-1]) || strings.IndexByte(":/-", s[i-1]) >= 0)) {
				freeSlash = i
			}
		}
	}
	var lits uint64
	refHygieneFind(&lits, &refHygieneLitsCS, s)
	refHygieneFind(&lits, &refHygieneLitsCI, low)
	has := func(bits uint64) bool { return lits&bits != 0 }

	if has(hygieneLitStack) {
		may |= hygieneGateStack
	}
	if colonDigit {
		may |= hygieneColonGates(s)
	}
	if may&hygieneGateStack != 0 {
		may &^= hygieneGateStackFile // the whole detector runs
	}
	if longWord && hygieneTokenGate(s) {
		may |= hygieneGateToken
	}
	if freeSlash >= 0 && strings.IndexByte(s[freeSlash:], '.') >= 0 {
		may |= hygieneGatePathExt
	}
	if has(hygieneLitPathRel) {
		may |= hygieneGatePathRel
	}
	if has(hygieneLitHost) {
		may |= hygieneGateHostName
	}
	if has(hygieneLitScheme) && (at || has(hygieneLitDBScheme)) ||
		has(hygieneLitConnKV) && strings.IndexByte(s, ';') >= 0 {
		may |= hygieneGateConn
	}
	if has(hygieneLitSQL) || star && has(hygieneLitSelect) || has(hygieneLitInsert) && has(hygieneLitInto) ||
		eq && has(hygieneLitUpdate) || has(hygieneLitDelete) && has(hygieneLitWhere) ||
		has(hygieneLitCreate) && has(hygieneLitIndex) || has(hygieneLitTable) && has(hygieneLitDDL|hygieneLitCreate) ||
		(eq || lt) && has(hygieneLitWhere) {
		may |= hygieneGateSQL
	}
	if has(hygieneLitCred) || (eq || colon) && has(hygieneLitCredName) {
		may |= hygieneGateCred
	}
	return may
}

// refHygieneClass holds what refHygieneMay's loop needs to know of a byte it
// does not look at more closely (refHygieneSlow unset): whether it is in \w, a
// digit, a hex digit, and 'a'-'A' for an upper-case letter.
var refHygieneClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		if b >= 0x80 || strings.IndexByte(".:=<*@\\/-", b) >= 0 {
			t[c] |= refHygieneSlow
		}
		if hygieneWord(b) {
			t[c] |= refHygieneWordByte
		}
		if '0' <= b && b <= '9' {
			t[c] |= refHygieneDigit
		}
		if hygieneHex(b) {
			t[c] |= refHygieneHexByte
		}
		if 'A' <= b && b <= 'Z' {
			t[c] |= refHygieneUpper
		}
	}
	return t
}()

const (
	refHygieneWordByte uint8 = 1 << iota
	refHygieneDigit
	refHygieneHexByte
	refHygieneSlow
	refHygieneUpper uint8 = 'a' - 'A' // added to lower-case
)

// TestHygieneMayMatchesRef holds hygieneMay to the reference on every test
// string, on strings assembled from the detectors' fragments (as
// TestCheckMessageGatesRandom builds them), and on runs near the lengths
// and counts the gates turn on: the gates must be the same, not only as
// safe, or text that ran no detector would run some now.
func TestHygieneMayMatchesRef(t *testing.T) {
	all := append(append([]string{}, hygieneCleanCases...), hygieneGateCases...)
	for _, c := range hygieneFlagCases {
		all = append(all, c.s)
	}
	for _, n := range []int{0, 1, 2, 3, 4, 31, 32, 33, 255, 256, 257, 600} {
		for _, unit := range []string{"a", "a1", "1.", ".1", "f:", ":", "a-", "\u212a", "\u017f", "~/", "./", "x/etc/", "SELECT "} {
			all = append(all, strings.Repeat(unit, n), "x "+strings.Repeat(unit, n)+" y")
		}
	}
	r := rand.New(rand.NewSource(2))
	for n := 0; n < 5000; n++ {
		all = append(all, hygieneRandom(r, 16))
	}
	for _, s := range all {
		if got, want := hygieneMay(s), refHygieneMay(s); got != want {
			t.Errorf("hygieneMay(%q) = %#x, the reference gives %#x", s, got, want)
		}
	}
}

// FuzzHygieneMayMatchesRef is TestHygieneMayMatchesRef on arbitrary
// strings.
func FuzzHygieneMayMatchesRef(f *testing.F) {
	for _, s := range hygieneGateCases {
		f.Add(s)
	}
	for _, s := range hygieneFrags {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := hygieneMay(s), refHygieneMay(s); got != want {
			t.Fatalf("hygieneMay(%q) = %#x, the reference gives %#x", s, got, want)
		}
	})
}
