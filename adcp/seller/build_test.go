package seller_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
	"github.com/adcp-gen/adcp-gen/adcp/internal/testvocab"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

func TestNewEveryCatalogueCode(t *testing.T) {
	codes := voc.Codes()
	if len(codes) == 0 {
		t.Fatal("the vocabulary has no codes")
	}
	for _, code := range codes {
		info, _ := voc.Info(code)
		var opts []seller.Option
		switch code {
		case testvocab.CodeFieldNotPermitted:
			opts = append(opts, seller.WithField("packages[0].budget"))
		case testvocab.CodeAccountMoved:
			opts = append(opts, seller.WithDetails(map[string]any{"current_account": map[string]any{"account_id": "acc_2"}}))
		}
		e, err := seller.New(voc, code, "Request failed", opts...)
		if err != nil {
			t.Errorf("New(%s): %v", code, err)
			continue
		}
		if e.Recovery != info.Recovery || !e.Recovery.Valid() {
			t.Errorf("New(%s).Recovery = %q, want %q", code, e.Recovery, info.Recovery)
		}
	}
}

// checklist: 15
func TestRetryAfterCeilThenClamp(t *testing.T) {
	tests := []struct {
		opt  seller.Option
		want float64
	}{
		{seller.WithRetryAfterSeconds(5), 5},
		{seller.WithRetryAfterSeconds(0.2), 1},
		{seller.WithRetryAfterSeconds(1.0000001), 2}, // ceil first
		{seller.WithRetryAfterSeconds(0), 1},
		{seller.WithRetryAfterSeconds(-30), 1},
		{seller.WithRetryAfterSeconds(3599.5), 3600},
		{seller.WithRetryAfterSeconds(3600.5), 3600}, // then clamp
		{seller.WithRetryAfterSeconds(86400), 3600},
		{seller.WithRetryAfter(1500 * time.Millisecond), 2},
		{seller.WithRetryAfter(time.Hour + time.Nanosecond), 3600},
	}
	for i, tt := range tests {
		e, err := seller.New(voc, "RATE_LIMITED", "Request rate exceeded", tt.opt)
		if err != nil {
			t.Fatalf("#%d: %v", i, err)
		}
		if e.RetryAfter == nil || *e.RetryAfter != tt.want {
			t.Errorf("#%d: retry_after = %v, want %v", i, e.RetryAfter, tt.want)
		}
	}
}

// TestFinalizeRetryAfterInteger: Finalize of a decoded error sends
// retry_after as an integer (AdCP 3.2 producers must), the written value
// rounded up and then clamped to 1..3600, also when a float64 does not hold
// the written value (1.0000000000000001 is over 1: it waits 2).
func TestFinalizeRetryAfterInteger(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int
	}{
		{"2.5", 3}, {"0.5", 1}, {"5.0", 5}, {"1e0", 1}, {"1E3", 1000}, {"86400.5", 3600},
		{"1.0000000000000001", 2}, {"3599.9999999999999999", 3600}, {"3600.0000000000000001", 3600},
		{"0.99999999999999999999", 1}, {"2.0000000000000000000e0", 2},
	} {
		e := decodeTestError(t, `{"code":"RATE_LIMITED","message":"m","recovery":"transient","retry_after":`+tt.in+`}`)
		if d, ok := e.RetryDelay(); !ok || d != time.Duration(tt.want)*time.Second {
			t.Errorf("retry_after %s: a buyer waits %v, %v; want %ds", tt.in, d, ok, tt.want)
		}
		done, _, err := seller.Finalize(voc, e)
		if err != nil {
			t.Errorf("retry_after %s: %v", tt.in, err)
			continue
		}
		b, err := json.Marshal(done)
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			RetryAfter json.RawMessage `json:"retry_after"`
		}
		if err := json.Unmarshal(b, &got); err != nil || string(got.RetryAfter) != strconv.Itoa(tt.want) {
			t.Errorf("retry_after %s: sent %s, want %d", tt.in, got.RetryAfter, tt.want)
		}
	}
}

