package mcpsdk

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxExactID is the largest integer id RequireExactIDs lets through: 2^53-1,
// the largest of the run of integers a float64 holds exactly.
const maxExactID = 1<<53 - 1

// RequireExactIDs returns an HTTP handler, to put in front of the streamable
// HTTP handler h, that refuses a JSON-RPC request (or a batch holding one)
// whose number id go-sdk would answer with another id (see the package
// documentation): one that is not an integer of magnitude at most 2^53-1.
// It answers HTTP 400 with a JSON-RPC Invalid Request error (-32600) whose
// id is null, as JSON-RPC 2.0 prescribes when the id cannot be determined.
// Integers in any spelling (1.0, 1e2, -0) pass, and every other request
// goes to h. A body over mcp.DefaultMaxRequestBodyBytes goes to h
// unchecked, which refuses it under its default limit.
func RequireExactIDs(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Body == nil {
			h.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, mcp.DefaultMaxRequestBodyBytes+1))
		if err != nil {
			http.Error(w, "reading the request body: "+err.Error(), http.StatusBadRequest)
			return
		}
		if len(body) <= mcp.DefaultMaxRequestBodyBytes && !exactIDs(body) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a number id must be an integer between -(2^53-1) and 2^53-1"}}`)
			return
		}
		r.Body = struct {
			io.Reader
			io.Closer
		}{io.MultiReader(bytes.NewReader(body), r.Body), r.Body}
		h.ServeHTTP(w, r)
	})
}

// exactIDs reports whether every message of a request body (one message
// or a batch) has an id that is absent, not a number, or an exact id (see
// exactID). What is not JSON-RPC is left to the SDK to refuse.
func exactIDs(body []byte) bool {
	var batch []json.RawMessage
	if json.Unmarshal(body, &batch) != nil {
		batch = []json.RawMessage{body}
	}
	for _, raw := range batch {
		var m struct {
			ID json.RawMessage `json:"id"`
		}
		if json.Unmarshal(raw, &m) != nil {
			continue
		}
		if id := bytes.TrimSpace(m.ID); isNumber(id) && !exactID(string(id)) {
			return false
		}
	}
	return true
}

// isNumber reports whether raw, one JSON value, is a number.
func isNumber(raw []byte) bool {
	return len(raw) > 0 && (raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9')
}

// exactID reports whether n, a JSON number, is an integer of magnitude at
// most maxExactID. It reads the digits, not a float64 parse of them, so
// that 9007199254740993 (which rounds to 2^53) and 1.0000000000000000001
// (which rounds to 1) are refused, and a large exponent costs nothing.
func exactID(n string) bool {
	n = strings.TrimPrefix(n, "-")
	mant, exp := n, ""
	if i := strings.IndexAny(n, "eE"); i >= 0 {
		mant, exp = n[:i], n[i+1:]
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	digits := strings.TrimLeft(intPart+frac, "0")
	if digits == "" {
		return true // zero, whatever the exponent
	}
	// value = digits × 10^shift
	shift := -len(frac)
	trimmed := strings.TrimRight(digits, "0")
	shift += len(digits) - len(trimmed)
	digits = trimmed
	if exp != "" {
		e, err := strconv.Atoi(exp)
		if err != nil || e > len(n)+16 || e < -len(n)-16 { // the shift cannot come back to 0..16
			return false
		}
		shift += e
	}
	if shift < 0 || len(digits)+shift > 16 {
		return false
	}
	v, err := strconv.ParseInt(digits+strings.Repeat("0", shift), 10, 64)
	return err == nil && v <= maxExactID
}
