package seller

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"

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

// wireRPCCodes maps the AdCP codes a JSON-RPC error may carry to their codes.
var wireRPCCodes = map[adcp.Code]int{
	"RATE_LIMITED":        JSONRPCRateLimited,
	"AUTH_MISSING":        JSONRPCAuthMissing,
	"SERVICE_UNAVAILABLE": JSONRPCServiceUnavailable,
}

// wireRPCCode returns the JSON-RPC code of an AdCP code. AUTH_REQUIRED takes
// -32028 only in versions without AUTH_MISSING (before 3.1), whose reserved
// code it was.
func wireRPCCode(v *adcp.Vocabulary, c adcp.Code) (int, bool) {
	if c == "AUTH_REQUIRED" {
		return JSONRPCAuthMissing, !v.Known("AUTH_MISSING")
	}
	n, ok := wireRPCCodes[c]
	return n, ok
}

// WireOption adjusts a wire builder.
type WireOption func(*wireConfig)

type wireConfig struct {
	payload    []*adcp.Error
	payloadSet bool
	mimeType   bool
	rpcCode    int
	timestamp  time.Time
	checks     buildChecks

	// Set by wireFatal: the encodings, as checked, of the error and of the
	// payload's errors (nil when the payload is the error alone: raw).
	raw        []byte
	payloadRaw [][]byte
}

// payloadEncodings returns the encodings of the payload's errors: the
// error's own when WithPayloadErrors set none.
func (c *wireConfig) payloadEncodings(one *[1][]byte) [][]byte {
	if c.payloadRaw != nil {
		return c.payloadRaw
	}
	one[0] = c.raw
	return one[:]
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
	return func(c *wireConfig) { c.payload, c.payloadSet = errs, true }
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

// The wire shapes are written as encoding/json would encode them (compact,
// members in order, strings as jsonwire.AppendString writes them, no HTML
// escaping) from the errors' encodings the checks ran on, so that each error
// is encoded once (wire_ref_test.go holds the encoding/json structs they are
// compared with).

// wireAppendEnvelope appends {"adcp_error":raw}.
func wireAppendEnvelope(b, raw []byte) []byte {
	b = append(b, `{"adcp_error":`...)
	b = append(b, raw...)
	return append(b, '}')
}

// wireAppendPayload appends {"errors":[raws...]}.
func wireAppendPayload(b []byte, raws [][]byte) []byte {
	b = append(b, `{"errors":[`...)
	for i, r := range raws {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, r...)
	}
	return append(b, "]}"...)
}

// wireSize is the length of raws' encodings, a capacity for the output.
func wireSize(raws [][]byte) int {
	n := 0
	for _, r := range raws {
		n += len(r) + 1
	}
	return n
}

// MCPToolResult returns the MCP CallToolResult of a tool that failed with e:
// isError true; content[0] the text {"adcp_error":…} for clients that only
// read text; content[1], when humanText is not empty, that one terse
// sentence; structuredContent with adcp_error and the payload's errors[]
// (both layers of the error model).
//
// e is sent as it is: build it with New or Finalize, or pass an upstream
// error through unchanged. MCPToolResult sends only what Finalize accepts
// and what a client accepts as it is (see wireCheck): it refuses an error
// Finalize refuses (an unknown code, a raw member that is not one JSON
// value, details that do not fit the code's shape, flagged text, ...), an
// error whose own encoding v's core/error.json rules or the code's details
// shape refuse, or that Validate refuses (over MaxErrorSize bytes of JSON);
// and an advisory code (it belongs in a successful payload; see
// SuccessPayloadWithWarnings), except BUDGET_CAP_REACHED, which its
// description makes a failure when not even a partial result exists.
func MCPToolResult(v *adcp.Vocabulary, e *adcp.Error, humanText string, opts ...WireOption) ([]byte, error) {
	c, err := wireFatal(v, e, opts)
	if err != nil {
		return nil, err
	}
	text, structured := wireMCPPieces(&c)
	b := make([]byte, 0, 2*len(text)+len(humanText)+len(structured)+96)
	b = append(b, `{"content":[{"type":"text","text":`...)
	b = jsonwire.AppendStringTo(b, text)
	b = append(b, '}')
	if humanText != "" {
		b = append(b, `,{"type":"text","text":`...)
		b = jsonwire.AppendStringTo(b, humanText)
		b = append(b, '}')
	}
	b = append(b, `],"isError":true,"structuredContent":`...)
	b = append(b, structured...)
	return append(b, '}'), nil
}

