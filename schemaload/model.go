package schemaload

import (
	"encoding/json"
	"path"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Spec is one AdCP spec version, read, validated and resolved, with every Go
// name and Go type settled. emit turns a Spec into files without making any
// naming or typing decision of its own.
type Spec struct {
	// Version is the AdCP version the folder describes ("3.2.0-beta.5"),
	// taken from the $id of core/error.json (or manifest.json adcp_version).
	Version string
	// Sources lists every file read, relative to the folder, slash-separated, sorted.
	Sources []string

	// Error is the object type of core/error.json. Its Fields always include
	// the seven the runtime relies on (code, message, field, suggestion,
	// retry_after, details, recovery), with the Go names Code, Message,
	// Field, Suggestion, RetryAfter, Details and Recovery.
	Error *Type
	// Recoveries are core/error.json#/properties/recovery/enum in schema
	// order; the loader checks they are transient, correctable and terminal.
	Recoveries []string

	// Codes is the standard code vocabulary in the order of the enum array
	// of enums/error-code.json.
	Codes []*Code
	// Scopes is the vocabulary of enums/error-scope.json (nil if absent).
	Scopes *Type

	// Shapes are the details shapes, one per error-details/*.json that is a
	// shape (the vendor registry is not), sorted by file name.
	Shapes []*Shape
	// Types are every named type emit must declare (objects, enums, unions),
	// in a deterministic order: the error's own types first, then Scopes,
	// then each shape's types depth-first (pre-order) in property order.
	// Types reached twice are listed once; Fixed types are not listed.
	Types []*Type

	// Checks are the check functions of the generated package, one per
	// distinct schema, in the order they are declared: each before the
	// functions it calls, those of Types' first object type first. Patterns
	// are the variables holding the Go regexps they use, in first-use
	// order. Both are set by SettleGoTypes (as is each Type's Check).
	Checks   []*Check
	Patterns []Pattern

	// UnknownRecovery is manifest.json#/error_code_policy/default_unknown_recovery,
	// or "" when the version has no manifest policy.
	UnknownRecovery string
	// Source reports a spec source tree: core/error.json's $id carries no
	// version. Its manifest.json, when absent, is a build product of a
	// release, so a missing policy there is unknown rather than none.
	Source bool

	// Compiled holds each schema file read, by its path relative to the folder,
	// compiled by santhosh-tekuri/jsonschema: for a tool that checks values
	// against the version without generating its package.
	Compiled map[string]*jsonschema.Schema `json:"-"`

	// Warnings are things a person should read but that do not stop generation
	// (recovery taken from prose, manifest disagreements, untranslatable patterns).
	Warnings []Diagnostic
}

// Diagnostic is one message about one place in one file.
type Diagnostic struct {
	File    string // relative to the spec folder, slash-separated
	Pointer string // RFC 6901 JSON pointer inside File ("" for the whole file)
	Msg     string
}

func (d Diagnostic) String() string {
	loc := d.File
	if d.Pointer != "" {
		loc += "#" + d.Pointer
	}
	return loc + ": " + d.Msg
}

// Code is one standard error code.
type Code struct {
	Value  string // wire value, e.g. "RATE_LIMITED"
	GoName string // constant name, e.g. "CodeRateLimited"

	Recovery       string // transient | correctable | terminal
	RecoverySource string // "enumMetadata" or "prose"
	Suggestion     string // enumMetadata suggestion ("" if none)
	Description    string // enumDescriptions entry ("" if none)

	Deprecated bool     // description marks it deprecated (AUTH_REQUIRED from 3.1.0-beta.0)
	ReplacedBy []string // codes to use instead, for a deprecated alias
	// Advisory codes ride in a successful payload's errors[] and are never a
	// failure (STALE_RESPONSE, FORMAT_*, PIXEL_TRACKER_*, ...). From a reviewed table.
	Advisory bool
	// NoDetails codes must not carry details (CONFIGURATION_ERROR,
	// AGENT_SUSPENDED, AGENT_BLOCKED). From a reviewed table.
	NoDetails bool
	// What the spec's prose asks of a seller's error of this code beyond its
	// schemas, from a reviewed table (sellerRules): FieldRequired, that it
	// sets error.field; RequiredDetails, the details members it must carry;
	// RecommendedDetails, those it should carry. Of a code with a details
	// shape, only members a shape declares are listed.
	FieldRequired      bool
	RequiredDetails    []string
	RecommendedDetails []string

	Shapes []*Shape // details shapes linked to this code, in Shapes order
}

// Shape is one details schema and the codes it belongs to.
type Shape struct {
	File  string   // "error-details/rate-limited.json"
	Name  string   // "rate-limited"
	Codes []string // wire codes this shape is the details of
	// When is a Go-readable condition under which the shape applies, for
	// codes with more than one possible shape ("" = always). It is data for
	// the runtime: {Key: "scope", Value: "agent"} means details.scope == "agent".
	When *Condition
	// Doc describes when the shape applies, for comments.
	Doc  string
	Type *Type // the object type
	// Var is the package variable of the shape's adcp.DetailsShape
	// ("detailsShapeRateLimitedDetails") and Accessor the function that
	// decodes an error's details as its type ("RateLimitedDetailsOf"), both
	// set by SettleGoTypes.
	Var, Accessor string
}

// Condition selects a shape by a string property of the details object.
type Condition struct {
	Key   string
	Value string
}

// Kind is the Go-side kind of a Type.
type Kind int

const (
	KindString  Kind = iota + 1 // string (possibly enum / const / open enum)
	KindNumber                  // float64
	KindInteger                 // int64
	KindBoolean                 // bool
	KindObject                  // struct
	KindArray                   // slice
	KindAny                     // json.RawMessage: unions, anyOf over objects, anything untyped
)

// jsonKinds are the JSON types of the kinds that have one.
var jsonKinds = map[Kind]string{KindString: "string", KindNumber: "number",
	KindInteger: "integer", KindBoolean: "boolean", KindObject: "object", KindArray: "array"}

// Type is a resolved schema type. Named types have a GoName: objects with
// fields, strings with an enum (closed or open), and KindAny types with
// Variants. Anonymous scalars, arrays and other KindAny types do not: a file
// that only defines a string with a pattern (core/brand-id.json) is an
// unnamed string type. A type reached through several $refs is one *Type.
//
// KindAny covers: type unions (Union lists the JSON types in schema order,
// "null" included); free-form objects, with no properties and open
// (Union == ["object"], e.g. core/error.json details); anyOf/oneOf over
// objects (Variants, each an object type named <Name>Variant<N>, e.g.
// CanonicalAccountRefVariant1); and schemas with no type at all.
type Type struct {
	GoName  string // "" for unnamed scalar/array types
	File    string // file it was defined in
	Pointer string // JSON pointer of its definition inside File
	Kind    Kind
	// Untyped is set when the schema has no "type" and Kind is inferred
	// from keywords that only constrain values of that kind (pattern for
	// a string, properties for an object, items for an array, minimum for
	// a number): values of every other JSON type are valid too, and the Go
	// type keeps them raw.
	Untyped bool
	Doc     string // description, as written in the schema
	// Fixed types are declared by the fixed runtime (Code, Recovery): emit
	// uses GoName but declares neither the type nor its enum constants.
	Fixed bool
	// GoType is the Go type of a value of this type held by value: its own
	// name when it has one, else a built-in type, a slice of its items, or
	// json.RawMessage (see Spec.SettleGoTypes).
	GoType GoType
	// Check is the function that checks a value of this type against its
	// schema, and Unchecked lists the constraints of the schema it leaves
	// out, and why. SettleGoTypes sets them for every object type of
	// Spec.Types, and for every type met inside its own schema.
	Check     *Check
	Unchecked []string

	// Object
	Fields []*Field // in schema property order (allOf members merged in order)
	Closed bool     // additionalProperties: false
	// MembersVar names the generated package variable listing the member
	// names of a struct, in Fields order (set by SettleGoTypes).
	MembersVar string

	// Array
	Elem        *Type
	MinItems    *int
	MaxItems    *int
	UniqueItems bool

	// Any kind: the value const requires, and the values an enum allows
	// when they are not typed as constants (the enum of a number, a
	// boolean, an object, an array or a union; a string's enum is Enum,
	// and is also here, whole, when it lists null), as compact JSON.
	// Validate compares a value with them at run time.
	Const    json.RawMessage
	EnumJSON []json.RawMessage

	// String
	Enum      []*EnumValue // closed list of known values (typed constants)
	OpenEnum  bool         // oneOf enum ∪ pattern: known values plus an extension pattern
	Pattern   string       // ECMA pattern as written
	GoPattern string       // translated for Go regexp; "" if untranslatable (see Warnings)
	// GoPatternNot, when set, is a second Go regexp the string must NOT
	// match: Pattern "^L(?!X)R", a literal prefix L then a negative
	// lookahead, is GoPattern "^LR" and GoPatternNot "^L(?:X)", or "^L$"
	// for X "$" (core/sla-window.json refuses a bare "P").
	GoPatternNot string

	Format    string
	MinLength *int
	MaxLength *int

	// Number / Integer
	Minimum          *float64
	Maximum          *float64
	ExclusiveMinimum *float64
	ExclusiveMaximum *float64

	// Any: the JSON types a union allows (["string","number","boolean","null"]),
	// and the alternatives of an anyOf/oneOf that could not be a single type.
	Union    []string
	Variants []*Type
	// Alternatives is the keyword Variants, or the alternatives merged into
	// an OpenEnum, come from: "anyOf" or "oneOf" ("" otherwise).
	Alternatives string
	// Constraints are schemas the Go type does not express, kept as written
	// for Validate (emit checks them against the encoded value): the
	// if/then/else members of an object's allOf, and an object's anyOf or
	// oneOf that only constrains which members are present.
	Constraints []Constraint
}

// Constraint is one schema of a Type kept as written.
type Constraint struct {
	Pointer string          // JSON pointer of the schema in the Type's File
	Schema  json.RawMessage // compact JSON
}

// Check is one check function of the generated package (an
// adcpimpl.ValueCheck): it checks a value decoded by encoding/json against
// Schema. Equal schemas share one Check.
type Check struct {
	// Name is the function's name: "check" and the Go name of the type
	// whose schema it checks ("checkRateLimitedDetails"), "checkType" and
	// the JSON types of a schema that is nothing but a type
	// ("checkTypeBoolean"), or else the name of the function that calls
	// it and the member, keyword or index that leads there
	// ("checkAccessibilityViolationDetailsViolations"), with a number
	// added when the name is taken.
	Name string
	// Schema is the draft-07 schema checked, built from the model, as
	// encoding/json decodes it with UseNumber: its patterns are Go
	// regexps and "patternNot" is one a string must not match
	// (Type.GoPatternNot). A type met inside its own schema is referred
	// to there by where it is defined ({"$ref": "<File>#<Pointer>"}) and
	// checked with its own Check.
	Schema any
	// Calls names the function each subschema of Schema is checked with,
	// by its JSON pointer in Schema ("/properties/retry_after", "/items",
	// "/anyOf/0"). A member of properties, additionalProperties, items, a
	// member of allOf, then or else that allows every value has none, nor
	// has additionalProperties false.
	Calls map[string]string
	// Pattern and PatternNot are the variables (Spec.Patterns) holding
	// Schema's pattern and patternNot, or "".
	Pattern, PatternNot string
}

// Pattern is a package variable of the generated package holding a
// compiled Go regexp.
type Pattern struct {
	Var    string // "detailsPattern0"
	Regexp string // a Type's GoPattern or GoPatternNot
}

// EnumValue is one known value of an enum, with its constant name.
type EnumValue struct {
	Value  string
	GoName string // type-qualified, e.g. "RateLimitedScopeAccount"
	Doc    string
}

// Field is one property of an object type.
type Field struct {
	JSONName   string
	GoName     string
	Type       *Type
	Required   bool
	Nullable   bool // "null" is one of its allowed types: null and absent differ
	Deprecated bool
	// Doc is the description written beside the property; for a $ref
	// property it is the sibling description, or "" (then see Type.Doc).
	Doc string
	// GoType is the Go type of the struct field that holds the property
	// (see Spec.SettleGoTypes).
	GoType GoType
}

// GoType is a Go type expression of the generated package: a named type
// (BrandKey, or the runtime's Code), a built-in type (string, float64,
// int64, bool) or json.RawMessage, possibly behind a pointer or as the items
// of a slice (never both).
type GoType struct {
	Name    string // "BrandKey", "float64", "RawMessage"
	Pkg     string // the import path qualifying Name ("encoding/json"), "" for the package's own and built-in types
	Pointer bool   // *Name: an optional number, integer, boolean or object
	Slice   bool   // []Name: an array
}

// String returns the type as Go source writes it: "*float64", "[]BrandKey",
// "json.RawMessage".
func (g GoType) String() string {
	s := g.Name
	if g.Pkg != "" {
		s = path.Base(g.Pkg) + "." + s
	}
	switch {
	case g.Slice:
		return "[]" + s
	case g.Pointer:
		return "*" + s
	}
	return s
}

// Elem returns the Go type of the items of g, an array's Go type: the type g
// is a slice of, or json.RawMessage for an array held raw.
func (g GoType) Elem() GoType { return GoType{Name: g.Name, Pkg: g.Pkg} }
