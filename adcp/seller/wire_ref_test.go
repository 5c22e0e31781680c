package seller

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/adcperr"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// The former wire builders: structs encoded with encoding/json (through
// jsonwire.Marshal), the checks of an error to send run in full. The
// builders write the shapes themselves from the encodings their checks ran
// on, and skip the checks Finalize already ran on the same bytes; the tests
// below hold them to these.
type (
	refMCPResult struct {
		Content           []refMCPText     `json:"content"`
		IsError           bool             `json:"isError"`
		StructuredContent refMCPStructured `json:"structuredContent"`
	}
	refMCPText struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	refMCPStructured struct {
		AdcpError *adcp.Error `json:"adcp_error"`
		Payload   refPayload  `json:"payload"`
	}
	refEnvelope struct {
		AdcpError *adcp.Error `json:"adcp_error"`
	}
	refPayload struct {
		Errors []*adcp.Error `json:"errors"`
	}
	refRPCResponse struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   refRPCError     `json:"error"`
	}
	refRPCError struct {
		Code    int         `json:"code"`
		Message string      `json:"message"`
		Data    refEnvelope `json:"data"`
	}
	refA2ATask struct {
		ID        string           `json:"id,omitempty"`
		Status    refA2AStatus     `json:"status"`
		Artifacts []refA2AArtifact `json:"artifacts"`
	}
	refA2AStatus struct {
		State     string `json:"state"`
		Timestamp string `json:"timestamp,omitempty"`
	}
	refA2AArtifact struct {
		ArtifactID string       `json:"artifactId"`
		Parts      []refA2APart `json:"parts"`
	}
	refA2APart struct {
		Kind     string          `json:"kind"`
		Text     string          `json:"text,omitempty"`
		Data     any             `json:"data,omitempty"`
		Metadata *refA2AMetadata `json:"metadata,omitempty"`
	}
	refA2AMetadata struct {
		MIMEType string `json:"mimeType"`
	}
)

func refMCPToolResult(e *adcp.Error, payload []*adcp.Error, humanText string) ([]byte, error) {
	text, err := jsonwire.Marshal(refEnvelope{e})
	if err != nil {
		return nil, err
	}
	r := refMCPResult{
		Content:           []refMCPText{{Type: "text", Text: string(text)}},
		IsError:           true,
		StructuredContent: refMCPStructured{e, refPayload{payload}},
	}
	if humanText != "" {
		r.Content = append(r.Content, refMCPText{Type: "text", Text: humanText})
	}
	return jsonwire.Marshal(r)
}

// refRPCID is the former wireRPCID: a decoder's verdict on the value.
func refRPCID(id any) (json.RawMessage, error) {
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
	var probe any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if dec.Decode(&probe) == nil && !dec.More() {
		switch probe.(type) {
		case string, json.Number, nil:
			return raw, nil
		}
	}
	return nil, fmt.Errorf("not an id")
}

func refJSONRPCError(id any, code int, msg string, e *adcp.Error) ([]byte, error) {
	rawID, err := refRPCID(id)
	if err != nil {
		return nil, err
	}
	return jsonwire.Marshal(refRPCResponse{"2.0", rawID, refRPCError{code, msg, refEnvelope{e}}})
}

func refA2AFailedTask(taskID string, e *adcp.Error, humanText string, mime bool, ts time.Time, payload []*adcp.Error) ([]byte, error) {
	errPart := refA2APart{Kind: "data", Data: refEnvelope{e}}
	if mime {
		errPart.Metadata = &refA2AMetadata{ErrorMIMEType}
	}
	t := refA2ATask{
		ID:     taskID,
		Status: refA2AStatus{State: "failed"},
		Artifacts: []refA2AArtifact{{
			ArtifactID: "error-result",
			Parts: []refA2APart{
				{Kind: "text", Text: humanText},
				errPart,
				{Kind: "data", Data: refPayload{payload}},
			},
		}},
	}
	if !ts.IsZero() {
		t.Status.Timestamp = ts.UTC().Format(time.RFC3339)
	}
	return jsonwire.Marshal(t)
}