// MCPToolResultParts is MCPToolResult in pieces, for an SDK adapter that
// builds the SDK's own result type from them instead of decoding the bytes:
// the text of each content item, in order (every item is a text item), as
// a client decodes it, and structuredContent; isError is true. It checks
// and refuses what MCPToolResult does.
func MCPToolResultParts(v *adcp.Vocabulary, e *adcp.Error, humanText string, opts ...WireOption) (texts []string, structured []byte, err error) {
	c, err := wireFatal(v, e, opts)
	if err != nil {
		return nil, nil, err
	}
	text, structured := wireMCPPieces(&c)
	texts = []string{wireDecodedText(text)}
	if humanText != "" {
		texts = append(texts, wireDecodedText(humanText))
	}
	return texts, structured, nil
}

// wireMCPPieces returns the tool result's first text item, {"adcp_error":…},
// and its structuredContent.
func wireMCPPieces(c *wireConfig) (text string, structured []byte) {
	var one [1][]byte
	payload := c.payloadEncodings(&one)
	text = string(wireAppendEnvelope(make([]byte, 0, len(c.raw)+16), c.raw))
	structured = make([]byte, 0, len(c.raw)+wireSize(payload)+48)
	structured = append(structured, `{"adcp_error":`...)
	structured = append(structured, c.raw...)
	structured = append(structured, `,"payload":`...)
	structured = wireAppendPayload(structured, payload)
	return text, append(structured, '}')
}

// wireDecodedText is s as a client decodes the JSON string the builders
// write of it: invalid UTF-8 becomes U+FFFD.
func wireDecodedText(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return string(jsonwire.Unquote(nil, jsonwire.AppendStringTo(nil, s)))
}

// JSONRPCError returns the JSON-RPC 2.0 error response with which
// infrastructure rejects a request before tool dispatch: -32029 for
// RATE_LIMITED, -32028 for AUTH_MISSING, -32027 for SERVICE_UNAVAILABLE,
// with the AdCP error in error.data.adcp_error (and -32028 for AUTH_REQUIRED
// in versions that have no AUTH_MISSING). Every other code is refused:
// application errors travel in the tool result (MCPToolResult).
//
// id is the request id: a string, a number (or json.Number), nil for null,
// or its raw JSON. error.message is e.Message, or the code when e has none.
func JSONRPCError(v *adcp.Vocabulary, id any, e *adcp.Error, opts ...WireOption) ([]byte, error) {
	code, msg, raw, err := wireRPCError(v, e, opts)
	if err != nil {
		return nil, err
	}
	rawID, err := wireRPCID(id)
	if err != nil {
		return nil, err
	}
	b := make([]byte, 0, len(rawID)+len(msg)+len(raw)+96)
	b = append(b, `{"jsonrpc":"2.0","id":`...)
	b = append(b, rawID...)
	b = append(b, `,"error":{"code":`...)
	b = strconv.AppendInt(b, int64(code), 10)
	b = append(b, `,"message":`...)
	b = jsonwire.AppendStringTo(b, msg)
	b = append(b, `,"data":`...)
	b = wireAppendEnvelope(b, raw)
	return append(b, "}}"...), nil
}

// JSONRPCErrorObject is the error member of JSONRPCError's response, for
// an SDK that carries a JSON-RPC error as a type of its own: its code, its
// message as a client decodes it (invalid UTF-8 replaced, as encoding/json
// replaces it) and its data, {"adcp_error":…}. It refuses what JSONRPCError
// refuses but the id, which it does not take.
func JSONRPCErrorObject(v *adcp.Vocabulary, e *adcp.Error, opts ...WireOption) (code int, message string, data json.RawMessage, err error) {
	code, message, raw, err := wireRPCError(v, e, opts)
	if err != nil {
		return 0, "", nil, err
	}
	message = wireDecodedText(message)
	return code, message, wireAppendEnvelope(make([]byte, 0, len(raw)+16), raw), nil
}