func TestBuildWarnings(t *testing.T) {
	big := map[string]any{"reasons": []string{strings.Repeat("x", 600)}}
	tests := []struct {
		name string
		code adcp.Code
		msg  string
		opts []seller.Option
		want string // substring of one warning
	}{
		// checklist: 39
		{"details over 500 bytes", "CREATIVE_REJECTED", "Creative rejected", []seller.Option{seller.WithDetails(big)}, "keep them under 500"},
		{"deprecated code", "AUTH_REQUIRED", "Credentials required", nil, "AUTH_MISSING or AUTH_INVALID"},
		// checklist: 52
		{"leaky message", "SERVICE_UNAVAILABLE", "dial tcp 10.0.3.7:5432: connection refused", nil, "IP address"},
		{"long message", "INVALID_REQUEST", strings.Repeat("m", 300), nil, "buyers keep only 256"},
		{"retry_after on a correctable code", "INVALID_REQUEST", "Bad request", []seller.Option{seller.WithRetryAfterSeconds(3)}, "clients only wait on transient"},
		// checklist: 47
		{"scope hint", "SCOPE_INSUFFICIENT", "Task not granted", nil, "introspection_hint"},
		// checklist: 56
		{"supported_majors", "VERSION_UNSUPPORTED", "Version not supported", []seller.Option{seller.WithDetails(map[string]any{"supported_versions": []string{"3.1"}})}, "supported_majors"},
	}
	for _, tt := range tests {
		_, warns, err := seller.Build(voc, tt.code, tt.msg, tt.opts...)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !containsSubstring(warns, tt.want) {
			t.Errorf("%s: warnings %q lack %q", tt.name, warns, tt.want)
		}
	}
	if _, warns, err := seller.Build(voc, "RATE_LIMITED", "Request rate exceeded", seller.WithRetryAfterSeconds(5)); err != nil || len(warns) != 0 {
		t.Errorf("clean error: warnings %q, err %v", warns, err)
	}
}

// testDetails is a stand-in for a generated details struct.
type testDetails struct {
	Minimum float64 `json:"minimum_budget"`
}

func (d testDetails) Validate() error {
	if d.Minimum < 0 {
		return errors.New("minimum_budget: must be >= 0")
	}
	return nil
}

// testPtrDetails validates through a pointer receiver, as generated types do.
type testPtrDetails struct {
	Currency string `json:"currency"`
}

func (d *testPtrDetails) Validate() error {
	if len(d.Currency) != 3 {
		return errors.New("currency: must have 3 letters")
	}
	return nil
}

// TestTypedDetailsValidatedOnce: details given as the Go type of a shape
// the code carries are validated by that type's Validate method, once; the
// shape's schema check is not run on them again. The same details as raw
// JSON go through the schema check.
func TestTypedDetailsValidatedOnce(t *testing.T) {
	shape := &adcp.DetailsShape{Name: "budget-too-low", Type: "testDetails", Codes: []adcp.Code{"BUDGET_TOO_LOW"},
		Fields: []string{"minimum_budget"}, Check: func(v *adcpimpl.Validator, p string, _ any) { v.Add(p, "schema check ran") }}
	v := patchVocabulary(t, voc, "BUDGET_TOO_LOW", func(i *adcp.CodeInfo) { i.Shapes = []*adcp.DetailsShape{shape} })
	for _, tt := range []struct {
		name    string
		details any
		want    string // "" when built
	}{
		{"typed", testDetails{Minimum: 500}, ""},
		{"typed, by pointer", &testDetails{Minimum: 500}, ""},
		{"typed, invalid", testDetails{Minimum: -1}, "minimum_budget: must be >= 0"},
		{"raw", json.RawMessage(`{"minimum_budget":500}`), "schema check ran"},
		{"map", map[string]any{"minimum_budget": 500}, "schema check ran"},
	} {
		_, err := seller.New(v, "BUDGET_TOO_LOW", "m", seller.WithDetails(tt.details))
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.want)
		}
	}
}

