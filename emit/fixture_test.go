package emit

import (
	"encoding/json"

	"github.com/adcp-gen/adcp-gen/schemaload"
)

func intp(n int) *int           { return &n }
func floatp(f float64) *float64 { return &f }
func str() *schemaload.Type     { return &schemaload.Type{Kind: schemaload.KindString} }
func fld(json, gon string, t *schemaload.Type, req bool) *schemaload.Field {
	return &schemaload.Field{JSONName: json, GoName: gon, Type: t, Required: req}
}

// fixtureSpec is a small hand-built spec exercising every kind of member:
// a tiny AdCP-like version "9.9.9-test" with four codes and four shapes.
func fixtureSpec() *schemaload.Spec {
	codeT := &schemaload.Type{Kind: schemaload.KindString, MinLength: intp(1), MaxLength: intp(64)}
	recoveryT := &schemaload.Type{Kind: schemaload.KindString, Enum: []*schemaload.EnumValue{
		{Value: "transient", GoName: "ErrorRecoveryTransient"},
		{Value: "correctable", GoName: "ErrorRecoveryCorrectable"},
		{Value: "terminal", GoName: "ErrorRecoveryTerminal"},
	}}
	retryT := &schemaload.Type{Kind: schemaload.KindNumber, Minimum: floatp(1), Maximum: floatp(3600)}
	discValue := &schemaload.Field{JSONName: "value", GoName: "Value", Required: true, Nullable: true,
		Type: &schemaload.Type{Kind: schemaload.KindAny, Union: []string{"string", "number", "boolean", "null"}}}
	discT := &schemaload.Type{GoName: "IssueDiscriminator", File: "core/error.json", Pointer: "/properties/issues/items/properties/discriminator/items",
		Kind: schemaload.KindObject, Closed: true, Doc: "One property/value pair naming the variant.",
		Fields: []*schemaload.Field{fld("property_name", "PropertyName", str(), true), discValue}}
	issueT := &schemaload.Type{GoName: "Issue", File: "core/error.json", Pointer: "/properties/issues/items", Kind: schemaload.KindObject,
		Doc: "One rejected field.",
		Fields: []*schemaload.Field{
			fld("pointer", "Pointer", str(), true),
			fld("message", "Message", str(), true),
			fld("keyword", "Keyword", str(), true),
			fld("schemaPath", "SchemaPath", str(), false),
			fld("discriminator", "Discriminator", &schemaload.Type{Kind: schemaload.KindArray, Elem: discT}, false),
		}}
	sourceT := &schemaload.Type{GoName: "ErrorSource", File: "core/error.json", Pointer: "/properties/source", Kind: schemaload.KindString,
		Enum: []*schemaload.EnumValue{{Value: "producer", GoName: "ErrorSourceProducer"}, {Value: "sdk", GoName: "ErrorSourceSDK", Doc: "Added by an SDK."}}}
	errT := &schemaload.Type{GoName: "Error", File: "core/error.json", Kind: schemaload.KindObject, Doc: "The error object.\n\nIt says what `went` wrong — and 50% is fine.",
		Fields: []*schemaload.Field{
			fld("code", "Code", codeT, true),
			fld("message", "Message", str(), true),
			fld("field", "Field", str(), false),
			fld("suggestion", "Suggestion", str(), false),
			fld("retry_after", "RetryAfter", retryT, false),
			fld("issues", "Issues", &schemaload.Type{Kind: schemaload.KindArray, Elem: issueT}, false),
			fld("details", "Details", &schemaload.Type{Kind: schemaload.KindObject}, false),
			fld("recovery", "Recovery", recoveryT, false),
			fld("source", "Source", sourceT, false),
		}}

	// rate-limited: open, optional enum, optional number.
	scopeT := &schemaload.Type{GoName: "RateLimitedDetailsScope", File: "error-details/rate-limited.json", Pointer: "/properties/scope",
		Kind: schemaload.KindString, Enum: []*schemaload.EnumValue{
			{Value: "account", GoName: "RateLimitedDetailsScopeAccount"}, {Value: "global", GoName: "RateLimitedDetailsScopeGlobal"}}}
	rateT := &schemaload.Type{GoName: "RateLimitedDetails", File: "error-details/rate-limited.json", Kind: schemaload.KindObject,
		Doc: "Details of a throttled request.",
		Fields: []*schemaload.Field{
			fld("limit", "Limit", &schemaload.Type{Kind: schemaload.KindInteger, Minimum: floatp(1)}, false),
			fld("window_seconds", "WindowSeconds", &schemaload.Type{Kind: schemaload.KindNumber, ExclusiveMinimum: floatp(0)}, false),
			fld("scope", "Scope", scopeT, false),
		}}

	// stale: required zero integer, required const boolean, nested object with uri.
	upstreamT := &schemaload.Type{GoName: "StaleDetailsUpstream", File: "error-details/stale.json", Pointer: "/properties/upstream", Kind: schemaload.KindObject,
		Fields: []*schemaload.Field{
			fld("url", "URL", &schemaload.Type{Kind: schemaload.KindString, Format: "uri"}, false),
			fld("name", "Name", str(), false),
		}}
	staleT := &schemaload.Type{GoName: "StaleDetails", File: "error-details/stale.json", Kind: schemaload.KindObject,
		Fields: []*schemaload.Field{
			fld("served_from_cache", "ServedFromCache", &schemaload.Type{Kind: schemaload.KindBoolean, Const: json.RawMessage("true")}, true),
			fld("cache_age_seconds", "CacheAgeSeconds", &schemaload.Type{Kind: schemaload.KindInteger, Minimum: floatp(0)}, true),
			fld("upstream", "Upstream", upstreamT, false),
		}}

	// agent-denied: closed, const scope (When), pattern with \u escapes, open enum.
	kindT := &schemaload.Type{GoName: "AgentDeniedDetailsKind", File: "error-details/agent-denied.json", Pointer: "/properties/kind",
		Kind: schemaload.KindString, OpenEnum: true, Alternatives: "anyOf", MaxLength: intp(64), Pattern: `^x_[a-z0-9]+$`, GoPattern: `^x_[a-z0-9]+$`,
		Enum: []*schemaload.EnumValue{{Value: "blocked", GoName: "AgentDeniedDetailsKindBlocked"}}}
	agentT := &schemaload.Type{GoName: "AgentDeniedDetails", File: "error-details/agent-denied.json", Kind: schemaload.KindObject, Closed: true,
		Fields: []*schemaload.Field{
			fld("scope", "Scope", &schemaload.Type{Kind: schemaload.KindString, Const: json.RawMessage(`"agent"`)}, true),
			fld("reason", "Reason", &schemaload.Type{Kind: schemaload.KindString, MaxLength: intp(20),
				Pattern: `^[^\u0000-\u001F]+$`, GoPattern: `^[^\x{0000}-\x{001F}]+$`}, false),
			fld("note", "Note", &schemaload.Type{Kind: schemaload.KindString, Pattern: `^(?!$).*`}, false),
			fld("window", "Window", &schemaload.Type{Kind: schemaload.KindString, Pattern: `^P(?!$)(\d+D)?(T\d+H)?$`,
				GoPattern: `^P(\d+D)?(T\d+H)?$`, GoPatternNot: `^P$`}, false),
			fld("kind", "Kind", kindT, false),
		}}

	// dims: required array (may be empty) of enum, unique objects, min/max items.
	partyT := &schemaload.Type{GoName: "Party", File: "enums/party.json", Kind: schemaload.KindString, Doc: "Who pays.",
		Enum: []*schemaload.EnumValue{{Value: "agent", GoName: "PartyAgent"}, {Value: "operator", GoName: "PartyOperator"}}}
	actionT := &schemaload.Type{GoName: "DimsDetailsAction", File: "error-details/dims.json", Pointer: "/properties/actions/items", Kind: schemaload.KindObject,
		Fields: []*schemaload.Field{fld("name", "Name", str(), true), fld("tags", "Tags", &schemaload.Type{Kind: schemaload.KindArray, Elem: str()}, false)}}
	dimsT := &schemaload.Type{GoName: "DimsDetails", File: "error-details/dims.json", Kind: schemaload.KindObject,
		Fields: []*schemaload.Field{
			fld("supported", "Supported", &schemaload.Type{Kind: schemaload.KindArray, Elem: partyT}, true),
			fld("actions", "Actions", &schemaload.Type{Kind: schemaload.KindArray, Elem: actionT, MinItems: intp(1), MaxItems: intp(3), UniqueItems: true}, false),
			fld("versions", "Versions", &schemaload.Type{Kind: schemaload.KindArray, Elem: &schemaload.Type{Kind: schemaload.KindString, Pattern: `^\d+\.\d+$`, GoPattern: `^\d+\.\d+$`}}, false),
			fld("version", "Version", &schemaload.Type{Kind: schemaload.KindAny, Union: []string{"number", "string"}}, false),
		}}

	shapes := []*schemaload.Shape{
		{File: "error-details/agent-denied.json", Name: "agent-denied", Codes: []string{"PERMISSION_DENIED"}, When: &schemaload.Condition{Key: "scope", Value: "agent"}, Type: agentT},
		{File: "error-details/dims.json", Name: "dims", Codes: []string{"UNSUPPORTED_FEATURE"}, Type: dimsT},
		{File: "error-details/rate-limited.json", Name: "rate-limited", Codes: []string{"RATE_LIMITED"}, Type: rateT, Doc: "When the caller is throttled."},
		{File: "error-details/stale.json", Name: "stale", Codes: []string{"STALE_RESPONSE"}, Type: staleT},
	}
	codes := []*schemaload.Code{
		{Value: "RATE_LIMITED", GoName: "CodeRateLimited", Recovery: "transient", RecoverySource: "enumMetadata", Suggestion: "Wait, then retry.",
			Description: "Too many requests.\n\nRetry after `retry_after` seconds — 50% is fine.", Shapes: shapes[2:3]},
		{Value: "AUTH_REQUIRED", GoName: "CodeAuthRequired", Recovery: "correctable", Deprecated: true, ReplacedBy: []string{"PERMISSION_DENIED"},
			Description: "Deprecated: use something else."},
		{Value: "PERMISSION_DENIED", GoName: "CodePermissionDenied", Recovery: "correctable", Shapes: shapes[0:1], NoDetails: false},
		{Value: "UNSUPPORTED_FEATURE", GoName: "CodeUnsupportedFeature", Recovery: "correctable", Shapes: shapes[1:2]},
		{Value: "STALE_RESPONSE", GoName: "CodeStaleResponse", Recovery: "transient", Advisory: true, Shapes: shapes[3:4]},
		{Value: "AGENT_BLOCKED", GoName: "CodeAgentBlocked", Recovery: "terminal", NoDetails: true},
	}
	spec := &schemaload.Spec{
		Version:         "9.9.9-test",
		Sources:         []string{"core/error.json", "enums/error-code.json", "enums/party.json", "error-details/agent-denied.json", "error-details/dims.json", "error-details/rate-limited.json", "error-details/stale.json"},
		Error:           errT,
		Codes:           codes,
		Shapes:          shapes,
		Types:           []*schemaload.Type{agentT, kindT, dimsT, partyT, actionT, rateT, scopeT, staleT, upstreamT},
		UnknownRecovery: "transient",
	}
	// The error and its own types belong to the runtime, as schemaload's
	// link table says for the real schemas.
	for t, name := range map[*schemaload.Type]string{errT: "Error", issueT: "Issue", discT: "IssueDiscriminator",
		sourceT: "ErrorSource", codeT: "Code", recoveryT: "Recovery"} {
		t.GoName, t.Fixed = name, true
	}
	spec.SettleGoTypes()
	return spec
}
