package seller

import (
	"errors"
	"fmt"
)

// errorf is fmt.Errorf and newError errors.New, not inlined: since Go 1.26
// both are inlined at every call site (about 60 bytes each), and this
// package's error paths share one call instead.
//
//go:noinline
func errorf(format string, args ...any) error {
	return fmt.Errorf(format, args...)
}

// newError is errors.New, not inlined (see errorf).
//
//go:noinline
func newError(text string) error {
	return errors.New(text)
}
