// Package seller is the seller (server) side of the AdCP error model: it
// builds spec-conformant errors for a vocabulary ([New], [Build],
// [Finalize]: recovery from the catalogue, retry_after as whole seconds in
// 1..3600, field from issues[0], details checked against their shape), puts
// them on the wire with both layers of the error model ([MCPToolResult],
// [JSONRPCError] or its error member alone, [JSONRPCErrorObject],
// [A2AFailedTask], [SuccessPayloadWithWarnings]; in pieces for an SDK's own
// types: [MCPToolResultParts], [A2AFailedTaskParts]), passes
// upstream AdCP errors through ([Passthrough], [Aggregate]; adcphttp.FromError
// and FromHTTP translate other upstream failures without leaking them) and
// checks messages for leaked internals ([CheckMessage], [Scrub]).
//
//	e, err := seller.New(adcperr.Vocabulary, adcperr.CodeBudgetTooLow, "Total budget is under the minimum",
//		seller.WithField("budget.total"))
//	result, err := seller.MCPToolResult(adcperr.Vocabulary, e, "")
//
// The wire shapes check every error they send as Finalize does, each time:
// the package keeps no state between calls.
package seller

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// Size guidance of transport-errors.md, in UTF-8 bytes of compact JSON
// written without HTML escaping (see jsonwire.Marshal). The hard limit on the whole
// error is MaxErrorSize, checked by Validate: the client's check.
const (
	// buildDetailsGuidanceBytes is the size details SHOULD stay under.
	buildDetailsGuidanceBytes = 500
	// buildMessageBytes and buildSuggestionBytes are what buyers keep of
	// message and suggestion before truncating.
	buildMessageBytes    = 256
	buildSuggestionBytes = 512
)

// Codes the builder has rules for. They are spelled out here, not taken from
// the generated constants, because a code may not exist in every version.
const (
	codeStaleResponse      = adcp.Code("STALE_RESPONSE")
	codeCreativeRejected   = adcp.Code("CREATIVE_REJECTED")
	codeConfigurationError = adcp.Code("CONFIGURATION_ERROR")
	codeGovernanceUnavail  = adcp.Code("GOVERNANCE_UNAVAILABLE")
)

// buildSchemaKeywords is the JSON Schema Draft 7 and 2020-12 vocabulary that
// issues[].keyword must be drawn from (validator-specific keywords such as
// Ajv's errorMessage must not reach the wire).
var buildSchemaKeywords = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range [...]string{
		"type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength",
		"minLength", "pattern", "items", "additionalItems", "prefixItems", "contains", "maxContains", "minContains",
		"maxItems", "minItems", "uniqueItems", "maxProperties", "minProperties", "required", "properties",
		"patternProperties", "additionalProperties", "dependencies", "dependentRequired", "dependentSchemas",
		"propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not", "format", "contentEncoding",
		"contentMediaType", "contentSchema", "unevaluatedItems", "unevaluatedProperties", "$ref", "$dynamicRef", "false",
	} {
		m[k] = true
	}
	return m
}()

// Option sets a member of the error that New and Build construct.
type Option func(*buildConfig)

type buildConfig struct {
	_          [0]func() // not comparable: no equality function is linked
	field      string
	suggestion string
	recovery   adcp.Recovery
	retryAfter *float64
	details    any
	members    bool // an option above was given
	checks     buildChecks
}

// buildChecks are the options that relax a check rather than set a member.
type buildChecks struct {
	allowFlagged bool
	// authoring: the error is built by New or Build, which refuse a vendor
	// code without recovery (WithRecovery sets it); Finalize and the wire
	// builders, which also see errors passed through from an upstream,
	// only warn.
	authoring bool
}

// AllowFlaggedText turns the refusal of a message or suggestion that
// CheckMessage flags as a connection string, stack trace or credential
// (and, for CONFIGURATION_ERROR, a file path) into a warning. The check is a
// heuristic that errs towards flagging: use this only for text a person has
// checked. New, Build and Finalize take it; the wire builders take
// WithFlaggedTextAllowed.
func AllowFlaggedText() Option { return func(c *buildConfig) { c.checks.allowFlagged = true } }

// WithField sets Error.Field, a JSONPath-lite path such as
// "packages[0].budget". FIELD_NOT_PERMITTED cannot be built without it.
func WithField(path string) Option { return func(c *buildConfig) { c.field = path; c.members = true } }

