package adcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
	"strconv"
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
	// MaxErrorSize is the largest serialized size of an AdCP error object, in
	// bytes; a larger one is discarded. See Validate for how it is measured.
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
// name, no HTML escaping), the bytes whose size Validate measured. It is nil
// for the zero Extraction.
//
// From decoded values the bytes are written when Raw is called, not by
// ExtractValue (most callers only act on Err): each call writes them again,
// from the response's values as they are then, so call it before changing
// the decoded response, and keep what it returns.
func (x Extraction) Raw() json.RawMessage {
	if x.raw != nil || x.val == nil {
		return x.raw
	}
	return encodeDecoded(x.val)
}

// Extract finds the AdCP error in one encoded response: an MCP tool result,
// an A2A task (bare, or wrapped as {"task": …} or {"statusUpdate": …}), or a
// JSON-RPC response (its error, or a result that is one of the former). It
// reports false when the response holds no valid AdCP error (including when
// it is not JSON at all): the caller falls back to generic error handling.
//
// It reads the response in one pass, without building the values it does
// not need, and allocates nothing when there is no error (navigate.go). The
// common error (members the schema declares, strings valid UTF-8 without
// escapes, issues without a discriminator) is then checked and decoded in
// one pass over its own bytes (extract_plain.go), for three allocations:
// the copy Raw returns, one for all its strings and one for the Error; one
// more for details and one for issues when it has them.
func Extract(response []byte) (Extraction, bool) {
	return extractBytes(response)
}

// ExtractValue is Extract for a response as an SDK hands it over: decoded
// (map[string]any and the values encoding/json decodes into), encoded
// (json.RawMessage, []byte), or any value encoding/json can encode. Decoded
// values are looked up where they are; only a text item that must be parsed
// is copied, and the adcp_error found is checked and decoded straight from
// the decoded values, without being encoded (valueerr.go): Raw writes it
// when asked. An error found costs one allocation, the Error, and one more
// for the encoding of its details and one for its issues when it has
// some; an Extractor reused from call to call avoids the first for the
// common errors.
func ExtractValue(response any) (Extraction, bool) {
	return extractValue(response, nil)
}

// Extractor is ExtractValue for a caller that extracts many responses one
// after the other (a client's response loop, one Extractor per goroutine):
// it decodes the common errors (only members the schema declares, issues
// without a discriminator, strings valid UTF-8, numbers finite float64:
// what servers send) into an Error it holds, so that extracting them
// allocates nothing but the encoding of their details and the slice of
// their issues, when they have some (their retry_after goes to a float64
// of a block it allocates once every 64 of them). Other errors are
// decoded as ExtractValue decodes them. The zero Extractor is ready to
// use; it is not safe for concurrent use.
type Extractor struct {
	e Error
	// floats is the rest of the block each retry_after is written to,
	// once: an Error copied out keeps its RetryAfter.
	floats []float64
}

// ExtractValue is the package's ExtractValue, with the same results. The
// Extraction's Err may point to the Error ex holds: it holds until the
// next call on ex, which may overwrite it. An Error copied out (e :=
// *x.Err) stays as it is.
func (ex *Extractor) ExtractValue(response any) (Extraction, bool) {
	return extractValue(response, ex)
}

// float returns a float64 holding f that ex never uses again.
func (ex *Extractor) float(f float64) *float64 {
	if len(ex.floats) == 0 {
		ex.floats = make([]float64, 64)
	}
	p := &ex.floats[0]
	ex.floats = ex.floats[1:]
	*p = f
	return p
}

// ErrNotStructured is the error Validate wraps: the value is not a
// structured AdCP error, and the client falls back to generic handling.
var ErrNotStructured = errors.New("adcp: not a structured AdCP error")

// extractInvalid returns ErrNotStructured with a reason.
func extractInvalid(reason string) error { return fmt.Errorf("%w: %s", ErrNotStructured, reason) }

