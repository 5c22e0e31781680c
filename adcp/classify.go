package adcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"time"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
)

// Retry delay bounds of transport-errors.md § "Recovery Behavior".
const (
	MinRetryAfter = 1 * time.Second
	MaxRetryAfter = 3600 * time.Second
)

// Policy holds the vocabulary a client classifies with and the choices the
// specification leaves to the client.
type Policy struct {
	// Vocabulary gives the recovery of a standard code that arrives without
	// recovery (a generated package's Vocabulary). With nil, every code
	// counts as outside the vocabulary.
	Vocabulary *Vocabulary
	// UnknownCodeRecovery classifies an error whose code is outside the
	// vocabulary and which carries no recovery. This is the one default for
	// unknown codes: the zero value means RecoveryTerminal, what
	// transport-errors.md and the official test vectors expect. To follow
	// the spec version's manifest instead (transient in every published
	// one; Retry's budget bounds it), set it to Vocabulary.UnknownRecovery().
	// A value that is not a recovery class means terminal.
	UnknownCodeRecovery Recovery
}

// Classify returns the recovery class of e: the wire recovery when it is
// one of the three classes; terminal for any other value ("deferred", 3,
// []); when recovery is absent or empty (null and "" alike, the one rule
// for a recovery that says nothing; in Go, an empty Recovery), the class
// p.Vocabulary gives the code (deprecated codes included), and for a code
// outside the vocabulary p.UnknownCodeRecovery.
func (p Policy) Classify(e *Error) Recovery {
	if e == nil {
		return RecoveryTerminal
	}
	if e.Recovery != "" {
		if e.Recovery.Valid() {
			return e.Recovery
		}
		return RecoveryTerminal
	}
	if raw, ok := e.Extra["recovery"]; ok && string(bytes.Trim(raw, " \t\n\r")) != "null" {
		return RecoveryTerminal // present but not a string: an unknown value
	}
	if info, ok := p.Vocabulary.Info(e.Code); ok {
		return info.Recovery
	}
	if p.UnknownCodeRecovery.Valid() {
		return p.UnknownCodeRecovery
	}
	return RecoveryTerminal
}

// Action is what a client does about an error, in the vocabulary of the
// official test vectors' expected_action.
type Action string

// The actions.
const (
	// ActionRetry: resend the same request after Decision.Delay (or the
	// backoff schedule when Decision.RetryAfter is false).
	ActionRetry Action = "retry"
	// ActionSurfaceToCaller: do not auto-retry; give the caller the code,
	// field and suggestion so that it can fix the request.
	ActionSurfaceToCaller Action = "surface_to_caller"
	// ActionEscalateToHuman: no autonomous recovery; a human must act.
	ActionEscalateToHuman Action = "escalate_to_human"
	// ActionGenericError: no structured error was found; handle the
	// response as a generic failure.
	ActionGenericError Action = "generic_error"
)

// RequestContext is what the client knows about the request that failed,
// for the rules that depend on it.
type RequestContext struct {
	// CredentialsPresented: the request carried credentials. AUTH_REQUIRED
	// then means they were rejected (escalate, never re-present them);
	// without credentials it means provide them and retry once.
	CredentialsPresented bool
	// SuggestedBillingTried: the request already used the
	// details.suggested_billing of an earlier BILLING_NOT_PERMITTED_FOR_AGENT
	// (the one-shot retry is spent).
	SuggestedBillingTried bool
	// NonFatal: the error rode in errors[] of a response that succeeded
	// (Extraction.NonFatal); it is surfaced, never retried or escalated.
	// DecideExtraction sets it from the extraction.
	NonFatal bool
}

// Decision is the outcome of Policy.Decide. Every string in it but Field and
// Suggestion is written by this package, never taken from the seller.
type Decision struct {
	Action   Action
	Recovery Recovery // Classify's class, never rewritten by the rules
	// Delay is how long to wait before an ActionRetry: retry_after (ceil,
	// then clamped to 1..3600 s) when RetryAfter is set, else zero and the
	// caller uses its backoff schedule.
	Delay      time.Duration
	RetryAfter bool
	// Field and Suggestion are the wire values, for a caller that fixes
	// the request; sanitize them (Display) before any LLM sees them.
	Field      string
	Suggestion string
	// SuggestedBilling, when set, is the billing value to resend a
	// BILLING_NOT_PERMITTED_FOR_AGENT request with, once.
	SuggestedBilling string
	// IdempotencyKey says what the next attempt does with the request's
	// idempotency_key, for the codes that have a rule about it
	// (IDEMPOTENCY_IN_FLIGHT, IDEMPOTENCY_EXPIRED); KeyNoRule for the
	// others.
	IdempotencyKey KeyRule
	// Reason says which rule decided.
	Reason string
}

// KeyRule is what a client does with the idempotency_key of a request
// after an error, before it sends the request again.
type KeyRule string

