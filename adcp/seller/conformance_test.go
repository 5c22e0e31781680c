package seller_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/testvocab"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

// errNotCarried: the builder does not carry the error's code at all.
var errNotCarried = errors.New("not carried")

// builders are every way the seller package puts an error on the wire,
// each with the error as the only variable.
var builders = []struct {
	name  string
	build func(e *adcp.Error, opts ...seller.WireOption) ([]byte, error)
}{
	{"MCPToolResult", func(e *adcp.Error, opts ...seller.WireOption) ([]byte, error) {
		return seller.MCPToolResult(voc, e, "", opts...)
	}},
	{"A2AFailedTask", func(e *adcp.Error, opts ...seller.WireOption) ([]byte, error) {
		return seller.A2AFailedTask(voc, "t", e, "", opts...)
	}},
	{"JSONRPCError", func(e *adcp.Error, opts ...seller.WireOption) ([]byte, error) {
		if e != nil && e.Code != "RATE_LIMITED" && e.Code != "SERVICE_UNAVAILABLE" && e.Code != "AUTH_MISSING" {
			return nil, errNotCarried // the only codes it carries
		}
		return seller.JSONRPCError(voc, 1, e, opts...)
	}},
	{"Aggregate", func(e *adcp.Error, opts ...seller.WireOption) ([]byte, error) {
		return seller.Aggregate(voc, []*adcp.Error{e}, opts...)
	}},
	{"payload errors[]", func(e *adcp.Error, opts ...seller.WireOption) ([]byte, error) {
		ok := &adcp.Error{Code: "SERVICE_UNAVAILABLE", Message: "Try later", Recovery: adcp.RecoveryTransient}
		return seller.MCPToolResult(voc, ok, "", append(opts, seller.WithPayloadErrors(ok, e))...)
	}},
	{"SuccessPayloadWithWarnings", func(e *adcp.Error, opts ...seller.WireOption) ([]byte, error) {
		return seller.SuccessPayloadWithWarnings(voc, json.RawMessage(`{"products":[{"product_id":"p"}]}`), []*adcp.Error{e}, opts...)
	}},
}

// TestBuildersRefuseRawInjection: raw text that closes a member and forges
// another (`{"x":1},"code":"X_EVIL_CODE"`) in details, in a member kept in
// Extra, or in an issue or discriminator, is refused by Finalize and by
// every builder; no response carrying X_EVIL_CODE is ever produced.
func TestBuildersRefuseRawInjection(t *testing.T) {
	const evil = `{"x":1},"code":"X_EVIL_CODE"`
	base := func() *adcp.Error {
		return &adcp.Error{Code: "SERVICE_UNAVAILABLE", Message: "Try later", Recovery: adcp.RecoveryTransient}
	}
	cases := map[string]func(e *adcp.Error){
		"details":            func(e *adcp.Error) { e.Details = json.RawMessage(evil) },
		"extra member":       func(e *adcp.Error) { e.Extra = map[string]json.RawMessage{"x_vendor": json.RawMessage(evil)} },
		"invalid details":    func(e *adcp.Error) { e.Details = json.RawMessage(`{"a":`) },
		"two details values": func(e *adcp.Error) { e.Details = json.RawMessage(`{} {}`) },
		"issue extra": func(e *adcp.Error) {
			e.Code, e.Recovery = "VALIDATION_ERROR", ""
			e.Issues = []adcp.Issue{{Pointer: "/a", Message: "m", Keyword: "type", Extra: map[string]json.RawMessage{"x": json.RawMessage(`1,"code":"X_EVIL_CODE"`)}}}
		},
		"discriminator value": func(e *adcp.Error) {
			e.Code, e.Recovery = "VALIDATION_ERROR", ""
			e.Issues = []adcp.Issue{{Pointer: "/a", Message: "m", Keyword: "oneOf",
				Discriminator: []adcp.IssueDiscriminator{{PropertyName: "kind", Value: json.RawMessage(`"a"}],"code":"X_EVIL_CODE","x":[{"y":1`)}}}}
		},
	}
	for name, mutate := range cases {
		e := base()
		mutate(e)
		if _, _, err := seller.Finalize(voc, e); err == nil {
			t.Errorf("Finalize accepted %s", name)
		}
		for _, b := range builders {
			out, err := b.build(e)
			if err == nil {
				t.Errorf("%s sent %s: %s", b.name, name, out)
			}
			if strings.Contains(string(out), "X_EVIL_CODE") {
				t.Errorf("%s: %s forged a code", b.name, name)
			}
		}
	}
}