// WithSuggestion sets Error.Suggestion: generic correction guidance that does
// not reveal thresholds, identifiers or whether a resource exists.
func WithSuggestion(s string) Option {
	return func(c *buildConfig) { c.suggestion = s; c.members = true }
}

// WithRecovery sets the recovery class of a vendor code (X_{VENDOR}_{CODE}),
// which has no catalogue entry. A standard code always carries its catalogue
// recovery; giving it another one is refused.
func WithRecovery(r adcp.Recovery) Option {
	return func(c *buildConfig) { c.recovery = r; c.members = true }
}

// WithRetryAfter sets retry_after from a delay. Sub-second parts round up:
// the wire value is ceil(seconds) clamped to 1..3600.
func WithRetryAfter(d time.Duration) Option {
	return WithRetryAfterSeconds(d.Seconds())
}

// WithRetryAfterSeconds sets retry_after from a number of seconds, rounded up
// and then clamped to 1..3600. NaN and infinities are refused.
func WithRetryAfterSeconds(s float64) Option {
	return func(c *buildConfig) { c.retryAfter, c.members = &s, true }
}

// WithDetails sets Error.Details from a generated details struct (validated
// with its Validate method, whether given as a value or a pointer; so is any
// other value with a Validate() error method), a map, any value that encodes
// to a JSON object, or raw JSON ([]byte or json.RawMessage) holding an object.
// A generated struct must be of a shape the code carries (RateLimitedDetails
// on RATE_LIMITED, never BudgetTooLowDetails), and whatever the form, the
// details are checked against the code's shape as Finalize says.
func WithDetails(d any) Option { return func(c *buildConfig) { c.details, c.members = d, true } }

// New returns a spec-conformant error for code of vocabulary v, or an error saying why one
// cannot be built. It is Build without the warnings.
func New(v *adcp.Vocabulary, code adcp.Code, message string, opts ...Option) (*adcp.Error, error) {
	e, _, err := Build(v, code, message, opts...)
	return e, err
}

// Build is New that also returns warnings: advice the spec gives as SHOULD
// (details over 500 bytes, a deprecated code, a message that looks like it
// leaks internals) that does not stop the error being sent. See Finalize for
// the rules applied.
func Build(v *adcp.Vocabulary, code adcp.Code, message string, opts ...Option) (*adcp.Error, []string, error) {
	var c buildConfig
	for _, o := range opts {
		o(&c)
	}
	e := &adcp.Error{
		Code:       code,
		Message:    message,
		Field:      c.field,
		Suggestion: c.suggestion,
		Recovery:   c.recovery,
		RetryAfter: c.retryAfter,
	}
	if c.details != nil {
		if err := buildCheckTyped(v, code, c.details); err != nil {
			return nil, nil, fmt.Errorf("adcp: %s: details: %w", code, err)
		}
		raw, err := buildDetailsJSON(c.details)
		if err != nil {
			return nil, nil, fmt.Errorf("adcp: %s: details: %w", code, err)
		}
		e.Details = raw
	}
	c.checks.authoring = true
	return finalize(v, e, c.checks)
}

