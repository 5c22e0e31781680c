package seller

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// The JSON-RPC codes transport-errors.md reserves for infrastructure that
// rejects a request before tool dispatch, and the only AdCP codes they carry.
const (
	JSONRPCRateLimited        = -32029 // RATE_LIMITED
	JSONRPCAuthMissing        = -32028 // AUTH_MISSING
	JSONRPCServiceUnavailable = -32027 // SERVICE_UNAVAILABLE
)

// ErrorMIMEType is the optional metadata.mimeType of an A2A error DataPart.
const ErrorMIMEType = "application/vnd.adcp.error+json"

// A2AErrorArtifactID is the artifactId of the artifact A2AFailedTask writes.
const A2AErrorArtifactID = "error-result"

// rpcCode returns the JSON-RPC code of an AdCP code. AUTH_REQUIRED takes
// -32028 only in versions without AUTH_MISSING (before 3.1), whose reserved
// code it was.
func rpcCode(v *adcp.Vocabulary, c adcp.Code) (int, bool) {
	switch c {
	case "RATE_LIMITED":
		return JSONRPCRateLimited, true
	case "AUTH_MISSING":
		return JSONRPCAuthMissing, true
	case "SERVICE_UNAVAILABLE":
		return JSONRPCServiceUnavailable, true
	case "AUTH_REQUIRED":
		return JSONRPCAuthMissing, !v.Known("AUTH_MISSING")
	}
	return 0, false
}

// WireOption adjusts a wire builder.
type WireOption func(*wireConfig)

type wireConfig struct {
	payload   []*adcp.Error // nil: the error itself
	mimeType  bool
	rpcCode   int
	timestamp time.Time
	checks    checks
}

// WithFlaggedTextAllowed is AllowFlaggedText for the wire builders: a
// message or suggestion that CheckMessage flags as a connection string,
// stack trace or credential is sent instead of refused. Use it only for
// text a person has checked (the check errs towards flagging).
func WithFlaggedTextAllowed() WireOption {
	return func(c *wireConfig) { c.checks.allowFlagged = true }
}

// WithPayloadErrors sets the payload layer's errors[] (by default the error
// itself). Intermediaries use it to aggregate several upstream errors, each
// passed through unchanged.
func WithPayloadErrors(errs ...*adcp.Error) WireOption {
	return func(c *wireConfig) { c.payload = append([]*adcp.Error{}, errs...) }
}

// WithErrorMIMEType sets metadata.mimeType on the A2A error DataPart.
func WithErrorMIMEType() WireOption { return func(c *wireConfig) { c.mimeType = true } }

// WithCollapsedJSONRPCCode makes JSONRPCError use one code (in the
// server-defined range -32099..-32000) for all three AdCP codes, for servers
// that prefer not to reveal which infrastructure layer rejected a request.
func WithCollapsedJSONRPCCode(code int) WireOption {
	return func(c *wireConfig) { c.rpcCode = code }
}

// WithTimestamp sets status.timestamp of an A2A task (RFC 3339, UTC).
func WithTimestamp(t time.Time) WireOption { return func(c *wireConfig) { c.timestamp = t } }

