package schemaload

import (
	"encoding/json"
	"errors"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// loadFixture loads the fixture, failing the test on error.
func loadFixture(t *testing.T) *Spec {
	t.Helper()
	s, err := Load(writeFixture(t, nil))
	if err != nil {
		t.Fatalf("Load(fixture): %v", err)
	}
	return s
}

func typeNamed(t *testing.T, s *Spec, name string) *Type {
	t.Helper()
	for _, ty := range s.Types {
		if ty.GoName == name {
			return ty
		}
	}
	t.Fatalf("no type %s in Spec.Types", name)
	return nil
}

func field(t *testing.T, ty *Type, json string) *Field {
	t.Helper()
	if f := fieldOf(ty, json); f != nil {
		return f
	}
	t.Fatalf("type %s has no field %q", ty.GoName, json)
	return nil
}

// checklist: 12
func TestLoadFixtureSpec(t *testing.T) {
	s := loadFixture(t)
	if s.Version != "9.0.0-test.1" {
		t.Errorf("Version = %q", s.Version)
	}
	if s.UnknownRecovery != "transient" {
		t.Errorf("UnknownRecovery = %q", s.UnknownRecovery)
	}
	if want := []string{"transient", "correctable", "terminal"}; !reflect.DeepEqual(s.Recoveries, want) {
		t.Errorf("Recoveries = %q", s.Recoveries)
	}
	wantSources := []string{
		"core/account-ref.json", "core/error.json", "core/version-envelope.json",
		"enums/billing-party.json", "enums/error-code.json", "enums/error-scope.json",
		"error-details/accessibility-violation.json", "error-details/account-moved.json",
		"error-details/agent-permission-denied.json", "error-details/creative-rejected.json",
		"error-details/rate-limited.json", "error-details/stale-response.json",
		"error-details/unsupported-refinement-dimension.json", "error-details/vendor-error-codes.json",
		"error-details/version-unsupported.json", "manifest.json",
	}
	if !reflect.DeepEqual(s.Sources, wantSources) {
		t.Errorf("Sources = %q", s.Sources)
	}
	if s.Scopes == nil || s.Scopes.GoName != "ErrorScope" || len(s.Scopes.Enum) != 3 || s.Scopes.Enum[2].Doc != "The calling agent itself." {
		t.Errorf("Scopes = %+v", s.Scopes)
	}
}

func TestLoadFixtureCodes(t *testing.T) {
	s := loadFixture(t)
	type want struct {
		value, goName, recovery, source, suggestion string
		deprecated, advisory, noDetails             bool
		replacedBy                                  []string
		shapes                                      []string
	}
	wants := []want{
		{"RATE_LIMITED", "CodeRateLimited", "transient", "enumMetadata", "wait", false, false, false, nil, []string{"rate-limited"}},
		{"IO_REQUIRED", "CodeIORequired", "correctable", "enumMetadata", "sign the order", false, false, false, nil, nil},
		{"AUTH_REQUIRED", "CodeAuthRequired", "correctable", "enumMetadata", "", true, false, false, []string{"AUTH_MISSING"}, nil},
		{"AUTH_MISSING", "CodeAuthMissing", "correctable", "enumMetadata", "", false, false, false, nil, nil},
		{"PERMISSION_DENIED", "CodePermissionDenied", "correctable", "enumMetadata", "", false, false, false, nil, []string{"agent-permission-denied"}},
		{"CREATIVE_REJECTED", "CodeCreativeRejected", "correctable", "enumMetadata", "", false, false, false, nil, []string{"accessibility-violation", "creative-rejected"}},
		{"UNSUPPORTED_FEATURE", "CodeUnsupportedFeature", "correctable", "enumMetadata", "", false, false, false, nil, []string{"unsupported-refinement-dimension"}},
		{"STALE_RESPONSE", "CodeStaleResponse", "transient", "enumMetadata", "", false, true, false, nil, []string{"stale-response"}},
		{"CONFIGURATION_ERROR", "CodeConfigurationError", "terminal", "enumMetadata", "", false, false, true, nil, nil},
		{"VERSION_UNSUPPORTED", "CodeVersionUnsupported", "terminal", "enumMetadata", "", false, false, false, nil, []string{"version-unsupported"}},
		{"ACCOUNT_MOVED", "CodeAccountMoved", "correctable", "enumMetadata", "", false, false, false, nil, []string{"account-moved"}},
		{"WIDGET_BROKEN", "CodeWidgetBroken", "terminal", "prose", "", false, false, false, nil, nil},
	}
	if len(s.Codes) != len(wants) {
		t.Fatalf("got %d codes, want %d", len(s.Codes), len(wants))
	}
	for i, w := range wants {
		c := s.Codes[i]
		var shapes []string
		for _, sh := range c.Shapes {
			shapes = append(shapes, sh.Name)
		}
		got := want{c.Value, c.GoName, c.Recovery, c.RecoverySource, c.Suggestion, c.Deprecated, c.Advisory, c.NoDetails, c.ReplacedBy, shapes}
		if !reflect.DeepEqual(got, w) {
			t.Errorf("code %d:\n got %+v\nwant %+v", i, got, w)
		}
	}
	if d := s.Codes[2].Description; d != "**Deprecated** — send AUTH_MISSING or AUTH_INVALID instead." {
		t.Errorf("AUTH_REQUIRED description not verbatim: %q", d)
	}
}

func TestLoadFixtureWarnings(t *testing.T) {
	s := loadFixture(t)
	want := []string{
		"enums/error-code.json#/enumMetadata/WIDGET_BROKEN",
		"manifest.json#/error_codes/IO_REQUIRED/recovery",
		"manifest.json#/error_codes/GHOST_CODE",
		"error-details/stale-response.json#/allOf/0",
		"error-details/version-unsupported.json#/properties/build/pattern",
	}
	var got []string
	for _, w := range s.Warnings {
		got = append(got, w.File+"#"+w.Pointer)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("warnings at %q\nwant %q", got, want)
	}
}

func TestLoadFixtureShapes(t *testing.T) {
	s := loadFixture(t)
	type want struct {
		file, typ string
		codes     []string
		when      *Condition
	}
	wants := []want{
		{"error-details/accessibility-violation.json", "AccessibilityViolationDetails", []string{"CREATIVE_REJECTED"}, nil},
		{"error-details/account-moved.json", "AccountMovedDetails", []string{"ACCOUNT_MOVED"}, nil},
		{"error-details/agent-permission-denied.json", "AgentPermissionDeniedDetails", []string{"PERMISSION_DENIED"}, &Condition{"scope", "agent"}},
		{"error-details/creative-rejected.json", "CreativeRejectedDetails", []string{"CREATIVE_REJECTED"}, nil},
		{"error-details/rate-limited.json", "RateLimitedDetails", []string{"RATE_LIMITED"}, nil},
		{"error-details/stale-response.json", "StaleResponseDetails", []string{"STALE_RESPONSE"}, nil},
		{"error-details/unsupported-refinement-dimension.json", "UnsupportedRefinementDimensionDetails", []string{"UNSUPPORTED_FEATURE"}, nil},
		{"error-details/version-unsupported.json", "VersionUnsupportedDetails", []string{"VERSION_UNSUPPORTED"}, nil},
	}
	if len(s.Shapes) != len(wants) {
		t.Fatalf("got %d shapes, want %d (vendor-error-codes must be skipped)", len(s.Shapes), len(wants))
	}
	for i, w := range wants {
		sh := s.Shapes[i]
		got := want{sh.File, sh.Type.GoName, sh.Codes, sh.When}
		if !reflect.DeepEqual(got, w) {
			t.Errorf("shape %d:\n got %+v\nwant %+v", i, got, w)
		}
	}
}

func TestLoadFixtureTypeOrder(t *testing.T) {
	s := loadFixture(t)
	var got []string
	for _, ty := range s.Types {
		got = append(got, ty.GoName)
	}
	want := []string{
		"ErrorScope",
		"AccessibilityViolationDetails", "AccessibilityViolation", "AccessibilityViolationFailureKind",
		"AccountMovedDetails", "AccountRef", "AccountRefVariant1", "AccountRefVariant2",
		"AgentPermissionDeniedDetails", "AgentPermissionDeniedDetailsReason",
		"CreativeRejectedDetails",
		"RateLimitedDetails", "RateLimitedDetailsScope", "BillingParty",
		"StaleResponseDetails", "StaleResponseDetailsUpstream",
		"UnsupportedRefinementDimensionDetails",
		"VersionUnsupportedDetails",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Types =\n%q\nwant\n%q", got, want)
	}
}

func TestLoadFixtureConstructs(t *testing.T) {
	s := loadFixture(t)
	intp := func(i int) *int { return &i }
	f64 := func(f float64) *float64 { return &f }

	t.Run("error fields", func(t *testing.T) {
		e := s.Error
		var names []string
		for _, f := range e.Fields {
			names = append(names, f.GoName)
		}
		if want := []string{"Code", "Message", "Field", "Suggestion", "RetryAfter", "Issues", "Details", "Recovery", "SDKID"}; !reflect.DeepEqual(names, want) {
			t.Errorf("Error fields %q", names)
		}
		code := field(t, e, "code")
		if code.Type.GoName != "Code" || !code.Type.Fixed || !code.Required || *code.Type.MaxLength != 64 {
			t.Errorf("code field %+v / %+v", code, code.Type)
		}
		rec := field(t, e, "recovery").Type
		if rec.GoName != "Recovery" || !rec.Fixed || len(rec.Enum) != 3 {
			t.Errorf("recovery type %+v", rec)
		}
		if d := field(t, e, "details").Type; d.Kind != KindAny || !reflect.DeepEqual(d.Union, []string{"object"}) {
			t.Errorf("details type %+v", d)
		}
		if ra := field(t, e, "retry_after").Type; ra.Kind != KindNumber || *ra.Minimum != 1 || *ra.Maximum != 3600 {
			t.Errorf("retry_after %+v", ra)
		}
		sdk := field(t, e, "sdk_id")
		if sdk.Type.Kind != KindString || !sdk.Nullable {
			t.Errorf("sdk_id: [string,null] must be a nullable string, got %+v", sdk)
		}
		msg := field(t, e, "message").Doc
		if msg != "Has `backticks`, 50% odds, an em dash — and\na second line." {
			t.Errorf("description not kept verbatim: %q", msg)
		}
		if issues := field(t, e, "issues").Type; issues.Kind != KindArray || issues.Elem.GoName != "Issue" {
			t.Errorf("issues %+v", issues)
		}
	})

	t.Run("union", func(t *testing.T) {
		issue := field(t, s.Error, "issues").Type.Elem
		disc := field(t, issue, "discriminator").Type.Elem
		v := field(t, disc, "value")
		if v.Type.Kind != KindAny || !reflect.DeepEqual(v.Type.Union, []string{"string", "number", "boolean", "null"}) || !v.Required || !v.Nullable {
			t.Errorf("value %+v / %+v", v, v.Type)
		}
		if !disc.Closed || issue.Closed || !disc.Fixed || !issue.Fixed {
			t.Error("additionalProperties false/true not kept")
		}
		if f := field(t, issue, "schemaPath"); f.GoName != "SchemaPath" {
			t.Errorf("schemaPath → %s", f.GoName)
		}
	})

	t.Run("const without type", func(t *testing.T) {
		ty := typeNamed(t, s, "AgentPermissionDeniedDetails")
		sc := field(t, ty, "scope").Type
		if sc.Kind != KindString || string(sc.Const) != `"agent"` || sc.GoName != "" {
			t.Errorf("scope %+v", sc)
		}
		if !ty.Closed {
			t.Error("agent-permission-denied must be closed")
		}
		r := field(t, ty, "reason").Type
		if r.GoName != "AgentPermissionDeniedDetailsReason" || r.Enum[0].GoName != "AgentPermissionDeniedDetailsReasonSandboxOnly" {
			t.Errorf("reason %+v", r)
		}
	})

	t.Run("enums and arrays", func(t *testing.T) {
		ty := typeNamed(t, s, "RateLimitedDetails")
		sc := field(t, ty, "scope")
		var vals []string
		for _, v := range sc.Type.Enum {
			vals = append(vals, v.GoName+"="+v.Value)
		}
		if want := []string{"RateLimitedDetailsScopeAccount=account", "RateLimitedDetailsScopeTool=tool", "RateLimitedDetailsScopeGlobal=global"}; !reflect.DeepEqual(vals, want) {
			t.Errorf("scope enum %q", vals)
		}
		if sc.Doc != "What is limited." || sc.Type.OpenEnum {
			t.Errorf("scope field %+v", sc)
		}
		if l := field(t, ty, "limit").Type; l.Kind != KindNumber || *l.ExclusiveMinimum != 0 {
			t.Errorf("limit %+v", l)
		}
		if w := field(t, ty, "window_seconds").Type; w.Kind != KindInteger || !reflect.DeepEqual(w.Minimum, f64(0)) || *w.Maximum != 86400 {
			t.Errorf("window_seconds %+v", w)
		}
		p := field(t, ty, "parties").Type
		if p.Kind != KindArray || !reflect.DeepEqual(p.MinItems, intp(1)) || p.Elem.GoName != "BillingParty" || p.Elem.Enum[1].GoName != "BillingPartyAgent" {
			t.Errorf("parties %+v", p)
		}
		ud := field(t, typeNamed(t, s, "UnsupportedRefinementDimensionDetails"), "supported_dimensions")
		if !ud.Required || !ud.Type.UniqueItems || *ud.Type.Elem.MinLength != 1 {
			t.Errorf("supported_dimensions %+v", ud)
		}
		cr := typeNamed(t, s, "CreativeRejectedDetails")
		if u := field(t, cr, "policy_url"); u.GoName != "PolicyURL" || u.Type.Format != "uri" {
			t.Errorf("policy_url %+v", u)
		}
		if r := field(t, cr, "reasons").Type; !reflect.DeepEqual(r.MaxItems, intp(5)) || r.Elem.Kind != KindString {
			t.Errorf("reasons %+v", r)
		}
	})

	t.Run("open enum and patterns", func(t *testing.T) {
		v := typeNamed(t, s, "AccessibilityViolation")
		fk := field(t, v, "failure_kind")
		if fk.Type.Kind != KindString || !fk.Type.OpenEnum || len(fk.Type.Enum) != 2 || fk.Type.Pattern != "^x_[a-z0-9_]+$" ||
			*fk.Type.MaxLength != 32 || fk.Type.GoName != "AccessibilityViolationFailureKind" || fk.Doc != "Known kinds, or a vendor extension." {
			t.Errorf("failure_kind %+v", fk.Type)
		}
		ptr := field(t, v, "pointer").Type
		if ptr.Pattern != `^(?:/(?:[^~/\u0000-\u001F]|~0|~1)*)*$` || ptr.GoPattern != `^(?:/(?:[^~/\x{0000}-\x{001F}]|~0|~1)*)*$` {
			t.Errorf("pointer pattern %q → %q", ptr.Pattern, ptr.GoPattern)
		}
		vs := typeNamed(t, s, "AccessibilityViolationDetails")
		if a := field(t, vs, "violations").Type; *a.MinItems != 1 || *a.MaxItems != 2 {
			t.Errorf("violations %+v", a)
		}
		b := field(t, typeNamed(t, s, "VersionUnsupportedDetails"), "build").Type
		if b.Pattern == "" || b.GoPattern != "" {
			t.Errorf("lookbehind pattern must be kept with GoPattern empty: %+v", b)
		}
	})

	t.Run("allOf merge", func(t *testing.T) {
		ty := typeNamed(t, s, "VersionUnsupportedDetails")
		var got []string
		for _, f := range ty.Fields {
			got = append(got, f.GoName)
		}
		if want := []string{"AdCPVersion", "AdCPMajorVersion", "SupportedVersions", "Build"}; !reflect.DeepEqual(got, want) {
			t.Errorf("fields %q", got)
		}
		if f := field(t, ty, "adcp_version"); !f.Required {
			t.Error("required from the parent must apply to merged fields")
		}
		if f := field(t, ty, "adcp_major_version"); !f.Deprecated || f.Type.Kind != KindInteger {
			t.Errorf("adcp_major_version %+v", f)
		}
	})

	t.Run("anyOf over objects and $ref sibling description", func(t *testing.T) {
		ca := field(t, typeNamed(t, s, "AccountMovedDetails"), "current_account")
		if ca.Doc != "Where the account lives now." || ca.Type.GoName != "AccountRef" || ca.Type.Doc != "Either an id or a natural key." {
			t.Errorf("current_account %+v / %+v", ca, ca.Type)
		}
		if ca.Type.Kind != KindAny || len(ca.Type.Variants) != 2 || !ca.Type.Variants[0].Closed ||
			ca.Type.Variants[1].Fields[0].GoName != "Operator" {
			t.Errorf("AccountRef %+v", ca.Type)
		}
	})

	t.Run("const true and nested object", func(t *testing.T) {
		ty := typeNamed(t, s, "StaleResponseDetails")
		sf := field(t, ty, "served_from_cache")
		if sf.Type.Kind != KindBoolean || string(sf.Type.Const) != "true" || !sf.Required {
			t.Errorf("served_from_cache %+v", sf.Type)
		}
		up := field(t, ty, "upstream").Type
		if up.GoName != "StaleResponseDetailsUpstream" || up.Closed || field(t, up, "url").GoName != "URL" {
			t.Errorf("upstream %+v", up)
		}
	})
}

// checklist: 11
func TestLoadProseRecovery(t *testing.T) {
	dir := writeFixture(t, map[string]string{
		"enums/error-code.json": `{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "/schemas/9.0.0-test.1/enums/error-code.json",
  "type": "string",
  "enum": ["ACCOUNT_MOVED", "RATE_LIMITED", "PERMISSION_DENIED", "CREATIVE_REJECTED", "UNSUPPORTED_FEATURE", "STALE_RESPONSE", "VERSION_UNSUPPORTED", "AUTH_REQUIRED"],
  "enumDescriptions": {
    "RATE_LIMITED": "Slow down. Recovery: transient (wait).",
    "ACCOUNT_MOVED": "Gone elsewhere. Recovery: correctable.",
    "PERMISSION_DENIED": "No. Recovery: correctable.",
    "CREATIVE_REJECTED": "Rejected. Recovery: correctable.",
    "UNSUPPORTED_FEATURE": "Unsupported. Recovery: correctable.",
    "STALE_RESPONSE": "Old. Recovery: transient.",
    "VERSION_UNSUPPORTED": "Too new. Recovery: terminal.",
    "AUTH_REQUIRED": "Credentials are needed. Recovery: correctable."
  }
}`,
		"manifest.json": "",
	})
	s, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if s.UnknownRecovery != "" {
		t.Errorf("no manifest: UnknownRecovery = %q", s.UnknownRecovery)
	}
	want := map[string]string{"RATE_LIMITED": "transient", "ACCOUNT_MOVED": "correctable", "VERSION_UNSUPPORTED": "terminal"}
	for _, c := range s.Codes {
		if c.RecoverySource != "prose" {
			t.Errorf("%s: RecoverySource %q", c.Value, c.RecoverySource)
		}
		if r, ok := want[c.Value]; ok && c.Recovery != r {
			t.Errorf("%s: recovery %q, want %q", c.Value, c.Recovery, r)
		}
		if c.Value == "AUTH_REQUIRED" && (c.Deprecated || c.ReplacedBy != nil) {
			t.Error("AUTH_REQUIRED is deprecated only when its description says so")
		}
	}
	found := false
	for _, w := range s.Warnings {
		found = found || (w.File == codesFile && strings.Contains(w.Msg, "no enumMetadata"))
	}
	if !found {
		t.Errorf("no warning about prose recovery in %v", s.Warnings)
	}
}

func TestLoadDeterministic(t *testing.T) {
	dir := writeFixture(t, nil)
	var first []byte
	for i := 0; i < 5; i++ {
		s, err := Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		s.Compiled = nil // the compiled schemas are the jsonschema library's, and do not encode
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = b
		} else if string(b) != string(first) {
			t.Fatal("two loads of one folder differ")
		}
	}
}