// The key rules.
const (
	// KeyNoRule: the error sets no rule for the key. A retry of the same
	// request (Retry) still resends it with the same key.
	KeyNoRule KeyRule = ""
	// KeyKeep: resend with the same idempotency_key, never a new one
	// (IDEMPOTENCY_IN_FLIGHT: the first request is still executing; a new
	// key would execute it a second time).
	KeyKeep KeyRule = "keep"
	// KeyCheckBeforeNew: the key is no longer remembered
	// (IDEMPOTENCY_EXPIRED). Before minting a new key, when there is any
	// evidence that an earlier attempt succeeded, look the result up by the
	// request's natural key (a buyer reference, a name), so that a request
	// already executed is not executed again.
	KeyCheckBeforeNew KeyRule = "check_before_new"
)

// Decide classifies e and applies the per-code rules of error-handling.md:
// transient errors are retried after retry_after (or backoff), correctable
// ones surfaced to the caller, terminal ones escalated; and
//   - AUTH_REQUIRED: surfaced (provide credentials, retry once) when the
//     request carried none, escalated when they were presented;
//   - CREDENTIAL_IN_ARGS, CONFIGURATION_ERROR, AGENT_SUSPENDED,
//     AGENT_BLOCKED and PERMISSION_DENIED with details.scope "agent" are
//     escalated and never retried, whatever their wire recovery;
//   - BILLING_NOT_PERMITTED_FOR_AGENT is surfaced with its
//     details.suggested_billing for one retry, and escalated without one or
//     once that retry is spent;
//   - BILLING_NOT_SUPPORTED is surfaced with a reason chosen by
//     details.scope (capability: pick from details.supported_billing, or ask
//     get_adcp_capabilities when it is absent; account: the next value);
//   - AUTH_INVALID is escalated whatever its wire recovery: the same
//     credentials are never re-presented (an agent holding a valid refresh
//     grant may refresh and retry once: RetryOptions.RefreshCredentials);
//   - the authorization codes (PERMISSION_DENIED, SCOPE_INSUFFICIENT,
//     READ_ONLY_SCOPE, FIELD_NOT_PERMITTED) are surfaced, not retried;
//   - IDEMPOTENCY_IN_FLIGHT is retried with the same idempotency_key
//     (Decision.IdempotencyKey is KeyKeep, whatever the wire recovery);
//     after IDEMPOTENCY_EXPIRED a new key is minted only after a
//     natural-key check (KeyCheckBeforeNew);
//   - a non-fatal error (rc.NonFatal) is surfaced and never retried.
//
// Decisions depend on the code, the recovery and details.scope /
// details.suggested_billing only: never on message, suggestion or other
// seller text. A nil e means nothing was extracted: ActionGenericError.
func (p Policy) Decide(e *Error, rc RequestContext) Decision {
	if e == nil {
		return Decision{Action: ActionGenericError, Reason: "no structured AdCP error"}
	}
	r := p.Classify(e)
	d := Decision{Recovery: r, Field: e.Field, Suggestion: e.Suggestion}
	d.Action, d.Reason = decideRule(e, r, rc, &d)
	switch e.Code {
	case "IDEMPOTENCY_IN_FLIGHT":
		d.IdempotencyKey = KeyKeep
	case "IDEMPOTENCY_EXPIRED":
		d.IdempotencyKey = KeyCheckBeforeNew
	}
	return d
}

// DecideExtraction decides on what Extract or ExtractValue found: Decide on
// x.Err, with rc.NonFatal set when the error rode on a response that
// succeeded (x.NonFatal), so that an advisory is never retried or escalated.
// The zero Extraction (nothing found) gives ActionGenericError. Use it rather
// than Decide whenever the error comes from an extraction.
func (p Policy) DecideExtraction(x Extraction, rc RequestContext) Decision {
	rc.NonFatal = rc.NonFatal || x.NonFatal
	return p.Decide(x.Err, rc)
}

