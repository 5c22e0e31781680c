package testvocab

import (
	"encoding/json"
	"regexp"
	"strconv"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
)

// The fixture's details shapes, each with the check a generated package
// would give it.
var (
	rateLimited = &adcp.DetailsShape{
		Name: "rate-limited", Type: "RateLimitedDetails", Codes: []adcp.Code{CodeRateLimited},
		Check: checkRateLimitedDetails,
	}
	accountSetupRequired = &adcp.DetailsShape{
		Name: "account-setup-required", Type: "AccountSetupRequiredDetails", Codes: []adcp.Code{CodeAccountSetupRequired},
		Check: checkURLDetails("setup_url"),
	}
	policyViolation = &adcp.DetailsShape{
		Name: "policy-violation", Type: "PolicyViolationDetails", Codes: []adcp.Code{CodePolicyViolation},
		Check: checkURLDetails("policy_url"),
	}
	accountMoved = &adcp.DetailsShape{
		Name: "account-moved", Type: "AccountMovedDetails", Codes: []adcp.Code{CodeAccountMoved},
		Check: checkAccountMovedDetails,
	}
	billingNotPermitted = &adcp.DetailsShape{
		Name: "billing-not-permitted-for-agent", Type: "BillingNotPermittedForAgentDetails", Codes: []adcp.Code{CodeBillingNotPermittedForAgent},
		Closed: true, Fields: []string{"rejected_billing", "suggested_billing"}, Check: checkBillingDetails,
	}
	agentPermissionDenied = &adcp.DetailsShape{
		Name: "agent-permission-denied", Type: "AgentPermissionDeniedDetails", Codes: []adcp.Code{"PERMISSION_DENIED"},
		When:   &adcp.DetailsCondition{Key: "scope", Value: "agent"},
		Closed: true, Fields: []string{"scope", "reason"}, Check: checkAgentPermissionDeniedDetails,
	}
	versionUnsupported = &adcp.DetailsShape{
		Name: "version-unsupported", Type: "VersionUnsupportedDetails", Codes: []adcp.Code{CodeVersionUnsupported},
		Check: checkVersionUnsupportedDetails,
	}
	accessibilityViolation = &adcp.DetailsShape{
		Name: "accessibility-violation", Type: "AccessibilityViolationDetails", Codes: []adcp.Code{"CREATIVE_REJECTED"},
		Fields: []string{"violations"}, Check: checkAccessibilityViolationDetails,
	}
)

// The typed details are plain encoding/json structs with a Validate
// method: the fixture does not mirror the generated codecs, which the
// generated packages test. RateLimitedDetails alone has the codec methods
// of adcp.Details, for the examples that decode it through its shape.

// RateLimitedDetails are the details of RATE_LIMITED.
type RateLimitedDetails struct {
	Limit         *float64                `json:"limit,omitempty"`
	Remaining     *float64                `json:"remaining,omitempty"`
	WindowSeconds *float64                `json:"window_seconds,omitempty"`
	Scope         RateLimitedDetailsScope `json:"scope,omitempty"`
}

// RateLimitedDetailsScope is what a rate limit applies to.
type RateLimitedDetailsScope string

// RateLimitedDetailsScopeAccount is one of its values.
const RateLimitedDetailsScopeAccount RateLimitedDetailsScope = "account"

type plainRateLimited RateLimitedDetails

// MarshalJSON encodes x with encoding/json.
func (x RateLimitedDetails) MarshalJSON() ([]byte, error) { return json.Marshal(plainRateLimited(x)) }

// UnmarshalJSON decodes x with encoding/json.
func (x *RateLimitedDetails) UnmarshalJSON(b []byte) error {
	return json.Unmarshal(b, (*plainRateLimited)(x))
}

// Validate checks x against its shape.
func (x *RateLimitedDetails) Validate() error { return validate(x, rateLimited) }

// RateLimitedDetailsOf decodes e.Details as rate-limited details.
func RateLimitedDetailsOf(e *adcp.Error) (*RateLimitedDetails, error) {
	x := new(RateLimitedDetails)
	if err := rateLimited.Decode(e, x); err != nil {
		return nil, err
	}
	return x, nil
}

func checkRateLimitedDetails(v *adcpimpl.Validator, p string, x any) {
	o, _ := x.(map[string]any)
	for _, k := range []string{"limit", "remaining", "window_seconds"} {
		if m, ok := o[k]; ok {
			v.Type(p+"/"+k, m, "number")
		}
	}
	if m, ok := o["scope"]; ok {
		v.InJSON(p+"/scope", m, `"account"`, `"tool"`, `"global"`)
	}
}

// AccountSetupRequiredDetails are the details of ACCOUNT_SETUP_REQUIRED.
type AccountSetupRequiredDetails struct {
	SetupURL string `json:"setup_url,omitempty"`
}

// Validate checks x against its shape.
func (x *AccountSetupRequiredDetails) Validate() error { return validate(x, accountSetupRequired) }