func TestErrorFormat(t *testing.T) {
	e := &Error{File: "core/error.json", Pointer: "/properties/code", Msg: "bad"}
	if got := e.Error(); got != "core/error.json#/properties/code: bad" {
		t.Errorf("Error() = %q", got)
	}
	var err error = e
	var target *Error
	if !errors.As(err, &target) {
		t.Error("errors.As")
	}
}

// loadTarget loads the fixture with schema as
// error-details/rate-limited.json, and returns the spec, the pointers of the
// warnings about that file, and the type of its shape.
func loadTarget(t *testing.T, schema string) (*Spec, []string, *Type) {
	t.Helper()
	const target = "error-details/rate-limited.json"
	s, err := Load(writeFixture(t, map[string]string{target: schema}))
	if err != nil {
		t.Fatal(err)
	}
	var warned []string
	for _, w := range s.Warnings {
		if w.File == target {
			warned = append(warned, w.Pointer)
		}
	}
	for _, sh := range s.Shapes {
		if sh.File == target {
			return s, warned, sh.Type
		}
	}
	t.Fatal("no shape for " + target)
	return nil, nil, nil
}

// TestUncheckedKeywordsWarn: a validation keyword the model has no place
// for is named in a warning at its pointer, once, not dropped in silence.
func TestUncheckedKeywordsWarn(t *testing.T) {
	_, got, _ := loadTarget(t, `{
  "$id": "/schemas/9.0.0-test.1/error-details/rate-limited.json",
  "type": "object",
  "minProperties": 1,
  "properties": {
    "n": {"type": "number", "multipleOf": 2},
    "m": {"type": "object", "propertyNames": {"pattern": "^x"}, "patternProperties": {"^x": {"type": "string"}}},
    "l": {"type": "array", "items": {"type": "string"}, "contains": {"const": "a"}, "uniqueItems": true}
  }
}`)
	want := []string{"/minProperties", "/properties/n/multipleOf", "/properties/m/propertyNames", "/properties/m/patternProperties", "/properties/l/contains"}
	sort.Strings(got)
	sort.Strings(want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("warnings at %q, want %q", got, want)
	}
}