// wireRPCError checks an error about to be sent as a JSON-RPC error and
// returns its code, its message as written and its checked encoding.
func wireRPCError(v *adcp.Vocabulary, e *adcp.Error, opts []WireOption) (code int, msg string, raw []byte, err error) {
	c, err := wireFatal(v, e, opts)
	if err != nil {
		return 0, "", nil, err
	}
	code, ok := wireRPCCode(v, e.Code)
	if !ok {
		return 0, "", nil, fmt.Errorf("adcp: %s cannot be a JSON-RPC error: only RATE_LIMITED, AUTH_MISSING and SERVICE_UNAVAILABLE rejected before tool dispatch can; send it in the tool result", e.Code)
	}
	if c.rpcCode != 0 {
		if c.rpcCode < -32099 || c.rpcCode > -32000 {
			return 0, "", nil, fmt.Errorf("adcp: JSON-RPC code %d is outside the server-defined range -32099..-32000", c.rpcCode)
		}
		code = c.rpcCode
	}
	msg = e.Message
	if msg == "" {
		msg = string(e.Code)
	}
	return code, msg, c.raw, nil
}

// wireRPCID encodes a JSON-RPC id, which must be a string, a number or null:
// the one value, without the white space around it (what encoding/json
// writes of it).
func wireRPCID(id any) ([]byte, error) {
	var raw []byte
	switch v := id.(type) {
	case json.RawMessage:
		raw = bytes.TrimSpace(v)
	case []byte:
		raw = bytes.TrimSpace(v)
	default:
		b, err := jsonwire.Marshal(id)
		if err != nil {
			return nil, err
		}
		raw = b
	}
	if len(raw) > 0 && raw[0] != 't' && raw[0] != 'f' && jsonwire.Scalar(raw, 0) == len(raw) {
		return raw, nil
	}
	return nil, errors.New("adcp: a JSON-RPC id must be a string, a number or null")
}

// A2AFailedTask returns the A2A task of a task that failed with e: status
// state "failed" and one artifact ("error-result") whose parts are a
// TextPart (humanText, or e.Message when humanText is empty), a DataPart
// {"adcp_error":…} and a DataPart holding the payload's errors[]. taskID may
// be empty. It refuses what MCPToolResult refuses.
func A2AFailedTask(v *adcp.Vocabulary, taskID string, e *adcp.Error, humanText string, opts ...WireOption) ([]byte, error) {
	p, text, err := wireA2AParts(v, e, humanText, opts)
	if err != nil {
		return nil, err
	}
	b := make([]byte, 0, len(taskID)+len(text)+len(p.Error)+len(p.Payload)+256)
	b = append(b, '{')
	if taskID != "" {
		b = append(b, `"id":`...)
		b = jsonwire.AppendStringTo(b, taskID)
		b = append(b, ',')
	}
	b = append(b, `"status":{"state":"failed"`...)
	if p.Timestamp != "" {
		b = append(b, `,"timestamp":`...)
		b = jsonwire.AppendStringTo(b, p.Timestamp)
	}
	b = append(b, `},"artifacts":[{"artifactId":"`+A2AErrorArtifactID+`","parts":[{"kind":"text","text":`...)
	b = jsonwire.AppendStringTo(b, text)
	b = append(b, `},{"kind":"data","data":`...)
	b = append(b, p.Error...)
	if p.ErrorMIMEType {
		b = append(b, `,"metadata":{"mimeType":"`+ErrorMIMEType+`"}`...)
	}
	b = append(b, `},{"kind":"data","data":`...)
	b = append(b, p.Payload...)
	return append(b, "}]}]}"...), nil
}

// A2AErrorArtifactID is the artifactId of the artifact A2AFailedTask writes.
const A2AErrorArtifactID = "error-result"

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
// (a2a-go's), decoded in one pass over bytes the builder checked instead of
// by encoding/json's reflective decoder.
func (p A2AParts) ErrorData() (map[string]any, error) { return wireDecodeData("error", p.Error) }

