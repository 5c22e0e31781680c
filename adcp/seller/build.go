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
// The wire shapes check every error they send as Finalize does. An error
// New, Build or Finalize returned, or a shape accepted, is remembered (the
// last 128, with a deep copy): sent again unchanged, it is not checked
// again.
package seller

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/errfmt"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
	"github.com/adcp-gen/adcp-gen/adcp/internal/smallsort"
)

// Size guidance of transport-errors.md, in UTF-8 bytes of compact JSON
// written without HTML escaping (see wireJSON). The hard limit on the whole
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
			return nil, nil, errfmt.Errorf("adcp: %s: details: %w", code, err)
		}
		raw, err := buildDetailsJSON(c.details)
		if err != nil {
			return nil, nil, errfmt.Errorf("adcp: %s: details: %w", code, err)
		}
		e.Details = raw
	}
	c.checks.authoring = true
	return finalizeRemembered(v, e, c.checks)
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
		return nil, nil, errfmt.New("adcp: Finalize takes only options that relax a check (AllowFlaggedText); set members on the error")
	}
	return finalizeRemembered(v, e, cfg.checks)
}

// finalizeRemembered is finalize for New, Build and Finalize: the wire
// builders remember the error it returns as checked (checked.go).
func finalizeRemembered(v *adcp.Vocabulary, e *adcp.Error, checks buildChecks) (*adcp.Error, []string, error) {
	var raw []byte
	done, warn, err := finalize(v, e, checks, &raw)
	if err == nil {
		rememberChecked(v, done, checks, raw, true)
	}
	return done, warn, err
}