// TestDroppedKeywordsWarn checks that a validation keyword the model has a
// place for, used where the loader does not take it, is named in a warning
// (the generated validation would accept what it refuses), and that one it
// takes, or one that cannot constrain the value there, is not.
func TestDroppedKeywordsWarn(t *testing.T) {
	_, got, shape := loadTarget(t, `{
  "$id": "/schemas/9.0.0-test.1/error-details/rate-limited.json",
  "type": "object",
  "properties": {
    "union": {"type": ["string", "number"], "maxLength": 3, "minimum": 1, "minItems": 1, "enum": ["a", 1], "const": 1},
    "free": {"type": "object", "required": ["q"]},
    "closed": {"type": "object", "required": ["q"], "additionalProperties": false, "properties": {}},
    "free_open": {"type": "object", "required": [], "additionalProperties": true},
    "negated": {"type": "string", "not": {"const": "x"}},
    "conditional": {"type": "object", "if": {"required": ["a"]}, "then": {"required": ["b"]}, "properties": {"a": {"type": "string"}}},
    "beside": {"oneOf": [{"type": "string", "enum": ["a"]}, {"type": "string", "pattern": "^x_"}], "maxLength": 4, "const": "a"},
    "typed": {"type": "integer", "enum": [1, 2], "const": 1, "minimum": 0, "maxLength": 3},
    "object": {"type": "object", "properties": {"a": {"type": "string"}}, "enum": [{"a": "x"}], "const": {"a": "x"}},
    "array": {"type": "array", "items": {"type": "boolean"}, "enum": [[true]], "const": [true], "uniqueItems": false},
    "anything": {"enum": [1, "a", null], "minLength": 1},
    "extras": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": {"type": "string"}},
    "mail": {"type": "string", "format": "email"},
    "when": {"type": "string", "format": "date-time"},
    "never": false,
    "nstr": {"type": ["string", "null"], "enum": ["a", null]},
    "both": {"oneOf": [{"type": "string", "enum": ["a"]}, {"type": "string", "pattern": "^x_"}], "anyOf": [{"const": "a"}]},
    "members": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
      "anyOf": [{"required": ["a"]}, {"required": ["b"]}], "oneOf": [{"required": ["a"]}, {"required": ["b"]}]}
  }
}`)
	want := []string{
		"/properties/union/maxLength", "/properties/union/minimum",
		"/properties/free/required/0", "/properties/closed/required/0",
		"/properties/negated/not",
		"/properties/conditional/if",
		"/properties/beside/maxLength", "/properties/beside/const",
		"/properties/anything/minLength",
		"/properties/extras/additionalProperties",
		"/properties/mail/format",
		"/properties/both/anyOf",
		"/properties/members/anyOf", "/properties/members/oneOf",
	}
	sort.Strings(got)
	sort.Strings(want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("warnings at %q, want %q", got, want)
	}
	fields := map[string]*Field{}
	for _, f := range shape.Fields {
		fields[f.JSONName] = f
	}
	for name, enum := range map[string]string{"union": `["a",1]`, "typed": `[1,2]`, "object": `[{"a":"x"}]`, "array": `[[true]]`, "anything": `[1,"a",null]`} {
		f := fields[name]
		if f == nil {
			t.Fatalf("no member %s", name)
		}
		var parts []string
		for _, e := range f.Type.EnumJSON {
			parts = append(parts, string(e))
		}
		if got := "[" + strings.Join(parts, ",") + "]"; got != enum {
			t.Errorf("%s: EnumJSON %s, want %s", name, got, enum)
		}
	}
	for _, name := range []string{"union", "typed", "object", "array"} {
		if fields[name].Type.Const == nil {
			t.Errorf("%s: const not kept", name)
		}
	}
	// A string enum listing null: the strings are constants, the list is
	// kept whole.
	if f := fields["nstr"]; len(f.Type.Enum) != 1 || len(f.Type.EnumJSON) != 2 || !f.Nullable {
		t.Errorf("nstr: Enum %d values, EnumJSON %q, nullable %v; want 1, [\"a\" null], true", len(f.Type.Enum), f.Type.EnumJSON, f.Nullable)
	}
	// An object's anyOf and oneOf are both kept for Validate.
	if c := fields["members"].Type.Constraints; len(c) != 2 {
		t.Errorf("members: %d constraints, want anyOf and oneOf kept", len(c))
	}
	// The false schema allows no value: an empty enum.
	if e := fields["never"].Type.EnumJSON; e == nil || len(e) != 0 {
		t.Errorf("never: EnumJSON %q, want empty", e)
	}
}