// PayloadData is Payload decoded as ErrorData decodes Error.
func (p A2AParts) PayloadData() (map[string]any, error) { return wireDecodeData("payload", p.Payload) }

// wireDecodeData decodes a DataPart's data, a JSON object, as encoding/json
// decodes it into a map[string]any; part names the part in the error.
func wireDecodeData(part string, b []byte) (map[string]any, error) {
	v, ok := jsonwire.DecodeAny(b, false)
	m, isMap := v.(map[string]any)
	if !ok || !isMap {
		return nil, fmt.Errorf("adcp: the %s DataPart's data is not a JSON object whose numbers fit a float64", part)
	}
	return m, nil
}

// A2AFailedTaskParts is A2AFailedTask in pieces (without the task id, which
// the SDK's task carries apart). It checks and refuses what A2AFailedTask
// does.
func A2AFailedTaskParts(v *adcp.Vocabulary, e *adcp.Error, humanText string, opts ...WireOption) (A2AParts, error) {
	p, text, err := wireA2AParts(v, e, humanText, opts)
	p.Text = wireDecodedText(text)
	return p, err
}

// wireA2AParts returns the task's parts but Text, and the TextPart's text
// as it is written.
func wireA2AParts(v *adcp.Vocabulary, e *adcp.Error, humanText string, opts []WireOption) (p A2AParts, text string, err error) {
	c, err := wireFatal(v, e, opts)
	if err != nil {
		return A2AParts{}, "", err
	}
	text = humanText
	if text == "" {
		text = e.Message
	}
	if text == "" {
		text = string(e.Code)
	}
	p = A2AParts{ErrorMIMEType: c.mimeType}
	if !c.timestamp.IsZero() {
		p.Timestamp = c.timestamp.UTC().Format(time.RFC3339)
	}
	p.Error = wireAppendEnvelope(make([]byte, 0, len(c.raw)+16), c.raw)
	var one [1][]byte
	payload := c.payloadEncodings(&one)
	p.Payload = wireAppendPayload(make([]byte, 0, wireSize(payload)+16), payload)
	return p, text, nil
}

// codeBudgetCapReached is normally an advisory on a successful partial
// build, and a terminal failure "only when even the first leaf would exceed
// the cap (no partial possible)" (its description).
const codeBudgetCapReached = adcp.Code("BUDGET_CAP_REACHED")

// wireFatal checks an error about to be sent as a failure, and the options.
func wireFatal(v *adcp.Vocabulary, e *adcp.Error, opts []WireOption) (wireConfig, error) {
	var c wireConfig
	for _, o := range opts {
		o(&c)
	}
	raw, err := wireCheck(v, e, c.checks)
	if err != nil {
		return c, err
	}
	c.raw = raw
	if info, _ := v.Info(e.Code); (info.Advisory && e.Code != codeBudgetCapReached) || e.Code == codeStaleResponse {
		return c, fmt.Errorf("adcp: %s is a non-fatal advisory: it goes in a successful payload's errors[], never in adcp_error", e.Code)
	}
	if !c.payloadSet {
		return c, nil // the payload is e alone: payloadEncodings
	}
	if len(c.payload) == 0 {
		return c, errors.New("adcp: the payload's errors[] cannot be empty")
	}
	c.payloadRaw = make([][]byte, len(c.payload))
	for i, p := range c.payload {
		if p == e { // checked above
			c.payloadRaw[i] = raw
			continue
		}
		r, err := wireCheck(v, p, c.checks)
		if err != nil {
			return c, fmt.Errorf("payload errors[]: %w", err)
		}
		c.payloadRaw[i] = r
	}
	return c, nil
}