// TestBuildersSendOnlyWhatFinalizeAccepts: errors Finalize refuses, or that
// a client would refuse as they are, are refused by every builder; with
// them fixed, every builder sends them.
func TestBuildersSendOnlyWhatFinalizeAccepts(t *testing.T) {
	tests := []struct {
		name string
		json string
		want string
	}{
		{"unknown non-vendor code", `{"code":"FLOOR_NOT_MET","message":"m","recovery":"terminal"}`, "not a standard code"},
		{"standard code with another recovery", `{"code":"SERVICE_UNAVAILABLE","message":"m","recovery":"terminal"}`, "in the catalogue"},
		{"unknown recovery", `{"code":"X_ACME_FLOOR","message":"m","recovery":"deferred"}`, "transient, correctable or terminal"},
		{"no message", `{"code":"SERVICE_UNAVAILABLE","recovery":"transient"}`, "message is required"},
		{"unknown source", `{"code":"SERVICE_UNAVAILABLE","message":"m","recovery":"transient","source":"proxy"}`, "/source"},
		{"retry_after over the schema's bound", `{"code":"SERVICE_UNAVAILABLE","message":"m","recovery":"transient","retry_after":7200}`, "/retry_after"},
		{"details of the wrong shape", `{"code":"RATE_LIMITED","message":"m","recovery":"transient","details":{"limit":"abc","scope":"nonsense"}}`, "rate-limited"},
		{"closed shape with an undeclared member", `{"code":"BILLING_NOT_PERMITTED_FOR_AGENT","message":"m","recovery":"correctable","details":{"rejected_billing":"agent","leak":1}}`, `"leak"`},
		{"connection string in a configuration error", `{"code":"CONFIGURATION_ERROR","message":"cannot reach postgres://app:s3cret@db.prod:5432/ads","recovery":"terminal"}`, "connection string"},
		{"zero-width split credential", `{"code":"SERVICE_UNAVAILABLE","message":"upstream said pass\u200bword=hunter22","recovery":"transient"}`, "credential"},
	}
	for _, tt := range tests {
		e := decodeTestError(t, tt.json)
		// Finalize completes the last two (it drops the closed shape's
		// member, clamps retry_after); sent as they are, clients refuse them.
		if _, _, err := seller.Finalize(voc, e); err == nil && tt.name != "closed shape with an undeclared member" && tt.name != "retry_after over the schema's bound" {
			t.Errorf("%s: Finalize accepted it", tt.name)
		}
		for _, b := range builders {
			out, err := b.build(e)
			if err == errNotCarried {
				continue
			}
			if err == nil {
				t.Errorf("%s: %s sent %s", tt.name, b.name, out)
				continue
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s: %s: error %q lacks %q", tt.name, b.name, err, tt.want)
			}
		}
	}
	// What every builder sends is what Finalize accepts, and decodes to
	// the error given.
	good := []*adcp.Error{
		mustNew(t, "SERVICE_UNAVAILABLE", "Try later", seller.WithRetryAfterSeconds(30)),
		mustNew(t, "RATE_LIMITED", "Slow down", seller.WithDetails(map[string]any{"limit": 100, "scope": "account"})),
		decodeTestError(t, `{"code":"X_ACME_FLOOR","message":"m","recovery":"correctable","x_trace":{"hop":1}}`),
		// Valid on the wire: an upstream's vendor code without recovery.
		decodeTestError(t, `{"code":"X_ACME_FLOOR","message":"m"}`),
	}
	for _, e := range good {
		for _, b := range builders {
			out, err := b.build(e)
			if err == errNotCarried {
				continue
			}
			if err != nil {
				t.Errorf("%s %s: %v", b.name, e.Code, err)
				continue
			}
			for _, x := range extractAll(t, out) {
				if _, _, err := seller.Finalize(voc, x); err != nil {
					t.Errorf("%s %s: sent an error Finalize refuses: %v", b.name, e.Code, err)
				}
			}
		}
	}
}

