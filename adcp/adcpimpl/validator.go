package adcpimpl

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Validator collects the violations of one Validate call.
type Validator struct {
	list []string
}

// ValidationError lists every constraint a value breaks, each with the JSON
// pointer of the offending member.
type ValidationError struct {
	Type       string   // Go type validated
	Violations []string // "pointer: message", in member order
}

func (e *ValidationError) Error() string {
	return "adcp: invalid " + e.Type + ": " + strings.Join(e.Violations, "; ")
}

// Add records that the value at path breaks a constraint. It is not
// inlined: validators call it from many places, each only on failure.
//
//go:noinline
func (v *Validator) Add(path, msg string) {
	if path == "" {
		path = "/"
	}
	v.list = append(v.list, path+": "+msg)
}

// Result returns the violations recorded as a *ValidationError of
// typeName, or nil when there are none.
func (v *Validator) Result(typeName string) error {
	if len(v.list) == 0 {
		return nil
	}
	return &ValidationError{Type: typeName, Violations: v.list}
}

func (v *Validator) MinLength(path, s string, n int) {
	if utf8.RuneCountInString(s) < n {
		v.Add(path, "shorter than "+strconv.Itoa(n)+" characters")
	}
}

func (v *Validator) MaxLength(path, s string, n int) {
	if utf8.RuneCountInString(s) > n {
		v.Add(path, "longer than "+strconv.Itoa(n)+" characters")
	}
}

func (v *Validator) Pattern(path, s string, re *regexp.Regexp) {
	if !re.MatchString(s) {
		v.Add(path, "does not match pattern "+strconv.Quote(re.String()))
	}
}

// PatternNot checks a pattern with an exclusion, the Go form of a schema
// pattern "^L(?!$)R": s must match re ("^LR") and must not match not ("^L$").
func (v *Validator) PatternNot(path, s string, re, not *regexp.Regexp) {
	switch {
	case !re.MatchString(s):
		v.Add(path, "does not match pattern "+strconv.Quote(re.String()))
	case not.MatchString(s):
		v.Add(path, "matches the excluded pattern "+strconv.Quote(not.String()))
	}
}

// Format checks s against one of the formats the runtime asserts ("uri",
// "date-time", "date", "time", "uuid"), as santhosh-tekuri/jsonschema
// checks it; an unknown format checks nothing.
func (v *Validator) Format(path, s, format string) {
	if check := formatChecks[format]; check != nil {
		if err := check(s); err != nil {
			v.Add(path, "not a valid "+format+": "+err.Error())
		}
	}
}

func (v *Validator) MinItems(path string, n, min int) {
	if n < min {
		v.Add(path, "fewer than "+strconv.Itoa(min)+" items")
	}
}

func (v *Validator) MaxItems(path string, n, max int) {
	if n > max {
		v.Add(path, "more than "+strconv.Itoa(max)+" items")
	}
}

// PointerToken escapes a member name for a JSON pointer (RFC 6901).
func PointerToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// short quotes a raw value for a message, cut to 64 bytes.
func short(raw []byte) string {
	const max = 64
	if len(raw) > max {
		return string(raw[:max]) + "…"
	}
	return string(raw)
}

// sortedKeys returns the keys of m, sorted.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