// refWireCheck is the former wireCheck: Finalize's checks, then every check
// on the error as sent, always.
func refWireCheck(v *adcp.Vocabulary, e *adcp.Error, checks buildChecks) error {
	if e == nil {
		return fmt.Errorf("adcp: nil error")
	}
	if n := utf8.RuneCountInString(string(e.Code)); n == 0 || n > adcp.MaxCodeLength {
		return fmt.Errorf("adcp: code %q must have 1 to %d characters", e.Code, adcp.MaxCodeLength)
	}
	if _, _, err := finalize(v, e, checks, nil); err != nil {
		return err
	}
	raw, err := jsonwire.Marshal(e)
	if err != nil {
		return fmt.Errorf("adcp: %s: %w", e.Code, err)
	}
	if err := buildCheckSize(raw); err != nil {
		return fmt.Errorf("adcp: %s: %w", e.Code, err)
	}
	if err := buildRevalidate(v, e.Code, raw); err != nil {
		return fmt.Errorf("adcp: %s: as sent: %w", e.Code, err)
	}
	if len(e.Details) > 0 && !bytes.Equal(jsonwire.Trim(e.Details), []byte("null")) {
		obj, err := buildObject(e.Details)
		if err != nil {
			return fmt.Errorf("adcp: %s: details: %w", e.Code, err)
		}
		info, _ := v.Info(e.Code)
		if err := buildCheckShapes(info, e.Code, e.Details, obj); err != nil {
			return fmt.Errorf("adcp: %s: details as sent: %w", e.Code, err)
		}
	}
	return nil
}

// wireRefCase is one call of every builder, as FuzzWireMatchesRef makes it.
type wireRefCase struct {
	e       *adcp.Error
	payload []*adcp.Error // nil: the default, [e]
	human   string
	taskID  string
	id      any
	mime    bool
	ts      time.Time
	rpcCode int
}

// checkWireMatchesRef holds wireCheck to refWireCheck on every error of c,
// and each builder to its former self: the same refusal (wireCheck's
// error text; the builder's, when the reference refuses too), or the same
// bytes, valid JSON.
func checkWireMatchesRef(t *testing.T, c wireRefCase) {
	t.Helper()
	v := adcperr.Vocabulary
	checked := true
	for _, e := range append([]*adcp.Error{c.e}, c.payload...) {
		_, err := wireCheck(v, e, buildChecks{})
		ref := refWireCheck(v, e, buildChecks{})
		if fmt.Sprint(err) != fmt.Sprint(ref) {
			t.Fatalf("wireCheck(%+v) = %v; the former check: %v", e, err, ref)
		}
		checked = checked && err == nil
	}
	var opts []WireOption
	payload := []*adcp.Error{c.e}
	if c.payload != nil {
		opts = append(opts, WithPayloadErrors(c.payload...))
		payload = c.payload
	}
	if c.mime {
		opts = append(opts, WithErrorMIMEType())
	}
	if !c.ts.IsZero() {
		opts = append(opts, WithTimestamp(c.ts))
	}
	if c.rpcCode != 0 {
		opts = append(opts, WithCollapsedJSONRPCCode(c.rpcCode))
	}
	_, fatal := wireFatal(v, c.e, opts)
	same := func(name string, got []byte, err error, want func() ([]byte, error)) {
		t.Helper()
		if fatal != nil {
			if err == nil {
				t.Fatalf("%s sent an error wireFatal refuses (%v): %s", name, fatal, got)
			}
			return
		}
		w, werr := want()
		switch {
		case (err == nil) != (werr == nil):
			t.Fatalf("%s = %s, %v; the former builder: %s, %v", name, got, err, w, werr)
		case err == nil && (!bytes.Equal(got, w) || !json.Valid(got)):
			t.Fatalf("%s:\n got %s\nwant %s", name, got, w)
		}
	}
	got, err := MCPToolResult(v, c.e, c.human, opts...)
	same("MCPToolResult", got, err, func() ([]byte, error) { return refMCPToolResult(c.e, payload, c.human) })

	got, err = A2AFailedTask(v, c.taskID, c.e, c.human, opts...)
	same("A2AFailedTask", got, err, func() ([]byte, error) {
		h := c.human
		if h == "" {
			h = c.e.Message
		}
		if h == "" {
			h = string(c.e.Code)
		}
		return refA2AFailedTask(c.taskID, c.e, h, c.mime, c.ts, payload)
	})

	got, err = JSONRPCError(v, c.id, c.e, opts...)
	same("JSONRPCError", got, err, func() ([]byte, error) {
		code, ok := wireRPCCode(v, c.e.Code)
		if !ok {
			return nil, fmt.Errorf("not a JSON-RPC code")
		}
		if c.rpcCode != 0 {
			if c.rpcCode < -32099 || c.rpcCode > -32000 {
				return nil, fmt.Errorf("out of range")
			}
			code = c.rpcCode
		}
		msg := c.e.Message
		if msg == "" {
			msg = string(c.e.Code)
		}
		return refJSONRPCError(c.id, code, msg, c.e)
	})

	// JSONRPCErrorObject is the error member of the same response, as a
	// client decodes it; it refuses what JSONRPCError refuses but the id.
	code, msg, data, oerr := JSONRPCErrorObject(v, c.e, opts...)
	rpc, rerr := JSONRPCError(v, c.id, c.e, opts...)
	switch {
	case rerr == nil:
		var resp struct {
			Error struct {
				Code    int             `json:"code"`
				Message string          `json:"message"`
				Data    json.RawMessage `json:"data"`
			} `json:"error"`
		}
		if err := json.Unmarshal(rpc, &resp); err != nil || oerr != nil ||
			resp.Error.Code != code || resp.Error.Message != msg || !bytes.Equal(resp.Error.Data, data) {
			t.Fatalf("JSONRPCErrorObject = %d %q %s, %v; JSONRPCError's error member: %+v (%v)", code, msg, data, oerr, resp.Error, err)
		}
	case oerr == nil:
		if _, err := wireRPCID(c.id); err == nil {
			t.Fatalf("JSONRPCError refused (%v) what JSONRPCErrorObject accepts, and not for its id", rerr)
		}
	case oerr.Error() != rerr.Error():
		t.Fatalf("JSONRPCErrorObject refused: %v; JSONRPCError: %v", oerr, rerr)
	}

	if checked {
		got, err = Aggregate(v, payload)
		if err != nil {
			t.Fatalf("Aggregate refused errors wireCheck accepts: %v", err)
		}
		if w, _ := jsonwire.Marshal(refPayload{payload}); !bytes.Equal(got, w) {
			t.Fatalf("Aggregate:\n got %s\nwant %s", got, w)
		}
	}
}