// Finalize completes and checks an error a seller assembled, and returns a
// completed copy (e is not modified). Use it after setting members New has no
// option for, such as issues[]:
//
//	e, _ := seller.New(adcperr.Vocabulary, code, msg)
//	e.Issues = issues
//	e, warnings, err := seller.Finalize(adcperr.Vocabulary, e)
//
// It completes:
//   - recovery, from the catalogue;
//   - retry_after, written as ceil(seconds) clamped to 1..3600;
//   - field, from issues[0].pointer translated by PointerToField, or for
//     CREATIVE_REJECTED from details.violations[0].pointer (accessibility);
//   - details of a closed shape, without the members it does not declare.
//
// It refuses:
//   - a code that is neither a standard code nor a valid vendor code, or a
//     vendor code ending in _NOT_FOUND (REFERENCE_NOT_FOUND covers those);
//   - a vendor code with a recovery that is not one of the three classes
//     (New and Build also refuse one without recovery, which Finalize only
//     warns about: it is valid on the wire, as an upstream's error passed
//     through may carry it), or a standard code with another recovery
//     than its own; an empty message;
//   - a non-finite retry_after; a field that differs from issues[0].pointer;
//     issues[] entries without pointer, message or keyword, or whose keyword
//     is not a JSON Schema keyword; sdk_id without source "sdk" or the reverse;
//   - an error without field when its code requires one
//     (CodeInfo.FieldRequired: FIELD_NOT_PERMITTED), or without a details
//     member its code requires (CodeInfo.RequiredDetails: ACCOUNT_MOVED's
//     current_account; a member of CodeInfo.RecommendedDetails missing is
//     a warning); details that are not an object, or details on a code
//     that carries none (CodeInfo.NoDetails);
//   - details that do not fit the code's shape (see buildMustFit: the
//     code's own shape always, a conditional shape when its condition holds,
//     another shape of the code when the details use one of its members),
//     decoded into the shape's Go type and validated;
//   - a raw member (details, a member kept in Extra, an issue's or a
//     discriminator's raw members) that is not exactly one JSON value, so
//     that no text such as `{"x":1},"code":"X_EVIL_CODE"` can forge members;
//   - a URL in details (a member named url or ending in _url, at any
//     depth, such as setup_url) that adcp.CheckDetailsURLs would refuse
//     whatever hosts the buyer knows: not https (javascript:, http:), with
//     userinfo, or without a plain host;
//   - a message or suggestion that CheckMessage flags as a connection
//     string, stack trace or credential, which transport-errors.md says
//     sellers must never send (for CONFIGURATION_ERROR also a file path, as
//     its description says); other findings are warnings, and
//     AllowFlaggedText turns these into warnings too;
//   - an error that Validate, the check clients apply, refuses: over
//     MaxErrorSize (4096) bytes of JSON, measured as Validate documents; and
//     an encoding that the vocabulary's rules (Vocabulary.Validate, its
//     core/error.json) refuse, decoded again from the bytes that would be
//     sent.
//
// opts may hold only options that relax a check (AllowFlaggedText); set the
// members on e.
func Finalize(v *adcp.Vocabulary, e *adcp.Error, opts ...Option) (*adcp.Error, []string, error) {
	var cfg buildConfig
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.members {
		return nil, nil, errors.New("adcp: Finalize takes only options that relax a check (AllowFlaggedText); set members on the error")
	}
	return finalize(v, e, cfg.checks)
}

