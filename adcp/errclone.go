package adcp

import (
	"bytes"
	"encoding/json"
	"math"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
	"github.com/adcp-gen/adcp-gen/adcp/internal/errsnap"
)

// Package seller remembers the errors it has checked as deep copies, and
// compares an error it is given with its copy, member by member (the
// unexported codec state included), to know that it is unchanged; it and
// adcphttp pass upstream errors on as deep copies.
var _ = errsnap.Register(errsnap.Funcs[Error]{Clone: cloneError, Equal: sameError, IssuesBuilt: issuesBuilt})

// issuesBuilt reports whether e's issues carry no decoded state: each was
// built in Go, so its MarshalJSON writes the required members whatever
// their values (a decoded one leaves out those that were absent).
func issuesBuilt(e *Error) bool {
	for i := range e.Issues {
		if e.Issues[i].codec != (adcpimpl.State{}) {
			return false
		}
	}
	return true
}

// cloneError returns a deep copy of e.
func cloneError(e *Error) *Error {
	c := *e
	if e.RetryAfter != nil {
		f := *e.RetryAfter
		c.RetryAfter = &f
	}
	c.Details = cloneBytes(e.Details)
	c.Extra = cloneRaws(e.Extra)
	c.retryAfterRaw = cloneBytes(e.retryAfterRaw)
	if e.Issues != nil {
		c.Issues = make([]Issue, len(e.Issues))
		for i, is := range e.Issues {
			is.Extra = cloneRaws(is.Extra)
			if is.Discriminator != nil {
				ds := make([]IssueDiscriminator, len(is.Discriminator))
				for j, d := range is.Discriminator {
					d.Value = cloneBytes(d.Value)
					d.Extra = cloneRaws(d.Extra)
					ds[j] = d
				}
				is.Discriminator = ds
			}
			c.Issues[i] = is
		}
	}
	return &c
}

// sameError reports whether a and b hold the same values in every member.
// A retry_after is compared by its bits; nil and empty slices and maps
// differ (the encoder writes an empty one that is set). The strings are
// compared as arrays, with one shared equality function.
func sameError(a, b *Error) bool {
	if a.strings() != b.strings() || a.codec != b.codec || (a.RetryAfter == nil) != (b.RetryAfter == nil) ||
		a.RetryAfter != nil && math.Float64bits(*a.RetryAfter) != math.Float64bits(*b.RetryAfter) ||
		!sameBytes(a.Details, b.Details) || !sameBytes(a.retryAfterRaw, b.retryAfterRaw) || !sameRaws(a.Extra, b.Extra) ||
		(a.Issues == nil) != (b.Issues == nil) || len(a.Issues) != len(b.Issues) {
		return false
	}
	for i := range a.Issues {
		x, y := &a.Issues[i], &b.Issues[i]
		if [...]string{x.Pointer, x.Message, x.Keyword, x.SchemaPath, x.SchemaID} != [...]string{y.Pointer, y.Message, y.Keyword, y.SchemaPath, y.SchemaID} ||
			x.codec != y.codec || !sameRaws(x.Extra, y.Extra) ||
			(x.Discriminator == nil) != (y.Discriminator == nil) || len(x.Discriminator) != len(y.Discriminator) {
			return false
		}
		for j := range x.Discriminator {
			p, q := &x.Discriminator[j], &y.Discriminator[j]
			if p.PropertyName != q.PropertyName || p.codec != q.codec || !sameBytes(p.Value, q.Value) || !sameRaws(p.Extra, q.Extra) {
				return false
			}
		}
	}
	return true
}

// strings returns e's string members.
func (e *Error) strings() [7]string {
	return [...]string{string(e.Code), e.Message, e.Field, e.Suggestion, string(e.Recovery), string(e.Source), e.SDKID}
}

// The helpers below are not inlined: each is called at several sites, and
// only by package seller.

//go:noinline
func cloneBytes(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append([]byte{}, b...)
}

//go:noinline
func cloneRaws(m map[string]json.RawMessage) map[string]json.RawMessage {
	if m == nil {
		return nil
	}
	c := make(map[string]json.RawMessage, len(m))
	for k, v := range m {
		c[k] = cloneBytes(v)
	}
	return c
}

//go:noinline
func sameBytes(a, b []byte) bool { return (a == nil) == (b == nil) && bytes.Equal(a, b) }

//go:noinline
func sameRaws(a, b map[string]json.RawMessage) bool {
	if (a == nil) != (b == nil) || len(a) != len(b) {
		return false
	}
	for k, v := range a {
		w, ok := b[k]
		if !ok || !sameBytes(v, w) {
			return false
		}
	}
	return true
}