// extractAll decodes every AdCP error of a built response: adcp_error
// wherever it is and each errors[] entry.
func extractAll(t *testing.T, resp []byte) []*adcp.Error {
	t.Helper()
	var out []*adcp.Error
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if k == "adcp_error" {
					b, _ := json.Marshal(x)
					out = append(out, decodeTestError(t, string(b)))
					continue
				}
				if k == "errors" {
					if items, ok := x.([]any); ok {
						for _, it := range items {
							b, _ := json.Marshal(it)
							e := decodeTestError(t, string(b))
							delete(e.Extra, "severity")
							out = append(out, e)
						}
						continue
					}
				}
				if k == "text" {
					if s, ok := x.(string); ok && strings.HasPrefix(s, "{") {
						var inner any
						if json.Unmarshal([]byte(s), &inner) == nil {
							walk(inner)
						}
					}
				}
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	var v any
	if err := json.Unmarshal(resp, &v); err != nil {
		t.Fatal(err)
	}
	walk(v)
	if len(out) == 0 {
		t.Fatalf("no error in %s", resp)
	}
	return out
}

// TestFlaggedTextRefused: connection strings, stack traces and credentials
// in message or suggestion are refused (transport-errors.md: MUST NOT), with
// the reason; file paths too on CONFIGURATION_ERROR, whose description
// names them; other findings are warnings. AllowFlaggedText and
// WithFlaggedTextAllowed turn the refusal into a warning.
//
// checklist: 52
func TestFlaggedTextRefused(t *testing.T) {
	tests := []struct {
		code    adcp.Code
		msg     string
		refused string // kind named in the refusal; "" when only a warning
	}{
		{"CONFIGURATION_ERROR", "Upstream unreachable at postgres://app:pw@db.internal:5432/ads", "connection string"},
		{"CONFIGURATION_ERROR", "panic: runtime error: index out of range\ngoroutine 1 [running]:", "stack trace"},
		{"CONFIGURATION_ERROR", "Missing env var; had api_key=sk_live_abcdefghijklmnop", "credential"},
		{"CONFIGURATION_ERROR", "Cannot read /etc/adcp/seller.yaml", "file path"},
		{"SERVICE_UNAVAILABLE", "Cannot read /etc/adcp/seller.yaml", ""},
		{"SERVICE_UNAVAILABLE", "token: eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl", "credential"},
		{"SERVICE_UNAVAILABLE", "dial tcp 10.0.3.7:5432: connection refused", ""},
		{"CONFIGURATION_ERROR", "The seller's upstream_url is not configured; tell the seller's operator", ""},
	}
	for _, tt := range tests {
		_, warns, err := seller.Build(voc, tt.code, tt.msg)
		if tt.refused == "" {
			if err != nil {
				t.Errorf("%s %q: %v", tt.code, tt.msg, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.refused) || !strings.Contains(err.Error(), "must never send") {
			t.Errorf("%s %q: err = %v, want a refusal naming %s", tt.code, tt.msg, err, tt.refused)
			continue
		}
		e, warns, err := seller.Build(voc, tt.code, tt.msg, seller.AllowFlaggedText())
		if err != nil || !containsSubstring(warns, tt.refused) {
			t.Errorf("%s %q with AllowFlaggedText: %v, warnings %q", tt.code, tt.msg, err, warns)
			continue
		}
		if _, _, err := seller.Finalize(voc, e); err == nil {
			t.Errorf("%s %q: Finalize without AllowFlaggedText accepted it", tt.code, tt.msg)
		}
		if _, _, err := seller.Finalize(voc, e, seller.AllowFlaggedText()); err != nil {
			t.Errorf("%s %q: Finalize with AllowFlaggedText: %v", tt.code, tt.msg, err)
		}
		if _, err := seller.MCPToolResult(voc, e, ""); err == nil {
			t.Errorf("%s %q: MCPToolResult sent it", tt.code, tt.msg)
		}
		if _, err := seller.MCPToolResult(voc, e, "", seller.WithFlaggedTextAllowed()); err != nil {
			t.Errorf("%s %q: MCPToolResult with WithFlaggedTextAllowed: %v", tt.code, tt.msg, err)
		}
		_ = warns
	}
	if _, _, err := seller.Finalize(voc, &adcp.Error{Code: "RATE_LIMITED", Message: "m"}, seller.WithField("x")); err == nil {
		t.Error("Finalize took a member option")
	}
	// A vendor code without recovery: New refuses it (WithRecovery sets
	// one), Finalize and the builders only warn, as an upstream's error
	// passed through may carry it.
	if _, err := seller.New(voc, "X_ACME_FLOOR", "m"); err == nil {
		t.Error("New built a vendor code without recovery")
	}
	if _, warns, err := seller.Finalize(voc, &adcp.Error{Code: "X_ACME_FLOOR", Message: "m"}); err != nil || !containsSubstring(warns, "no recovery") {
		t.Errorf("Finalize of a vendor code without recovery: %v, %q", err, warns)
	}
}

// TestCheckMessageZeroWidth: tokens split by characters a buyer's sanitizer
// removes are found, at the bytes of the string as given, and Scrub
// removes them.
func TestCheckMessageZeroWidth(t *testing.T) {
	tests := []struct {
		s    string
		kind seller.FindingKind
	}{
		{"pass\u200bword=hunter22", seller.FindingCredential},
		{"api\u2060_key\ufeff=abcdef123", seller.FindingCredential},
		{"postgres\u200d://app:pw@db/ads", seller.FindingConnectionString},
		{"SEL\u200cECT name FR\U000e0020OM users", seller.FindingSQL},
		{"gorou\u00adtine 1 [running]", seller.FindingStackTrace},
		{"10.0.\u20623.7", seller.FindingIPAddress},
		{"local\u034fhost:5432", seller.FindingInternalHost},
	}
	for _, tt := range tests {
		fs := seller.CheckMessage(tt.s)
		found := false
		for _, f := range fs {
			if f.Start < 0 || f.End > len(tt.s) || f.Start >= f.End {
				t.Errorf("%q: finding %+v out of range", tt.s, f)
			}
			found = found || f.Kind == tt.kind
		}
		if !found {
			t.Errorf("CheckMessage(%q) = %v, want a %s", tt.s, fs, tt.kind)
		}
		if got := seller.Scrub(tt.s); len(seller.CheckMessage(got)) != 0 || len(seller.CheckMessage(adcp.Sanitize(got, -1))) != 0 {
			t.Errorf("Scrub(%q) = %q still flagged", tt.s, got)
		}
	}
	// Line breaks are not removed before checking: they keep words apart.
	if fs := seller.CheckMessage("The request failed\nTry again later"); len(fs) != 0 {
		t.Errorf("plain text flagged: %v", fs)
	}
}

// TestBudgetCapReachedFatal: BUDGET_CAP_REACHED is an advisory on a partial
// build, and the failure when not even a partial exists; the other
// advisories are never sent as a failure.
//
// checklist: 30, 44
func TestBudgetCapReachedFatal(t *testing.T) {
	e := mustNew(t, "BUDGET_CAP_REACHED", "Even the first creative would exceed max_spend")
	for _, b := range builders[:2] {
		out, err := b.build(e)
		if err != nil {
			t.Errorf("%s: %v", b.name, err)
			continue
		}
		x, ok := adcp.Extract(out)
		if !ok || x.NonFatal || x.Err.Code != "BUDGET_CAP_REACHED" {
			t.Errorf("%s: extracted %+v, %v", b.name, x, ok)
		}
	}
	if _, err := seller.SuccessPayloadWithWarnings(voc, json.RawMessage(`{"creatives":[{"id":"c1"}]}`), []*adcp.Error{e}); err != nil {
		t.Errorf("as an advisory: %v", err)
	}
	for _, c := range []adcp.Code{"STALE_RESPONSE", "FORMAT_PROJECTION_FAILED"} {
		if _, err := seller.MCPToolResult(voc, mustNew(t, c, "m"), ""); err == nil || !strings.Contains(err.Error(), "non-fatal advisory") {
			t.Errorf("%s sent as a failure: %v", c, err)
		}
	}
}

// TestDetailsMustFitTheirCode: details that do not fit the code's shape are
// refused, whether typed, a map or raw JSON.
func TestDetailsMustFitTheirCode(t *testing.T) {
	raw := func(s string) seller.Option { return seller.WithDetails(json.RawMessage(s)) }
	tests := []struct {
		name string
		code adcp.Code
		opt  seller.Option
		want string
	}{
		{"typed details of another code", "BUDGET_TOO_LOW", seller.WithDetails(testvocab.RateLimitedDetails{}), "RateLimitedDetails are the details of RATE_LIMITED, not of BUDGET_TOO_LOW"},
		{"typed details by pointer", "BUDGET_TOO_LOW", seller.WithDetails(&testvocab.RateLimitedDetails{}), "not of BUDGET_TOO_LOW"},
		{"typed details on a vendor code", "X_ACME_SLOW", seller.WithDetails(&testvocab.RateLimitedDetails{}), "not of X_ACME_SLOW"},
		{"map of the wrong types", "RATE_LIMITED", seller.WithDetails(map[string]any{"limit": "abc", "scope": "nonsense"}), "/limit"},
		{"raw of the wrong types", "RATE_LIMITED", raw(`{"limit":"abc"}`), "/limit"},
		{"billing party not registered", "BILLING_NOT_PERMITTED_FOR_AGENT", raw(`{"rejected_billing":"bogus_party"}`), "/rejected_billing"},
		{"billing party missing", "BILLING_NOT_PERMITTED_FOR_AGENT", raw(`{"suggested_billing":"operator"}`), "/rejected_billing: required member missing"},
		{"billing details empty", "BILLING_NOT_PERMITTED_FOR_AGENT", raw(`{}`), "/rejected_billing: required member missing"},
		{"agent scope, reason not registered", "PERMISSION_DENIED", raw(`{"scope":"agent","reason":"vip_only"}`), "/reason"},
		{"agent scope, reason missing", "PERMISSION_DENIED", raw(`{"scope":"agent"}`), "/reason: required member missing"},
		{"current_account null", "ACCOUNT_MOVED", raw(`{"current_account":null}`), "/current_account"},
		{"current_account a string", "ACCOUNT_MOVED", raw(`{"current_account":"acc_2"}`), "/current_account"},
		{"current_account empty", "ACCOUNT_MOVED", raw(`{"current_account":{}}`), "/current_account"},
		{"current_account with both forms", "ACCOUNT_MOVED", raw(`{"current_account":{"account_id":"a","brand":{"domain":"x.com"}}}`), "/current_account"},
		{"accessibility violations without criterion", "CREATIVE_REJECTED", raw(`{"violations":[{"pointer":"/a"}]}`), "accessibility-violation"},
	}
	for _, tt := range tests {
		_, err := seller.New(voc, tt.code, "m", tt.opt, seller.WithRecovery(recoveryFor(tt.code)))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.want)
		}
	}
	ok := []struct {
		code adcp.Code
		opt  seller.Option
	}{
		{"RATE_LIMITED", seller.WithDetails(&testvocab.RateLimitedDetails{Limit: adcpimplPtr(10.0)})},
		{"BILLING_NOT_PERMITTED_FOR_AGENT", raw(`{"rejected_billing":"agent","suggested_billing":"operator"}`)},
		{"PERMISSION_DENIED", raw(`{"scope":"agent","reason":"sandbox_only"}`)},
		{"PERMISSION_DENIED", raw(`{"scope":"account","anything":1}`)}, // not the agent gate: no shape
		{"ACCOUNT_MOVED", raw(`{"current_account":{"account_id":"acc_2"}}`)},
		{"UNSUPPORTED_FEATURE", raw(`{"feature":"sandbox"}`)}, // not the refinement case
		{"CREATIVE_REJECTED", raw(`{"policy_id":"p1"}`)},
	}
	for _, tt := range ok {
		if _, err := seller.New(voc, tt.code, "m", tt.opt); err != nil {
			t.Errorf("%s: %v", tt.code, err)
		}
	}
}

