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
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// detailsGuidanceBytes is the size transport-errors.md says details should
// stay under, in bytes of compact JSON (jsonwire.Marshal). The hard limit on
// the whole error is MaxErrorSize, checked by Validate: the client's check.
const detailsGuidanceBytes = 500

// schemaKeywords are the JSON Schema Draft 7 and 2020-12 keywords that
// issues[].keyword must be drawn from (validator-specific keywords such as
// Ajv's errorMessage must not reach the wire).
var schemaKeywords = []string{
	"type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength",
	"minLength", "pattern", "items", "additionalItems", "prefixItems", "contains", "maxContains", "minContains",
	"maxItems", "minItems", "uniqueItems", "maxProperties", "minProperties", "required", "properties",
	"patternProperties", "additionalProperties", "dependencies", "dependentRequired", "dependentSchemas",
	"propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not", "format", "contentEncoding",
	"contentMediaType", "contentSchema", "unevaluatedItems", "unevaluatedProperties", "$ref", "$dynamicRef", "false",
}

// Option sets a member of the error that New and Build construct.
type Option func(*buildConfig)

// configure returns the configuration that opts set, applied in order.
func configure[C any, O ~func(*C)](opts []O) C {
	var c C
	for _, o := range opts {
		o(&c)
	}
	return c
}

type buildConfig struct {
	e       adcp.Error // the members options set
	details any
	members bool // a member was set
	checks  checks
}