// The wire shapes, encoded by jsonwire.Marshal. Each error is a json.RawMessage:
// its encoding, the bytes its checks ran on (send).
type (
	// envelope is {"adcp_error":…}; with the payload, structuredContent.
	envelope struct {
		AdcpError json.RawMessage `json:"adcp_error"`
		Payload   json.RawMessage `json:"payload,omitempty"`
	}
	payload struct {
		Errors []json.RawMessage `json:"errors"`
	}
	mcpResult struct {
		Content           []mcpText       `json:"content"`
		IsError           bool            `json:"isError"`
		StructuredContent json.RawMessage `json:"structuredContent"`
	}
	mcpText struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	rpcResponse struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   rpcError        `json:"error"`
	}
	rpcError struct {
		Code    int             `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	}
	a2aTask struct {
		ID        string        `json:"id,omitempty"`
		Status    a2aStatus     `json:"status"`
		Artifacts []a2aArtifact `json:"artifacts"`
	}
	a2aStatus struct {
		State     string `json:"state"`
		Timestamp string `json:"timestamp,omitempty"`
	}
	a2aArtifact struct {
		ArtifactID string    `json:"artifactId"`
		Parts      []a2aPart `json:"parts"`
	}
	a2aPart struct {
		Kind     string            `json:"kind"`
		Text     string            `json:"text,omitempty"`
		Data     json.RawMessage   `json:"data,omitempty"`
		Metadata map[string]string `json:"metadata,omitempty"`
	}
)

// failure is an error checked to be sent as a failure (fatal): the two
// layers of the error model, encoded.
type failure struct {
	wireConfig
	raw      json.RawMessage // the error's encoding
	envelope json.RawMessage // {"adcp_error":…}
	errors   json.RawMessage // the payload, {"errors":[…]}
}

// fatal checks an error about to be sent as a failure, and the payload's
// errors, as MCPToolResult documents.
func fatal(v *adcp.Vocabulary, e *adcp.Error, opts []WireOption) (failure, error) {
	f := failure{wireConfig: configure(opts)}
	var err error
	if f.raw, err = send(v, e, f.checks); err != nil {
		return f, err
	}
	// BUDGET_CAP_REACHED is normally an advisory on a successful partial
	// build, and a terminal failure "only when even the first leaf would
	// exceed the cap (no partial possible)" (its description). Codes are
	// spelled as on the wire: a code may not exist in every version.
	if info, _ := v.Info(e.Code); (info.Advisory && e.Code != "BUDGET_CAP_REACHED") || e.Code == "STALE_RESPONSE" {
		return f, fmt.Errorf("adcp: %s is a non-fatal advisory: it goes in a successful payload's errors[], never in adcp_error", e.Code)
	}
	if f.envelope, err = jsonwire.Marshal(envelope{AdcpError: f.raw}); err == nil {
		f.errors, err = jsonwire.Marshal(payload{[]json.RawMessage{f.raw}})
	}
	if err != nil {
		return f, err
	}
	if f.payload != nil {
		if len(f.payload) == 0 {
			return f, errors.New("adcp: the payload's errors[] cannot be empty")
		}
		if f.errors, err = sendPayload(v, f.payload, f.checks); err != nil {
			return f, fmt.Errorf("payload errors[]: %w", err)
		}
	}
	return f, nil
}

// send checks an error a builder sends as it is (an intermediary passes
// upstream errors through unchanged), and returns its encoding: Finalize
// must accept it, and a client must accept it as it is (see check).
func send(v *adcp.Vocabulary, e *adcp.Error, ck checks) (json.RawMessage, error) {
	ck.asSent = true
	_, raw, _, err := check(v, e, ck)
	return raw, err
}

// sendPayload is send for each of errs, in order, and returns the payload
// {"errors":[…]} that holds them.
func sendPayload(v *adcp.Vocabulary, errs []*adcp.Error, ck checks) (json.RawMessage, error) {
	raws := make([]json.RawMessage, len(errs))
	for i, e := range errs {
		var err error
		if raws[i], err = send(v, e, ck); err != nil {
			return nil, err
		}
	}
	return jsonwire.Marshal(payload{raws})
}

// MCPToolResult returns the MCP CallToolResult of a tool that failed with e:
// isError true; content[0] the text {"adcp_error":…} for clients that only
// read text; content[1], when humanText is not empty, that one terse
// sentence; structuredContent with adcp_error and the payload's errors[]
// (both layers of the error model).
//
// e is sent as it is: build it with New or Finalize, or pass an upstream
// error through unchanged. MCPToolResult refuses an error Finalize
// refuses, one that a client would refuse as it is (over MaxErrorSize
// bytes of JSON, or against v's core/error.json rules or a closed details
// shape), and an advisory code (it belongs in a successful payload; see
// SuccessPayloadWithWarnings), except BUDGET_CAP_REACHED, which its
// description makes a failure when not even a partial result exists.
func MCPToolResult(v *adcp.Vocabulary, e *adcp.Error, humanText string, opts ...WireOption) ([]byte, error) {
	texts, structured, err := MCPToolResultParts(v, e, humanText, opts...)
	if err != nil {
		return nil, err
	}
	r := mcpResult{IsError: true, StructuredContent: structured}
	for _, t := range texts {
		r.Content = append(r.Content, mcpText{Type: "text", Text: t})
	}
	return jsonwire.Marshal(r)
}

// MCPToolResultParts is MCPToolResult in pieces, for an SDK adapter that
// builds the SDK's own result type from them instead of decoding the bytes:
// the text of each content item, in order (every item is a text item), as
// a client decodes it, and structuredContent; isError is true. It checks
// and refuses what MCPToolResult does.
func MCPToolResultParts(v *adcp.Vocabulary, e *adcp.Error, humanText string, opts ...WireOption) (texts []string, structured []byte, err error) {
	f, err := fatal(v, e, opts)
	if err != nil {
		return nil, nil, err
	}
	texts = []string{string(f.envelope)} // valid UTF-8: check
	if humanText != "" {
		texts = append(texts, decodedText(humanText))
	}
	structured, err = jsonwire.Marshal(envelope{f.raw, f.errors})
	return texts, structured, err
}

// decodedText is s as a client decodes the JSON string the builders write
// of it: each byte of invalid UTF-8 becomes U+FFFD.
func decodedText(s string) string { return string([]rune(s)) }

// JSONRPCError returns the JSON-RPC 2.0 error response with which
// infrastructure rejects a request before tool dispatch: -32029 for
// RATE_LIMITED, -32028 for AUTH_MISSING, -32027 for SERVICE_UNAVAILABLE,
// with the AdCP error in error.data.adcp_error (and -32028 for AUTH_REQUIRED
// in versions that have no AUTH_MISSING). Every other code is refused:
// application errors travel in the tool result (MCPToolResult).
//
// id is the request id: a string, a number (or json.Number), nil for null,
// or its raw JSON in valid UTF-8. error.message is e.Message.
func JSONRPCError(v *adcp.Vocabulary, id any, e *adcp.Error, opts ...WireOption) ([]byte, error) {
	code, msg, data, err := JSONRPCErrorObject(v, e, opts...)
	if err != nil {
		return nil, err
	}
	// One string, number or null: its first byte says which.
	rawID, err := rawJSON(id)
	rawID = bytes.TrimSpace(rawID)
	if err != nil || !oneValue(rawID) || !strings.ContainsRune(`"n-0123456789`, rune(rawID[0])) {
		return nil, errors.New("adcp: a JSON-RPC id must be a string, a number or null")
	}
	return jsonwire.Marshal(rpcResponse{JSONRPC: "2.0", ID: rawID, Error: rpcError{code, msg, data}})
}