// Validate checks an extracted adcp_error the way transport-errors.md asks
// every client to: it must be a JSON object (JSON white space around it is
// allowed, not other Unicode spaces) whose code is a string of 1 to
// 64 characters, and whose serialized size is at most 4096 bytes. message is
// not required at this layer.
//
// The serialized size is measured as the length in UTF-8 bytes of the
// object's compact encoding by encoding/json with HTML escaping off (so "<"
// counts 1, not 6), after decoding it into any: of duplicate members only
// the last counts, and each number counts as encoding/json writes the
// float64 it parses to (1.50e+3 counts as 1500, 1.0 as 1; a number no
// float64 holds, 1e400, as written). That is what a decoder hands an SDK,
// so Extract on the bytes and ExtractValue on the decoded response measure
// the same size, and what the reference code's JSON.stringify of the parsed
// object writes. The specification's reference code counts UTF-16 code
// units; the two agree on ASCII and differ only for non-ASCII text, where
// ours is the stricter. An object too complex to measure in one pass (more
// than 32 members in one object, or more than 32 levels) is measured by
// decoding it, unless its compact form is over six times the limit: it is
// then refused without being decoded.
func Validate(raw json.RawMessage) error {
	if reason := extractProblem(raw); reason != "" {
		return extractInvalid(reason)
	}
	return nil
}

// The reasons extractProblem gives, built once.
var (
	extractTooLarge = "larger than " + strconv.Itoa(MaxErrorSize) + " bytes"
	extractBadCode  = "code is not 1 to " + strconv.Itoa(MaxCodeLength) + " characters"
)

// extractProblem is Validate without building an error: the reason raw is
// not a structured AdCP error, or "". It allocates nothing unless the
// object is too complex to measure in one pass.
func extractProblem(raw json.RawMessage) string {
	raw = jsonwire.Trim(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return "not a JSON object"
	}
	// One pass measures the object and finds its code; an object too
	// complex for it is measured by decoding and encoding it again.
	var code []byte // the last code member, as encoding/json keeps it
	enc, compact, end := jsonwire.Measure(raw, 0, 0, &code)
	measured := end != jsonwire.TooComplex
	if !measured {
		if !jsonwire.Valid(raw) {
			return "not valid JSON"
		}
		compact, code = jsonwire.CompactLen(raw), nil
		it := jsonwire.Open(raw, 0, 0, '{')
		for it.Next() {
			start := it.Pos
			it.Skip()
			if jsonwire.StringIs(it.Key, "code") {
				code = raw[start:it.Pos]
			}
		}
	} else if end != len(raw) {
		return "not valid JSON"
	}
	// An object measured in one pass is judged by its measure below. One
	// too complex for that is decoded to be measured, unless its compact
	// form is over six times the limit (an escape such as "\u0041" shrinks
	// six times on re-encoding), which bounds the work spent on it.
	if !measured && compact > 6*MaxErrorSize {
		return extractTooLarge
	}
	if code == nil {
		return "no code"
	}
	if code[0] != '"' {
		return "code is not a string"
	}
	if n := jsonwire.RuneCount(code); n == 0 || n > MaxCodeLength {
		return extractBadCode
	}
	ok := true
	if !measured {
		enc, ok = extractSerializedSize(raw)
	}
	if !ok || enc > MaxErrorSize {
		return extractTooLarge
	}
	return ""
}

// extractSerializedSize returns the size Validate measures (raw decoded
// into any, each number as the float64 it parses to unless no float64
// holds it, re-encoded compactly by encoding/json without HTML escaping),
// for the objects jsonwire.Measure leaves to it.
func extractSerializedSize(raw json.RawMessage) (int, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return 0, false
	}
	b, ok := extractEncodeCompact(jsonwire.FloatNumbers(v))
	return len(b), ok
}

// extractDecodeError decodes a validated error object, which is valid
// JSON (the extractor checked it), without checking it again. Error is
// open, so every object decodes.
func extractDecodeError(raw json.RawMessage) *Error {
	e := new(Error)
	_ = e.UnmarshalValidJSON(raw)
	return e
}