// finalize is Finalize with its checks settled.
func finalize(v *adcp.Vocabulary, e *adcp.Error, checks buildChecks) (*adcp.Error, []string, error) {
	if e == nil {
		return nil, nil, errors.New("adcp: nil error")
	}
	c := *e
	var warn []string
	fail := func(format string, args ...any) (*adcp.Error, []string, error) {
		return buildFail(c.Code, "", format, args)
	}

	// Code and recovery.
	if n := utf8.RuneCountInString(string(c.Code)); n == 0 || n > adcp.MaxCodeLength {
		return fail("code must have 1 to %d characters", adcp.MaxCodeLength)
	}
	info, known := v.Info(c.Code)
	if !known {
		if err := ValidVendorCode(string(c.Code)); err != nil {
			return fail("not a standard code of AdCP %s, and not a valid vendor code: %v", v.SpecVersion(), err)
		}
		if strings.HasSuffix(string(c.Code), "_NOT_FOUND") {
			return fail("custom *_NOT_FOUND codes are not allowed: use REFERENCE_NOT_FOUND")
		}
	}
	if info.Deprecated {
		warn = buildWarnf(warn, "%s is deprecated; use %s", c.Code, buildJoinCodes(info.ReplacedBy))
	}
	switch {
	case info.Recovery != "" && c.Recovery == "":
		c.Recovery = info.Recovery
	case info.Recovery != "" && c.Recovery != info.Recovery:
		return fail("recovery is %q in the catalogue; only vendor codes take another recovery", info.Recovery)
	case c.Recovery == "" && !checks.authoring:
		// Valid on the wire (recovery is optional in every version), as an
		// upstream's error passed through may be; a client that does not
		// know the code classifies it by its own policy.
		warn = buildWarnf(warn, "%s has no recovery: clients that do not know the code classify it by their own policy; set one", c.Code)
	case !c.Recovery.Valid():
		return fail("recovery must be transient, correctable or terminal (got %q); set it with WithRecovery", c.Recovery)
	}
	if c.Message == "" {
		return fail("message is required")
	}
	if err := buildCheckRaw(&c); err != nil {
		return fail("%v", err)
	}

	// retry_after: a whole number of seconds, the value as written rounded
	// up, then clamped (RetryDelay).
	if c.RetryAfter != nil {
		if v := *c.RetryAfter; math.IsNaN(v) || math.IsInf(v, 0) {
			return fail("retry_after must be finite")
		}
		d, _ := c.RetryDelay()
		v := d.Seconds()
		c.RetryAfter = &v
		if c.Recovery != adcp.RecoveryTransient {
			warn = buildWarnf(warn, "retry_after on a %s error: clients only wait on transient errors", c.Recovery)
		}
	}

	// field and issues[].
	if len(c.Issues) > 0 {
		ptr := c.Issues[0].Pointer
		f, err := PointerToField(ptr)
		if err != nil {
			return fail("issues[0].pointer %q: %v", ptr, err)
		}
		if c.Field != "" && c.Field != f {
			return fail("field %q must equal issues[0].pointer translated to JSONPath-lite (%q)", c.Field, f)
		}
		c.Field = f
	}
	if info.FieldRequired && c.Field == "" {
		return fail("field is required: it names the field the caller must drop")
	}

	// details, decoded once.
	if bytes.Equal(bytes.TrimSpace(c.Details), []byte("null")) {
		c.Details = nil
	}
	var obj map[string]json.RawMessage
	if len(c.Details) > 0 {
		var err error
		if obj, err = buildObject(c.Details); err != nil {
			return fail("details: %v", err)
		}
		if info.NoDetails {
			return fail("this code carries no details")
		}
		if s := buildShapeFor(info, obj); s != nil && s.Closed {
			raw, dropped := buildDropUndeclared(s, obj)
			for _, k := range dropped {
				delete(obj, k)
				warn = buildWarnf(warn, "details member %q dropped: %s is a closed shape", k, s.Name)
			}
			c.Details = raw
		} else {
			c.Details = buildCompact(c.Details)
		}
		if err := buildCheckShapes(info, c.Code, c.Details, obj); err != nil {
			return fail("details: %v", err)
		}
		if err := buildCheckURLs(c.Details); err != nil {
			return fail("details: a buyer would refuse to follow a URL; send https URLs on the seller's hosts: %w", err)
		}
		if n := len(c.Details); n > buildDetailsGuidanceBytes {
			warn = buildWarnf(warn, "details are %d bytes; keep them under %d", n, buildDetailsGuidanceBytes)
		}
	}
	for _, k := range info.RequiredDetails {
		if _, ok := obj[k]; !ok {
			return fail("details.%s is required", k)
		}
	}
	for _, k := range info.RecommendedDetails {
		if _, ok := obj[k]; !ok {
			warn = buildWarnf(warn, "%s should carry details.%s", c.Code, k)
		}
	}
	if c.Code == codeCreativeRejected {
		// Accessibility details: field from the first violation's pointer.
		if c.Field == "" {
			if ptr, ok := buildFirstViolationPointer(obj); ok {
				f, err := PointerToField(ptr)
				if err != nil {
					return fail("details.violations[0].pointer: %v", err)
				}
				c.Field = f
			}
		}
	}

	// What buyers read.
	for _, s := range [...]struct {
		name, text string
		max        int
	}{{"message", c.Message, buildMessageBytes}, {"suggestion", c.Suggestion, buildSuggestionBytes}} {
		if len(s.text) > s.max {
			warn = buildWarnf(warn, "%s is %d bytes; buyers keep only %d", s.name, len(s.text), s.max)
		}
		for _, f := range CheckMessage(s.text) {
			if buildRefused(c.Code, f.Kind) && !checks.allowFlagged {
				return fail("%s looks like it contains a %s (bytes %d-%d), which sellers must never send: remove it (Scrub), or build with AllowFlaggedText if a person has checked it is not one",
					s.name, f.Kind, f.Start, f.End)
			}
			warn = buildWarnf(warn, "%s looks like it contains %s (bytes %d-%d); see Scrub", s.name, f.Kind, f.Start, f.End)
		}
	}

	// The completed error is validated as it is, once: its raw members are
	// single JSON values (buildCheckRaw), so it encodes to itself.
	raw, err := jsonwire.Marshal(&c)
	if err != nil {
		return fail("%v", err)
	}
	if err := buildCheckSize(raw); err != nil {
		return fail("%w", err)
	}
	if err := buildCheckEncoded(raw); err != nil {
		return fail("%v", err)
	}
	if err := v.Validate(&c); err != nil {
		return fail("%v", err)
	}
	return &c, warn, nil
}