// decideRule applies Decide's rules to e of class r: it returns the action
// and the reason, and sets d's Delay, RetryAfter and SuggestedBilling where
// a rule gives them. Its many exits return two words each, not a whole
// Decision, which keeps the code small. Codes are spelled as on the wire,
// not taken from generated constants: a code may not exist in every version.
func decideRule(e *Error, r Recovery, rc RequestContext, d *Decision) (Action, string) {
	switch {
	case rc.NonFatal:
		return ActionSurfaceToCaller, "non-fatal error on a successful response: not a failure, never retried"
	case e.Code == "CREDENTIAL_IN_ARGS":
		return ActionEscalateToHuman, "credential in request arguments: never auto-retried (a retry re-logs it); move and rotate it"
	case e.Code == "CONFIGURATION_ERROR":
		return ActionEscalateToHuman, "seller misconfiguration: never auto-retried; tell the seller's operator"
	case e.Code == "AUTH_INVALID":
		return ActionEscalateToHuman, "credentials refused: never re-presented; only an agent with a refresh grant may refresh once (RetryOptions.RefreshCredentials)"
	case e.Code == "AGENT_SUSPENDED" || e.Code == "AGENT_BLOCKED":
		return ActionEscalateToHuman, "per-agent commercial gate: never auto-retried; a human at the buyer must act"
	case e.Code == "PERMISSION_DENIED" && memberString(e.Details, "scope") == "agent":
		return ActionEscalateToHuman, "per-agent provisioning gate: terminal in practice, never auto-retried"
	case e.Code == "AUTH_REQUIRED" && rc.CredentialsPresented:
		return ActionEscalateToHuman, "credentials presented and rejected: never re-presented; escalate for rotation"
	case e.Code == "AUTH_REQUIRED" && r != RecoveryTerminal:
		return ActionSurfaceToCaller, "credentials missing: provide them and retry once"
	case e.Code == "BILLING_NOT_PERMITTED_FOR_AGENT":
		sb := memberString(e.Details, "suggested_billing")
		if sb == "" || rc.SuggestedBillingTried {
			return ActionEscalateToHuman, "agent not permitted this billing: no autonomous fallback left; a human must complete onboarding"
		}
		d.SuggestedBilling = sb
		return ActionSurfaceToCaller, "retry once with details.suggested_billing"
	case e.Code == "BILLING_NOT_SUPPORTED" && r == RecoveryCorrectable:
		switch memberString(e.Details, "scope") {
		case "capability":
			return ActionSurfaceToCaller, "billing value never accepted: pick one from details.supported_billing, or call get_adcp_capabilities when it is absent"
		case "account":
			return ActionSurfaceToCaller, "billing value not accepted on this account: try the next-most-permissive value the capabilities allow"
		}
		return ActionSurfaceToCaller, "billing value not accepted: check get_adcp_capabilities for supported_billing"
	case r == RecoveryTransient:
		d.Delay, d.RetryAfter = e.RetryDelay()
		if e.Code == "IDEMPOTENCY_IN_FLIGHT" {
			return ActionRetry, "request in flight: retry with the same idempotency_key"
		}
		return ActionRetry, "transient"
	case e.Code == "FIELD_NOT_PERMITTED":
		return ActionSurfaceToCaller, "field not permitted: drop the field named by error.field and resubmit"
	case e.Code == "IDEMPOTENCY_EXPIRED" && r == RecoveryCorrectable:
		return ActionSurfaceToCaller, "idempotency key expired: check by natural key whether the request succeeded before minting a new key"
	case r == RecoveryCorrectable:
		return ActionSurfaceToCaller, "correctable: fix the request"
	}
	return ActionEscalateToHuman, "terminal"
}

// RetryDelay returns how long to wait before retrying after e: retry_after
// rounded up to whole seconds (the value as written, when it was decoded
// from a number a float64 does not hold exactly), then clamped to
// 1..3600 s. It reports false
// when retry_after is absent or not finite (NaN, ±Inf), and the caller uses
// its backoff schedule.
func (e *Error) RetryDelay() (time.Duration, bool) {
	if e == nil || e.RetryAfter == nil {
		return 0, false
	}
	f := *e.RetryAfter
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	s := math.Ceil(f)
	if lit := e.retryAfterLit(); lit != "" && s == f && f >= 1 && f < MaxRetryAfter.Seconds() {
		// A whole float64 the written value was rounded to: the value is
		// over it when the text says so (1.0000000000000001 waits 2 s).
		if adcpimpl.Compare(json.Number(lit), strconv.FormatFloat(f, 'f', -1, 64)) > 0 {
			s++
		}
	}
	return time.Duration(max(min(s, MaxRetryAfter.Seconds()), MinRetryAfter.Seconds())) * time.Second, true
}

// memberString returns the string member k of the JSON object obj (e.Details,
// an errors[] entry), "" when obj is absent or not an object, or k is not a
// string.
func memberString(obj []byte, k string) string {
	var m map[string]json.RawMessage
	var s string
	if json.Unmarshal(obj, &m) == nil {
		_ = json.Unmarshal(m[k], &s) // absent or not a string: left ""
	}
	return s
}

// Error returns the code and the message, sanitized (Sanitize) so that the
// string is safe to log or show.
func (e *Error) Error() string {
	s := "adcp: " + Sanitize(string(e.Code), MaxCodeLength*4)
	if msg := Sanitize(e.Message, MaxMessageBytes); msg != "" {
		s += ": " + msg
	}
	return s
}

// Is reports whether e has the code target is (a Code, or an *Error), so
// that errors.Is(err, adcperr.CodeRateLimited) works.
func (e *Error) Is(target error) bool {
	switch t := target.(type) {
	case Code:
		return e.Code == t
	case *Error:
		return t != nil && e.Code == t.Code
	}
	return false
}

// As returns the *Error in err's chain.
func As(err error) (*Error, bool) {
	var e *Error
	if errors.As(err, &e) && e != nil {
		return e, true
	}
	return nil, false
}

// CodeOf returns the code of the *Error in err's chain, "" when there is
// none.
func CodeOf(err error) Code {
	if e, ok := As(err); ok {
		return e.Code
	}
	return ""
}