// finalize is Finalize with its checks settled. When encoded is not nil,
// it receives the completed error's encoding, the bytes the last checks ran
// on.
func finalize(v *adcp.Vocabulary, e *adcp.Error, checks buildChecks, encoded *[]byte) (*adcp.Error, []string, error) {
	if e == nil {
		return nil, nil, errfmt.New("adcp: nil error")
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

	// retry_after: ceil, then clamp.
	if c.RetryAfter != nil {
		v := *c.RetryAfter
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fail("retry_after must be finite")
		}
		v = math.Min(math.Max(math.Ceil(v), 1), 3600)
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

	// c.Details, when set, are what buildObject accepted, compacted.
	raw, err := buildEncode(&c, true)
	if err != nil {
		return fail("%v", err)
	}
	if err := buildCheckSize(raw); err != nil {
		return fail("%w", err)
	}
	if err := buildCheckBuilt(&c, raw); err != nil {
		return fail("%v", err)
	}
	if err := buildRevalidateBuilt(v, &c, raw, true); err != nil {
		return fail("%v", err)
	}
	if encoded != nil {
		*encoded = raw
	}
	return &c, warn, nil
}

// buildEncode is jsonwire.Marshal(e) for an error that is not nil. An error
// without raw members (members kept in Extra, issues, whose members may be
// kept raw, and details unless detailsChecked says they are valid and
// compact: finalize made them so) is written only from its strings, its
// retry_after and those details, escaped and formatted by the encoder: its
// MarshalJSON output is valid and compact without being scanned.
func buildEncode(e *adcp.Error, detailsChecked bool) ([]byte, error) {
	if (e.Details == nil || detailsChecked) && len(e.Extra) == 0 && e.Issues == nil {
		if b, err := e.MarshalJSON(); err == nil {
			return b, nil
		}
	}
	return jsonwire.Marshal(e)
}

// buildFail returns the error of finalize and FitAccessibilityDetails:
// "adcp: <code>: <prefix><format>". It is not inlined, so the calls that
// fail once each share its code.
//
//go:noinline
func buildFail(code adcp.Code, prefix, format string, args []any) (*adcp.Error, []string, error) {
	return nil, nil, errfmt.Errorf("adcp: %s: "+prefix+format, append([]any{code}, args...)...)
}

// buildWarnf appends fmt.Sprintf(format, args...) to warn. It is not
// inlined, so finalize's warnings share its code.
//
//go:noinline
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
// issue and discriminator entry. The encoder writes raw members as they
// are, so one that held `{"x":1},"code":"X_EVIL_CODE"` would forge members.
func buildCheckRaw(e *adcp.Error) error {
	// Where a bad member is, is written only when there is one: most
	// errors have none, and every issue would format its place.
	if !validRaw(e.Details) {
		return errfmt.Errorf("details is not exactly one JSON value")
	}
	if k, bad := badExtra(e.Extra); bad {
		return errfmt.Errorf("error member %q is not exactly one JSON value", k)
	}
	for i, is := range e.Issues {
		if k, bad := badExtra(is.Extra); bad {
			return errfmt.Errorf("issues[%d] member %q is not exactly one JSON value", i, k)
		}
		for j, d := range is.Discriminator {
			if !validRaw(d.Value) {
				return errfmt.Errorf("issues[%d].discriminator[%d].value is not exactly one JSON value", i, j)
			}
			if k, bad := badExtra(d.Extra); bad {
				return errfmt.Errorf("issues[%d].discriminator[%d] member %q is not exactly one JSON value", i, j, k)
			}
		}
	}
	return nil
}

// validRaw reports whether a raw member is absent (nil) or exactly one JSON
// value.
func validRaw(raw []byte) bool { return raw == nil || jsonwire.Valid(raw) }

// badExtra returns the name of a member of extra that is not exactly one
// JSON value, and true; "" and false when there is none.
func badExtra(extra map[string]json.RawMessage) (string, bool) {
	for k, raw := range extra {
		if !validRaw(raw) {
			return k, true
		}
	}
	return "", false
}

// buildRevalidate decodes the bytes that would be sent and checks them as a
// client would: one object without repeated members, whose code is the one
// built, and that the vocabulary's rules (its core/error.json) accept.
func buildRevalidate(v *adcp.Vocabulary, code adcp.Code, raw []byte) error {
	if err := buildUniqueMembers(raw); err != nil {
		return errfmt.Errorf("encoded error: %v", err)
	}
	var back adcp.Error // raw is one valid JSON object (buildUniqueMembers)
	if err := back.UnmarshalValidJSON(raw); err != nil {
		return errfmt.Errorf("encoded error: %v", err)
	}
	if back.Code != code {
		return errfmt.Errorf("encoded error reads as code %q", back.Code)
	}
	if err := v.Validate(&back); err != nil {
		return err
	}
	return nil
}

// buildRevalidateBuilt is buildRevalidate for c, encoded as raw. An error
// without members kept raw (in Extra, in an issue's Extra, or an issue's
// discriminator) whose strings, its issues' included, are valid UTF-8 and
// whose details, if any, are exactly one JSON value decodes from its
// encoding to itself: the same strings, the same retry_after (written as a
// float64 writes, or as it was written when decoded), the same details
// (compacted, which the rules do not look at: only at the details' type),
// the same members present (those the encoder wrote), each once, and no
// member kept raw. It is checked as it is, without being decoded again.
//
// detailsChecked says the details are known to be one JSON value (finalize's
// are what buildObject accepted), and are not scanned again.
func buildRevalidateBuilt(v *adcp.Vocabulary, c *adcp.Error, raw []byte, detailsChecked bool) error {
	if len(c.Extra) > 0 || c.Details != nil && !detailsChecked && !jsonwire.Valid(c.Details) ||
		!buildValidUTF8(string(c.Code), c.Message, c.Field, c.Suggestion, string(c.Recovery), string(c.Source), c.SDKID) {
		return buildRevalidate(v, c.Code, raw)
	}
	for _, is := range c.Issues {
		// The rules read no issue's strings (only which members are
		// present); they are held to valid UTF-8 all the same, so that a
		// rule that does read one later is not checked on other text.
		if len(is.Extra) > 0 || len(is.Discriminator) > 0 || !buildValidUTF8(is.Pointer, is.Message, is.Keyword, is.SchemaPath, is.SchemaID) {
			return buildRevalidate(v, c.Code, raw)
		}
	}
	return v.Validate(c)
}

// buildValidUTF8 reports whether every one of ss is valid UTF-8.
func buildValidUTF8(ss ...string) bool {
	for _, s := range ss {
		if !utf8.ValidString(s) {
			return false
		}
	}
	return true
}

// buildUniqueMembers refuses a JSON object with a repeated member name
// (names compared as encoding/json decodes them: "a" and "\u0061" are one
// name), or anything but one valid JSON object.
//
// The names of the first 16 members are kept end to end in one buffer and
// compared one by one; a map takes over from the 17th, so that a hostile
// object with thousands of members costs linear time.
func buildUniqueMembers(raw []byte) error {
	var (
		buf   [256]byte
		ends  [16]int
		names = buf[:0]
		n     int
		seen  map[string]struct{}
	)
	return buildEachMember(raw, func(name, _ []byte) error {
		dup := false
		if seen != nil {
			_, dup = seen[string(name)]
		} else {
			for i, start := 0, 0; i < n && !dup; start, i = ends[i], i+1 {
				dup = string(names[start:ends[i]]) == string(name)
			}
		}
		if dup {
			return errfmt.Errorf("member %q appears twice", string(name))
		}
		switch {
		case seen == nil && n < len(ends):
			names = append(names, name...)
			ends[n] = len(names)
			n++
		case seen == nil:
			seen = make(map[string]struct{}, 2*n)
			for i, start := 0, 0; i < n; start, i = ends[i], i+1 {
				seen[string(names[start:ends[i]])] = struct{}{}
			}
			fallthrough
		default:
			seen[string(name)] = struct{}{}
		}
		return nil
	})
}

// errNotObject and errInvalidObject are buildEachMember's verdicts on
// what is not one valid JSON object (buildUniqueMembers's own words; the
// other callers word them theirs).
var (
	errNotObject     = errfmt.New("not a JSON object")
	errInvalidObject = errfmt.New("not one valid JSON object")
)

// buildEachMember walks the JSON object raw (white space around it
// allowed) with the runtime's validating iterator: f gets each member's name,
// unquoted as encoding/json decodes it (a slice of raw when that is its own
// text, else in a buffer reused from member to member; f must not change
// it), and its value as written (a slice of raw). It returns f's first
// error; errNotObject when raw does not start with an object;
// errInvalidObject when raw is not one valid JSON object, found when the
// walk reaches what is wrong (members before it have been passed to f).
func buildEachMember(raw []byte, f func(name, value []byte) error) error {
	i := jsonwire.Space(raw, 0)
	if i == len(raw) || raw[i] != '{' {
		return errNotObject
	}
	var buf []byte
	it := jsonwire.Open(raw, i, 0, '{')
	for it.Next() {
		start := it.Pos
		if it.Skip(); it.Pos < 0 {
			break
		}
		name := it.Key[1 : len(it.Key)-1 : len(it.Key)-1]
		if !jsonwire.Plain(it.Key) {
			buf = jsonwire.Unquote(buf[:0], it.Key)
			name = buf
		}
		if err := f(name, raw[start:it.Pos:it.Pos]); err != nil {
			return err
		}
	}
	if it.Pos < 0 || jsonwire.Space(raw, it.Pos) != len(raw) {
		return errInvalidObject
	}
	return nil
}

// errBuildTooLarge is wrapped by the errors of buildCheckSize.
var errBuildTooLarge = errors.New("clients would discard the error")

// buildCheckSize refuses an encoded error (raw, from wireJSON, with a code
// already checked) that clients would discard: it applies Validate, the
// client's own check, so that seller and client share one measure of the
// serialized size and one limit (MaxErrorSize).
//
// Validate measures the error decoded and encoded again, which is at most
// six times as long as raw: an invalid UTF-8 byte becomes U+FFFD (three
// bytes), U+2028 and U+2029 become \u escapes (three bytes to six), a
// number is written as the float64 it parses to (1e20, four bytes, is
// 100000000000000000000, 21), and everything else keeps its length or
// shrinks. So an error of up to a sixth of MaxErrorSize passes without
// being measured.
func buildCheckSize(raw []byte) error {
	if 6*len(raw) <= adcp.MaxErrorSize {
		return nil
	}
	if err := adcp.Validate(raw); err != nil {
		return errfmt.Errorf("%w: they discard errors over %d bytes of JSON (%v)", errBuildTooLarge, adcp.MaxErrorSize, err)
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
// error (the runtime may not name their Go types): every issues[] entry has
// pointer, message and keyword, the pointer is RFC 6901 and the keyword a
// JSON Schema keyword; sdk_id is set exactly when source is "sdk".
func buildCheckEncoded(raw []byte) error {
	// Without these member names the checks have nothing to look at.
	if !buildContainsAny(raw, `"issues"`, `"source"`, `"sdk_id"`) {
		return nil
	}
	e, ok := buildReadEncoded(raw)
	if !ok {
		e = buildEncoded{}
		if err := json.Unmarshal(raw, &e); err != nil {
			return err
		}
	}
	return e.check()
}

// buildCheckBuilt is buildCheckEncoded(raw) for raw, the encoding of c. An
// error with no member kept raw gets its source and sdk_id from its typed
// fields alone (MarshalJSON writes a member that is set, and one written
// empty reads as one left out), so the checks read them there instead of
// looking through raw; and its issues too, when they were built in Go (so
// that pointer, message and keyword are written, empty or not), keep no
// member raw (encoding/json would read "Keyword" as keyword), and hold
// their keyword as valid UTF-8 (the encoding would change it, and the
// check's message quotes it; the pointer's checks read only '/' and '~').
func buildCheckBuilt(c *adcp.Error, raw []byte) error {
	if len(c.Extra) > 0 || len(c.Issues) > 0 && !errFuncs.IssuesBuilt(c) {
		return buildCheckEncoded(raw)
	}
	var e buildEncoded
	if c.Source != "" {
		e.Source = (*string)(&c.Source)
	}
	if c.SDKID != "" {
		e.SDKID = &c.SDKID
	}
	if len(c.Issues) > 0 {
		e.Issues = make([]buildEncodedIssue, len(c.Issues))
		for i := range c.Issues {
			is := &c.Issues[i]
			if len(is.Extra) > 0 || !utf8.ValidString(is.Keyword) {
				return buildCheckEncoded(raw)
			}
			e.Issues[i] = buildEncodedIssue{Pointer: &is.Pointer, Message: &is.Message, Keyword: &is.Keyword}
		}
	}
	return e.check()
}

// buildEncoded is what buildCheckEncoded reads of the encoded error, as
// encoding/json decodes it.
type buildEncoded struct {
	Source *string             `json:"source"`
	SDKID  *string             `json:"sdk_id"`
	Issues []buildEncodedIssue `json:"issues"`
}

type buildEncodedIssue struct {
	Pointer *string `json:"pointer"`
	Message *string `json:"message"`
	Keyword *string `json:"keyword"`
}

// check applies buildCheckEncoded's rules.
func (e *buildEncoded) check() error {
	if sdk := e.Source != nil && *e.Source == "sdk"; sdk != (e.SDKID != nil && *e.SDKID != "") {
		return errfmt.New(`sdk_id must be set when source is "sdk", and only then`)
	}
	for i, is := range e.Issues {
		switch {
		case is.Pointer == nil || is.Message == nil || is.Keyword == nil:
			return errfmt.Errorf("issues[%d] needs pointer, message and keyword", i)
		case !buildSchemaKeywords[*is.Keyword]:
			return errfmt.Errorf("issues[%d].keyword %q is not a JSON Schema keyword", i, *is.Keyword)
		}
		if err := pointerCheck(*is.Pointer); err != nil {
			return errfmt.Errorf("issues[%d].pointer: %v", i, err)
		}
	}
	return nil
}

// buildReadEncoded reads buildEncoded from the members walked with the
// runtime's iterator instead of decoded by encoding/json, for an encoding
// encoding/json reads the same way: the member names it reads (at the top
// level, and in each issue) spelled exactly, and no name that is not
// ASCII; their values null or strings, issues an array of objects or
// nulls. A repeated member replaces the earlier one, as in encoding/json.
// It reports false for anything else (a name in other case, or one with
// non-ASCII letters, which encoding/json's case-insensitive match may take
// for the member; a value of another type, which it refuses), which
// encoding/json then decodes.
func buildReadEncoded(raw []byte) (e buildEncoded, ok bool) {
	ok = true
	err := buildEachMember(raw, func(name, value []byte) error {
		switch buildReadName(name, &ok, "source", "sdk_id", "issues") {
		case 0:
			e.Source = buildReadString(value, &ok)
		case 1:
			e.SDKID = buildReadString(value, &ok)
		case 2:
			e.Issues = buildReadIssues(value, &ok)
		}
		return nil
	})
	return e, err == nil && ok
}

// buildReadName returns the index in names (lower-case ASCII) of the
// member name, spelled exactly, or -1 for another name; it clears *ok for
// a name encoding/json may match to one of them otherwise (another case,
// or a non-ASCII character).
func buildReadName(name []byte, ok *bool, names ...string) int {
	for i, n := range names {
		if string(name) == n {
			return i
		}
	}
	for _, c := range name {
		if c >= utf8.RuneSelf {
			*ok = false
			return -1
		}
	}
	for _, n := range names {
		if buildLowerIs(name, n) {
			*ok = false
		}
	}
	return -1
}

// buildLowerIs reports whether the ASCII name, lower-cased, is lower.
func buildLowerIs(name []byte, lower string) bool {
	if len(name) != len(lower) {
		return false
	}
	for i, c := range name {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// buildReadString decodes a member read into a *string: nil for null, the
// string as encoding/json decodes it; it clears *ok for another value.
func buildReadString(value []byte, ok *bool) *string {
	switch {
	case string(value) == "null":
		return nil
	case len(value) > 0 && value[0] == '"':
		s := string(jsonwire.Unquote(nil, value))
		return &s
	}
	*ok = false
	return nil
}

// buildReadIssues decodes issues[] as buildCheckEncoded reads it; it clears
// *ok for anything but null or an array of objects and nulls.
func buildReadIssues(value []byte, ok *bool) []buildEncodedIssue {
	if string(value) == "null" {
		return nil
	}
	it := jsonwire.Open(value, 0, 0, '[')
	out := []buildEncodedIssue{}
	for it.Next() {
		start := it.Pos
		it.Skip()
		if it.Pos < 0 {
			break
		}
		var is buildEncodedIssue
		if v := value[start:it.Pos]; string(v) != "null" {
			err := buildEachMember(v, func(name, value []byte) error {
				switch buildReadName(name, ok, "pointer", "message", "keyword") {
				case 0:
					is.Pointer = buildReadString(value, ok)
				case 1:
					is.Message = buildReadString(value, ok)
				case 2:
					is.Keyword = buildReadString(value, ok)
				}
				return nil
			})
			if err != nil {
				*ok = false
			}
		}
		out = append(out, is)
	}
	if it.Pos < 0 {
		*ok = false
	}
	return out
}

// buildContainsAny reports whether raw contains one of names, short
// strings of two bytes or more that each start with '"', in one pass over raw's quotes
// (bytes.Contains, one pass per name, links more code and reads raw once
// per name).
func buildContainsAny(raw []byte, names ...string) bool {
	for i := 0; i < len(raw); i++ {
		j := bytes.IndexByte(raw[i:], '"')
		if j < 0 {
			return false
		}
		i += j
		for _, s := range names {
			if len(raw)-i >= len(s) && raw[i+1] == s[1] && string(raw[i:i+len(s)]) == s {
				return true
			}
		}
	}
	return false
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
			return nil, errfmt.New("must be a JSON object")
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
// into a map[string]json.RawMessage (names unquoted, of a repeated name the
// last), refusing anything else; the values are slices of raw.
func buildObject(raw []byte) (map[string]json.RawMessage, error) {
	m := make(map[string]json.RawMessage)
	switch err := buildEachMember(raw, func(name, value []byte) error {
		m[string(name)] = value
		return nil
	}); err {
	case nil:
		return m, nil
	case errNotObject:
		return nil, errfmt.New("must be a JSON object")
	}
	return nil, buildInvalidJSON(raw)
}

// buildInvalidJSON is encoding/json's account of where and why raw, which
// is not one valid JSON object, is wrong (the error is the caller's).
func buildInvalidJSON(raw []byte) error {
	if err := json.Unmarshal(raw, new(map[string]json.RawMessage)); err != nil {
		return err
	}
	return errfmt.New("invalid JSON")
}

// buildCompact returns a copy of raw, one valid JSON value (buildObject
// accepted it), without insignificant white space, as json.Compact writes
// it (jsonwire.AppendCompact, one pass: json.Compact validates again).
func buildCompact(raw []byte) json.RawMessage {
	return jsonwire.AppendCompact(make([]byte, 0, len(raw)), raw)
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
// strings.ReplaceAll(strings.ToLower(string(c)), "_", "-"), compared rune
// by rune as strings.ToLower maps them (invalid UTF-8 becomes U+FFFD),
// without building it or linking ToLower and ReplaceAll.
func buildIsShapeNameOf(name string, c adcp.Code) bool {
	var buf [utf8.UTFMax]byte
	for _, r := range string(c) {
		b := buf[:0]
		if r == '_' {
			b = append(b, '-')
		} else {
			b = utf8.AppendRune(b, unicode.ToLower(r))
		}
		if len(name) < len(b) || name[:len(b)] != string(b) {
			return false
		}
		name = name[len(b):]
	}
	return name == ""
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
		return errfmt.Errorf("do not fit %s: %w", s.Name, err)
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
			return errfmt.Errorf("%s are the details of %s, not of %s (which has no details shape)", s.Type, buildJoinCodes(s.Codes), code)
		}
		return errfmt.Errorf("%s are the details of %s, not of %s (%s)", s.Type, buildJoinCodes(s.Codes), code, strings.Join(want, " or "))
	}
	return nil
}

// buildDropUndeclared keeps the members a closed shape declares, in the
// shape's order, each value compact (obj's values are valid JSON: a
// buildObject walk found them), and lists the dropped keys in sorted order.
func buildDropUndeclared(s *adcp.DetailsShape, obj map[string]json.RawMessage) (json.RawMessage, []string) {
	declared := make(map[string]bool, len(s.Fields))
	b := []byte{'{'}
	for _, f := range s.Fields {
		declared[f] = true
		v, ok := obj[f]
		if !ok {
			continue
		}
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = jsonwire.AppendStringTo(b, f)
		b = append(b, ':')
		b = jsonwire.AppendCompact(b, v)
	}
	b = append(b, '}')
	var dropped []string
	for k := range obj {
		if !declared[k] {
			dropped = append(dropped, k)
		}
	}
	smallsort.Strings(dropped)
	return b, dropped
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