// recoveryFor is the catalogue recovery of a code, or terminal for a vendor
// code.
func recoveryFor(c adcp.Code) adcp.Recovery {
	if info, ok := voc.Info(c); ok {
		return info.Recovery
	}
	return adcp.RecoveryTerminal
}

func adcpimplPtr[T any](v T) *T { return &v }

// FuzzWireBuilders: whatever error a seller hands a builder, raw members
// included, what comes out carries only errors Finalize accepts and the
// version's rules accept, each with the code given and no member repeated.
func FuzzWireBuilders(f *testing.F) {
	f.Add(`{"code":"SERVICE_UNAVAILABLE","message":"m","recovery":"transient"}`, []byte(`{"x":1}`), "x_vendor", []byte(`1`))
	f.Add(`{"code":"RATE_LIMITED","message":"m"}`, []byte(`{"x":1},"code":"X_EVIL_CODE"`), "x", []byte(`{"a":1},"code":"X_EVIL"`))
	f.Add(`{"code":"ACCOUNT_MOVED","message":"m"}`, []byte(`{"current_account":{"account_id":"a"}}`), "", []byte(nil))
	f.Add(`{"code":"X_ACME_A","message":"pass\u200bword=hunter22","recovery":"terminal"}`, []byte(nil), "severity", []byte(`"warning"`))
	f.Add(`{"code":"BILLING_NOT_PERMITTED_FOR_AGENT","message":"m"}`, []byte(`{"rejected_billing":"agent","suggested_billing":"operator"}`), "", []byte(nil))
	f.Add(`{"code":"SERVICE_UNAVAILABLE","message":"m","recovery":"transient"}`, []byte("{\"x\":\"\xff\"}"), "x_vendor", []byte("\"\xfe\""))
	f.Add(`{"code":"SERVICE_UNAVAILABLE","message":"m","recovery":"transient"}`, []byte(nil), "x_vendor", []byte("\"\xfe\""))
	f.Fuzz(func(t *testing.T, errJSON string, details []byte, extraKey string, extraVal []byte) {
		var e adcp.Error
		if json.Unmarshal([]byte(errJSON), &e) != nil {
			return
		}
		if details != nil {
			e.Details = details
		}
		if extraKey != "" {
			if e.Extra == nil {
				e.Extra = map[string]json.RawMessage{}
			}
			e.Extra[extraKey] = extraVal
		}
		for _, b := range builders {
			out, err := b.build(&e)
			if err != nil {
				continue
			}
			if !utf8.Valid(out) {
				t.Fatalf("%s sent invalid UTF-8: %q", b.name, out)
			}
			for _, x := range extractAll(t, out) {
				if x.Code != e.Code && !(b.name == "payload errors[]" && x.Code == "SERVICE_UNAVAILABLE") {
					t.Fatalf("%s sent code %q for %q: %s", b.name, x.Code, e.Code, out)
				}
				if _, _, err := seller.Finalize(voc, x); err != nil {
					t.Fatalf("%s sent what Finalize refuses (%v): %s", b.name, err, out)
				}
				if err := voc.Validate(x); err != nil {
					t.Fatalf("%s sent what core/error.json refuses (%v): %s", b.name, err, out)
				}
			}
			if strings.Contains(string(out), "X_EVIL") && !strings.Contains(errJSON, "X_EVIL") {
				t.Fatalf("%s: a raw member forged a code: %s", b.name, out)
			}
		}
	})
}