// buildFail returns the error of finalize and FitAccessibilityDetails:
// "adcp: <code>: <prefix><format>".
func buildFail(code adcp.Code, prefix, format string, args []any) (*adcp.Error, []string, error) {
	return nil, nil, fmt.Errorf("adcp: %s: "+prefix+format, append([]any{code}, args...)...)
}

// buildWarnf appends fmt.Sprintf(format, args...) to warn.
func buildWarnf(warn []string, format string, args ...any) []string {
	return append(warn, fmt.Sprintf(format, args...))
}

// buildRefused reports whether a CheckMessage finding of kind k refuses an
// error of code c: connection strings, stack traces and credentials always
// (transport-errors.md § "Seller Requirements": implementations MUST NOT
// include them), and for CONFIGURATION_ERROR also file paths (its
// description: the message MUST NOT include credentials, connection
// strings, full file paths, or stack traces).
func buildRefused(c adcp.Code, k FindingKind) bool {
	switch k {
	case FindingConnectionString, FindingStackTrace, FindingCredential:
		return true
	case FindingFilePath:
		return c == codeConfigurationError
	}
	return false
}

// buildCheckRaw refuses a raw member of e that is not exactly one JSON
// value: details, the members kept in Extra, and the raw members of every
// issue and discriminator entry; and a member kept in Extra whose name is not
// valid UTF-8 (the encoding replaces the bad bytes, so two names could become
// one). One that held `{"x":1},"code":"X_EVIL_CODE"` would forge members:
// the encoder refuses it, and the builders say where it is.
func buildCheckRaw(e *adcp.Error) error {
	if !validRaw(e.Details) {
		return fmt.Errorf("details is not exactly one JSON value")
	}
	if k, bad := badExtra(e.Extra); bad {
		return fmt.Errorf("error member %q is not exactly one JSON value with a valid UTF-8 name", k)
	}
	for i, is := range e.Issues {
		if k, bad := badExtra(is.Extra); bad {
			return fmt.Errorf("issues[%d] member %q is not exactly one JSON value", i, k)
		}
		for j, d := range is.Discriminator {
			if !validRaw(d.Value) {
				return fmt.Errorf("issues[%d].discriminator[%d].value is not exactly one JSON value", i, j)
			}
			if k, bad := badExtra(d.Extra); bad {
				return fmt.Errorf("issues[%d].discriminator[%d] member %q is not exactly one JSON value", i, j, k)
			}
		}
	}
	return nil
}

// validRaw reports whether a raw member is absent (nil) or exactly one JSON
// value.
func validRaw(raw []byte) bool { return raw == nil || json.Valid(raw) }

// badExtra returns the name of a member of extra that is not exactly one
// JSON value or whose name is not valid UTF-8, and true; "" and false when
// there is none.
func badExtra(extra map[string]json.RawMessage) (string, bool) {
	for k, raw := range extra {
		if !validRaw(raw) || !utf8.ValidString(k) {
			return k, true
		}
	}
	return "", false
}

// errBuildTooLarge is wrapped by the errors of buildCheckSize.
var errBuildTooLarge = errors.New("clients would discard the error")

// buildCheckSize refuses an encoded error that clients would discard: it
// applies Validate, the client's own check, so that seller and client share
// one measure of the serialized size and one limit (MaxErrorSize).
func buildCheckSize(raw []byte) error {
	if err := adcp.Validate(raw); err != nil {
		return fmt.Errorf("%w: they discard errors over %d bytes of JSON (%v)", errBuildTooLarge, adcp.MaxErrorSize, err)
	}
	return nil
}

// buildFirstViolationPointer returns details.violations[0].pointer of
// accessibility details, when it is a string.
func buildFirstViolationPointer(obj map[string]json.RawMessage) (string, bool) {
	var v []struct {
		Pointer *string `json:"pointer"`
	}
	if json.Unmarshal(obj["violations"], &v) != nil || len(v) == 0 || v[0].Pointer == nil {
		return "", false
	}
	return *v[0].Pointer, true
}

