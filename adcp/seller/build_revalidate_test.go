package seller

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/testvocab"
)

// revalidateVocabularies are the vocabulary the tests build with and one
// whose core/error.json is stricter: closed, without source and sdk_id,
// retry_after up to 60 and codes of at most 10 characters.
func revalidateVocabularies(t testing.TB) []*adcp.Vocabulary {
	base := testvocab.Vocabulary
	r := adcp.DefaultErrorRules
	r.Members = []string{"code", "message", "field", "suggestion", "retry_after", "issues", "details", "recovery"}
	r.Closed, r.Sources, r.CodeMaxLength = true, nil, 10
	r.RetryAfterMaximum = new(float64)
	*r.RetryAfterMaximum = 60
	var infos []adcp.CodeInfo
	for _, c := range base.Codes() {
		info, _ := base.Info(c)
		infos = append(infos, info)
	}
	strict, err := adcp.NewVocabulary(adcp.VocabularyConfig{SpecVersion: base.SpecVersion(),
		UnknownRecovery: base.UnknownRecovery(), Codes: infos, Shapes: base.Shapes(), Rules: r})
	if err != nil {
		t.Fatal(err)
	}
	return []*adcp.Vocabulary{base, strict}
}

// checkRevalidateBuilt holds the validation of e as it is (what check
// runs) to the validation of its encoding decoded again (one object, no
// repeated member, the same code), for every error whose raw members check
// accepts (checkRaw) and whose code is valid UTF-8 (check refuses any
// other).
func checkRevalidateBuilt(t *testing.T, vs []*adcp.Vocabulary, e *adcp.Error) {
	t.Helper()
	if checkRaw(e) != nil || !utf8.ValidString(string(e.Code)) {
		return
	}
	raw, err := e.MarshalJSON()
	if err != nil {
		return // check stops before validating (a non-finite retry_after)
	}
	for i, v := range vs {
		// The same verdict; the same words too, but where a message quotes a
		// string of invalid UTF-8 (the encoding replaces its bad bytes).
		got, want := v.Validate(e), validateDecoded(v, e.Code, raw)
		if (got == nil) != (want == nil) || got != nil && !strings.Contains(got.Error(), `\x`) && got.Error() != want.Error() {
			t.Errorf("vocabulary %d, %s: validated as it is: %v; decoded again: %v", i, raw, got, want)
		}
	}
}

// validateDecoded checks raw, an encoded error, as a client reads it.
func validateDecoded(v *adcp.Vocabulary, code adcp.Code, raw []byte) error {
	if dup, ok := uniqueMembersRef(raw); !ok || dup {
		return fmt.Errorf("encoded error: a repeated member, or not one object")
	}
	var back adcp.Error
	if err := back.UnmarshalJSON(raw); err != nil {
		return err
	}
	if back.Code != code {
		return fmt.Errorf("encoded error reads as code %q", back.Code)
	}
	return v.Validate(&back)
}

// uniqueMembersRef reports a repeated decoded member name of the top-level
// object of raw, on encoding/json's token stream; ok is false when raw is
// not one object.
func uniqueMembersRef(raw []byte) (dup bool, ok bool) {
	if !json.Valid(raw) {
		return false, false
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return false, false
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, _ := dec.Token()
		k, _ := tok.(string)
		if seen[k] {
			return true, true
		}
		seen[k] = true
		var skip json.RawMessage
		_ = dec.Decode(&skip)
	}
	return false, true
}