// TestFinalizeNamesTheRawMember: the raw member that is not exactly one
// JSON value, or not valid UTF-8 (RFC 8259 §8.1), is named in Finalize's
// error, wherever it is; New names raw details too.
func TestFinalizeNamesTheRawMember(t *testing.T) {
	for _, bad := range []string{`{"x":1},"code":"X_EVIL_CODE"`, "{\"note\":\"\xff\"}"} {
		issue := func(mutate func(*adcp.Issue)) func(e *adcp.Error) {
			return func(e *adcp.Error) {
				e.Code, e.Recovery = "VALIDATION_ERROR", ""
				is := adcp.Issue{Pointer: "/a", Message: "m", Keyword: "oneOf",
					Discriminator: []adcp.IssueDiscriminator{{PropertyName: "kind", Value: json.RawMessage(`"a"`)}}}
				mutate(&is)
				e.Issues = []adcp.Issue{{Pointer: "/b", Message: "m", Keyword: "type"}, is}
			}
		}
		for _, tt := range []struct {
			mutate func(e *adcp.Error)
			want   string
		}{
			{func(e *adcp.Error) { e.Details = json.RawMessage(bad) }, "details is not exactly one JSON value"},
			{func(e *adcp.Error) { e.Extra = map[string]json.RawMessage{"x_vendor": json.RawMessage(bad)} },
				`error member "x_vendor" is not exactly one JSON value`},
			{issue(func(is *adcp.Issue) { is.Extra = map[string]json.RawMessage{"x": json.RawMessage(bad)} }),
				`issues[1] member "x" is not exactly one JSON value`},
			{issue(func(is *adcp.Issue) { is.Discriminator[0].Value = json.RawMessage(bad) }),
				"issues[1].discriminator[0].value is not exactly one JSON value"},
			{issue(func(is *adcp.Issue) {
				is.Discriminator[0].Extra = map[string]json.RawMessage{"y": json.RawMessage(bad)}
			}),
				`issues[1].discriminator[0] member "y" is not exactly one JSON value`},
		} {
			e := &adcp.Error{Code: "SERVICE_UNAVAILABLE", Message: "Try later", Recovery: adcp.RecoveryTransient}
			tt.mutate(e)
			if _, _, err := seller.Finalize(voc, e); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Finalize %q: %v, want %q", bad, err, tt.want)
			}
		}
		if _, err := seller.New(voc, "X_ACME_NOTE", "m", seller.WithRecovery(adcp.RecoveryTerminal),
			seller.WithDetails(json.RawMessage(bad))); err == nil || !strings.Contains(err.Error(), "details") {
			t.Errorf("New %q: %v, want a refusal naming details", bad, err)
		}
	}
}