func TestBuildRefusals(t *testing.T) {
	tooBig := map[string]any{"reasons": []string{strings.Repeat("x", 4100)}}
	tests := []struct {
		name string
		code adcp.Code
		msg  string
		opts []seller.Option
		want string
	}{
		{"empty code", "", "m", nil, "1 to 64"},
		{"code over 64", adcp.Code("X_ACME_" + strings.Repeat("A", 60)), "m", nil, "1 to 64"},
		{"unknown non-vendor code", "FLOOR_NOT_MET", "m", nil, "not a standard code"},
		// checklist: 51
		{"invalid vendor code", "X_acme_FLOOR", "m", []seller.Option{seller.WithRecovery(adcp.RecoveryTerminal)}, "not a valid vendor code"},
		{"vendor code without recovery", "X_ACME_FLOOR_NOT_MET", "m", nil, "WithRecovery"},
		{"vendor code with unknown recovery", "X_ACME_FLOOR_NOT_MET", "m", []seller.Option{seller.WithRecovery("deferred")}, "transient, correctable or terminal"},
		{"standard code with another recovery", "RATE_LIMITED", "m", []seller.Option{seller.WithRecovery(adcp.RecoveryTerminal)}, "in the catalogue"},
		{"empty message", "RATE_LIMITED", "", nil, "message is required"},
		{"NaN retry_after", "RATE_LIMITED", "m", []seller.Option{seller.WithRetryAfterSeconds(math.NaN())}, "finite"},
		{"infinite retry_after", "RATE_LIMITED", "m", []seller.Option{seller.WithRetryAfterSeconds(math.Inf(1))}, "finite"},
		// checklist: 47
		{"FIELD_NOT_PERMITTED without field", "FIELD_NOT_PERMITTED", "m", nil, "field is required"},
		// checklist: 50
		{"ACCOUNT_MOVED without details", "ACCOUNT_MOVED", "m", nil, "current_account"},
		// checklist: 50
		{"ACCOUNT_MOVED without current_account", "ACCOUNT_MOVED", "m", []seller.Option{seller.WithDetails(map[string]any{"x": 1})}, "current_account"},
		{"details array", "BUDGET_TOO_LOW", "m", []seller.Option{seller.WithDetails([]int{1})}, "JSON object"},
		{"details string", "BUDGET_TOO_LOW", "m", []seller.Option{seller.WithDetails("500 USD")}, "JSON object"},
		{"details invalid JSON", "BUDGET_TOO_LOW", "m", []seller.Option{seller.WithDetails(json.RawMessage(`{"a":`))}, "details"},
		{"typed details invalid", "BUDGET_TOO_LOW", "m", []seller.Option{seller.WithDetails(testDetails{Minimum: -1})}, "minimum_budget"},
		{"typed details invalid, by value", "BUDGET_TOO_LOW", "m", []seller.Option{seller.WithDetails(testPtrDetails{"US"})}, "3 letters"},
		{"typed details invalid, by pointer", "BUDGET_TOO_LOW", "m", []seller.Option{seller.WithDetails(&testPtrDetails{"US"})}, "3 letters"},
		{"generated details invalid, by value", "RATE_LIMITED", "m", []seller.Option{seller.WithDetails(testvocab.RateLimitedDetails{Scope: "planet"})}, "scope"},
		{"generated details invalid, by pointer", "RATE_LIMITED", "m", []seller.Option{seller.WithDetails(&testvocab.RateLimitedDetails{Scope: "planet"})}, "scope"},
		{"error over 4096 bytes", "CREATIVE_REJECTED", "m", []seller.Option{seller.WithDetails(tooBig)}, "over 4096"},
		// A message too long for any error clients keep is refused as that,
		// not checked for leaks first (1 MB took seconds to check).
		{"message over 12 KiB", "RATE_LIMITED", strings.Repeat("password=hunter2 ", 1000), nil, "message is 17000 bytes"},
		// checklist: 48
		{"custom *_NOT_FOUND vendor code", "X_ACME_LIST_NOT_FOUND", "m", []seller.Option{seller.WithRecovery(adcp.RecoveryCorrectable)}, "REFERENCE_NOT_FOUND"},
		{"bad accessibility pointer", "CREATIVE_REJECTED", "m", []seller.Option{seller.WithDetails(json.RawMessage(`{"violations":[{"pointer":"assets/x","criterion":"1.1.1","criterion_source":"WCAG22","required_level":"A","failure_kind":"other"}]}`))}, "/violations/0/pointer"},
	}
	for _, tt := range tests {
		e, err := seller.New(voc, tt.code, tt.msg, tt.opts...)
		if err == nil {
			t.Errorf("%s: New = %+v, want an error", tt.name, e)
			continue
		}
		if !strings.HasPrefix(err.Error(), "adcp: ") {
			t.Errorf("%s: error %q does not start with \"adcp: \"", tt.name, err)
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %q lacks %q", tt.name, err, tt.want)
		}
	}
}

