// Package adcphttp holds the helpers that speak net/http and net:
// translating an upstream HTTP failure (FromHTTP) or Go error (FromError)
// into an AdCP error, and reading Retry-After headers. They live apart so
// that nothing on the buyer path links net/http, and a program that does
// not translate upstream failures links neither net/http nor net.
package adcphttp

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/adcp-gen/adcp-gen/adcp"
)

// The fixed messages of translated upstream failures: nothing of the
// upstream (its text, host, path, address or body) reaches the buyer.
const (
	msgRateLimited = "Request rate exceeded"
	msgUnavailable = "Service temporarily unavailable"
	msgInternal    = "An internal error occurred"
	// msgConfiguration says only that the seller, not the buyer, must act.
	msgConfiguration = "The service cannot complete this request until its operator fixes its configuration"
)

// FromHTTP translates the failed response of an upstream HTTP service into
// an AdCP error for the buyer, classified from the buyer's side
// (transport-errors.md, "Error Translation in Agent Chains"):
//   - 429 becomes RATE_LIMITED, with retry_after from the Retry-After header
//     (delay-seconds, or an HTTP date relative to now) rounded up and
//     clamped to 1..3600, and omitted when the header is absent or
//     unreadable; transient.
//   - 401, 403, 404 and 410 become CONFIGURATION_ERROR, terminal: the
//     upstream refused the seller's own credentials or access, or has
//     nothing at the address the seller called. The buyer cannot change
//     that and a retry will not, so the seller's operator must; a buyer
//     never retries it. CONFIGURATION_ERROR is a code of AdCP 3.1 and
//     later: a 3.0 seller sends such a failure under a vendor code of its
//     own, terminal.
//   - Every other status becomes SERVICE_UNAVAILABLE, transient (with
//     retry_after when a 503 carries Retry-After).
//
// Nothing of the upstream response but the status and Retry-After is read.
func FromHTTP(status int, h http.Header, now time.Time) *adcp.Error {
	switch status {
	case http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusGone:
		return &adcp.Error{Code: adcp.Code("CONFIGURATION_ERROR"), Message: msgConfiguration, Recovery: adcp.RecoveryTerminal}
	}
	e := &adcp.Error{Code: adcp.Code("SERVICE_UNAVAILABLE"), Message: msgUnavailable, Recovery: adcp.RecoveryTransient}
	switch {
	case status == http.StatusTooManyRequests:
		e.Code, e.Message = adcp.Code("RATE_LIMITED"), msgRateLimited
	case status < 500:
		e.Message = msgInternal
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
// delay-seconds of any length count: a value too large for any integer type
// is clamped to 3600 like any other large delay. It reports false for an
// empty or unreadable value.
func ParseRetryAfterHeader(v string, now time.Time) (float64, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	var secs float64
	if strings.Trim(v, "0123456789") == "" { // 1*DIGIT
		secs, _ = strconv.ParseFloat(v, 64) // beyond a float64: +Inf
	} else if t, err := http.ParseTime(v); err == nil {
		secs = math.Ceil(t.Sub(now).Seconds())
	} else {
		return 0, false
	}
	return math.Min(math.Max(secs, 1), 3600), true
}