func TestRevalidateBuiltMatchesDecoded(t *testing.T) {
	vs := revalidateVocabularies(t)
	f := func(x float64) *float64 { return &x }
	built := []*adcp.Error{
		{Code: "RATE_LIMITED", Message: "m", Recovery: adcp.RecoveryTransient, RetryAfter: f(5)},
		{Code: "RATE_LIMITED", Message: "m", RetryAfter: f(0.5)},
		{Code: "RATE_LIMITED", Message: "m", RetryAfter: f(5000)},
		{Code: "RATE_LIMITED", Message: "m", RetryAfter: f(1e300)},
		{Code: "RATE_LIMITED", Message: "m", RetryAfter: f(math.Copysign(0, -1))},
		{Code: "X_ACME_SOMETHING_LONG", Message: "m", Recovery: "later"},
		{Code: "", Message: ""},
		{Code: "BUDGET_TOO_LOW", Message: "Budget <b>&</b> \u2028", Field: "a[0]", Suggestion: "s", Source: "sdk", SDKID: "x@1"},
		{Code: "BUDGET_TOO_LOW", Message: "m", Source: "proxy"},
		{Code: "BUDGET_TOO_LOW", Message: "bad \xff byte", Suggestion: "\xc3"},
		{Code: "CAFÉ", Message: "m"},
		{Code: "X_\xff", Message: "m"}, // written as X_\ufffd
		// Raw members: two names that are written alike, details that are
		// not an object, a member the schema declares kept raw.
		{Code: "X_A", Message: "m", Extra: map[string]json.RawMessage{"a\xff": json.RawMessage(`1`), "a\ufffd": json.RawMessage(`2`)}},
		{Code: "X_A", Message: "m", Details: json.RawMessage(`"x"`)},
		{Code: "RATE_LIMITED", Message: "m", Details: json.RawMessage(`{"limit":1,"scope":"tool"}`)},
		{Code: "RATE_LIMITED", Message: "m", Details: json.RawMessage(` {"limit" : 1} `)},
		{Code: "RATE_LIMITED", Message: "m", Details: json.RawMessage(`{"a":1,"a":{"b":[]}}`)},
		{Code: "RATE_LIMITED", Message: "m", Details: json.RawMessage(`null`)},
		{Code: "RATE_LIMITED", Message: "m", Details: json.RawMessage(`{}`)},
		{Code: "RATE_LIMITED", Message: "m", Details: json.RawMessage{}},
		{Code: "RATE_LIMITED", Message: "m", Details: json.RawMessage(`{"a":"\xff"}`)},
		{Code: "RATE_LIMITED", Message: "m", Details: json.RawMessage(`{"a":"\u2028<"}`)},
		{Code: "X_A", Message: "m", Extra: map[string]json.RawMessage{"retry_after": json.RawMessage(`1e400`)}},
		{Code: "X_A", Message: "m", Issues: []adcp.Issue{{Pointer: "/a"}}},
		{Code: "VALIDATION_ERROR", Message: "m", Field: "a", Issues: []adcp.Issue{{Pointer: "/a", Message: "bad", Keyword: "type",
			SchemaPath: "#/properties/a", SchemaID: "s"}, {Pointer: "/b", Message: "m", Keyword: "required"}}},
		{Code: "VALIDATION_ERROR", Message: "m", Issues: []adcp.Issue{}},
		{Code: "VALIDATION_ERROR", Message: "m", Issues: []adcp.Issue{{Pointer: "/a\xff", Message: "m", Keyword: "type"}}},
		{Code: "VALIDATION_ERROR", Message: "m", Issues: []adcp.Issue{{Pointer: "/a", Message: "m", Keyword: "type",
			Discriminator: []adcp.IssueDiscriminator{{PropertyName: "kind", Value: json.RawMessage(`"x"`)}}}}},
		{Code: "VALIDATION_ERROR", Message: "m", Issues: []adcp.Issue{{Pointer: "/a", Message: "m", Keyword: "type",
			Discriminator: []adcp.IssueDiscriminator{}}}},
		{Code: "VALIDATION_ERROR", Message: "m", Issues: []adcp.Issue{{Pointer: "/a", Message: "m", Keyword: "type",
			Extra: map[string]json.RawMessage{"x": json.RawMessage(`1`)}}}},
		// Raw text that forges members (finalize refuses it before).
		{Code: "X_A", Message: "m", Details: json.RawMessage(`{},"code":"Y"`)},
		{Code: "X_A", Message: "m", Issues: []adcp.Issue{{Pointer: "/a", Message: "m", Keyword: "type",
			Extra: map[string]json.RawMessage{"x": json.RawMessage(`1,"discriminator":5`)}}}},
		{Code: "X_A", Message: "m", Issues: []adcp.Issue{{Pointer: "/a", Message: "m", Keyword: "type",
			Discriminator: []adcp.IssueDiscriminator{{PropertyName: "k", Value: json.RawMessage(`"x","property_name":5`)}}}}},
	}
	for _, e := range built {
		checkRevalidateBuilt(t, vs, e)
	}
	// Decoded: members present though empty, retry_after as written.
	for _, in := range []string{
		`{"code":"X_A","message":"","field":"","suggestion":"","recovery":"","source":"","sdk_id":""}`,
		`{"code":"RATE_LIMITED","message":"m","retry_after":1.0000000000000000001}`,
		`{"code":"RATE_LIMITED","message":"m","retry_after":3600.0000000000000001}`,
		`{"code":"RATE_LIMITED","message":"m","retry_after":59.99999999999999999999}`,
		`{"code":"RATE_LIMITED","message":"m","retry_after":1E+1}`,
		`{"code":"X_A","message":"m","extra":1}`,
		`{"code":"X_A","message":"m","retry_after":"5"}`,
		`{"code":"VALIDATION_ERROR","message":"m","issues":[{"pointer":"/a","message":"m"}]}`,
		`{"code":"VALIDATION_ERROR","message":"m","issues":[{"pointer":"/a","message":"m","keyword":"type","schemaPath":""},{}]}`,
		`{"code":"VALIDATION_ERROR","message":"m","issues":[{"pointer":"/a","message":"m","keyword":5}]}`,
		`{"code":"VALIDATION_ERROR","message":"m","issues":[{"pointer":"/a","message":"m","keyword":"type","discriminator":[]}]}`,
		`{"code":"VALIDATION_ERROR","message":"m","issues":[{"pointer":"/a","message":"m","keyword":"type","discriminator":[{"property_name":"k","value":{}}]}]}`,
	} {
		var e adcp.Error
		if err := e.UnmarshalJSON([]byte(in)); err != nil {
			t.Fatal(err)
		}
		checkRevalidateBuilt(t, vs, &e)
	}
}