func TestBuildAccepts(t *testing.T) {
	tests := []struct {
		name string
		code adcp.Code
		opts []seller.Option
		want string // the error as JSON
	}{
		{"vendor code", "X_ACME_FLOOR_NOT_MET", []seller.Option{seller.WithRecovery(adcp.RecoveryCorrectable)},
			`{"code":"X_ACME_FLOOR_NOT_MET","message":"m","recovery":"correctable"}`},
		{"standard code with its own recovery", "RATE_LIMITED", []seller.Option{seller.WithRecovery(adcp.RecoveryTransient), seller.WithRetryAfterSeconds(2.5)},
			`{"code":"RATE_LIMITED","message":"m","retry_after":3,"recovery":"transient"}`},
		{"field and suggestion", "FIELD_NOT_PERMITTED", []seller.Option{seller.WithField("packages[0].budget"), seller.WithSuggestion("Drop the field")},
			`{"code":"FIELD_NOT_PERMITTED","message":"m","field":"packages[0].budget","suggestion":"Drop the field","recovery":"correctable"}`},
		{"typed details", "BUDGET_TOO_LOW", []seller.Option{seller.WithDetails(testDetails{Minimum: 500})},
			`{"code":"BUDGET_TOO_LOW","message":"m","details":{"minimum_budget":500},"recovery":"correctable"}`},
		{"raw details compacted", "BUDGET_TOO_LOW", []seller.Option{seller.WithDetails([]byte(" { \"currency\" : \"USD\" } "))},
			`{"code":"BUDGET_TOO_LOW","message":"m","details":{"currency":"USD"},"recovery":"correctable"}`},
		{"null details are absent", "BUDGET_TOO_LOW", []seller.Option{seller.WithDetails(json.RawMessage("null"))},
			`{"code":"BUDGET_TOO_LOW","message":"m","recovery":"correctable"}`},
		{"nil typed details are absent", "BUDGET_TOO_LOW", []seller.Option{seller.WithDetails((*testPtrDetails)(nil))},
			`{"code":"BUDGET_TOO_LOW","message":"m","recovery":"correctable"}`},
		{"no HTML escaping in details", "POLICY_VIOLATION", []seller.Option{seller.WithDetails(map[string]string{"rule": "a<b&c>d"})},
			`{"code":"POLICY_VIOLATION","message":"m","details":{"rule":"a<b&c>d"},"recovery":"correctable"}`},
	}
	for _, tt := range tests {
		e, err := seller.New(voc, tt.code, "m", tt.opts...)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		got, _ := jsonwire.Marshal(e)
		if !reflect.DeepEqual(jsonValue(t, got), jsonValue(t, []byte(tt.want))) {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
		if tt.name == "no HTML escaping in details" && !strings.Contains(string(got), "a<b&c>d") {
			t.Errorf("HTML-escaped: %s", got)
		}
	}
}

// checklist: 45
func TestFinalizeIssuesSetField(t *testing.T) {
	tests := []struct {
		in, wantField, wantErr string
	}{
		{`{"code":"VALIDATION_ERROR","message":"m","issues":[{"pointer":"/packages/0/targeting","message":"x","keyword":"type"},{"pointer":"/budget","message":"y","keyword":"minimum"}]}`,
			"packages[0].targeting", ""},
		{`{"code":"VALIDATION_ERROR","message":"m","field":"packages[0].targeting","issues":[{"pointer":"/packages/0/targeting","message":"x","keyword":"type"}]}`,
			"packages[0].targeting", ""},
		{`{"code":"VALIDATION_ERROR","message":"m","issues":[{"pointer":"/a~1b/a.b","message":"x","keyword":"required"}]}`,
			"['a/b']['a.b']", ""},
		{`{"code":"VALIDATION_ERROR","message":"m","field":"budget","issues":[{"pointer":"/packages/0","message":"x","keyword":"type"}]}`,
			"", "must equal issues[0].pointer"},
		{`{"code":"VALIDATION_ERROR","message":"m","issues":[{"pointer":"packages/0","message":"x","keyword":"type"}]}`,
			"", "issues[0].pointer"},
		{`{"code":"FIELD_NOT_PERMITTED","message":"m","issues":[{"pointer":"/end_time","message":"x","keyword":"not"}]}`,
			"end_time", ""},
	}
	for _, tt := range tests {
		in := decodeTestError(t, tt.in)
		before, _ := jsonwire.Marshal(in)
		e, _, err := seller.Finalize(voc, in)
		after, _ := jsonwire.Marshal(in)
		if string(before) != string(after) {
			t.Errorf("Finalize modified its argument: %s → %s", before, after)
		}
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Finalize(%s) error = %v, want %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("Finalize(%s): %v", tt.in, err)
			continue
		}
		if e.Field != tt.wantField {
			t.Errorf("Finalize(%s).Field = %q, want %q", tt.in, e.Field, tt.wantField)
		}
	}
	for _, tt := range []struct{ in, want string }{
		// checklist: 46
		{`{"code":"VALIDATION_ERROR","message":"m","issues":[{"pointer":"/a","message":"x","keyword":"errorMessage"}]}`, "not a JSON Schema keyword"},
		{`{"code":"FORMAT_PROJECTION_FAILED","message":"m","source":"sdk"}`, "sdk_id"},
		{`{"code":"FORMAT_PROJECTION_FAILED","message":"m","sdk_id":"adcp-go@0.1.0"}`, "sdk_id"},
		{`{"code":"VALIDATION_ERROR","message":"m","issues":[{"pointer":"/a","message":"x"}]}`, "issues[0].keyword"},
		{`{"code":"VALIDATION_ERROR","message":"m","issues":[{"pointer":"/a","message":"x","keyword":"type"},{"pointer":"b","message":"y","keyword":"type"}]}`, "issues[1].pointer"},
	} {
		if _, _, err := seller.Finalize(voc, decodeTestError(t, tt.in)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Finalize(%s) error = %v, want %q", tt.in, err, tt.want)
		}
	}
	sdk := `{"code":"FORMAT_PROJECTION_FAILED","message":"m","field":"products[3]","source":"sdk","sdk_id":"adcp-go@0.1.0"}`
	if _, _, err := seller.Finalize(voc, decodeTestError(t, sdk)); err != nil {
		t.Errorf("Finalize(%s): %v", sdk, err)
	}
	if _, _, err := seller.Finalize(voc, nil); err == nil {
		t.Error("Finalize(nil) succeeded")
	}
}

