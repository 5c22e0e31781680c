// Package errsnap gives the runtime's other packages deep copies and exact
// comparisons of adcp.Error values, and whether an error's issues were
// built in Go: package seller remembers the errors it has checked with
// them, and checks built issues from their fields; it and adcphttp pass
// upstream errors on as copies.
// Only package adcp can write them (they read the codec state it keeps in
// unexported members) and errsnap cannot import adcp, so adcp registers
// them when it is initialised.
package errsnap

// Funcs are the functions package adcp registers for its error type E.
type Funcs[E any] struct {
	// Clone returns a deep copy of e: it shares nothing mutable with e.
	Clone func(e *E) *E
	// Equal reports whether a and b hold the same values in every member,
	// exported or not, nil and empty told apart: values that encode, and
	// are checked, alike.
	Equal func(a, b *E) bool
	// IssuesBuilt reports whether e's issues were built in Go, not
	// decoded: their MarshalJSON then writes every required member, empty
	// or not.
	IssuesBuilt func(e *E) bool
}

var funcs any

// Register records f. Package adcp calls it once, at initialisation.
func Register[E any](f Funcs[E]) bool {
	funcs = f
	return true
}

// For returns the functions registered for E. Package adcp is initialised
// before any package that imports it, so they are there.
func For[E any]() Funcs[E] { return funcs.(Funcs[E]) }