// TestUntyped checks which schemas without "type" are Untyped: a kind
// inferred from keywords that only constrain values of that kind is, one
// inferred from const or enum is not, nor is an alternative of a typed
// schema; a keyword for another kind beside an untyped one is named in a
// warning (a value of that kind is valid there, and the keyword would not
// be checked).
func TestUntyped(t *testing.T) {
	_, warned, shape := loadTarget(t, `{
  "$id": "/schemas/9.0.0-test.1/error-details/rate-limited.json",
  "type": "object",
  "properties": {
    "s": {"pattern": "^a", "minimum": 1},
    "n": {"minimum": 1},
    "a": {"items": {"maxLength": 2}},
    "o": {"properties": {"x": {"type": "string"}}},
    "c": {"const": "x"},
    "e": {"enum": [1, 2]},
    "alts": {"type": "object", "anyOf": [{"properties": {"p": {"type": "string"}}, "required": ["p"]}, {"properties": {"q": {"type": "string"}}, "required": ["q"]}]},
    "free": {"anyOf": [{"properties": {"p": {"type": "string"}}, "required": ["p"]}, {"type": "integer"}]},
    "refd": {"type": "object", "anyOf": [{"$ref": "#/definitions/P"}, {"$ref": "#/definitions/Q"}]}
  },
  "definitions": {
    "P": {"properties": {"p": {"type": "string"}}, "required": ["p"]},
    "Q": {"properties": {"q": {"type": "string"}}, "required": ["q"]}
  }
}`)
	if want := []string{"/properties/s/minimum"}; !reflect.DeepEqual(warned, want) {
		t.Errorf("warnings at %q, want %q", warned, want)
	}
	fields := map[string]*Type{}
	for _, f := range shape.Fields {
		fields[f.JSONName] = f.Type
	}
	for name, want := range map[string]bool{"s": true, "n": true, "a": true, "o": true, "c": false, "e": false, "alts": false} {
		if got := fields[name].Untyped; got != want {
			t.Errorf("%s: Untyped %v, want %v", name, got, want)
		}
	}
	if !fields["a"].Elem.Untyped {
		t.Errorf("a's items: not Untyped")
	}
	for i, v := range fields["alts"].Variants {
		if v.Untyped {
			t.Errorf("alts: variant %d of a typed object is Untyped", i)
		}
	}
	if fields["alts"].Union != nil {
		t.Errorf("alts: Union %q, want none (its variants are typed)", fields["alts"].Union)
	}
	// A $ref's type is shared: it stays Untyped, and the object type is
	// written beside the alternatives.
	if u := fields["refd"].Union; !reflect.DeepEqual(u, []string{"object"}) {
		t.Errorf("refd: Union %q, want [object]", u)
	}
	if v := fields["free"].Variants[0]; !v.Untyped {
		t.Errorf("free: the variant of an untyped schema is not Untyped")
	}
}

