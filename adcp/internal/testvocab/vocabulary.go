// Package testvocab is the error vocabulary the runtime's own tests use: a
// fixture written by hand with the runtime's public API, not a spec
// version. It holds only what some test needs: the standard codes the
// tests use, each with the recovery AdCP 3.2 gives it and the flags the
// tests rely on; three details shapes with Go types (rate-limited,
// account-setup-required, policy-violation) and five as checks only, each
// checking what the tests need of its 3.2 schema; and a check of what the
// tests need of AdCP 3.2's core/error.json. The generated vocabularies are
// tested in the module that ships them.
package testvocab

import (
	"github.com/adcp-gen/adcp-gen/adcp"
)

// SpecVersion is the version the fixture reports. It is not a release.
const SpecVersion = "3.2.0-test"

// The codes the tests name as constants.
const (
	CodeAccountMoved                adcp.Code = "ACCOUNT_MOVED"
	CodeAccountSetupRequired        adcp.Code = "ACCOUNT_SETUP_REQUIRED"
	CodeAuthRequired                adcp.Code = "AUTH_REQUIRED"
	CodeBillingNotPermittedForAgent adcp.Code = "BILLING_NOT_PERMITTED_FOR_AGENT"
	CodeBudgetTooLow                adcp.Code = "BUDGET_TOO_LOW"
	CodeConflict                    adcp.Code = "CONFLICT"
	CodeFieldNotPermitted           adcp.Code = "FIELD_NOT_PERMITTED"
	CodeFormatProjectionFailed      adcp.Code = "FORMAT_PROJECTION_FAILED"
	CodeGovernanceDenied            adcp.Code = "GOVERNANCE_DENIED"
	CodeIdempotencyExpired          adcp.Code = "IDEMPOTENCY_EXPIRED"
	CodeIdempotencyInFlight         adcp.Code = "IDEMPOTENCY_IN_FLIGHT"
	CodePolicyViolation             adcp.Code = "POLICY_VIOLATION"
	CodeRateLimited                 adcp.Code = "RATE_LIMITED"
	CodeServiceUnavailable          adcp.Code = "SERVICE_UNAVAILABLE"
	CodeStaleResponse               adcp.Code = "STALE_RESPONSE"
	CodeVersionUnsupported          adcp.Code = "VERSION_UNSUPPORTED"
)

const (
	transient   = adcp.RecoveryTransient
	correctable = adcp.RecoveryCorrectable
	terminal    = adcp.RecoveryTerminal
)