// checks are what a caller changes in the rules check applies.
type checks struct {
	// allowFlagged: AllowFlaggedText or WithFlaggedTextAllowed.
	allowFlagged bool
	// authoring: the error is built by New or Build, which refuse a vendor
	// code without recovery where Finalize only warns.
	authoring bool
	// asSent: a wire builder sends the error as it is, which must be valid
	// too, not only what Finalize makes of it.
	asSent bool
	// typed is the shape whose generated Go type the details were given
	// as, validated by its Validate method: they are not validated again.
	typed *adcp.DetailsShape
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
func WithField(path string) Option { return func(c *buildConfig) { c.e.Field, c.members = path, true } }

// WithSuggestion sets Error.Suggestion: generic correction guidance that does
// not reveal thresholds, identifiers or whether a resource exists.
func WithSuggestion(s string) Option {
	return func(c *buildConfig) { c.e.Suggestion, c.members = s, true }
}

// WithRecovery sets the recovery class of a vendor code (X_{VENDOR}_{CODE}),
// which has no catalogue entry. A standard code always carries its catalogue
// recovery; giving it another one is refused.
func WithRecovery(r adcp.Recovery) Option {
	return func(c *buildConfig) { c.e.Recovery, c.members = r, true }
}

// WithRetryAfter sets retry_after from a delay. Sub-second parts round up:
// the wire value is ceil(seconds) clamped to 1..3600.
func WithRetryAfter(d time.Duration) Option {
	return WithRetryAfterSeconds(d.Seconds())
}

// WithRetryAfterSeconds sets retry_after from a number of seconds, rounded up
// and then clamped to 1..3600. NaN and infinities are refused.
func WithRetryAfterSeconds(s float64) Option {
	return func(c *buildConfig) { c.e.RetryAfter, c.members = &s, true }
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
	c := configure(opts)
	c.checks.authoring = true
	e := &c.e
	e.Code, e.Message = code, message
	if c.details != nil {
		var err error
		if e.Details, c.checks.typed, err = encodeDetails(v, code, c.details); err != nil {
			return nil, nil, fmt.Errorf("adcp: %s: details: %w", code, err)
		}
	}
	done, _, warn, err := check(v, e, c.checks)
	return done, warn, err
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
//     issues[] entries whose pointer is not RFC 6901 or whose keyword is not
//     a JSON Schema keyword; sdk_id without source "sdk" or the reverse;
//   - an error without field when its code requires one
//     (CodeInfo.FieldRequired: FIELD_NOT_PERMITTED), or without a details
//     member its code requires (CodeInfo.RequiredDetails: ACCOUNT_MOVED's
//     current_account; a member of CodeInfo.RecommendedDetails missing is
//     a warning); details that are not an object, or details on a code
//     that carries none (CodeInfo.NoDetails);
//   - details that do not fit a shape of the code they must fit: its own
//     shape (rate-limited for RATE_LIMITED) always, a conditional shape
//     when its condition holds (agent-permission-denied for
//     PERMISSION_DENIED with scope "agent"), another shape of the code
//     (accessibility-violation for CREATIVE_REJECTED) when the details use
//     one of its members;
//   - a raw member (details, a member kept in Extra, an issue's or a
//     discriminator's raw members) that is not exactly one JSON value in
//     valid UTF-8, so that no text such as `{"x":1},"code":"X_EVIL_CODE"`
//     can forge members and no wire shape carries invalid UTF-8;
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
//     one that the vocabulary's rules (Vocabulary.Validate, its
//     core/error.json) refuse.
//
// opts may hold only options that relax a check (AllowFlaggedText); set the
// members on e.
func Finalize(v *adcp.Vocabulary, e *adcp.Error, opts ...Option) (*adcp.Error, []string, error) {
	cfg := configure(opts)
	if cfg.members {
		return nil, nil, errors.New("adcp: Finalize takes only options that relax a check (AllowFlaggedText); set members on the error")
	}
	done, _, warn, err := check(v, e, cfg.checks)
	return done, warn, err
}

// check applies the rules of Finalize to a copy of e and returns the copy
// completed, the encoding that is sent and the warnings. The encoding is
// the completed error's; with ck.asSent, a wire builder's, it is e's own,
// which must then also be what a client accepts: within MaxErrorSize and
// valid against v's rules as it is (retry_after 7200 passed through from an
// upstream is refused, not clamped), with no member a closed details shape
// does not declare (they are refused, not dropped).
func check(v *adcp.Vocabulary, e *adcp.Error, ck checks) (*adcp.Error, json.RawMessage, []string, error) {
	if e == nil {
		return nil, nil, nil, errors.New("adcp: nil error")
	}
	c := *e
	var warn []string
	warnf := func(format string, args ...any) { warn = append(warn, fmt.Sprintf(format, args...)) }
	fail := func(format string, args ...any) (*adcp.Error, json.RawMessage, []string, error) {
		return nil, nil, nil, fmt.Errorf("adcp: %s: "+format, append([]any{c.Code}, args...)...)
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
		warnf("%s is deprecated; use %s", c.Code, joinCodes(info.ReplacedBy))
	}
	switch {
	case info.Recovery != "" && c.Recovery == "":
		c.Recovery = info.Recovery
	case info.Recovery != "" && c.Recovery != info.Recovery:
		return fail("recovery is %q in the catalogue; only vendor codes take another recovery", info.Recovery)
	case c.Recovery == "" && !ck.authoring:
		warnf("%s has no recovery: clients that do not know the code classify it by their own policy; set one", c.Code)
	case !c.Recovery.Valid():
		return fail("recovery must be transient, correctable or terminal (got %q); set it with WithRecovery", c.Recovery)
	}
	if c.Message == "" {
		return fail("message is required")
	}
	if err := checkRaw(&c); err != nil {
		return fail("%v", err)
	}

	// retry_after: a whole number of seconds, the value as written rounded
	// up, then clamped (RetryDelay).
	if c.RetryAfter != nil {
		d, ok := c.RetryDelay()
		if !ok {
			return fail("retry_after must be finite")
		}
		s := d.Seconds()
		c.RetryAfter = &s
		if c.Recovery != adcp.RecoveryTransient {
			warnf("retry_after on a %s error: clients only wait on transient errors", c.Recovery)
		}
	}

	// field, issues[] and sdk_id.
	for i, is := range c.Issues {
		if !slices.Contains(schemaKeywords, is.Keyword) {
			return fail("issues[%d].keyword %q is not a JSON Schema keyword", i, is.Keyword)
		}
		f, err := PointerToField(is.Pointer)
		if err != nil {
			return fail("issues[%d].pointer: %v", i, err)
		}
		if i == 0 {
			if c.Field != "" && c.Field != f {
				return fail("field %q must equal issues[0].pointer translated to JSONPath-lite (%q)", c.Field, f)
			}
			c.Field = f
		}
	}
	if (c.Source == adcp.ErrorSourceSDK) != (c.SDKID != "") {
		return fail(`sdk_id must be set when source is "sdk", and only then`)
	}
	if info.FieldRequired && c.Field == "" {
		return fail("field is required: it names the field the caller must drop")
	}

	// details, decoded once.
	var obj map[string]json.RawMessage
	details, err := jsonwire.Marshal(c.Details) // compact: one JSON value (checkRaw), or null
	if err != nil {
		return fail("details: %v", err)
	}
	if c.Details = details; string(c.Details) == "null" {
		c.Details = nil
	}
	if c.Details != nil {
		if c.Details[0] != '{' {
			return fail("details: must be a JSON object")
		}
		_ = json.Unmarshal(c.Details, &obj) // valid: checkRaw
		if info.NoDetails {
			return fail("this code carries no details")
		}
		if s := shapeFor(info, obj); s != nil && s.Closed {
			var dropped []string
			for k := range obj {
				if !slices.Contains(s.Fields, k) {
					dropped = append(dropped, k)
				}
			}
			slices.Sort(dropped)
			for _, k := range dropped {
				if ck.asSent {
					return fail("details member %q is not allowed: %s is a closed shape", k, s.Name)
				}
				warnf("details member %q dropped: %s is a closed shape", k, s.Name)
				delete(obj, k)
			}
			c.Details = closedDetails(s, obj)
		}
		if err := checkShapes(info, c.Code, c.Details, obj, ck.typed); err != nil {
			return fail("details: %v", err)
		}
		if err := checkURLs(c.Details); err != nil {
			return fail("details: a buyer would refuse to follow a URL; send https URLs on the seller's hosts: %w", err)
		}
		if n := len(c.Details); n > detailsGuidanceBytes {
			warnf("details are %d bytes; keep them under %d", n, detailsGuidanceBytes)
		}
	}
	for _, k := range info.RequiredDetails {
		if _, ok := obj[k]; !ok {
			return fail("details.%s is required", k)
		}
	}
	for _, k := range info.RecommendedDetails {
		if _, ok := obj[k]; !ok {
			warnf("%s should carry details.%s", c.Code, k)
		}
	}
	if c.Code == "CREATIVE_REJECTED" && c.Field == "" {
		// Accessibility details: field from the first violation's pointer.
		if ptr, ok := firstViolationPointer(obj); ok {
			f, err := PointerToField(ptr)
			if err != nil {
				return fail("details.violations[0].pointer: %v", err)
			}
			c.Field = f
		}
	}

	// What buyers read.
	for _, s := range [...]struct {
		name, text string
		max        int
	}{{"message", c.Message, adcp.MaxMessageBytes}, {"suggestion", c.Suggestion, adcp.MaxSuggestionBytes}} {
		if len(s.text) > 3*adcp.MaxErrorSize {
			// Each character counts at least 1 of its at most 3 bytes
			// (clientAccepts): no error holding it is kept, and it is not
			// checked for leaks, which takes long on a long text.
			return fail("%w: they discard errors over %d bytes of JSON (%s is %d bytes)", errTooLarge, adcp.MaxErrorSize, s.name, len(s.text))
		}
		if len(s.text) > s.max {
			warnf("%s is %d bytes; buyers keep only %d", s.name, len(s.text), s.max)
		}
		for _, f := range CheckMessage(s.text) {
			if refused(c.Code, f.Kind) && !ck.allowFlagged {
				return fail("%s looks like it contains a %s (bytes %d-%d), which sellers must never send: remove it (Scrub), or build with AllowFlaggedText if a person has checked it is not one",
					s.name, f.Kind, f.Start, f.End)
			}
			warnf("%s looks like it contains %s (bytes %d-%d); see Scrub", s.name, f.Kind, f.Start, f.End)
		}
	}

	// The completed error, encoded once (its raw members are single JSON
	// values: checkRaw), and as sent.
	raw, err := jsonwire.Marshal(&c)
	if err != nil {
		return fail("%v", err)
	}
	if err := clientAccepts(v, &c, raw); err != nil {
		return fail("%w", err)
	}
	if ck.asSent {
		sent, err := jsonwire.Marshal(e)
		if err != nil {
			return fail("as sent: %v", err)
		}
		if !bytes.Equal(sent, raw) {
			if err := clientAccepts(v, e, sent); err != nil {
				return fail("as sent: %w", err)
			}
			raw = sent
		}
	}
	return &c, raw, warn, nil
}

// errTooLarge is wrapped by the errors of clientAccepts for an error over
// MaxErrorSize.
var errTooLarge = errors.New("clients would discard the error")

// clientAccepts refuses e, encoded as raw, when a client would refuse it:
// when Validate, the client's own check, refuses raw (so that seller and
// client share one measure of the serialized size and one limit,
// MaxErrorSize), or v's core/error.json rules refuse e.
func clientAccepts(v *adcp.Vocabulary, e *adcp.Error, raw []byte) error {
	if err := adcp.Validate(raw); err != nil {
		return fmt.Errorf("%w: they discard errors over %d bytes of JSON (%v)", errTooLarge, adcp.MaxErrorSize, err)
	}
	return v.Validate(e)
}

// refused reports whether a CheckMessage finding of kind k refuses an
// error of code c, as Finalize documents.
func refused(c adcp.Code, k FindingKind) bool {
	return k == FindingConnectionString || k == FindingStackTrace || k == FindingCredential ||
		k == FindingFilePath && c == "CONFIGURATION_ERROR"
}

// checkRaw refuses a raw member of e that is not exactly one JSON value in
// valid UTF-8, as Finalize documents, and says where it is; and a member
// kept in Extra whose name is not valid UTF-8 (the encoding replaces the
// bad bytes, so two names could become one).
func checkRaw(e *adcp.Error) error {
	if e.Details != nil && !oneValue(e.Details) {
		return errors.New("details is not exactly one JSON value in valid UTF-8")
	}
	if err := checkExtra("error", e.Extra); err != nil {
		return err
	}
	for i, is := range e.Issues {
		if err := checkExtra(fmt.Sprintf("issues[%d]", i), is.Extra); err != nil {
			return err
		}
		for j, d := range is.Discriminator {
			at := fmt.Sprintf("issues[%d].discriminator[%d]", i, j)
			if d.Value != nil && !oneValue(d.Value) {
				return fmt.Errorf("%s.value is not exactly one JSON value in valid UTF-8", at)
			}
			if err := checkExtra(at, d.Extra); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkExtra refuses a member of extra, the raw members of the object at,
// that is not exactly one JSON value in valid UTF-8 or whose name is not
// valid UTF-8.
func checkExtra(at string, extra map[string]json.RawMessage) error {
	for k, raw := range extra {
		if raw != nil && !oneValue(raw) || !utf8.ValidString(k) {
			return fmt.Errorf("%s member %q is not exactly one JSON value in valid UTF-8 with a valid UTF-8 name", at, k)
		}
	}
	return nil
}

// oneValue reports whether raw is exactly one JSON value in valid UTF-8.
func oneValue(raw []byte) bool { return json.Valid(raw) && utf8.Valid(raw) }

func joinCodes(cs []adcp.Code) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = string(c)
	}
	return cmp.Or(strings.Join(s, " or "), "another code")
}
