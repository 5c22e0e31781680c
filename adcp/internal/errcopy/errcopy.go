// Package errcopy copies an AdCP error received from an upstream so that an
// intermediary can pass it on unchanged: seller.Passthrough and
// adcphttp.FromError share it (adcphttp must not import package seller,
// whose tables a program that does not build errors should not link).
package errcopy

import (
	"encoding/json"

	"github.com/adcp-gen/adcp-gen/adcp"
)

// Copy returns a copy of e that shares nothing mutable with it but the
// version-dependent slices (such as Issues), which it shares: retry_after,
// details and every unknown member are copied. e must not be nil.
func Copy(e *adcp.Error) *adcp.Error {
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