func wireRefError(t testing.TB, code adcp.Code, msg string, opts ...Option) *adcp.Error {
	e, err := New(adcperr.Vocabulary, code, msg, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestWireMatchesRef(t *testing.T) {
	five := 5.0
	rate := wireRefError(t, "RATE_LIMITED", "Request rate exceeded", WithRetryAfterSeconds(5),
		WithDetails(map[string]any{"limit": 100, "remaining": 0, "window_seconds": 60, "scope": "account"}))
	typical := wireRefError(t, "BUDGET_TOO_LOW", "Budget <below> the seller's minimum & \"more\"\u2028next",
		WithSuggestion("Augmentez le budget — Café \u00e9"), WithField("packages[0].budget"))
	upstream := &adcp.Error{Code: "RATE_LIMITED", Message: "slow down", Recovery: adcp.RecoveryTransient, RetryAfter: &five,
		Details: json.RawMessage(" {\n \"limit\" : 100 ,\t\"remaining\":0} "), Extra: map[string]json.RawMessage{"x_hop": json.RawMessage(` [ 1, "a" ] `)}}
	nullDetails := &adcp.Error{Code: "SERVICE_UNAVAILABLE", Message: "down", Recovery: adcp.RecoveryTransient, Details: json.RawMessage("null")}
	vendor := wireRefError(t, "X_ACME_QUOTA", "Quota used up", WithRecovery(adcp.RecoveryTerminal))
	unknownMember := &adcp.Error{Code: "RATE_LIMITED", Message: "m", Recovery: adcp.RecoveryTransient,
		Details: json.RawMessage(`{"limit":1,"surprise":true}`)}
	closedExtra := &adcp.Error{Code: "PERMISSION_DENIED", Message: "m", Recovery: adcp.RecoveryCorrectable,
		Details: json.RawMessage(`{"scope":"agent","reason":"sandbox_only","extra":1}`)}
	badRecovery := &adcp.Error{Code: "RATE_LIMITED", Message: "m", Recovery: adcp.RecoveryTerminal}
	authMissing := wireRefError(t, "AUTH_MISSING", "No credentials")
	ts := time.Date(2026, 12, 1, 10, 0, 0, 0, time.FixedZone("x", 3600))
	cases := map[string]wireRefCase{
		"rate limited":             {e: rate, human: "Rate limited — retry in 5s.", taskID: "task_1", id: "req-1"},
		"typical":                  {e: typical, taskID: "t\"1\x01", id: 7, mime: true, ts: ts},
		"upstream, spaced":         {e: upstream, human: "bad \xff utf-8 \u2029", id: json.RawMessage(" 12 ")},
		"null details":             {e: nullDetails, id: nil},
		"vendor":                   {e: vendor, id: 1.5},
		"closed shape, extra":      {e: unknownMember, id: "x"},
		"closed shape, undeclared": {e: closedExtra, id: "x"},
		"bad recovery":             {e: badRecovery, id: "x"},
		"payload of two":           {e: rate, payload: []*adcp.Error{rate, typical, upstream}, id: json.Number("3")},
		"payload without e":        {e: rate, payload: []*adcp.Error{vendor}, id: []byte(`"b"`)},
		"collapsed code":           {e: authMissing, id: "r", rpcCode: -32050},
		"code out of range":        {e: authMissing, id: "r", rpcCode: -1},
		"id object":                {e: rate, id: json.RawMessage(`{"a":1}`)},
		"id trailing bracket":      {e: rate, id: json.RawMessage(`1]`)},
		"id trailing brace":        {e: rate, id: json.RawMessage(`"a"}`)},
		"id true":                  {e: rate, id: true},
		"id partial literal":       {e: rate, id: json.RawMessage(`nul`)},
		"id two values":            {e: rate, id: json.RawMessage(`1 2`)},
		"id nbsp":                  {e: rate, id: json.RawMessage("\u00a01\u00a0")},
		"id control in string":     {e: rate, id: json.RawMessage("\"a\x01\"")},
		"id invalid utf-8":         {e: rate, id: json.RawMessage("\"\xff\"")},
		"id empty":                 {e: rate, id: json.RawMessage(``)},
		"id big number":            {e: rate, id: json.RawMessage(`-1.5e400`)},
		"id leading zero":          {e: rate, id: json.RawMessage(`01`)},
		"long human text":          {e: rate, human: strings.Repeat("<&>", 200)},
		"human only control text":  {e: typical, human: "\t\n\r\b\f\x7f"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) { checkWireMatchesRef(t, c) })
	}
}

// FuzzWireMatchesRef builds an error the way an upstream's arrives (every
// member set directly, details and an unknown member raw) and holds wireCheck
// and every builder to their former selves (checkWireMatchesRef).
func FuzzWireMatchesRef(f *testing.F) {
	f.Add(uint8(0), "Request rate exceeded", "", []byte(`{"limit":100,"remaining":0}`), "x_hop", []byte(`1`), []byte(`"req-1"`), "task", uint8(0))
	f.Add(uint8(1), "Budget <low> & \u2028", "Increase it", []byte(`null`), "", []byte(nil), []byte(` 7 `), "", uint8(7))
	f.Add(uint8(2), "m", "s", []byte(" { \"current_account\" : {\"account_id\":\"a\"} } "), "k", []byte(`{"a":[1,2]}`), []byte(`1]`), "t\"", uint8(3))
	f.Add(uint8(8), "m", "", []byte(`{"scope":"agent","reason":"sandbox_only","extra":1}`), "", []byte(nil), []byte(`1`), "", uint8(0))
	f.Add(uint8(3), "Café \xff", "", []byte(`{"a":1}`), "code", []byte(`"X"`), []byte(`null`), "", uint8(12))
	codes := []adcp.Code{"RATE_LIMITED", "BUDGET_TOO_LOW", "ACCOUNT_MOVED", "SERVICE_UNAVAILABLE", "AUTH_MISSING", "X_ACME_QUOTA", "CREATIVE_REJECTED", "VALIDATION_ERROR", "PERMISSION_DENIED"}
	f.Fuzz(func(t *testing.T, code uint8, msg, suggestion string, details []byte, extraKey string, extra, id []byte, taskID string, flags uint8) {
		c := codes[int(code)%len(codes)]
		info, _ := adcperr.Vocabulary.Info(c)
		e := &adcp.Error{Code: c, Message: msg, Suggestion: suggestion, Recovery: info.Recovery, Details: details}
		if info.Recovery == "" {
			e.Recovery = adcp.RecoveryTerminal
		}
		if flags&1 != 0 {
			ra := float64(flags)
			e.RetryAfter = &ra
		}
		if flags&2 != 0 && extraKey != "" {
			e.Extra = map[string]json.RawMessage{extraKey: extra}
		}
		if flags&16 != 0 {
			// Finalize's own result: the builders' common input.
			if done, _, err := finalize(adcperr.Vocabulary, e, buildChecks{}, nil); err == nil {
				e = done
			}
		}
		rc := wireRefCase{e: e, human: suggestion, taskID: taskID, id: json.RawMessage(id), mime: flags&4 != 0}
		if flags&8 != 0 {
			rc.ts = time.Unix(int64(len(msg))*86400, 0)
		}
		if flags&32 != 0 {
			rc.payload = []*adcp.Error{e, e}
		}
		if flags&64 != 0 {
			rc.rpcCode = -32000 - int(flags&63)
		}
		checkWireMatchesRef(t, rc)
	})
}

// wireMembersRef is the former wireMembers, on encoding/json's token
// stream. It let a closing bracket or brace after the object through
// (Decoder.More is false before one), which wireMembers refuses.
func wireMembersRef(raw []byte) ([]wireMember, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("must be a JSON object")
	}
	var ms []wireMember
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key := tok.(string)
		if seen[key] {
			return nil, fmt.Errorf("duplicate member %q", key)
		}
		seen[key] = true
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		var c bytes.Buffer
		if err := json.Compact(&c, v); err != nil {
			return nil, err
		}
		ms = append(ms, wireMember{key, c.Bytes()})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("trailing data after the object")
	}
	return ms, nil
}

