package adcp

import "log/slog"

// LogValue implements slog.LogValuer: an error logs as a group of its code,
// its wire recovery (when sent), its field and, when present, its retry
// delay. The recovery is the seller's, not a classification: classifying
// needs a vocabulary (log a Policy's Decision for that). Seller strings are
// sanitized; message, suggestion and details are left out (they are
// seller-controlled text, and details may be large).
func (e *Error) LogValue() slog.Value {
	if e == nil {
		return slog.Value{}
	}
	attrs := make([]slog.Attr, 0, 4)
	attrs = append(attrs, slog.String("code", Sanitize(string(e.Code), MaxCodeLength*4)))
	if e.Recovery != "" {
		attrs = append(attrs, slog.String("recovery", Sanitize(string(e.Recovery), MaxCodeLength*4)))
	}
	if e.Field != "" {
		attrs = append(attrs, slog.String("field", Sanitize(e.Field, MaxFieldBytes)))
	}
	if d, ok := e.RetryDelay(); ok {
		attrs = append(attrs, slog.Duration("retry_after", d))
	}
	return slog.GroupValue(attrs...)
}