// JSONRPCErrorObject is the error member of JSONRPCError's response, for
// an SDK that carries a JSON-RPC error as a type of its own: its code, its
// message as a client decodes it (invalid UTF-8 replaced, as encoding/json
// replaces it) and its data, {"adcp_error":…}. It refuses what JSONRPCError
// refuses but the id, which it does not take.
func JSONRPCErrorObject(v *adcp.Vocabulary, e *adcp.Error, opts ...WireOption) (code int, message string, data json.RawMessage, err error) {
	f, err := fatal(v, e, opts)
	if err != nil {
		return 0, "", nil, err
	}
	code, ok := rpcCode(v, e.Code)
	if !ok {
		return 0, "", nil, fmt.Errorf("adcp: %s cannot be a JSON-RPC error: only RATE_LIMITED, AUTH_MISSING and SERVICE_UNAVAILABLE rejected before tool dispatch can; send it in the tool result", e.Code)
	}
	if f.rpcCode != 0 {
		if f.rpcCode < -32099 || f.rpcCode > -32000 {
			return 0, "", nil, fmt.Errorf("adcp: JSON-RPC code %d is outside the server-defined range -32099..-32000", f.rpcCode)
		}
		code = f.rpcCode
	}
	return code, decodedText(e.Message), f.envelope, nil
}

