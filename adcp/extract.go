package adcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

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
	// MaxErrorSize is the largest serialized size of an AdCP error object, in
	// bytes; a larger one is discarded. See Validate for how it is measured.
	MaxErrorSize = 4096
	// MaxCodeLength is the largest code, in characters (Unicode code points,
	// as JSON Schema's maxLength counts them).
	MaxCodeLength = 64
	// maxTextJSON bounds the content[] text items parsed as JSON: a larger
	// item is skipped (the reference client uses the same 1 MiB bound).
	maxTextJSON = 1 << 20
)

// Extraction is an AdCP error found in a response.
type Extraction struct {
	// Path is where the error was found.
	Path Path
	// Raw is the error object exactly as on the wire: the bytes as received
	// when extracting from bytes, the encoding/json encoding (members sorted
	// by name) when extracting from decoded values.
	Raw json.RawMessage
	// Err is Raw decoded, never nil in a successful extraction. Wire values
	// are kept as they are (retry_after 86400 stays 86400): limits apply
	// when acting on them (RetryDelay, Policy.Decide).
	Err *Error
	// NonFatal is set when the error came from the payload's errors[] of a
	// response that carries no failure marker (MCP isError, A2A state
	// failed or rejected, a JSON-RPC error): an advisory or warning on a
	// response that succeeded, which must never be treated as a failure.
	NonFatal bool
}

// Extract finds the AdCP error in one encoded response: an MCP tool result,
// an A2A task (bare, or wrapped as {"task": …} or {"statusUpdate": …}), or a
// JSON-RPC response (its error, or a result that is one of the former). It
// reports false when the response holds no valid AdCP error (including when
// it is not JSON at all): the caller falls back to generic error handling.
//
// It reads the response in one pass, without building the values it does
// not need, and allocates nothing when there is no error (fast.go).
func Extract(response []byte) (Extraction, bool) {
	return fastExtract(response)
}

// ExtractValue is Extract for a response as an SDK hands it over: decoded
// (map[string]any and the values encoding/json decodes into), encoded
// (json.RawMessage, []byte), or any value encoding/json can encode. Decoded
// values are looked up where they are; only the adcp_error found (to
// validate and decode it) and a text item that must be parsed are encoded
// or copied.
func ExtractValue(response any) (Extraction, bool) {
	return fastExtractValue(response)
}

// unwrapResponse returns the response inside a JSON-RPC result and inside
// the A2A {"task": …} / {"statusUpdate": …} envelopes of streams and push
// notifications.
func extractUnwrap(root jobject) jobject {
	resp := root
	if r, ok := root.obj("result"); ok {
		resp = r
	}
	for _, k := range [...]string{"task", "statusUpdate"} {
		if _, ok := resp.get("status"); ok {
			break
		}
		if w, ok := resp.obj(k); ok {
			return w
		}
	}
	return resp
}

// arrayMember returns the elements of the array member k of o.
func extractArray(o jobject, k string) []jnode {
	v, ok := o.get(k)
	if !ok {
		return nil
	}
	return v.array()
}

// statusParts returns status.message.parts of an A2A task.
func extractStatusParts(resp jobject) []jnode {
	st, ok := resp.obj("status")
	if !ok {
		return nil
	}
	msg, ok := st.obj("message")
	if !ok {
		return nil
	}
	return extractArray(msg, "parts")
}

// dataPart returns the data member of an A2A part: a part with a data
// member and, when it has a kind (A2A 0.x), kind "data". A2A 1.0 parts have
// no kind. The optional error MIME type is not required.
func extractDataPart(p jnode) (jnode, bool) {
	o, ok := p.object()
	if !ok {
		return jnode{}, false
	}
	if k, ok := o.get("kind"); ok {
		if s, _ := k.str(); s != "data" {
			return jnode{}, false
		}
	}
	return o.get("data")
}

// textJSON parses an MCP content item of type "text" as a JSON object.
func extractTextJSON(item jnode) (jobject, bool) {
	o, ok := item.object()
	if !ok {
		return jobject{}, false
	}
	if t, ok := o.get("type"); !ok {
		return jobject{}, false
	} else if s, _ := t.str(); s != "text" {
		return jobject{}, false
	}
	t, ok := o.get("text")
	if !ok {
		return jobject{}, false
	}
	s, ok := t.str()
	if !ok || s == "" || len(s) > maxTextJSON {
		return jobject{}, false
	}
	return rawJNode([]byte(s)).object()
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
// counts 1, not 6), after decoding it (numbers kept as written). The
// specification's reference code counts UTF-16 code units of
// JSON.stringify; the two agree on ASCII and differ only for non-ASCII text,
// where ours is the stricter.
func Validate(raw json.RawMessage) error {
	raw = jsonwire.Trim(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return extractInvalid("not a JSON object")
	}
	// One pass measures the object and finds its code; an object too
	// complex for it is measured by decoding and encoding it again.
	var code []byte // the last code member, as encoding/json keeps it
	enc, compact, end := jsonwire.Measure(raw, 0, 0, &code)
	measured := end != jsonwire.TooComplex
	if !measured {
		if !jsonwire.Valid(raw) {
			return extractInvalid("not valid JSON")
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
		return extractInvalid("not valid JSON")
	}
	// A compact encoding shrinks at most 6 times on re-encoding ("\u0041"
	// becomes "A"), which bounds the work spent on an oversized object.
	if compact > 6*MaxErrorSize {
		return extractInvalid("larger than " + strconv.Itoa(MaxErrorSize) + " bytes")
	}
	if code == nil {
		return extractInvalid("no code")
	}
	if code[0] != '"' {
		return extractInvalid("code is not a string")
	}
	if n := jsonwire.RuneCount(code); n == 0 || n > MaxCodeLength {
		return extractInvalid("code is not 1 to " + strconv.Itoa(MaxCodeLength) + " characters")
	}
	ok := true
	if !measured {
		enc, ok = extractSerializedSize(raw)
	}
	if !ok || enc > MaxErrorSize {
		return extractInvalid("larger than " + strconv.Itoa(MaxErrorSize) + " bytes")
	}
	return nil
}

// serializedSize returns the length of raw re-encoded compactly by
// encoding/json without HTML escaping, for the objects jsonwire.EncodedLen leaves
// to it.
func extractSerializedSize(raw json.RawMessage) (int, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return 0, false
	}
	b, ok := extractEncodeCompact(v)
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
