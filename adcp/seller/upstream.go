package seller

import (
	"errors"
	"github.com/adcp-gen/adcp-gen/adcp"
)

// Passthrough returns a copy of an AdCP error received from an AdCP-conformant
// upstream, unchanged: code, recovery, retry_after, details, unknown members
// and every other member keep their wire values, as intermediaries must keep
// them. The copy shares nothing mutable with e (errFuncs.Clone). It
// returns nil for nil.
func Passthrough(e *adcp.Error) *adcp.Error {
	if e == nil {
		return nil
	}
	return errFuncs.Clone(e)
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
	raws := make([][]byte, len(errs))
	for i, e := range errs {
		r, err := wireCheck(v, e, cfg.checks)
		if err != nil {
			return nil, err
		}
		raws[i] = r
	}
	return wireAppendPayload(make([]byte, 0, wireSize(raws)+16), raws), nil
}
