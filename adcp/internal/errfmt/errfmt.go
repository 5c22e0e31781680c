// Package errfmt is fmt.Errorf, errors.New and strconv.Quote for the
// runtime's error paths, not inlined: since Go 1.26 the three are inlined at
// every call site (about 60 bytes each), and the runtime builds errors at
// well over a hundred. Every package of the runtime shares these three
// calls instead.
package errfmt

import (
	"errors"
	"fmt"
	"strconv"
)

// Errorf is fmt.Errorf, not inlined.
//
//go:noinline
func Errorf(format string, args ...any) error {
	return fmt.Errorf(format, args...)
}

// New is errors.New, not inlined.
//
//go:noinline
func New(text string) error {
	return errors.New(text)
}

// Quote is strconv.Quote, not inlined.
//
//go:noinline
func Quote(s string) string {
	return strconv.Quote(s)
}
