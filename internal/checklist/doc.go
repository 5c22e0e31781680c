// Package checklist maps the numbered items of the project's requirements
// checklist (spec/checklist.md of the shared folder, section A) to the tests
// that pin them, so that a change which deletes a test can tell whether it
// was the only guard of a rule.
//
// A test names the items it checks with a marker comment line
//
//	// checklist: 14, 17
//
// in the doc comment of its Test, Fuzz or Example function, or directly above
// an entry of a table (an element of a composite literal) inside one. Only
// markers in _test.go files count; a marker anywhere else in a test file (a
// helper, a package-level table, a loose comment) is reported as misplaced.
package checklist
