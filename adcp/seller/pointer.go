package seller

import (
	"errors"
	"regexp"
	"strings"
)

// PointerToField translates an RFC 6901 JSON Pointer (the form of
// issues[].pointer) into the JSONPath-lite form of Error.Field, as
// core/error.json asks sellers to do when they send issues[]:
//
//	/packages/0/targeting  →  packages[0].targeting
//
// Each reference token, after ~1 → "/" and ~0 → "~" are undone, becomes:
//   - an array index "[N]" when it is a canonical RFC 6901 index ("0", or
//     digits without a leading zero). A pointer does not say whether a level
//     is an array or an object, so a numeric key of an object is written as an
//     index too: "/scores/10" → "scores[10]";
//   - ".name" (or "name" first) when it is an ASCII identifier
//     ([A-Za-z_][A-Za-z0-9_]*);
//   - a quoted key "['…']" otherwise (empty keys, "a.b", "a b", "0x", "01",
//     "-", non-ASCII), with ' and \ escaped by a backslash.
//
// The empty pointer (the whole document) translates to "". A pointer that
// does not start with "/" or has a "~" not followed by 0 or 1 is an error.
func PointerToField(pointer string) (string, error) {
	if pointer != "" && pointer[0] != '/' {
		return "", errors.New("adcp: JSON pointer must be empty or start with \"/\"")
	}
	if pointerBadEscape.MatchString(pointer) {
		return "", errors.New("adcp: JSON pointer has \"~\" not followed by 0 or 1")
	}
	if pointer == "" {
		return "", nil
	}
	var b strings.Builder
	for _, tok := range strings.Split(pointer[1:], "/") {
		key := strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch {
		case pointerIndex.MatchString(key):
			b.WriteString("[" + key + "]")
		case pointerIdent.MatchString(key):
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(key)
		default:
			b.WriteString("['" + pointerQuote.Replace(key) + "']")
		}
	}
	return b.String(), nil
}

var (
	// pointerIndex is an RFC 6901 array index: "0" or digits without a
	// leading zero.
	pointerIndex = regexp.MustCompile(`^(0|[1-9][0-9]*)$`)
	// pointerIdent is what can follow a dot: an ASCII identifier.
	pointerIdent = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	// pointerBadEscape is a "~" not followed by 0 or 1.
	pointerBadEscape = regexp.MustCompile(`~([^01]|$)`)
	// pointerQuote escapes a key quoted as ['…'].
	pointerQuote = strings.NewReplacer(`'`, `\'`, `\`, `\\`)
)