var wireMembersCases = []string{
	`{}`, ` { "a" : [ 1 , { "b" : "x y" } ] , "c" : "\u00e9" } `, `{"a":1,"a":2}`, `{"a":1,"\u0061":2}`,
	"{\"\xff\":1,\"\xfe\":2}", `{"\ud800":true,"\udc00":false}`, `{"products":[],"errors":[{"code":"X"}],"context":null}`,
	`[]`, `null`, ``, `{`, `{"a":}`, `{"a":1} x`, `{"a":1}]`, `{"a":1}}`, "\u00a0{}", `{"a":1,}`, `{"a":1}{"b":2}`,
}

// checkWireMembers holds wireMembers to the former one: the same members
// and values, or both refuse (the former accepted a trailing ] or }).
func checkWireMembers(t *testing.T, raw []byte) {
	t.Helper()
	got, err := wireMembers(raw)
	want, werr := wireMembersRef(raw)
	if werr == nil && err != nil && trailingCloser(raw) {
		return // the trailing bracket the former let through
	}
	if (err == nil) != (werr == nil) {
		t.Fatalf("wireMembers(%q) = %v; the former: %v", raw, err, werr)
	}
	if err != nil {
		return
	}
	if len(got) != len(want) {
		t.Fatalf("wireMembers(%q) = %d members; the former: %d", raw, len(got), len(want))
	}
	for i := range got {
		if got[i].key != want[i].key || !bytes.Equal(got[i].value, want[i].value) {
			t.Fatalf("wireMembers(%q)[%d] = %q: %s; the former: %q: %s", raw, i, got[i].key, got[i].value, want[i].key, want[i].value)
		}
	}
}

// trailingCloser reports whether raw is one JSON value followed by ] or }
// (and anything after it).
func trailingCloser(raw []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(raw))
	var v json.RawMessage
	if dec.Decode(&v) != nil {
		return false
	}
	rest := bytes.TrimLeft(raw[dec.InputOffset():], " \t\r\n")
	return len(rest) > 0 && (rest[0] == ']' || rest[0] == '}')
}

func TestWireMembersMatchesRef(t *testing.T) {
	for _, c := range wireMembersCases {
		checkWireMembers(t, []byte(c))
	}
	if _, err := wireMembers([]byte(`{"a":1}]`)); err == nil {
		t.Error("wireMembers accepted a trailing ]")
	}
}

func FuzzWireMembersMatchesRef(f *testing.F) {
	for _, c := range wireMembersCases {
		f.Add([]byte(c))
	}
	f.Fuzz(checkWireMembers)
}