// TestAllOfMembers checks the allOf members of an object that declare no
// members: one that only lists required members marks them required (a
// name not declared is named in a warning), any other is a constraint kept
// as written, with a warning; before, both were refused as "not an object
// schema with properties".
func TestAllOfMembers(t *testing.T) {
	_, warned, shape := loadTarget(t, `{
  "$id": "/schemas/9.0.0-test.1/error-details/rate-limited.json",
  "type": "object",
  "allOf": [
    {"required": ["a", "zz"]},
    {"type": "object", "required": ["b"], "description": "b too"},
    {"anyOf": [{"required": ["c"]}, {"required": ["d"]}]}
  ],
  "properties": {
    "a": {"type": "string"}, "b": {"type": "string"}, "c": {"type": "string"}, "d": {"type": "string"}
  }
}`)
	if want := []string{"/allOf/2", "/allOf/0/required/1"}; !reflect.DeepEqual(warned, want) {
		t.Errorf("warnings at %q, want %q", warned, want)
	}
	var req []string
	for _, f := range shape.Fields {
		if f.Required {
			req = append(req, f.JSONName)
		}
	}
	if want := []string{"a", "b"}; !reflect.DeepEqual(req, want) {
		t.Errorf("required %q, want %q", req, want)
	}
	var kept []string
	for _, c := range shape.Constraints {
		kept = append(kept, c.Pointer+" "+string(c.Schema))
	}
	// The anyOf as written, and the required name no property declares.
	if want := []string{`/allOf/2 {"anyOf":[{"required":["c"]},{"required":["d"]}]}`, `/allOf/0/required {"required":["zz"]}`}; !reflect.DeepEqual(kept, want) {
		t.Errorf("constraints %q, want %q", kept, want)
	}
}