// wireCheck refuses an error a builder must not send. Every builder sends
// an error as it is (an intermediary passes upstream errors through
// unchanged), so it checks both:
//   - that Finalize accepts e (the code, recovery, raw members, details
//     shape, message hygiene, size and the version's core/error.json rules);
//   - that e itself, encoded as it will be sent, is what a client accepts:
//     one object whose code is e's, valid against v's core/error.json rules
//     (Vocabulary.Validate), with details that fit the code's shape as they
//     are (Finalize would drop a closed shape's undeclared members; a
//     builder refuses them), and no larger than Validate allows.
//
// It returns e's encoding, the bytes it checked. An error remembered as
// accepted (checked.go: New, Build and Finalize return such errors) and
// unchanged since is not checked again.
func wireCheck(v *adcp.Vocabulary, e *adcp.Error, checks buildChecks) ([]byte, error) {
	if e == nil {
		return nil, errors.New("adcp: nil error")
	}
	if n := utf8.RuneCountInString(string(e.Code)); n == 0 || n > adcp.MaxCodeLength {
		return nil, fmt.Errorf("adcp: code %q must have 1 to %d characters", e.Code, adcp.MaxCodeLength)
	}
	if raw, ok := checkedEncoding(v, e, checks); ok {
		return raw, nil // checked before, unchanged since (checked.go)
	}
	var doneRaw []byte
	done, _, err := finalize(v, e, checks, &doneRaw)
	if err != nil {
		return nil, err
	}
	raw, err := buildEncode(e, false)
	if err != nil {
		return nil, fmt.Errorf("adcp: %s: %w", e.Code, err)
	}
	if bytes.Equal(raw, doneRaw) && bytes.Equal(e.Details, done.Details) {
		// e is what Finalize made of it, as errors built with New are:
		// finalize ran the checks below on these very bytes (the same
		// encoding, code and details, none dropped).
		rememberChecked(v, e, checks, raw, false)
		return append([]byte(nil), raw...), nil
	}
	if err := buildCheckSize(raw); err != nil {
		return nil, fmt.Errorf("adcp: %s: %w", e.Code, err)
	}
	if err := buildRevalidate(v, e.Code, raw); err != nil {
		return nil, fmt.Errorf("adcp: %s: as sent: %w", e.Code, err)
	}
	if len(e.Details) > 0 && !bytes.Equal(jsonwire.Trim(e.Details), []byte("null")) {
		obj, err := buildObject(e.Details)
		if err != nil {
			return nil, fmt.Errorf("adcp: %s: details: %w", e.Code, err)
		}
		info, _ := v.Info(e.Code)
		if err := buildCheckShapes(info, e.Code, e.Details, obj); err != nil {
			return nil, fmt.Errorf("adcp: %s: details as sent: %w", e.Code, err)
		}
	}
	rememberChecked(v, e, checks, raw, false)
	return append([]byte(nil), raw...), nil
}

// SuccessPayloadWithWarnings returns a successful task payload with non-fatal
// errors (advisories such as STALE_RESPONSE, or warnings on a submitted or
// input-required task) appended to its errors[]. The payload is a value that
// encodes to a JSON object, or its raw JSON; its members keep their order.
// Each warning gets "severity": "warning" (a member core/error.json does not
// declare but allows) unless it has a severity already. Warnings never go
// into adcp_error, so a payload holding adcp_error is refused, as is an
// errors member that is not an array. Each warning is checked against
// vocabulary v as MCPToolResult checks an error (wireCheck); the options
// that apply are WithFlaggedTextAllowed.
//
// STALE_RESPONSE is sent only with a non-empty payload served from cache, so
// it is refused on an empty payload: one whose members other than errors,
// context and ext (the echoed request context and extensions, which are not
// served data) are all null, "", [] or {}.
func SuccessPayloadWithWarnings(v *adcp.Vocabulary, payload any, warnings []*adcp.Error, opts ...WireOption) ([]byte, error) {
	var cfg wireConfig
	for _, o := range opts {
		o(&cfg)
	}
	var raw []byte
	switch v := payload.(type) {
	case nil:
		raw = []byte("{}")
	case json.RawMessage:
		raw = v
	case []byte:
		raw = v
	default:
		b, err := jsonwire.Marshal(payload)
		if err != nil {
			return nil, err
		}
		raw = b
	}
	members, err := wireMembers(raw)
	if err != nil {
		return nil, fmt.Errorf("adcp: payload: %w", err)
	}
	var items [][]byte
	for _, w := range warnings {
		b, err := wireCheck(v, w, cfg.checks)
		if err != nil {
			return nil, err
		}
		if w.Code == codeStaleResponse && wireEmptyPayload(members) {
			return nil, errors.New("adcp: STALE_RESPONSE needs a non-empty payload: it marks served data as stale")
		}
		if _, has := w.Extra["severity"]; !has {
			b = append(b[:len(b)-1], `,"severity":"warning"}`...)
		}
		items = append(items, b)
	}
	var out bytes.Buffer
	out.Grow(len(raw) + wireSize(items) + len(`,"errors":[]`))
	out.WriteByte('{')
	wrote := false
	var key []byte
	for i, m := range members {
		if m.key == "adcp_error" {
			return nil, errors.New("adcp: a successful payload must not carry adcp_error")
		}
		if i > 0 {
			out.WriteByte(',')
		}
		key = jsonwire.AppendStringTo(key[:0], m.key)
		out.Write(key)
		out.WriteByte(':')
		if m.key != "errors" {
			out.Write(m.value)
			continue
		}
		if len(m.value) == 0 || m.value[0] != '[' {
			return nil, errors.New("adcp: payload errors must be an array")
		}
		wireAppendArray(&out, m.value, items)
		wrote = true
	}
	if !wrote && len(items) > 0 {
		if len(members) > 0 {
			out.WriteByte(',')
		}
		out.WriteString(`"errors":`)
		wireAppendArray(&out, []byte("[]"), items)
	}
	out.WriteByte('}')
	return out.Bytes(), nil
}

