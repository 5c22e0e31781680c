// Package adcplog logs AdCP errors with log/slog: an *adcp.Error logs as a
// group of its code, its wire recovery (when sent), its field and, when
// present, its retry delay.
//
//	log.Info("call failed", adcplog.Attr("err", e))
//
// It is its own package so that a program that does not log errors with
// slog does not link log/slog.
package adcplog

import (
	"log/slog"

	"github.com/adcp-gen/adcp-gen/adcp"
)

// Value returns e as an slog group of its code, its wire recovery (when
// sent), its field and, when present, its retry delay. The recovery is the
// seller's, not a classification: classifying needs a vocabulary (log a
// Policy's Decision for that). Seller strings are sanitized; message,
// suggestion and details are left out (they are seller-controlled text, and
// details may be large). A nil e is the zero Value.
func Value(e *adcp.Error) slog.Value {
	if e == nil {
		return slog.Value{}
	}
	attrs := []slog.Attr{slog.String("code", adcp.Sanitize(string(e.Code), adcp.MaxCodeLength*4))}
	if e.Recovery != "" {
		attrs = append(attrs, slog.String("recovery", adcp.Sanitize(string(e.Recovery), adcp.MaxCodeLength*4)))
	}
	if e.Field != "" {
		attrs = append(attrs, slog.String("field", adcp.Sanitize(e.Field, adcp.MaxFieldBytes)))
	}
	if d, ok := e.RetryDelay(); ok {
		attrs = append(attrs, slog.Duration("retry_after", d))
	}
	return slog.GroupValue(attrs...)
}

// Attr returns the attribute key: e, resolved (with Value) only when a
// handler records it.
func Attr(key string, e *adcp.Error) slog.Attr {
	return slog.Any(key, valuer{e})
}

// valuer is an error whose LogValue is Value(e).
type valuer struct{ e *adcp.Error }

func (v valuer) LogValue() slog.Value { return Value(v.e) }