// TestAdditionalProperties checks additionalProperties as JSON Schema reads
// it: against the members declared beside it only. false closes the Go type
// when every member is declared beside it; beside members merged from
// allOf, and as a schema, it is a constraint kept as written (with a
// warning), which Validate checks.
func TestAdditionalProperties(t *testing.T) {
	_, warned, shape := loadTarget(t, `{
  "$id": "/schemas/9.0.0-test.1/error-details/rate-limited.json",
  "type": "object",
  "properties": {
    "closed": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false},
    "merged": {"type": "object", "properties": {"a": {"type": "string"}}, "allOf": [{"properties": {"b": {"type": "string"}}}], "additionalProperties": false},
    "schema": {"type": "object", "properties": {"a/b": {"type": "string"}}, "additionalProperties": {"type": "integer"}},
    "map": {"type": "object", "additionalProperties": {"type": "string"}},
    "open": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": {}},
    "patterned": {"type": "object", "properties": {"a": {"type": "string"}}, "patternProperties": {"^x_": {"type": "string"}}, "additionalProperties": false}
  }
}`)
	want := []string{"/properties/merged/additionalProperties", "/properties/schema/additionalProperties", "/properties/map/additionalProperties",
		"/properties/patterned/patternProperties", "/properties/patterned/additionalProperties"}
	sort.Strings(warned)
	sort.Strings(want)
	if !reflect.DeepEqual(warned, want) {
		t.Errorf("warnings at %q, want %q", warned, want)
	}
	fields := map[string]*Type{}
	for _, f := range shape.Fields {
		fields[f.JSONName] = f.Type
	}
	for _, c := range []struct {
		name       string
		closed     bool
		constraint string
	}{
		{"closed", true, ""},
		{"merged", false, `{"properties":{"a":true},"additionalProperties":false}`},
		{"schema", false, `{"properties":{"a/b":true},"additionalProperties":{"type":"integer"}}`},
		{"map", false, `{"properties":{},"additionalProperties":{"type":"string"}}`},
		{"open", false, ""},
		// Left open: closing it would refuse what patternProperties allows.
		{"patterned", false, ""},
	} {
		ft := fields[c.name]
		got := ""
		for _, k := range ft.Constraints {
			got += string(k.Schema)
		}
		if ft.Closed != c.closed || got != c.constraint {
			t.Errorf("%s: closed %v, constraints %s; want %v, %s", c.name, ft.Closed, got, c.closed, c.constraint)
		}
	}
}