// A2AFailedTask returns the A2A task of a task that failed with e: status
// state "failed" and one artifact ("error-result") whose parts are a
// TextPart (humanText, or e.Message when humanText is empty), a DataPart
// {"adcp_error":…} and a DataPart holding the payload's errors[]. taskID may
// be empty. It refuses what MCPToolResult refuses.
func A2AFailedTask(v *adcp.Vocabulary, taskID string, e *adcp.Error, humanText string, opts ...WireOption) ([]byte, error) {
	p, err := A2AFailedTaskParts(v, e, humanText, opts...)
	if err != nil {
		return nil, err
	}
	errPart := a2aPart{Kind: "data", Data: p.Error}
	if p.ErrorMIMEType {
		errPart.Metadata = map[string]string{"mimeType": ErrorMIMEType}
	}
	return jsonwire.Marshal(a2aTask{
		ID:     taskID,
		Status: a2aStatus{State: "failed", Timestamp: p.Timestamp},
		Artifacts: []a2aArtifact{{
			ArtifactID: A2AErrorArtifactID,
			Parts:      []a2aPart{{Kind: "text", Text: p.Text}, errPart, {Kind: "data", Data: p.Payload}},
		}},
	})
}

// A2AParts is the task A2AFailedTask writes, in pieces, for an SDK adapter
// that builds the SDK's own task from them instead of decoding the bytes:
// status state "failed", and one artifact (A2AErrorArtifactID) whose parts
// are a TextPart (Text), a DataPart (Error, with metadata {"mimeType":
// ErrorMIMEType} when ErrorMIMEType is set) and a DataPart (Payload).
type A2AParts struct {
	// Text is the TextPart's text, as a client decodes it.
	Text string
	// Error is the first DataPart's data, {"adcp_error":…}.
	Error []byte
	// ErrorMIMEType is set by WithErrorMIMEType.
	ErrorMIMEType bool
	// Payload is the second DataPart's data, the payload {"errors":[…]}.
	Payload []byte
	// Timestamp is status.timestamp as written (RFC 3339, UTC, whole
	// seconds), or empty when WithTimestamp did not set one.
	Timestamp string
}

// ErrorData is Error as encoding/json decodes it into a map[string]any
// (numbers as float64), for an SDK whose DataPart holds decoded data
// (a2a-go's).
func (p A2AParts) ErrorData() (map[string]any, error) { return decodeData("error", p.Error) }

// PayloadData is Payload decoded as ErrorData decodes Error.
func (p A2AParts) PayloadData() (map[string]any, error) { return decodeData("payload", p.Payload) }

// decodeData decodes a DataPart's data, a JSON object, as encoding/json
// decodes it into a map[string]any; part names the part in the error.
func decodeData(part string, b []byte) (map[string]any, error) {
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil || m == nil {
		return nil, fmt.Errorf("adcp: the %s DataPart's data is not a JSON object whose numbers fit a float64", part)
	}
	return m, nil
}

// A2AFailedTaskParts is A2AFailedTask in pieces (without the task id, which
// the SDK's task carries apart). It checks and refuses what A2AFailedTask
// does.
func A2AFailedTaskParts(v *adcp.Vocabulary, e *adcp.Error, humanText string, opts ...WireOption) (A2AParts, error) {
	f, err := fatal(v, e, opts)
	if err != nil {
		return A2AParts{}, err
	}
	p := A2AParts{Error: f.envelope, ErrorMIMEType: f.mimeType, Payload: f.errors}
	p.Text = decodedText(cmp.Or(humanText, e.Message)) // as encoding/json writes it
	if !f.timestamp.IsZero() {
		p.Timestamp = f.timestamp.UTC().Format(time.RFC3339)
	}
	return p, nil
}

