package seller

import (
	"errors"

	"github.com/adcp-gen/adcp-gen/adcp"
)

// Passthrough returns a copy of an AdCP error received from an AdCP-conformant
// upstream, unchanged: code, recovery, retry_after (as written), details,
// unknown members and every other member keep their values, as
// intermediaries must keep them. The copy shares nothing mutable with e
// (Error.Clone). It returns nil for nil.
func Passthrough(e *adcp.Error) *adcp.Error { return e.Clone() }

// Aggregate returns the payload {"errors":[…]} of an intermediary that
// collects errors from several upstreams, each passed through unchanged (its
// own code and recovery). Each is checked against vocabulary v as
// MCPToolResult checks an error; the options that apply are
// WithFlaggedTextAllowed. To also send the first as the failure of an MCP or
// A2A response, use WithPayloadErrors.
func Aggregate(v *adcp.Vocabulary, errs []*adcp.Error, opts ...WireOption) ([]byte, error) {
	if len(errs) == 0 {
		return nil, errors.New("adcp: nothing to aggregate")
	}
	return sendPayload(v, errs, configure(opts).checks)
}
