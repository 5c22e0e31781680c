// Package ecmaregexp is the regular expression engine JSON Schema patterns
// are written for, ECMAScript (regexp2 in its ECMAScript mode), in the form
// santhosh-tekuri/jsonschema takes one: schemaload compiles schemas with
// it, and the differential tests compare with jsonschema under it.
package ecmaregexp

import (
	"github.com/dlclark/regexp2"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Compile compiles a pattern with regexp2 in ECMAScript mode, for
// jsonschema.Compiler.UseRegexpEngine.
func Compile(s string) (jsonschema.Regexp, error) {
	re, err := regexp2.Compile(s, regexp2.ECMAScript)
	if err != nil {
		return nil, err
	}
	return ecmaRE{re}, nil
}

type ecmaRE struct{ re *regexp2.Regexp }

// MatchString reports a match; a match that fails (regexp2's timeout) is
// no match.
func (r ecmaRE) MatchString(s string) bool {
	ok, err := r.re.MatchString(s)
	return err == nil && ok
}

func (r ecmaRE) String() string { return r.re.String() }