// checklist: 54
func TestAccessibilityViolationSetsField(t *testing.T) {
	d := json.RawMessage(`{"violations":[{"pointer":"/creatives/0/assets/hero_image","criterion":"1.1.1","criterion_source":"WCAG22","required_level":"A","failure_kind":"alt_text_missing"},` +
		`{"pointer":"/creative_id","criterion":"1.4.3","criterion_source":"WCAG22","required_level":"AA","failure_kind":"contrast_ratio_insufficient"}],"truncated":false}`)
	e := mustNew(t, "CREATIVE_REJECTED", "Creative failed accessibility review", seller.WithDetails(d))
	if e.Field != "creatives[0].assets.hero_image" {
		t.Errorf("field = %q", e.Field)
	}
	e = mustNew(t, "CREATIVE_REJECTED", "m", seller.WithDetails(d), seller.WithField("creatives[0]"))
	if e.Field != "creatives[0]" {
		t.Errorf("an explicit field was replaced: %q", e.Field)
	}
}

func TestNoDetailsCodesRefuseDetails(t *testing.T) {
	// Mark a code that carries details in this version, so the rule is
	// tested on the table, not on a spelled-out code.
	v := patchVocabulary(t, voc, "SERVICE_UNAVAILABLE", func(i *adcp.CodeInfo) { i.NoDetails = true })
	if _, err := seller.New(v, "SERVICE_UNAVAILABLE", "Try later", seller.WithDetails(map[string]any{"key": "x"})); err == nil ||
		!strings.Contains(err.Error(), "carries no details") {
		t.Errorf("details on a NoDetails code: err = %v", err)
	}
	if _, err := seller.New(v, "SERVICE_UNAVAILABLE", "Try later"); err != nil {
		t.Errorf("NoDetails code without details: %v", err)
	}
	if _, err := seller.New(voc, "SERVICE_UNAVAILABLE", "Try later", seller.WithDetails(map[string]any{"key": "x"})); err != nil {
		t.Errorf("details on the unpatched code: %v", err)
	}
}

