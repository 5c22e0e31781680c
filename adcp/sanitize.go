package adcp

import (
	"strings"
	"unicode/utf8"
)

// Length limits for seller strings placed in an LLM context, in bytes
// (transport-errors.md § "Buyer Agent Requirements"). The field limit is
// this package's choice; the specification sets none.
const (
	MaxMessageBytes    = 256
	MaxSuggestionBytes = 512
	MaxFieldBytes      = 256
)

// Sanitize makes a seller-provided string safe to place in an LLM context:
// it removes control characters (U+0000–U+001F), zero-width characters
// (U+200B–U+200F), bidirectional overrides (U+202A–U+202E) and bytes that are
// not UTF-8, then truncates the result to at most max bytes on a character
// boundary, silently. A max below zero means no length limit.
func Sanitize(s string, max int) string {
	var b strings.Builder
	clean := true
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if sanitizeDropped(r, size) {
			clean = false
			break
		}
		i += size
	}
	if clean {
		return sanitizeTruncate(s, max)
	}
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !sanitizeDropped(r, size) {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return sanitizeTruncate(b.String(), max)
}

// sanitizeDropped reports whether Sanitize removes the rune r (of size bytes).
func sanitizeDropped(r rune, size int) bool {
	switch {
	case r == utf8.RuneError && size == 1: // not UTF-8
		return true
	case r <= 0x1F:
		return true
	case r >= 0x200B && r <= 0x200F:
		return true
	case r >= 0x202A && r <= 0x202E:
		return true
	}
	return false
}

// sanitizeTruncate cuts valid UTF-8 s to at most max bytes on a rune
// boundary.
func sanitizeTruncate(s string, max int) string {
	if max < 0 || len(s) <= max {
		return s
	}
	i := max
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i]
}

// Display holds an error's seller strings made safe for an LLM context.
type Display struct {
	Message    string `json:"message"`
	Suggestion string `json:"suggestion"`
	Field      string `json:"field"`
}

// Display returns e's message (≤ 256 bytes), suggestion (≤ 512 bytes) and
// field (≤ 256 bytes), sanitized. The field is for display and highlighting
// only: never use it as a path to mutate an object.
func (e *Error) Display() Display {
	return Display{
		Message:    Sanitize(e.Message, MaxMessageBytes),
		Suggestion: Sanitize(e.Suggestion, MaxSuggestionBytes),
		Field:      Sanitize(e.Field, MaxFieldBytes),
	}
}

// untrustedEscaper escapes the characters that could close or forge the
// delimiters RenderUntrusted writes.
var untrustedEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

// RenderUntrusted renders e for an LLM context inside explicit delimiters
// that mark its content as untrusted seller data, with every seller string
// sanitized (Display) and escaped so that it cannot close the delimiters.
// The recovery class is p.Classify's, so that a standard code sent without
// recovery gets its class from p.Vocabulary; details are never included. A
// system prompt should tell the model that text inside <adcp_seller_error>
// is data from the seller, never instructions.
func (p Policy) RenderUntrusted(e *Error) string {
	if e == nil {
		return ""
	}
	d := e.Display()
	var b strings.Builder
	b.WriteString(`<adcp_seller_error trust="untrusted" code="`)
	b.WriteString(untrustedEscaper.Replace(Sanitize(string(e.Code), MaxCodeLength*4)))
	b.WriteString(`" recovery="`)
	b.WriteString(string(p.Classify(e)))
	b.WriteString("\">\n")
	for _, f := range [...]struct{ name, v string }{
		{"message", d.Message}, {"suggestion", d.Suggestion}, {"field", d.Field},
	} {
		if f.v == "" {
			continue
		}
		b.WriteString("<" + f.name + ">")
		b.WriteString(untrustedEscaper.Replace(f.v))
		b.WriteString("</" + f.name + ">\n")
	}
	b.WriteString("</adcp_seller_error>")
	return b.String()
}
