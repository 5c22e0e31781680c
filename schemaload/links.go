package schemaload

// This file holds the reviewed tables: facts about codes and details schemas
// that the schemas state only in prose. Each entry was checked against the
// published enumDescriptions and schema descriptions (3.2.0-beta.5 unless
// noted); change them only with the same review.

// shapeLink ties one details schema that does not follow the file-name
// convention to its code.
type shapeLink struct {
	Code string     // wire code the file is the details shape of
	When *Condition // condition on the details object, nil = always
	Doc  string     // when the shape applies, for comments
}

// shapeExceptions are the details files whose code is not their file name in
// SCREAMING_SNAKE_CASE. Every other error-details/<name>.json is the shape of
// the code NAME (rate-limited.json → RATE_LIMITED; see buildShapes).
var shapeExceptions = map[string]shapeLink{
	// PERMISSION_DENIED raised by the per-agent authorization gate carries
	// details.scope "agent" (enums/error-scope.json); the plain
	// PERMISSION_DENIED has no typed details.
	"agent-permission-denied": {
		Code: "PERMISSION_DENIED",
		When: &Condition{Key: "scope", Value: "agent"},
		Doc:  `PERMISSION_DENIED raised by the per-agent gate (details.scope == "agent")`,
	},
	// A second shape of CREATIVE_REJECTED, for accessibility failures; the
	// schemas give no discriminator, so the runtime tries it after
	// creative-rejected.
	"accessibility-violation": {
		Code: "CREATIVE_REJECTED",
		Doc:  "CREATIVE_REJECTED for accessibility failures (second shape of the code)",
	},
	"unsupported-refinement-dimension": {
		Code: "UNSUPPORTED_FEATURE",
		Doc:  "UNSUPPORTED_FEATURE when refine_proposals names an unsupported refinement dimension",
	},
}

// notShapes are the files of error-details/ that are not the details of any
// code, skipped deliberately: vendor-error-codes.json is the registry of
// vendor-prefixed codes (X_{VENDOR}_{CODE}), a document of its own.
var notShapes = map[string]string{
	"vendor-error-codes": "registry of vendor-prefixed error codes, not a details shape",
}

// advisoryReviewed is the reviewed advisory status of codes: an entry wins
// over the code's own text (see advisory), so that a change of wording in
// a new version is reviewed, not silently followed. Advisories ride in
// errors[] of a successful response and must never be treated as a failure
// or retried (checklist A.2 #30, B #19). Reviewed against the
// enumDescriptions of every published version:
// STALE_RESPONSE, the five FORMAT_* advisories and the two PIXEL_TRACKER_*
// ones open with "Non-fatal advisory"; BUDGET_CAP_REACHED is "Normally a
// SUCCESSFUL partial build ... with an advisory BUDGET_CAP_REACHED entry";
// FORMAT_NOT_SUPPORTED, despite its prefix, is a plain failure.
var advisoryReviewed = map[string]bool{
	"STALE_RESPONSE":                         true,
	"FORMAT_PROJECTION_FAILED":               true,
	"FORMAT_DECLARATION_DIVERGENT":           true,
	"FORMAT_DECLARATION_V1_AMBIGUOUS":        true,
	"FORMAT_OPTION_UNRESOLVED":               true,
	"FORMAT_DECLARATION_V1_LOSSY_MULTI_SIZE": true,
	"PIXEL_TRACKER_LOSSY_DOWNGRADE":          true,
	"PIXEL_TRACKER_UPGRADE_INFERRED":         true,
	"BUDGET_CAP_REACHED":                     true,
	"FORMAT_NOT_SUPPORTED":                   false,
}

// noDetailsCodes must not carry details: their descriptions forbid it to
// avoid leaking configuration or per-agent commercial state.
var noDetailsCodes = map[string]bool{
	"CONFIGURATION_ERROR": true,
	"AGENT_SUSPENDED":     true,
	"AGENT_BLOCKED":       true,
}

// sellerRule is what the spec's prose asks of a seller's error of one
// code beyond the schemas (Code.FieldRequired, RequiredDetails,
// RecommendedDetails).
type sellerRule struct {
	field       bool
	required    []string
	recommended []string
}

// sellerRules is the reviewed table of sellerRule, each with where the
// spec says it. Of a code with a details shape, a member is kept only in
// a version where a shape of the code declares it (buildShapes).
var sellerRules = map[string]sellerRule{
	// error-handling § Authorization (RBAC): "FIELD_NOT_PERMITTED MUST
	// populate error.field with the exact offending field path".
	"FIELD_NOT_PERMITTED": {field: true},
	// transport-errors § details Schemas: "ACCOUNT_MOVED, for example,
	// requires details.current_account".
	"ACCOUNT_MOVED": {required: []string{"current_account"}},
	// error-handling § Authorization (RBAC): "SCOPE_INSUFFICIENT SHOULD
	// include error.details.introspection_hint".
	"SCOPE_INSUFFICIENT": {recommended: []string{"introspection_hint"}},
	// error-details/version-unsupported.json: servers should send both
	// supported_versions and the deprecated supported_majors through 3.x.
	"VERSION_UNSUPPORTED": {recommended: []string{"supported_versions", "supported_majors"}},
}

// replacedBy lists, for deprecated alias codes, the codes to use instead.
// The code is marked Deprecated only when its description says so
// (AUTH_REQUIRED from 3.1.0-beta.0: "**Deprecated** — use AUTH_MISSING ... or
// AUTH_INVALID"); ReplacedBy is filled only then, with the replacements that
// exist in the version.
var replacedBy = map[string][]string{
	"AUTH_REQUIRED": {"AUTH_MISSING", "AUTH_INVALID"},
}

// typeNameOverride gives the Go name of the type at file#pointer when the
// default (see docs/architecture.md §Naming) is not the one we want. Fixed
// entries are types the runtime module declares (the error and its own
// types): emit must use the name, qualified with the runtime package, and
// not declare the type.
type typeNameOverride struct {
	Name  string
	Fixed bool
}

var typeNameOverrides = map[string]typeNameOverride{
	"core/error.json#/properties/code":                                        {Name: "Code", Fixed: true},
	"core/error.json#/properties/recovery":                                    {Name: "Recovery", Fixed: true},
	"core/error.json#":                                                        {Name: "Error", Fixed: true},
	"core/error.json#/properties/issues/items":                                {Name: "Issue", Fixed: true},
	"core/error.json#/properties/issues/items/properties/discriminator/items": {Name: "IssueDiscriminator", Fixed: true},
	"core/error.json#/properties/source":                                      {Name: "ErrorSource", Fixed: true},
	"error-details/accessibility-violation.json#/properties/violations/items": {Name: "AccessibilityViolation"},
}
