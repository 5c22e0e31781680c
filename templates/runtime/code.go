package adcperr

// Code is an AdCP error code. The vocabulary is open: any string of 1 to 64
// characters is a valid wire code, and the constants of this package name the
// standard codes of SpecVersion. Code implements error, so that
//
//	errors.Is(err, adcperr.CodeRateLimited)
//
// reports whether err is (or wraps) an *Error with that code.
type Code string

// Error returns the code itself.
func (c Code) Error() string { return string(c) }

// String returns the code itself.
func (c Code) String() string { return string(c) }

// Known reports whether c is a standard code of SpecVersion.
func (c Code) Known() bool {
	_, ok := codeIndex[c]
	return ok
}

// Info returns the catalogue entry of a standard code.
func (c Code) Info() (CodeInfo, bool) {
	i, ok := codeIndex[c]
	if !ok {
		return CodeInfo{}, false
	}
	return codeTable[i], true
}

// Recovery returns the recovery class the catalogue gives c, and false for a
// code outside the vocabulary (see Policy for how those are classified).
func (c Code) Recovery() (Recovery, bool) {
	i, ok := codeIndex[c]
	if !ok {
		return "", false
	}
	return codeTable[i].Recovery, true
}

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

// CodeInfo is the catalogue entry of one standard code.
type CodeInfo struct {
	Code       Code
	Recovery   Recovery
	Suggestion string // a short, generic hint for the caller
	Doc        string // what the code means
	// Deprecated codes are still valid on the wire; ReplacedBy lists the codes
	// a sender should use instead.
	Deprecated bool
	ReplacedBy []Code
	// Advisory codes are non-fatal: they ride in a successful response's
	// errors[] and must never be treated as a failure or retried.
	Advisory bool
	// NoDetails codes must not carry details.
	NoDetails bool
	// Shapes are the details shapes this code may carry.
	Shapes []*DetailsShape
}

// Codes returns the standard codes of SpecVersion in spec order.
func Codes() []Code {
	out := make([]Code, len(codeTable))
	for i := range codeTable {
		out[i] = codeTable[i].Code
	}
	return out
}

// codeIndex maps each standard code to its position in codeTable.
var codeIndex = func() map[Code]int {
	m := make(map[Code]int, len(codeTable))
	for i := range codeTable {
		m[codeTable[i].Code] = i
	}
	return m
}()