// TestLoadRefNullable: every $ref to a schema that allows null gives a
// nullable field, not only the first one the loader resolves.
func TestLoadRefNullable(t *testing.T) {
	details := replaceIn(t, "error-details/rate-limited.json", `"properties": {`, `"definitions": {
    "maybe": {"type": ["string", "null"]}
  },
  "properties": {
    "first": {"$ref": "#/definitions/maybe"},
    "second": {"$ref": "#/definitions/maybe"},`)
	s, err := Load(writeFixture(t, map[string]string{"error-details/rate-limited.json": details}))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"first", "second"} {
		if f := field(t, typeNamed(t, s, "RateLimitedDetails"), name); !f.Nullable {
			t.Errorf("%s: not nullable (Go type %s)", name, f.GoType)
		}
	}
}

// TestLoadRefInDefs: a $ref inside a schema kept under $defs resolves as
// one under definitions does (it was once left unresolved: "internal
// error").
func TestLoadRefInDefs(t *testing.T) {
	for _, kw := range []string{"definitions", "$defs"} {
		s, err := Load(writeFixture(t, map[string]string{"error-details/rate-limited.json": `{
  "$id": "/schemas/9.0.0-test.1/error-details/rate-limited.json",
  "type": "object",
  "properties": {"window": {"$ref": "#/` + kw + `/window"}},
  "` + kw + `": {
    "window": {"type": "object", "properties": {"seconds": {"$ref": "#/` + kw + `/seconds"}}},
    "seconds": {"type": "integer", "minimum": 1}
  }
}`}))
		if err != nil {
			t.Fatalf("%s: %v", kw, err)
		}
		w := field(t, typeNamed(t, s, "RateLimitedDetails"), "window")
		if got := field(t, w.Type, "seconds").GoType.String(); got != "*int64" && got != "int64" {
			t.Errorf("%s: window.seconds is %s, want an integer", kw, got)
		}
	}
}
