package adcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// Path names where in a response an AdCP error was found.
type Path string

// The extraction paths, in the normative detection order of
// transport-errors.md § "Client Detection Order" (first hit wins).
const (
	// PathStructuredContent: MCP structuredContent.adcp_error, only when
	// isError is true.
	PathStructuredContent Path = "structuredContent"
	// PathArtifact: A2A artifacts[].parts[].data.adcp_error.
	PathArtifact Path = "artifact"
	// PathStatusMessage: A2A status.message.parts[].data.adcp_error.
	PathStatusMessage Path = "status_message"
	// PathJSONRPCError: JSON-RPC error.data.adcp_error.
	PathJSONRPCError Path = "jsonrpc_error"
	// PathTextFallback: an MCP content[] text item holding a JSON object
	// with adcp_error, only when isError is true.
	PathTextFallback Path = "text_fallback"
	// PathPayload: payload.errors[0], or a top-level errors[0], of the
	// task payload.
	PathPayload Path = "payload"
)

// Limits of extraction.
const (
	// MaxErrorSize is the largest serialized size of an AdCP error object,
	// in UTF-16 code units as JSON.stringify writes it; a larger one is
	// discarded. See Validate for how it is measured.
	MaxErrorSize = 4096
	// MaxCodeLength is the largest code, in characters (Unicode code points,
	// as JSON Schema's maxLength counts them).
	MaxCodeLength = 64
	// textPoolMax bounds the text buffers kept for reuse. Text items of
	// any size are parsed: an item over 1 MiB (where the reference client
	// stops) is still read when it holds a small, valid error.
	textPoolMax = 1 << 20
)

// Extraction is an AdCP error found in a response.
type Extraction struct {
	// Path is where the error was found.
	Path Path
	// Err is the error object decoded (see Raw), never nil in a successful
	// extraction. Wire values are kept as they are (retry_after 86400
	// stays 86400): limits apply when acting on them (RetryDelay,
	// Policy.Decide).
	Err *Error
	// NonFatal is set when the error came from the payload's errors[] of a
	// response that carries no failure marker (MCP isError, A2A state
	// failed or rejected, a JSON-RPC error): an advisory or warning on a
	// response that succeeded, which must never be treated as a failure.
	NonFatal bool

	raw json.RawMessage // the error object's bytes, when they are at hand
	val map[string]any  // else the decoded error object Raw writes
}

// Raw returns the error object as on the wire: the bytes as received when
// extracting from bytes (Extract), and when extracting from decoded values
// (ExtractValue) the bytes encoding/json writes for them (members sorted by
// name, no HTML escaping). It is nil for the zero Extraction.
//
// From decoded values the bytes may be written when Raw is called, not by
// ExtractValue (most callers only act on Err): each call then writes them
// again, from the response's values as they are then, so call it before
// changing the decoded response, and keep what it returns.
func (x Extraction) Raw() json.RawMessage {
	if x.raw != nil || x.val == nil {
		return x.raw
	}
	raw, _ := extractEncodeCompact(x.val)
	return raw
}

// Extract finds the AdCP error in one encoded response: an MCP tool result,
// an A2A task (bare, or wrapped as {"task": …} or {"statusUpdate": …}), or a
// JSON-RPC response (its error, or a result that is one of the former). It
// reports false when the response holds no valid AdCP error (including when
// it is not JSON at all): the caller falls back to generic error handling.
//
// It reads the response in one pass, without building the values it does
// not need, and allocates nothing when there is no error. An error found is
// checked where it lies (Validate), then copied (Raw) and decoded.
func Extract(response []byte) (Extraction, bool) {
	var root responseRoot
	return decide(&root, root.scan(response))
}

// ExtractValue is Extract for a response as an SDK hands it over: decoded
// (map[string]any and the values encoding/json decodes into), encoded
// (json.RawMessage, []byte), or any value encoding/json can encode. Decoded
// values are looked up where they are. An adcp_error found as a decoded
// value is checked as Validate checks its encoding by encoding/json, and
// decoded as that encoding decodes.
func ExtractValue(response any) (Extraction, bool) {
	var root responseRoot
	return decide(&root, root.read(response))
}

