package mcpsdk

import (
	"bytes"
	"io"
	"net/http"

	"github.com/adcp-gen/adcp-gen/adcp"
)

// KeepErrorBodies returns an http.RoundTripper for a go-sdk buyer
// (mcp.StreamableClientTransport.HTTPClient) that keeps the AdCP error a
// gateway sends with HTTP 429 or 5xx, whose body the client discards (see
// the package documentation). A 429 or 5xx response whose body (at most
// 1 MiB) is a JSON-RPC error response with a valid error.data.adcp_error is
// handed to the client with status 200, so that Extract finds the error;
// every other response passes unchanged (its body re-readable).
//
// base is the transport to wrap; nil means http.DefaultTransport.
func KeepErrorBodies(base http.RoundTripper) http.RoundTripper {
	if base == nil {
		base = http.DefaultTransport
	}
	return keepErrorBodies{base}
}

type keepErrorBodies struct{ base http.RoundTripper }

func (k keepErrorBodies) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := k.base.RoundTrip(r)
	if err != nil || (resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode < 500) {
		return resp, err
	}
	body, rerr := io.ReadAll(io.LimitReader(resp.Body, maxGatewayBody+1))
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	if rerr != nil || len(body) > maxGatewayBody {
		return resp, nil
	}
	if x, ok := adcp.Extract(body); ok && x.Path == adcp.PathJSONRPCError {
		resp.StatusCode, resp.Status = http.StatusOK, "200 OK"
		resp.Header = resp.Header.Clone()
		resp.Header.Set("Content-Type", "application/json")
		resp.ContentLength = int64(len(body))
	}
	return resp, nil
}