// wireEmptyPayload reports whether a payload carries no data: every member
// but errors, context and ext is null, "", [] or {} (compact JSON).
func wireEmptyPayload(members []wireMember) bool {
	for _, m := range members {
		switch m.key {
		case "errors", "context", "ext":
			continue
		}
		switch string(m.value) {
		case "null", `""`, "[]", "{}":
		default:
			return false
		}
	}
	return true
}

// HTTPStatus returns the HTTP status code of the response that carries e,
// for sellers whose transport runs over HTTP:
//
//   - CONFIGURATION_ERROR: 500 Internal Server Error, and
//     GOVERNANCE_UNAVAILABLE: 503 Service Unavailable. These two are system
//     failures for which sellers must flip every transport failure marker:
//     HTTP 5xx, MCP isError: true (MCPToolResult), A2A task state "failed"
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
//
// Clients that drop the body of a 5xx (the go-sdk MCP client does) see only
// the status for the two system failures; the status alone then tells them
// the seller failed, which is what these codes require.
func HTTPStatus(e *adcp.Error) int {
	if e == nil {
		return 200
	}
	switch e.Code {
	case codeConfigurationError:
		return 500
	case codeGovernanceUnavail:
		return 503
	}
	return 200
}

// wireAppendArray writes the compact JSON array arr with items appended.
func wireAppendArray(out *bytes.Buffer, arr []byte, items [][]byte) {
	body := bytes.TrimSpace(arr[1 : len(arr)-1])
	out.WriteByte('[')
	out.Write(body)
	for i, it := range items {
		if i > 0 || len(body) > 0 {
			out.WriteByte(',')
		}
		out.Write(it)
	}
	out.WriteByte(']')
}

type wireMember struct {
	key   string
	value []byte // compact JSON
}

// wireMembers decodes the members of a JSON object in order, compacting
// each value into one buffer; a duplicate key is refused (names compared
// as encoding/json decodes them).
func wireMembers(raw []byte) ([]wireMember, error) {
	var ms []wireMember
	seen := make(map[string]struct{}, 8)
	buf := make([]byte, 0, len(raw)) // every value, compacted
	switch err := buildEachMember(raw, func(name, value []byte) error {
		if _, dup := seen[string(name)]; dup {
			return fmt.Errorf("duplicate member %q", string(name))
		}
		key := string(name)
		seen[key] = struct{}{}
		n := len(buf)
		buf = jsonwire.AppendCompact(buf, value)
		ms = append(ms, wireMember{key, buf[n:len(buf):len(buf)]})
		return nil
	}); err {
	case nil:
		return ms, nil
	case errNotObject:
		return nil, errors.New("must be a JSON object")
	case errInvalidObject:
		return nil, buildInvalidJSON(raw)
	default:
		return nil, err
	}
}