// TestNoDetailsCodesByName checks the three codes the spec names, which the
// generated tables mark.
func TestNoDetailsCodesByName(t *testing.T) {
	names := []adcp.Code{"CONFIGURATION_ERROR", "AGENT_SUSPENDED", "AGENT_BLOCKED"}
	for _, c := range names {
		if info, ok := voc.Info(c); !ok || !info.NoDetails {
			t.Errorf("%s is not marked NoDetails in AdCP %s", c, voc.SpecVersion())
		}
		if _, err := seller.New(voc, c, "m", seller.WithDetails(map[string]any{"a": 1})); err == nil ||
			!strings.Contains(err.Error(), "carries no details") {
			t.Errorf("%s accepted details: err = %v", c, err)
		}
		if _, err := seller.New(voc, c, "m"); err != nil {
			t.Errorf("%s without details: %v", c, err)
		}
	}
}

// checklist: 49
func TestClosedShapeDropsUndeclared(t *testing.T) {
	agent := &adcp.DetailsShape{Name: "agent-permission-denied", Codes: []adcp.Code{"PERMISSION_DENIED"},
		When: &adcp.DetailsCondition{Key: "scope", Value: "agent"}, Closed: true, Fields: []string{"scope", "reason"}}
	v := patchVocabulary(t, voc, "PERMISSION_DENIED", func(i *adcp.CodeInfo) { i.Shapes = []*adcp.DetailsShape{agent} })
	billing := &adcp.DetailsShape{Name: "billing-not-permitted-for-agent", Closed: true, Fields: []string{"rejected_billing", "suggested_billing"}}
	v = patchVocabulary(t, v, "BILLING_NOT_PERMITTED_FOR_AGENT", func(i *adcp.CodeInfo) { i.Shapes = []*adcp.DetailsShape{billing} })
	open := &adcp.DetailsShape{Name: "rate-limited", Fields: []string{"limit", "scope"}}
	v = patchVocabulary(t, v, "RATE_LIMITED", func(i *adcp.CodeInfo) { i.Shapes = []*adcp.DetailsShape{open} })

	tests := []struct {
		code        adcp.Code
		details     string
		wantDetails string
		wantDropped []string
	}{
		{"PERMISSION_DENIED", `{"internal_rule":"r7","reason":"not_onboarded","scope":"agent"}`,
			`{"scope":"agent","reason":"not_onboarded"}`, []string{"internal_rule"}},
		{"PERMISSION_DENIED", " { \"reason\" : { \"why\" : [ 1 , \"a b\" ] } ,\n\"scope\":\"agent\", \"x\": 1 } ",
			`{"scope":"agent","reason":{"why":[1,"a b"]}}`, []string{"x"}},
		{"PERMISSION_DENIED", `{"scope":"account","internal_rule":"r7"}`, // condition does not hold: open
			`{"scope":"account","internal_rule":"r7"}`, nil},
		{"BILLING_NOT_PERMITTED_FOR_AGENT", `{"rejected_billing":"agent","z":1,"a":2}`,
			`{"rejected_billing":"agent"}`, []string{"a", "z"}},
		{"RATE_LIMITED", `{"limit":10,"vendor_hint":"x"}`, `{"limit":10,"vendor_hint":"x"}`, nil},
	}
	for _, tt := range tests {
		e, warns, err := seller.Build(v, tt.code, "m", seller.WithDetails(json.RawMessage(tt.details)))
		if err != nil {
			t.Errorf("%s %s: %v", tt.code, tt.details, err)
			continue
		}
		if string(e.Details) != tt.wantDetails {
			t.Errorf("%s %s: details %s, want %s", tt.code, tt.details, e.Details, tt.wantDetails)
		}
		for _, k := range tt.wantDropped {
			if !containsSubstring(warns, `"`+k+`" dropped`) {
				t.Errorf("%s: no warning for dropped %q in %q", tt.code, k, warns)
			}
		}
		if len(tt.wantDropped) == 0 && len(warns) != 0 {
			t.Errorf("%s: unexpected warnings %q", tt.code, warns)
		}
		// Finalize takes the details as they are (WithDetails compacts
		// them first): the same result.
		f, _, err := seller.Finalize(v, &adcp.Error{Code: tt.code, Message: "m", Details: json.RawMessage(tt.details)})
		if err != nil {
			t.Errorf("Finalize %s %s: %v", tt.code, tt.details, err)
		} else if string(f.Details) != tt.wantDetails {
			t.Errorf("Finalize %s %s: details %s, want %s", tt.code, tt.details, f.Details, tt.wantDetails)
		}
	}
}

