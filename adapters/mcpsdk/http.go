package mcpsdk

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

// maxGatewayBody bounds how much of a request body WriteHTTPRejection reads
// to find the request id.
const maxGatewayBody = 1 << 20

// WriteHTTPRejection answers an MCP streamable-HTTP request, from a gateway
// in front of the MCP endpoint, with the JSON-RPC error of e (the reserved
// code, data carrying the AdCP error) and HTTP status 200, whose body the
// go-sdk client keeps (see the package documentation). The response id is
// the request's (read from r.Body, at most 1 MiB) when it is a string or a
// number RequireExactIDs lets through, else null. A request without an id
// is a notification: it is answered 202 Accepted with no body, as the
// transport asks.
//
// Only RATE_LIMITED, AUTH_MISSING and SERVICE_UNAVAILABLE are accepted (see
// RPCError); on any other error nothing is written and the error returned.
func WriteHTTPRejection(w http.ResponseWriter, r *http.Request, v *adcp.Vocabulary, e *adcp.Error, opts ...seller.WireOption) error {
	var body []byte
	if r.Body != nil {
		body, _ = io.ReadAll(io.LimitReader(r.Body, maxGatewayBody))
	}
	id, isCall := requestID(body)
	out, err := seller.JSONRPCError(v, id, e, opts...)
	if err != nil {
		return err
	}
	if !isCall {
		w.WriteHeader(http.StatusAccepted)
		return nil
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, err = w.Write(out)
	return err
}

// requestID returns the id of a JSON-RPC request as raw JSON, and whether
// the body is a call (has an id member). An id that is not a string or an
// exact number (exactID), or a body that is not a JSON object, gives null
// and a call: the error must still be answered.
func requestID(body []byte) (json.RawMessage, bool) {
	var msg map[string]json.RawMessage
	if err := json.Unmarshal(body, &msg); err != nil {
		return json.RawMessage("null"), true
	}
	id, ok := msg["id"]
	if !ok {
		_, hasMethod := msg["method"]
		return json.RawMessage("null"), !hasMethod
	}
	id = bytes.TrimSpace(id)
	if len(id) > 0 && id[0] == '"' || isNumber(id) && exactID(string(id)) {
		return id, true
	}
	return json.RawMessage("null"), true
}
