package seller

import (
	"errors"
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
	if err := pointerCheck(pointer); err != nil || pointer == "" {
		return "", err
	}
	// Appended to a byte slice: strings.Builder's methods inline a copy
	// check at each call.
	b := make([]byte, 0, len(pointer)+8)
	// The tokens are those of strings.Split(pointer[1:], "/"), cut one by
	// one (Split links more code).
	for rest, more := pointer[1:], true; more; {
		var tok string
		tok, rest, more = strings.Cut(rest, "/")
		key, _ := pointerUnescape(tok) // checked above
		switch {
		case pointerIsIndex(key):
			b = append(b, '[')
			b = append(b, key...)
			b = append(b, ']')
		case pointerIsIdent(key):
			if len(b) > 0 {
				b = append(b, '.')
			}
			b = append(b, key...)
		default:
			b = append(b, "['"...)
			for i := 0; i < len(key); i++ {
				if key[i] == '\'' || key[i] == '\\' {
					b = append(b, '\\')
				}
				b = append(b, key[i])
			}
			b = append(b, "']"...)
		}
	}
	return string(b), nil
}

// pointerCheck is PointerToField's verdict without the translation: nil
// for the empty pointer and for one that starts with "/" and whose every
// "~" is followed by 0 or 1.
func pointerCheck(pointer string) error {
	if pointer != "" && pointer[0] != '/' {
		return errors.New("adcp: JSON pointer must be empty or start with \"/\"")
	}
	for i := 0; i < len(pointer); i++ {
		if pointer[i] == '~' && (i+1 == len(pointer) || pointer[i+1] != '0' && pointer[i+1] != '1') {
			return errors.New("adcp: JSON pointer has \"~\" not followed by 0 or 1")
		}
	}
	return nil
}

// pointerUnescape undoes the RFC 6901 escapes of one reference token.
func pointerUnescape(tok string) (string, bool) {
	if !strings.Contains(tok, "~") {
		return tok, true
	}
	var b strings.Builder
	for i := 0; i < len(tok); i++ {
		if tok[i] != '~' {
			b.WriteByte(tok[i])
			continue
		}
		if i+1 == len(tok) {
			return "", false
		}
		switch tok[i+1] {
		case '0':
			b.WriteByte('~')
		case '1':
			b.WriteByte('/')
		default:
			return "", false
		}
		i++
	}
	return b.String(), true
}

// pointerIsIndex reports whether s is an RFC 6901 array index: "0" or digits
// without a leading zero.
func pointerIsIndex(s string) bool {
	if s == "" || (s[0] == '0' && len(s) > 1) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// pointerIsIdent reports whether s can follow a dot: an ASCII identifier.
func pointerIsIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
		if !letter && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return true
}