// buildCheckEncoded checks the version-dependent members on the encoded
// error, as encoding/json reads them: every issues[] entry has pointer,
// message and keyword, the pointer is RFC 6901 and the keyword a JSON Schema
// keyword; sdk_id is set exactly when source is "sdk".
func buildCheckEncoded(raw []byte) error {
	var e struct {
		Source *string `json:"source"`
		SDKID  *string `json:"sdk_id"`
		Issues []struct {
			Pointer *string `json:"pointer"`
			Message *string `json:"message"`
			Keyword *string `json:"keyword"`
		} `json:"issues"`
	}
	if err := json.Unmarshal(raw, &e); err != nil {
		return err
	}
	if sdk := e.Source != nil && *e.Source == "sdk"; sdk != (e.SDKID != nil && *e.SDKID != "") {
		return errors.New(`sdk_id must be set when source is "sdk", and only then`)
	}
	for i, is := range e.Issues {
		switch {
		case is.Pointer == nil || is.Message == nil || is.Keyword == nil:
			return fmt.Errorf("issues[%d] needs pointer, message and keyword", i)
		case !buildSchemaKeywords[*is.Keyword]:
			return fmt.Errorf("issues[%d].keyword %q is not a JSON Schema keyword", i, *is.Keyword)
		}
		if err := pointerCheck(*is.Pointer); err != nil {
			return fmt.Errorf("issues[%d].pointer: %v", i, err)
		}
	}
	return nil
}

// buildDetailsJSON encodes a WithDetails value, validating generated structs;
// JSON null means no details.
func buildDetailsJSON(d any) (json.RawMessage, error) {
	var raw []byte
	switch v := d.(type) {
	case json.RawMessage:
		raw = v
	case []byte:
		raw = v
	default:
		if err := buildValidate(d); err != nil {
			return nil, err
		}
		b, err := jsonwire.Marshal(d)
		if err != nil {
			return nil, err
		}
		// Encoder output is compact and valid: only its kind is in doubt.
		switch {
		case string(b) == "null":
			return nil, nil
		case b[0] != '{':
			return nil, errors.New("must be a JSON object")
		}
		return b, nil
	}
	if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return nil, nil
	}
	if _, err := buildObject(raw); err != nil {
		return nil, err
	}
	return buildCompact(raw), nil
}

// buildValidator is what buildValidate calls: the Validate method of
// adcp.Details, and of any other details type that has one.
type buildValidator interface{ Validate() error }

// buildValidate validates a generated details value (or any value with a
// Validate method), given as a pointer or as a value (generated types
// validate through a pointer receiver).
func buildValidate(d any) error {
	rv := reflect.ValueOf(d)
	if rv.Kind() == reflect.Pointer && rv.IsNil() {
		return nil // encodes to null: no details
	}
	dv, ok := d.(buildValidator)
	if !ok {
		p := reflect.New(rv.Type())
		p.Elem().Set(rv)
		if dv, ok = p.Interface().(buildValidator); !ok {
			return nil
		}
	}
	return dv.Validate()
}

