package adcperr

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"time"
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
	upstreamCodeRateLimited = Code("RATE_LIMITED")
	upstreamCodeUnavailable = Code("SERVICE_UNAVAILABLE")
)

// FromHTTP translates the failed response of an upstream HTTP service into
// an AdCP error for the buyer: 429 becomes RATE_LIMITED, with retry_after from
// the Retry-After header (delay-seconds, or an HTTP date relative to now)
// rounded up and clamped to 1..3600, and omitted when the header is absent or
// unreadable; every other status becomes SERVICE_UNAVAILABLE (with
// retry_after when a 503 carries Retry-After). Both are transient. Nothing of
// the upstream response but the status and Retry-After is read.
func FromHTTP(status int, h http.Header, now time.Time) *Error {
	e := &Error{Code: upstreamCodeUnavailable, Message: upstreamMsgUnavailable, Recovery: RecoveryTransient}
	switch {
	case status == http.StatusTooManyRequests:
		e.Code, e.Message = upstreamCodeRateLimited, upstreamMsgRateLimited
	case status == http.StatusServiceUnavailable:
	case status < 500:
		e.Message = upstreamMsgInternal
	}
	if status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable {
		if s, ok := ParseRetryAfterHeader(h.Get("Retry-After"), now); ok {
			e.RetryAfter = &s
		}
	}
	return e
}

// ParseRetryAfterHeader reads an HTTP Retry-After value (RFC 9110: delay-seconds or
// an HTTP date) as whole seconds from now, rounded up and clamped to 1..3600.
// It reports false for an empty or unreadable value.
func ParseRetryAfterHeader(v string, now time.Time) (float64, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	var secs float64
	if n, err := strconv.ParseUint(v, 10, 64); err == nil {
		secs = float64(n)
	} else if t, err := http.ParseTime(v); err == nil {
		secs = math.Ceil(t.Sub(now).Seconds())
	} else {
		return 0, false
	}
	return math.Min(math.Max(secs, 1), 3600), true
}

// FromError translates a Go error from an upstream call into an AdCP error
// for the buyer. An AdCP *Error anywhere in err's chain is passed through
// unchanged (see Passthrough): the upstream already speaks AdCP. Otherwise
// the result is SERVICE_UNAVAILABLE, transient, whose message says only
// whether the call timed out, was canceled, could not connect, or failed. It
// returns nil for a nil err. err's text never reaches the result.
func FromError(err error) *Error {
	if err == nil {
		return nil
	}
	var ae *Error
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
	return &Error{Code: upstreamCodeUnavailable, Message: msg, Recovery: RecoveryTransient}
}

// Passthrough returns a copy of an AdCP error received from an AdCP-conformant
// upstream, unchanged: code, recovery, retry_after, details, unknown members
// and every other member keep their wire values, as intermediaries must keep
// them. The copy shares nothing mutable with e but the version-dependent
// slices (such as Issues), which it shares. It returns nil for nil.
func Passthrough(e *Error) *Error {
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
// own code and recovery). To also send the first as the failure of an MCP or
// A2A response, use WithPayloadErrors.
func Aggregate(errs ...*Error) ([]byte, error) {
	if len(errs) == 0 {
		return nil, errors.New("adcperr: nothing to aggregate")
	}
	for _, e := range errs {
		if err := wireCheck(e); err != nil {
			return nil, err
		}
	}
	return wireJSON(wirePayload{errs})
}
