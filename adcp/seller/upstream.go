package seller

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"slices"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// Passthrough returns a copy of an AdCP error received from an AdCP-conformant
// upstream, unchanged: code, recovery, retry_after, details, unknown members
// and every other member keep their values, as intermediaries must keep
// them. The copy shares nothing mutable with e. It returns nil for nil.
func Passthrough(e *adcp.Error) *adcp.Error {
	if e == nil {
		return nil
	}
	c := *e
	if e.RetryAfter != nil {
		r := *e.RetryAfter
		c.RetryAfter = &r
	}
	c.Details = bytes.Clone(e.Details)
	c.Extra = cloneRaws(e.Extra)
	c.Issues = slices.Clone(e.Issues)
	for i := range c.Issues {
		is := &c.Issues[i]
		is.Extra = cloneRaws(is.Extra)
		is.Discriminator = slices.Clone(is.Discriminator)
		for j := range is.Discriminator {
			d := &is.Discriminator[j]
			d.Value, d.Extra = bytes.Clone(d.Value), cloneRaws(d.Extra)
		}
	}
	return &c
}

// cloneRaws returns a deep copy of raw members.
func cloneRaws(m map[string]json.RawMessage) map[string]json.RawMessage {
	c := maps.Clone(m)
	for k, v := range c {
		c[k] = bytes.Clone(v)
	}
	return c
}

// Aggregate returns the payload {"errors":[…]} of an intermediary that
// collects errors from several upstreams, each passed through unchanged (its
// own code and recovery). Each is checked against vocabulary v as
// MCPToolResult checks an error; the options that apply are
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
	var p payload
	for _, e := range errs {
		raw, err := send(v, e, cfg.checks)
		if err != nil {
			return nil, err
		}
		p.Errors = append(p.Errors, raw)
	}
	return jsonwire.Marshal(p)
}
