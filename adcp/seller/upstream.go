package seller

import (
	"bytes"
	"encoding/json"
	"errors"

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
	if e.Issues != nil {
		c.Issues = make([]adcp.Issue, len(e.Issues))
		for i, is := range e.Issues {
			is.Extra = cloneRaws(is.Extra)
			if is.Discriminator != nil {
				ds := make([]adcp.IssueDiscriminator, len(is.Discriminator))
				for j, d := range is.Discriminator {
					d.Value = bytes.Clone(d.Value)
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

// cloneRaws returns a deep copy of raw members.
func cloneRaws(m map[string]json.RawMessage) map[string]json.RawMessage {
	if m == nil {
		return nil
	}
	c := make(map[string]json.RawMessage, len(m))
	for k, v := range m {
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
