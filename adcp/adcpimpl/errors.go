package adcpimpl

import (
	"errors"
	"fmt"
	"strconv"
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

// quote is strconv.Quote, not inlined (see errorf): the validation messages
// quote values and patterns at seven sites.
//
//go:noinline
func quote(s string) string {
	return strconv.Quote(s)
}
