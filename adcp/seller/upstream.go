package seller

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"syscall"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// The messages of translated upstream failures. They are fixed so that
// nothing of the upstream (its text, host, path, address or body) reaches the
// buyer, who has no relationship with it.
const (
	upstreamMsgRateLimited = "Request rate exceeded"
	upstreamMsgUnavailable = "Service temporarily unavailable"
	upstreamMsgTimeout     = "The service did not respond in time"
	upstreamMsgCanceled    = "The request was canceled before it completed"
	upstreamMsgInternal    = "An internal error occurred"
)

// Codes of translated upstream failures. Both are transient from the buyer's
// side: the seller, not the buyer, has to fix what broke upstream.
const (
	upstreamCodeRateLimited = adcp.Code("RATE_LIMITED")
	upstreamCodeUnavailable = adcp.Code("SERVICE_UNAVAILABLE")
)

// FromError translates a Go error from an upstream call into an AdCP error
// for the buyer. An AdCP *Error anywhere in err's chain is passed through
// unchanged (see Passthrough): the upstream already speaks AdCP. Otherwise
// the result is SERVICE_UNAVAILABLE, transient, whose message says only
// whether the call timed out, was canceled, could not connect, or failed. It
// returns nil for a nil err. err's text never reaches the result.
func FromError(err error) *adcp.Error {
	if err == nil {
		return nil
	}
	var ae *adcp.Error
	if errors.As(err, &ae) && ae != nil {
		return Passthrough(ae)
	}
	msg := upstreamMsgInternal
	var ne net.Error
	var oe *net.OpError
	var de *net.DNSError
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		msg = upstreamMsgTimeout
	case errors.Is(err, context.Canceled):
		msg = upstreamMsgCanceled
	case errors.As(err, &oe), errors.As(err, &de),
		errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF), errors.Is(err, net.ErrClosed):
		msg = upstreamMsgUnavailable
	}
	return &adcp.Error{Code: upstreamCodeUnavailable, Message: msg, Recovery: adcp.RecoveryTransient}
}

// Passthrough returns a copy of an AdCP error received from an AdCP-conformant
// upstream, unchanged: code, recovery, retry_after, details, unknown members
// and every other member keep their wire values, as intermediaries must keep
// them. The copy shares nothing mutable with e but the version-dependent
// slices (such as Issues), which it shares. It returns nil for nil.
func Passthrough(e *adcp.Error) *adcp.Error {
	if e == nil {
		return nil
	}
	c := *e
	if e.RetryAfter != nil {
		v := *e.RetryAfter
		c.RetryAfter = &v
	}
	if e.Details != nil {
		c.Details = append([]byte(nil), e.Details...)
	}
	if e.Extra != nil {
		c.Extra = make(map[string]json.RawMessage, len(e.Extra))
		for k, v := range e.Extra {
			c.Extra[k] = append([]byte(nil), v...)
		}
	}
	return &c
}

// Aggregate returns the payload {"errors":[…]} of an intermediary that
// collects errors from several upstreams, each passed through unchanged (its
// own code and recovery). Each is checked against vocabulary v as
// MCPToolResult checks an error (wireCheck); the options that apply are
// WithFlaggedTextAllowed. To also send the first as the failure of an MCP or
// A2A response, use WithPayloadErrors.
func Aggregate(v *adcp.Vocabulary, errs []*adcp.Error, opts ...WireOption) ([]byte, error) {
	var cfg wireConfig
	for _, o := range opts {
		o(&cfg)
	}
	if len(errs) == 0 {
		return nil, errors.New("adcp: nothing to aggregate")
	}
	for _, e := range errs {
		if err := wireCheck(v, e, cfg.checks); err != nil {
			return nil, err
		}
	}
	return jsonwire.Marshal(wirePayload{errs})
}
