package adcp

// Code is an AdCP error code. The vocabulary is open: any string of 1 to 64
// characters is a valid wire code. A generated package declares the
// standard codes of its spec version as constants, and its Vocabulary says
// what each means. Code implements error, so that
//
//	errors.Is(err, adcperr.CodeRateLimited)
//
// reports whether err is (or wraps) an *Error with that code.
type Code string

// Error returns the code itself.
func (c Code) Error() string { return string(c) }

// String returns the code itself.
func (c Code) String() string { return string(c) }

// Recovery is an AdCP recovery class. Wire values outside the three constants
// are kept as they are and classified as terminal.
type Recovery string

// The recovery classes of core/error.json.
const (
	// RecoveryTransient: retry after a delay (retry_after, or backoff).
	RecoveryTransient Recovery = "transient"
	// RecoveryCorrectable: the caller can fix the request and resend it.
	RecoveryCorrectable Recovery = "correctable"
	// RecoveryTerminal: no autonomous recovery; a human must act.
	RecoveryTerminal Recovery = "terminal"
)

// Valid reports whether r is one of the three recovery classes.
func (r Recovery) Valid() bool {
	return r == RecoveryTransient || r == RecoveryCorrectable || r == RecoveryTerminal
}

// CodeInfo is the catalogue entry of one standard code. What a code means
// is not part of it (the text would be linked into every program that uses
// the vocabulary): a generated package's CodeDoc returns it.
type CodeInfo struct {
	Code       Code
	Recovery   Recovery
	Suggestion string // a short, generic hint for the caller
	// Deprecated codes are still valid on the wire; ReplacedBy lists the codes
	// a sender should use instead.
	Deprecated bool
	ReplacedBy []Code
	// Advisory codes are non-fatal: they ride in a successful response's
	// errors[] and must never be treated as a failure or retried.
	Advisory bool
	// NoDetails codes must not carry details.
	NoDetails bool
	// What the spec asks of a seller's error of this code beyond its
	// schemas, which the seller's builders check: FieldRequired, that it
	// sets Field; RequiredDetails, the details members it must carry;
	// RecommendedDetails, those it should carry (a builder warns without
	// them).
	FieldRequired      bool
	RequiredDetails    []string
	RecommendedDetails []string
	// Shapes are the details shapes this code may carry.
	Shapes []*DetailsShape
}