// ErrNotStructured is the error Validate wraps: the value is not a
// structured AdCP error, and the client falls back to generic handling.
var ErrNotStructured = errors.New("adcp: not a structured AdCP error")

// extractInvalid returns ErrNotStructured with a reason.
func extractInvalid(reason string) error { return fmt.Errorf("%w: %s", ErrNotStructured, reason) }

// Validate checks an extracted adcp_error the way transport-errors.md asks
// every client to: it must be a JSON object (JSON white space around it is
// allowed, not other Unicode spaces) whose code is a string of 1 to
// 64 characters, and whose serialized size is at most 4096. message is not
// required at this layer.
//
// The serialized size is measured as the specification's reference code
// measures it, JSON.stringify(error).length: the length in UTF-16 code
// units of the object's compact encoding, after decoding it into any. So
// an ASCII character counts 1, any other character of the Basic
// Multilingual Plane 1 (é, 名, and U+2028 and U+2029, which JSON.stringify
// does not escape), a character outside it 2 (a surrogate pair), a quote,
// a backslash or \n 2, another control character 6 (\u001f), and <, >
// and & 1 (no HTML escaping). The text says bytes; its code counts code
// units, and a client that counted bytes would discard errors the
// reference keeps. Of duplicate members only the last counts, and each
// number counts as encoding/json writes the float64 it parses to (1.50e+3
// counts as 1500, 1.0 as 1; a number no float64 holds, 1e400, as written),
// as a decoder hands it to an SDK: so Extract on the bytes and ExtractValue
// on the decoded response measure the same size. A string is measured as
// encoding/json decodes it: an invalid byte or an escaped lone surrogate
// (which JSON.stringify would write as a 6-unit escape) counts as U+FFFD,
// 1 unit. An object whose compact form is over six times the limit is
// refused without being decoded.
func Validate(raw json.RawMessage) error {
	if reason := extractProblem(raw); reason != "" {
		return extractInvalid(reason)
	}
	return nil
}

// The reasons extractProblem gives, built once.
var (
	extractTooLarge = "larger than " + strconv.Itoa(MaxErrorSize) + " characters serialized"
	extractBadCode  = "code is not 1 to " + strconv.Itoa(MaxCodeLength) + " characters"
)

// extractProblem is Validate without building an error: the reason raw is
// not a structured AdCP error, or "".
func extractProblem(raw json.RawMessage) string {
	raw = bytes.Trim(raw, jsonSpace)
	switch {
	case len(raw) == 0 || raw[0] != '{':
		return "not a JSON object"
	case !jsonwire.Valid(raw):
		return "not valid JSON"
	case jsonwire.CompactLen(raw) > 6*MaxErrorSize:
		// An escape such as "\u0041" shrinks six times on re-encoding:
		// no larger object can be valid, and it is not decoded.
		return extractTooLarge
	}
	// Decoded as a decoder hands it to an SDK: of duplicate members the
	// last, each number the float64 it parses to unless no float64 holds it.
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	_ = dec.Decode(&m) // a valid object
	code, found := m["code"]
	s, isString := code.(string)
	switch {
	case !found:
		return "no code"
	case !isString:
		return "code is not a string"
	case !codeLengthOK(s):
		return extractBadCode
	}
	if n, _ := valueUnits(m, MaxErrorSize); n > MaxErrorSize {
		return extractTooLarge
	}
	return ""
}

// codeLengthOK reports whether code has 1 to MaxCodeLength characters.
func codeLengthOK(code string) bool {
	return code != "" && (len(code) <= MaxCodeLength || utf8.RuneCountInString(code) <= MaxCodeLength)
}

// extractDecodeError decodes a validated error object, which is valid
// JSON (the extractor checked it), without checking it again. Error is
// open, so every object decodes.
func extractDecodeError(raw json.RawMessage) *Error {
	e := new(Error)
	_ = e.UnmarshalValidJSON(raw)
	return e
}