// buildObject decodes a JSON object's members as encoding/json decodes it
// into a map[string]json.RawMessage (of a repeated name the last), refusing
// anything else.
func buildObject(raw []byte) (map[string]json.RawMessage, error) {
	if t := bytes.TrimLeft(raw, " \t\r\n"); len(t) == 0 || t[0] != '{' {
		return nil, errors.New("must be a JSON object")
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	return m, nil
}

// buildCompact returns raw, one valid JSON value, without insignificant
// white space.
func buildCompact(raw []byte) json.RawMessage {
	var b bytes.Buffer
	_ = json.Compact(&b, raw) // valid: buildObject decoded it
	return b.Bytes()
}

// buildShapeFor picks the details shape of a code for the given details: the
// first shape whose When condition holds, else the code's only unconditional
// shape, else none.
func buildShapeFor(info adcp.CodeInfo, obj map[string]json.RawMessage) *adcp.DetailsShape {
	var plain []*adcp.DetailsShape
	for _, s := range info.Shapes {
		if s.When == nil {
			plain = append(plain, s)
			continue
		}
		if buildWhenHolds(s, obj) {
			return s
		}
	}
	if len(plain) == 1 {
		return plain[0]
	}
	return nil
}

// buildMustFit reports whether details of a code (decoded as obj) must fit
// the code's shape s:
//   - a conditional shape (When) whose condition holds, such as
//     agent-permission-denied for PERMISSION_DENIED with scope "agent";
//   - the code's own shape, named after it (rate-limited for RATE_LIMITED),
//     always: the spec's recommended shape for every details of the code;
//   - another unconditional shape of the code, which describes one case of
//     it (accessibility-violation for CREATIVE_REJECTED,
//     unsupported-refinement-dimension for UNSUPPORTED_FEATURE), when the
//     details carry one of its members: they use that shape.
func buildMustFit(s *adcp.DetailsShape, code adcp.Code, obj map[string]json.RawMessage) bool {
	switch {
	case s.When != nil:
		return buildWhenHolds(s, obj)
	case buildIsShapeNameOf(s.Name, code):
		return true
	}
	for _, f := range s.Fields {
		if _, ok := obj[f]; ok {
			return true
		}
	}
	return false
}

// buildWhenHolds reports whether the condition of a conditional shape
// holds for details decoded as obj: its member is the string it names.
func buildWhenHolds(s *adcp.DetailsShape, obj map[string]json.RawMessage) bool {
	var v string
	return json.Unmarshal(obj[s.When.Key], &v) == nil && v == s.When.Value
}

// buildIsShapeNameOf reports whether name is the name of code's own shape:
// the code in lower case, '_' written '-' (rate-limited for RATE_LIMITED).
func buildIsShapeNameOf(name string, c adcp.Code) bool {
	return name == strings.ReplaceAll(strings.ToLower(string(c)), "_", "-")
}

// buildCheckShapes validates details against the schema of every shape of
// the code they must fit (buildMustFit).
func buildCheckShapes(info adcp.CodeInfo, code adcp.Code, raw []byte, obj map[string]json.RawMessage) error {
	for _, s := range info.Shapes {
		if buildMustFit(s, code, obj) {
			if err := buildFitShape(s, raw); err != nil {
				return err
			}
		}
	}
	return nil
}

// buildFitShape validates raw details against the shape's schema (data, not
// the shape's Go type, so that building an error does not link every
// details type). A shape without a schema cannot be checked.
func buildFitShape(s *adcp.DetailsShape, raw []byte) error {
	if err := s.Validate(raw); err != nil {
		return fmt.Errorf("do not fit %s: %w", s.Name, err)
	}
	return nil
}

// buildCheckTyped refuses a typed details value whose Go type is the type
// of a details shape the code does not carry (BudgetTooLowDetails on
// RATE_LIMITED). Types are matched by name against the vocabulary's shapes,
// so that a struct generated for another spec version is recognised too.
func buildCheckTyped(v *adcp.Vocabulary, code adcp.Code, d any) error {
	switch d.(type) {
	case json.RawMessage, []byte:
		return nil
	}
	t := reflect.TypeOf(d)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var name string
	if t != nil {
		name = t.Name()
	}
	if name == "" {
		return nil
	}
	info, _ := v.Info(code)
	for _, own := range info.Shapes {
		if own.Type == name {
			return nil // the code's own (the common case: no copy of the shapes)
		}
	}
	for _, s := range v.Shapes() {
		if s.Type != name {
			continue
		}
		var want []string
		for _, own := range info.Shapes {
			want = append(want, own.Type)
		}
		if len(want) == 0 {
			return fmt.Errorf("%s are the details of %s, not of %s (which has no details shape)", s.Type, buildJoinCodes(s.Codes), code)
		}
		return fmt.Errorf("%s are the details of %s, not of %s (%s)", s.Type, buildJoinCodes(s.Codes), code, strings.Join(want, " or "))
	}
	return nil
}

// buildDropUndeclared keeps the members a closed shape declares, in the
// shape's order, each value compact (obj's values are valid JSON: a
// buildObject walk found them), and lists the dropped keys in sorted order.
func buildDropUndeclared(s *adcp.DetailsShape, obj map[string]json.RawMessage) (json.RawMessage, []string) {
	declared := make(map[string]bool, len(s.Fields))
	var b bytes.Buffer
	b.WriteByte('{')
	for _, f := range s.Fields {
		declared[f] = true
		if v, ok := obj[f]; ok {
			if b.Len() > 1 {
				b.WriteByte(',')
			}
			buildWriteKey(&b, f)
			b.Write(buildCompact(v))
		}
	}
	b.WriteByte('}')
	var dropped []string
	for k := range obj {
		if !declared[k] {
			dropped = append(dropped, k)
		}
	}
	slices.Sort(dropped)
	return b.Bytes(), dropped
}

func buildJoinCodes(cs []adcp.Code) string {
	if len(cs) == 0 {
		return "another code"
	}
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = string(c)
	}
	return strings.Join(s, " or ")
}
