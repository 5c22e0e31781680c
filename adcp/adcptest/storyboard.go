// Package adcptest holds helpers for the tests of programs that speak AdCP:
// the storyboard `check: error_code`, resolved by the client detection
// order.
package adcptest

import (
	"errors"
	"fmt"

	"github.com/adcp-gen/adcp-gen/adcp"
)

// ErrErrorCodeNotResolvable is the storyboard outcome
// "error_code_not_resolvable": the response carries a code on neither the
// transport envelope (adcp_error) nor the payload (errors[0]).
var ErrErrorCodeNotResolvable = errors.New("error_code_not_resolvable")

// ResolveErrorCode resolves a response's error code as a storyboard
// `check: error_code` does: by the client detection order (Extract), which
// prefers adcp_error.code on any transport path and then the payload's
// errors[0].code. It returns ErrErrorCodeNotResolvable when neither layer
// carries a valid error.
func ResolveErrorCode(response []byte) (adcp.Code, error) {
	x, ok := adcp.Extract(response)
	if !ok || x.Err == nil {
		return "", ErrErrorCodeNotResolvable
	}
	return x.Err.Code, nil
}

// CheckErrorCode is the storyboard assertion `check: error_code` with an
// expected value: nil when the response resolves to want, else an error that
// wraps ErrErrorCodeNotResolvable or names the code found.
func CheckErrorCode(response []byte, want adcp.Code) error {
	got, err := ResolveErrorCode(response)
	if err != nil {
		return err
	}
	if got != want {
		return fmt.Errorf("error_code: got %s, want %s", got, want)
	}
	return nil
}