// Vocabulary is the fixture vocabulary; pass it where the runtime asks for
// a *adcp.Vocabulary.
var Vocabulary = adcp.MustVocabulary(adcp.VocabularyConfig{
	SpecVersion: SpecVersion,
	Codes: []adcp.CodeInfo{
		{Code: "INVALID_REQUEST", Recovery: correctable, Suggestion: "fix the malformed or incomplete request and resend it"},
		{Code: CodeAuthRequired, Recovery: correctable, Deprecated: true, ReplacedBy: []adcp.Code{"AUTH_MISSING", "AUTH_INVALID"}, Suggestion: "attach credentials if none were sent; if they were sent and refused, stop retrying and get them rotated"},
		{Code: "AUTH_MISSING", Recovery: correctable, Suggestion: "send the request again with credentials in the authorization header"},
		{Code: CodeRateLimited, Recovery: transient, Shapes: []*adcp.DetailsShape{rateLimited}, Suggestion: "pause for retry_after seconds (or back off) and retry"},
		{Code: CodeServiceUnavailable, Recovery: transient, Suggestion: "retry later, backing off exponentially"},
		{Code: "CONFIGURATION_ERROR", Recovery: terminal, NoDetails: true, Suggestion: "do not retry; report the problem to the seller's operator"},
		{Code: CodePolicyViolation, Recovery: correctable, Shapes: []*adcp.DetailsShape{policyViolation}, Suggestion: "read the policy named in the details and change the request to comply"},
		{Code: "PRODUCT_NOT_FOUND", Recovery: correctable, Suggestion: "drop unknown product IDs, or run get_products again to find valid ones"},
		{Code: CodeBudgetTooLow, Recovery: correctable, Suggestion: "raise the budget to at least the seller's minimum (see capabilities.media_buy.limits)"},
		{Code: "CREATIVE_REJECTED", Recovery: correctable, Shapes: []*adcp.DetailsShape{accessibilityViolation}, Suggestion: "change the creative to satisfy the cited policy or accessibility criteria and submit it again"},
		{Code: "UNSUPPORTED_FEATURE", Recovery: correctable, Suggestion: "check get_adcp_capabilities and leave out what the seller does not support"},
		{Code: CodeAccountMoved, Recovery: correctable, RequiredDetails: []string{"current_account"}, Shapes: []*adcp.DetailsShape{accountMoved}, Suggestion: "switch to details.current_account, refresh via list_accounts, and retry under a new idempotency key"},
		{Code: "ACCOUNT_IDENTITY_CONFLICT", Recovery: correctable, Suggestion: "choose another operator or operator_unit identity, or keep the current one; retrying unchanged will fail again"},
		{Code: CodeAccountSetupRequired, Recovery: correctable, Shapes: []*adcp.DetailsShape{accountSetupRequired}, Suggestion: "finish account setup using the URL or steps in the details"},
		{Code: "BUDGET_CAP_REACHED", Recovery: correctable, Suggestion: "raise max_spend, or ask for fewer creatives or variants"},
		{Code: CodeConflict, Recovery: transient, Suggestion: "read the resource again and retry against its current state"},
		{Code: "IDEMPOTENCY_CONFLICT", Recovery: correctable, Suggestion: "use a new key for a new request, or repeat the original payload exactly to get its stored response"},
		{Code: CodeIdempotencyExpired, Recovery: correctable, Suggestion: "check by natural key whether the first attempt succeeded; only if it did not, retry under a new idempotency key"},
		{Code: CodeIdempotencyInFlight, Recovery: transient, Suggestion: "wait retry_after seconds, then retry with the same idempotency key (never a new one)"},
		{Code: "VALIDATION_ERROR", Recovery: correctable, Suggestion: "correct the fields listed in issues or field and resubmit"},
		{Code: CodeVersionUnsupported, Recovery: correctable, Shapes: []*adcp.DetailsShape{versionUnsupported}, RecommendedDetails: []string{"supported_versions", "supported_majors"}, Suggestion: "pin a version from details.supported_versions, or ask get_adcp_capabilities without a pin"},
		{Code: "GOVERNANCE_UNAVAILABLE", Recovery: transient, Suggestion: "retry with backoff; if the agent stays unreachable, contact the plan's governance operator"},
		{Code: "PERMISSION_DENIED", Recovery: correctable, Shapes: []*adcp.DetailsShape{agentPermissionDenied}, Suggestion: "obtain a valid governance token or ask the seller about the permission; with details.reason present, hand it to a person instead of retrying"},
		{Code: "SCOPE_INSUFFICIENT", Recovery: correctable, RecommendedDetails: []string{"introspection_hint"}, Suggestion: "escalate to the operator to widen the scope; do not retry automatically"},
		{Code: "READ_ONLY_SCOPE", Recovery: correctable, Suggestion: "use a read-only alternative, or ask the operator for a scope that allows changes"},
		{Code: CodeFieldNotPermitted, Recovery: correctable, FieldRequired: true, Suggestion: "remove the fields the caller may not set and retry"},
		{Code: CodeBillingNotPermittedForAgent, Recovery: correctable, Shapes: []*adcp.DetailsShape{billingNotPermitted}, Suggestion: "retry with details.suggested_billing if present; otherwise hand it to a person and do not retry"},
		{Code: "AGENT_SUSPENDED", Recovery: terminal, NoDetails: true, Suggestion: "hand it to a person at the buyer; do not retry"},
		{Code: "AGENT_BLOCKED", Recovery: terminal, NoDetails: true, Suggestion: "hand it to a person at the buyer; do not retry"},
		{Code: CodeFormatProjectionFailed, Recovery: correctable, Advisory: true, Suggestion: "advisory: ask the seller to declare the canonical format; no retry"},
		{Code: CodeStaleResponse, Recovery: transient, Suggestion: "advisory: use the cached data, or retry later if cache_age_seconds is too high"},
	},
	Shapes: []*adcp.DetailsShape{
		accessibilityViolation, accountMoved, accountSetupRequired, agentPermissionDenied, billingNotPermitted,
		policyViolation, rateLimited, versionUnsupported,
	},
	ErrorCheck: ErrorCheck,
})