func FuzzRevalidateBuiltMatchesDecoded(f *testing.F) {
	f.Add("RATE_LIMITED", "m", "", "transient", "", 5.0, true, `{"code":"X","message":"m","retry_after":2}`)
	f.Add("X_ACME_A", "\xff", "a[0]", "later", "sdk", 0.5, false, `{"code":"X","message":"","field":""}`)
	f.Add("RATE_LIMITED", "m", `{"limit":1,"scope":"x"}`, "transient", "", 2.0, true, `{"code":"X","message":"m","details":{}}`)
	f.Add("VALIDATION_ERROR", "m", "", "", "", 0.0, false, `{"code":"X","message":"m","issues":[{"pointer":"/a","message":"m","keyword":"type"},{"pointer":""}]}`)
	f.Add("X_\xff", "m", "", "", "", 0.0, false, `{"code":"X","message":"m","a\u00ff":1,"a\xff":2,"details":[]}`)
	f.Add("CODE_OF_MORE_THAN_TEN", "m", "", "", "producer", 1e300, true, `{"code":"X","message":"m","retry_after":1.00000000000000000001}`)
	vs := revalidateVocabularies(f)
	f.Fuzz(func(t *testing.T, code, msg, field, recovery, source string, retry float64, hasRetry bool, decoded string) {
		e := &adcp.Error{Code: adcp.Code(code), Message: msg, Field: field, Suggestion: field, Recovery: adcp.Recovery(recovery),
			Source: adcp.ErrorSource(source), SDKID: msg}
		if len(field) > 0 && field[0] == '{' {
			e.Details = json.RawMessage(field)
		}
		if hasRetry {
			e.RetryAfter = &retry
		}
		checkRevalidateBuilt(t, vs, e)
		var d adcp.Error
		if d.UnmarshalJSON([]byte(decoded)) == nil {
			checkRevalidateBuilt(t, vs, &d)
		}
	})
}
