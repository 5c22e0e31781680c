// Package validationdiff holds the differential validation test: for every
// published AdCP version from 3.0.0-rc.1 on, it generates valid and mutated
// instances of core/error.json and of every details schema, validates each
// with the package adcp-gen generates for that version (the details types'
// Validate, and Vocabulary.Validate for the error) and with
// santhosh-tekuri/jsonschema v6 on the published files (draft-07,
// ECMAScript patterns through regexp2, as schemaload compiles them), and
// fails on any disagreement.
//
// The runtime module cannot depend on jsonschema, and the generated packages
// live only in a temporary module (internal/corpusmod's, whose compiled
// packages emit's corpus test shares), so the Go side runs there: one
// generated checker program imports every version's package and reads the
// instances from its standard input (one go invocation for all versions).
package validationdiff
