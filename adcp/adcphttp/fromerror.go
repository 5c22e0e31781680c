package adcphttp

import (
	"context"
	"errors"
	"io"
	"net"
	"syscall"

	"github.com/adcp-gen/adcp-gen/adcp"
)

// The fixed messages of FromError beside those of FromHTTP: they say only
// whether the call timed out or was canceled.
const (
	msgTimeout  = "The service did not respond in time"
	msgCanceled = "The request was canceled before it completed"
)

// FromError translates a Go error from an upstream call into an AdCP error
// for the buyer. An AdCP *Error anywhere in err's chain is passed through
// unchanged (a copy, Error.Clone: the same code and every other member): the
// upstream already speaks AdCP. Otherwise the result is SERVICE_UNAVAILABLE, transient,
// whose message says only whether the call timed out, was canceled, could
// not connect, or failed. It returns nil for a nil err. err's text never
// reaches the result.
//
// It lives here, not in package seller, because it recognises package
// net's errors, and a seller that does not call it should not link net.
func FromError(err error) *adcp.Error {
	if err == nil {
		return nil
	}
	if ae, ok := adcp.As(err); ok {
		return ae.Clone()
	}
	msg := msgInternal
	var ne net.Error
	var oe *net.OpError
	var de *net.DNSError
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		msg = msgTimeout
	case errors.Is(err, context.Canceled):
		msg = msgCanceled
	case errors.As(err, &oe), errors.As(err, &de),
		errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF), errors.Is(err, net.ErrClosed):
		msg = msgUnavailable
	}
	return &adcp.Error{Code: adcp.Code("SERVICE_UNAVAILABLE"), Message: msg, Recovery: adcp.RecoveryTransient}
}