// SuccessPayloadWithWarnings returns a successful task payload with non-fatal
// errors (advisories such as STALE_RESPONSE, or warnings on a submitted or
// input-required task) appended to its errors[]. The payload is a value that
// encodes to a JSON object, or its raw JSON in valid UTF-8; its members keep
// their order.
// Each warning gets "severity": "warning" (a member core/error.json does not
// declare but allows) unless it has a severity already. Warnings never go
// into adcp_error, so a payload holding adcp_error is refused, as is an
// errors member that is not an array. Each warning is checked against
// vocabulary v as MCPToolResult checks an error; the options that apply
// are WithFlaggedTextAllowed.
//
// STALE_RESPONSE is sent only with a non-empty payload served from cache, so
// it is refused on an empty payload: one whose members other than errors,
// context and ext (the echoed request context and extensions, which are not
// served data) are all null, "", [] or {}.
func SuccessPayloadWithWarnings(v *adcp.Vocabulary, payload any, warnings []*adcp.Error, opts ...WireOption) ([]byte, error) {
	cfg := configure(opts)
	if payload == nil {
		payload = json.RawMessage("{}")
	}
	raw, err := rawJSON(payload)
	if err != nil {
		return nil, err
	}
	ms, err := members(raw)
	if err != nil {
		return nil, fmt.Errorf("adcp: payload: %w", err)
	}
	if ms.index("adcp_error") >= 0 {
		return nil, errors.New("adcp: a successful payload must not carry adcp_error")
	}
	var errs []json.RawMessage
	i := ms.index("errors")
	if i >= 0 && (ms[i].Raw[0] != '[' || json.Unmarshal(ms[i].Raw, &errs) != nil) {
		return nil, errors.New("adcp: payload errors must be an array")
	}
	for _, w := range warnings {
		b, err := send(v, w, cfg.checks)
		if err != nil {
			return nil, err
		}
		if w.Code == "STALE_RESPONSE" && emptyPayload(ms) {
			return nil, errors.New("adcp: STALE_RESPONSE needs a non-empty payload: it marks served data as stale")
		}
		if _, has := w.Extra["severity"]; !has {
			b = append(b[:len(b)-1], `,"severity":"warning"}`...)
		}
		errs = append(errs, b)
	}
	if i < 0 && len(warnings) > 0 {
		ms, i = append(ms, jsonwire.Member{Key: "errors"}), len(ms)
	}
	if i >= 0 {
		ms[i].Raw, _ = jsonwire.Marshal(errs) // compact values
	}
	return jsonwire.Marshal(ms)
}

// emptyPayload reports whether a payload carries no data: every member
// but errors, context and ext is null, "", [] or {} (compact JSON).
func emptyPayload(ms object) bool {
	return !slices.ContainsFunc(ms, func(m jsonwire.Member) bool {
		return !slices.Contains([]string{"errors", "context", "ext"}, m.Key) &&
			!slices.Contains([]string{"null", `""`, "[]", "{}"}, string(m.Raw))
	})
}

// HTTPStatus returns the HTTP status code of the response that carries e,
// for sellers whose transport runs over HTTP:
//
//   - CONFIGURATION_ERROR: 500 Internal Server Error, and
//     GOVERNANCE_UNAVAILABLE: 503 Service Unavailable. These two are system
//     failures for which sellers must flip every transport failure marker:
//     HTTP 5xx (so a client that drops the body of a 5xx, as the go-sdk MCP
//     client does, still learns from the status that the seller failed),
//     MCP isError: true (MCPToolResult), A2A task state "failed"
//     (A2AFailedTask), with the error in both adcp_error and the payload's
//     errors[].
//   - Every other error: 200 OK. AdCP errors are application-layer errors:
//     a tool-level error (MCPToolResult, A2AFailedTask) rides a successful
//     HTTP response and is told apart by isError or the task state; an
//     advisory rides a successful payload (SuccessPayloadWithWarnings).
//   - The reserved JSON-RPC rejections (JSONRPCError: RATE_LIMITED,
//     AUTH_MISSING, SERVICE_UNAVAILABLE) are 200 too: a JSON-RPC error is a
//     normal HTTP response, and MCP clients such as the go-sdk one discard
//     the body of a 429, 500, 502, 503 or 504, so the adcp_error would never
//     reach the buyer (the mcpsdk adapter's WriteHTTPRejection answers 200).
//   - nil: 200 OK.
func HTTPStatus(e *adcp.Error) int {
	if e == nil {
		return 200
	}
	switch e.Code {
	case "CONFIGURATION_ERROR":
		return 500
	case "GOVERNANCE_UNAVAILABLE":
		return 503
	}
	return 200
}

// rawJSON is v as JSON: v itself when it is raw JSON (json.RawMessage or
// []byte), else jsonwire.Marshal(v).
func rawJSON(v any) ([]byte, error) {
	switch r := v.(type) {
	case json.RawMessage:
		return r, nil
	case []byte:
		return r, nil
	}
	return jsonwire.Marshal(v)
}