// PolicyViolationDetails are the details of POLICY_VIOLATION.
type PolicyViolationDetails struct {
	PolicyURL string `json:"policy_url,omitempty"`
}

// Validate checks x against its shape.
func (x *PolicyViolationDetails) Validate() error { return validate(x, policyViolation) }

// validate checks the encoding of x against shape s.
func validate(x any, s *adcp.DetailsShape) error {
	b, err := json.Marshal(x)
	if err != nil {
		return err
	}
	return s.Validate(b)
}

// checkURLDetails checks that the member name, when it is a string, is a URI.
func checkURLDetails(name string) adcpimpl.ValueCheck {
	return func(v *adcpimpl.Validator, p string, x any) {
		if m, ok := x.(map[string]any)[name].(string); ok {
			v.Format(p+"/"+name, m, "uri")
		}
	}
}

// checkAccountMovedDetails checks that current_account, when present, is
// an object holding either an account_id or the natural key (brand and
// operator), not both.
func checkAccountMovedDetails(v *adcpimpl.Validator, p string, x any) {
	o, _ := x.(map[string]any)
	m, ok := o["current_account"]
	if !ok || !v.Type(p+"/current_account", m, "object") {
		return
	}
	a, pa := p+"/current_account", m.(map[string]any)
	_, byID := pa["account_id"]
	switch _, named := pa["brand"]; {
	case byID && named:
		v.Add(a, "holds both the account_id and the natural-key form")
	case !byID:
		v.Required(a, pa, "brand", "operator")
	}
}

// checkBillingDetails requires rejected_billing; both members are billing
// parties.
func checkBillingDetails(v *adcpimpl.Validator, p string, x any) {
	o, _ := x.(map[string]any)
	v.Required(p, o, "rejected_billing")
	for _, k := range []string{"rejected_billing", "suggested_billing"} {
		if m, ok := o[k]; ok && v.Type(p+"/"+k, m, "string") {
			v.InJSON(p+"/"+k, m, `"operator"`, `"agent"`, `"advertiser"`)
		}
	}
}

// checkAgentPermissionDeniedDetails requires scope and a registered reason.
func checkAgentPermissionDeniedDetails(v *adcpimpl.Validator, p string, x any) {
	o, _ := x.(map[string]any)
	v.Required(p, o, "scope", "reason")
	if m, ok := o["reason"]; ok && v.Type(p+"/reason", m, "string") {
		v.InJSON(p+"/reason", m, `"sandbox_only"`)
	}
}

// checkVersionUnsupportedDetails requires supported_versions, an array.
func checkVersionUnsupportedDetails(v *adcpimpl.Validator, p string, x any) {
	o, _ := x.(map[string]any)
	v.Required(p, o, "supported_versions")
	if m, ok := o["supported_versions"]; ok {
		v.Type(p+"/supported_versions", m, "array")
	}
}

var (
	noControl    = regexp.MustCompile(`^[^\x{0000}-\x{001F}\x{007F}]*$`)
	jsonPointer  = regexp.MustCompile(`^(?:/(?:[^~/\x{0000}-\x{001F}\x{007F}]|~0|~1)*)*$`)
	sourceName   = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9._:-]{0,63}$`)
	extensionKey = regexp.MustCompile(`^x_[a-z0-9]+(?:_[a-z0-9]+)*$`)
)

// checkAccessibilityViolationDetails checks what the tests need of
// accessibility-violation.json of AdCP 3.2: each of the violations holds a
// JSON pointer of at most 256 characters, a criterion, its source, a level,
// and a listed or x_ failure kind; a remediation text of at most 256
// characters without control characters.
func checkAccessibilityViolationDetails(v *adcpimpl.Validator, p string, x any) {
	o, _ := x.(map[string]any)
	a, _ := o["violations"].([]any)
	for i, e := range a {
		checkAccessibilityViolation(v, p+"/violations/"+strconv.Itoa(i), e)
	}
}

func checkAccessibilityViolation(v *adcpimpl.Validator, p string, x any) {
	o, _ := x.(map[string]any)
	v.Required(p, o, "pointer", "criterion", "criterion_source", "required_level", "failure_kind")
	str := func(name string, max int, re *regexp.Regexp) {
		if m, ok := o[name]; ok && v.Type(p+"/"+name, m, "string") {
			v.MaxLength(p+"/"+name, m.(string), max)
			v.Pattern(p+"/"+name, m.(string), re)
		}
	}
	str("pointer", 256, jsonPointer)
	str("criterion", 32, noControl)
	str("criterion_source", 64, sourceName)
	str("remediation", 256, noControl)
	if m, ok := o["failure_kind"]; ok && v.Type(p+"/failure_kind", m, "string") {
		switch s := m.(string); s {
		case "alt_text_missing", "contrast_ratio_insufficient", "captions_missing", "transcript_missing",
			"keyboard_navigation_failure", "focus_order_invalid", "aria_label_missing", "other":
		default:
			v.Pattern(p+"/failure_kind", s, extensionKey)
		}
	}
}
