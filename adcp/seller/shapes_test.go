package seller_test

import (
	"regexp"
	"strconv"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
	"github.com/adcp-gen/adcp-gen/adcp/internal/testvocab"
)

// voc is the vocabulary the tests build errors with: the generated test
// vocabulary, with the details shapes only these tests need added as
// checks written with the runtime's public API (no Go types), each
// checking what the tests need of its AdCP 3.2 schema. Generated, they
// would put the test vocabulary over its size budget.
var voc = withShapes(testvocab.Vocabulary,
	&adcp.DetailsShape{
		Name: "account-moved", Type: "AccountMovedDetails", Codes: []adcp.Code{testvocab.CodeAccountMoved},
		Check: checkAccountMovedDetails,
	},
	&adcp.DetailsShape{
		Name: "billing-not-permitted-for-agent", Type: "BillingNotPermittedForAgentDetails", Codes: []adcp.Code{testvocab.CodeBillingNotPermittedForAgent},
		Closed: true, Fields: []string{"rejected_billing", "suggested_billing"}, Check: checkBillingDetails,
	},
	&adcp.DetailsShape{
		Name: "agent-permission-denied", Type: "AgentPermissionDeniedDetails", Codes: []adcp.Code{testvocab.CodePermissionDenied},
		When:   &adcp.DetailsCondition{Key: "scope", Value: "agent"},
		Closed: true, Fields: []string{"scope", "reason"}, Check: checkAgentPermissionDeniedDetails,
	},
	&adcp.DetailsShape{
		Name: "version-unsupported", Type: "VersionUnsupportedDetails", Codes: []adcp.Code{testvocab.CodeVersionUnsupported},
		Check: checkVersionUnsupportedDetails,
	},
	&adcp.DetailsShape{
		Name: "accessibility-violation", Type: "AccessibilityViolationDetails", Codes: []adcp.Code{testvocab.CodeCreativeRejected},
		Fields: []string{"violations"}, Check: checkAccessibilityViolationDetails,
	},
)

// withShapes returns base with shapes added, each to the codes it names.
func withShapes(base *adcp.Vocabulary, shapes ...*adcp.DetailsShape) *adcp.Vocabulary {
	var infos []adcp.CodeInfo
	for _, c := range base.Codes() {
		info, _ := base.Info(c)
		for _, s := range shapes {
			if s.Codes[0] == c {
				info.Shapes = append(info.Shapes, s)
			}
		}
		infos = append(infos, info)
	}
	return adcp.MustVocabulary(adcp.VocabularyConfig{
		SpecVersion:     base.SpecVersion(),
		UnknownRecovery: base.UnknownRecovery(),
		Codes:           infos,
		Shapes:          append(base.Shapes(), shapes...),
		ErrorCheck:      testvocab.ErrorCheck,
	})
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
