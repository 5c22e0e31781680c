package schemaload

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/iancoleman/strcase"
)

// initialisms are the words written in capitals in Go names (Go's own style:
// ID, URL, HTTP), keyed by their lower-case spelling. strcase is only used to
// split words: its acronym table is global and matches whole strings, so it
// would turn IO_REQUIRED into IoRequired.
var initialisms = map[string]string{
	"adcp":  "AdCP",
	"api":   "API",
	"ctv":   "CTV",
	"cpm":   "CPM",
	"dsp":   "DSP",
	"etag":  "ETag",
	"html":  "HTML",
	"http":  "HTTP",
	"https": "HTTPS",
	"id":    "ID",
	"ids":   "IDs",
	"io":    "IO",
	"ip":    "IP",
	"iso":   "ISO",
	"json":  "JSON",
	"rfc":   "RFC",
	"sdk":   "SDK",
	"sla":   "SLA",
	"ssp":   "SSP",
	"ttl":   "TTL",
	"ui":    "UI",
	"uri":   "URI",
	"url":   "URL",
	"urls":  "URLs",
	"utc":   "UTC",
	"uuid":  "UUID",
	"vast":  "VAST",
	"xml":   "XML",
}

// camel turns a wire name (SNAKE_CASE, kebab-case, camelCase, "with spaces")
// into an exported Go name with our initialisms: "IO_REQUIRED" → "IORequired",
// "sdk_id" → "SDKID", "schemaPath" → "SchemaPath", "billing-party" →
// "BillingParty". Its result holds only letters and digits, so goName, and
// nameWords after an exported prefix, always give an exported identifier.
func camel(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return '_'
	}, s)
	// strcase breaks words at separators and at lower→upper and
	// letter→digit changes; a digit run rejoins the word before it, so "V1"
	// and "WCAG21" stay one word each.
	var words []string
	for _, w := range strings.Split(strcase.ToSnake(s), "_") {
		if w == "" {
			continue
		}
		if strings.Trim(w, "0123456789") == "" && len(words) > 0 {
			words[len(words)-1] += w
			continue
		}
		words = append(words, w)
	}
	var b strings.Builder
	for _, w := range words {
		if up, ok := initialisms[strings.ToLower(w)]; ok {
			b.WriteString(up)
			continue
		}
		r := []rune(strings.ToLower(w))
		r[0] = unicode.ToUpper(r[0])
		b.WriteString(string(r))
	}
	return b.String()
}

// goName is the exported Go name of a wire name that stands alone (a
// property's field, a file's type): nameWords, prefixed with "N" when it
// starts with a digit ("3d_mode" → "N3DMode") and with "X" when it starts
// with anything else that is not an upper-case letter ("名前" → "X名前"). Every
// valid JSON string gets a valid exported identifier; two strings that get
// one name are a collision, reported by checkNames.
func goName(s string) string {
	n := nameWords(s)
	r, _ := utf8.DecodeRuneInString(n)
	switch {
	case unicode.IsUpper(r):
		return n
	case unicode.IsDigit(r):
		return "N" + n
	}
	return "X" + n
}

// nameWords is the Go spelling of a wire name that follows a prefix (a code
// constant's "Code", an enum constant's type name): camel, or, when the name
// has no letter or digit, its characters spelled out ("$" → "Dollar", "+-" →
// "PlusMinus", U+00A0 → "U00A0", "" → "Empty").
func nameWords(s string) string {
	if c := camel(s); c != "" {
		return c
	}
	if s == "" {
		return "Empty"
	}
	var b strings.Builder
	for _, r := range s {
		if w, ok := symbolNames[r]; ok {
			b.WriteString(w)
		} else {
			fmt.Fprintf(&b, "U%04X", r)
		}
	}
	return b.String()
}

// symbolNames spell the ASCII symbols of a name that has nothing else.
var symbolNames = map[rune]string{
	' ': "Space", '!': "Bang", '"': "Quote", '#': "Hash", '$': "Dollar", '%': "Percent", '&': "And",
	'\'': "Apostrophe", '(': "LParen", ')': "RParen", '*': "Star", '+': "Plus", ',': "Comma", '-': "Minus",
	'.': "Dot", '/': "Slash", ':': "Colon", ';': "Semicolon", '<': "Less", '=': "Equals", '>': "Greater",
	'?': "Question", '@': "At", '[': "LBracket", '\\': "Backslash", ']': "RBracket", '^': "Caret",
	'_': "Underscore", '`': "Backtick", '{': "LBrace", '|': "Pipe", '}': "RBrace", '~': "Tilde",
}

// nameOrigin is where a declared Go name comes from, for collision messages.
type nameOrigin struct {
	file, pointer, what string
}

// declareName declares name in seen, the names of one scope (the package,
// or the fields of one struct); it returns an *Error naming both places
// when the scope already declares the name.
func declareName(seen map[string]nameOrigin, scope, name string, o nameOrigin) *Error {
	if len(name) > maxNameLen {
		return errorf(o.file, o.pointer, fmt.Sprintf("%s gives a Go name of %d bytes, more than the %d a spec may need", o.what, len(name), maxNameLen))
	}
	prev, ok := seen[name]
	if !ok {
		seen[name] = o
		return nil
	}
	where := prev.what
	if prev.file != "" {
		where += " at " + prev.file
	}
	if prev.pointer != "" {
		where += "#" + prev.pointer
	}
	return errorf(o.file, o.pointer, "Go name collision: "+o.what+" is named "+name+
		", which "+scope+" already declares for "+where+" (a type name override in schemaload/links.go settles a type's)")
}