// TestDetailsCompactedCopy: details of an open shape, of a code without a
// shape and of a vendor code, given with white space (as json.RawMessage
// and []byte, through Build and Finalize), come back compact, as
// json.Compact writes them, and in memory of their own: changing the bytes
// given changes nothing in the error returned.
func TestDetailsCompactedCopy(t *testing.T) {
	for _, c := range []struct {
		code    adcp.Code
		details string
	}{
		{"RATE_LIMITED", " {\n\t\"limit\" : 10 , \"scope\":\"account\", \"x\": [ 1 , { } , \" a b \" ] }\r\n"},
		{"SERVICE_UNAVAILABLE", `{ "note" : "s p a c e" }`},
		{"X_ACME_NOTE", "{\"a\":\"\\\" \\u0020\"}  "},
	} {
		var want bytes.Buffer
		if err := json.Compact(&want, []byte(c.details)); err != nil {
			t.Fatal(err)
		}
		given := []byte(c.details)
		var opts []seller.Option
		if !voc.Known(c.code) {
			opts = append(opts, seller.WithRecovery(adcp.RecoveryTerminal))
		}
		built, _, err := seller.Build(voc, c.code, "m", append(opts, seller.WithDetails(given))...)
		if err != nil {
			t.Fatalf("%s: %v", c.code, err)
		}
		e := &adcp.Error{Code: c.code, Message: "m", Recovery: built.Recovery, Details: json.RawMessage(given)}
		finalized, _, err := seller.Finalize(voc, e)
		if err != nil {
			t.Fatalf("%s: %v", c.code, err)
		}
		for i := range given {
			given[i] = ' '
		}
		for _, got := range []*adcp.Error{built, finalized} {
			if string(got.Details) != want.String() {
				t.Errorf("%s: details %q, want %q", c.code, got.Details, want.Bytes())
			}
		}
	}
}

// TestClosedShapesByName checks the two closed shapes of the spec, which
// the generated tables carry.
func TestClosedShapesByName(t *testing.T) {
	tests := []struct {
		code    adcp.Code
		details string
		drop    string
	}{
		{"PERMISSION_DENIED", `{"scope":"agent","reason":"sandbox_only","leak":1}`, "leak"},
		{"BILLING_NOT_PERMITTED_FOR_AGENT", `{"rejected_billing":"agent","leak":1}`, "leak"},
	}
	for _, tt := range tests {
		info, ok := voc.Info(tt.code)
		if !ok || len(info.Shapes) == 0 {
			t.Errorf("AdCP %s carries no details shape for %s", voc.SpecVersion(), tt.code)
			continue
		}
		e, warns, err := seller.Build(voc, tt.code, "m", seller.WithDetails(json.RawMessage(tt.details)))
		if err != nil {
			t.Errorf("%s: %v", tt.code, err)
			continue
		}
		if strings.Contains(string(e.Details), tt.drop) {
			t.Errorf("%s: %q kept in %s", tt.code, tt.drop, e.Details)
		}
		if !containsSubstring(warns, `"`+tt.drop+`" dropped`) {
			t.Errorf("%s: no warning for dropped %q in %q", tt.code, tt.drop, warns)
		}
	}
}
