// Package specdiff compares two loaded AdCP spec versions and reports what the
// bump changes for Go users of the package generated from them: codes,
// recovery and suggestions, deprecations, details shapes, types, fields, enum
// values and policy, each classified by whether it breaks code that compiled
// against the old version.
//
// What schemaload derives from a name alone is not compared, since it cannot
// differ between two versions: a code's Go constant and whether it may carry
// details (from its wire value), a field's Go name (from its JSON name), an
// enum constant (from its type's name and its value), a details shape's
// code, condition and Go type (from its file name), and the recovery classes
// (the loader requires transient, correctable and terminal).
package specdiff

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Impact says how a change affects code written against the old version.
// Higher values are more severe.
type Impact int

const (
	// None: an addition or a documentation change; nothing breaks.
	None Impact = iota
	// Behaviour: code still compiles, but the package reports a different
	// value or takes a different decision for the same input (a code's
	// recovery, whether it is an advisory, the unknown-code policy).
	Behaviour
	// Validation: code still compiles, but values that passed Validate may
	// now fail it (a field made required, a tighter constraint).
	Validation
	// Compile: code that compiled against the old package may no longer
	// compile (a removed constant, type or field, a retyped field).
	Compile
)

var impactLabels = [...]string{None: "none", Behaviour: "behaviour", Validation: "validation", Compile: "compile"}

// String returns the label used in reports.
func (i Impact) String() string {
	if i < 0 || int(i) >= len(impactLabels) {
		return fmt.Sprintf("Impact(%d)", int(i))
	}
	return impactLabels[i]
}

// Breaking reports whether the impact is anything but None.
func (i Impact) Breaking() bool { return i != None }

// Section groups kinds of change in a report; its value is the heading.
type Section string

// The sections, in report order (that of their kinds).
const (
	SectionCodes  Section = "Codes"
	SectionShapes Section = "Details shapes"
	SectionTypes  Section = "Types, fields and enum values"
	SectionPolicy Section = "Policy"
)

// Kind is the kind of one change. Kinds are declared in report order.
type Kind int

// The kinds of change.
const (
	CodeAdded             Kind = iota // a standard code is new
	CodeRemoved                       // a standard code is gone: its constant disappears
	RecoveryChanged                   // a code's recovery changed
	RecoverySourceChanged             // a code's recovery is now read from another carrier (prose, enumMetadata)
	SuggestionChanged                 // a code's suggestion changed
	CodeDeprecated                    // a code is now deprecated
	CodeUndeprecated                  // a code is no longer deprecated
	ReplacedByChanged                 // the codes a deprecated code points to changed
	AdvisoryChanged                   // a code became, or stopped being, an advisory

	ShapeAdded   // a details shape is new
	ShapeRemoved // a details shape is gone, with its type

	TypeAdded          // a named type is new
	TypeRemoved        // a named type is gone
	TypeKindChanged    // a named type changed kind (object, string, ...)
	FieldAdded         // an object gained a field
	FieldRemoved       // an object lost a field
	FieldRetyped       // a field's Go type changed
	FieldRequired      // an optional field became required
	FieldOptional      // a required field became optional
	FieldNullable      // a field now accepts null
	FieldNotNullable   // a field no longer accepts null
	FieldDeprecated    // a field is now deprecated
	FieldUndeprecated  // a field is no longer deprecated
	EnumValueAdded     // an enum gained a value
	EnumValueRemoved   // an enum lost a value
	EnumOpened         // an enum now accepts extension values
	EnumClosed         // an enum no longer accepts extension values
	ObjectClosed       // an object no longer accepts unknown members
	ObjectOpened       // an object now accepts unknown members
	ConstraintChanged  // a pattern, format, bound or uniqueness rule changed
	UnionMemberAdded   // a union accepts one more JSON type
	UnionMemberRemoved // a union accepts one JSON type fewer

	UnknownRecoveryChanged // the manifest's recovery for unknown codes changed

	numKinds
)

var kindInfo = [numKinds]struct {
	section Section
	label   string
}{
	CodeAdded:             {SectionCodes, "code added"},
	CodeRemoved:           {SectionCodes, "code removed"},
	RecoveryChanged:       {SectionCodes, "recovery changed"},
	RecoverySourceChanged: {SectionCodes, "recovery read from"},
	SuggestionChanged:     {SectionCodes, "suggestion changed"},
	CodeDeprecated:        {SectionCodes, "code deprecated"},
	CodeUndeprecated:      {SectionCodes, "code no longer deprecated"},
	ReplacedByChanged:     {SectionCodes, "replacement codes changed"},
	AdvisoryChanged:       {SectionCodes, "advisory changed"},

	ShapeAdded:   {SectionShapes, "shape added"},
	ShapeRemoved: {SectionShapes, "shape removed"},

	TypeAdded:          {SectionTypes, "type added"},
	TypeRemoved:        {SectionTypes, "type removed"},
	TypeKindChanged:    {SectionTypes, "type kind changed"},
	FieldAdded:         {SectionTypes, "field added"},
	FieldRemoved:       {SectionTypes, "field removed"},
	FieldRetyped:       {SectionTypes, "field retyped"},
	FieldRequired:      {SectionTypes, "field made required"},
	FieldOptional:      {SectionTypes, "field made optional"},
	FieldNullable:      {SectionTypes, "field made nullable"},
	FieldNotNullable:   {SectionTypes, "field no longer nullable"},
	FieldDeprecated:    {SectionTypes, "field deprecated"},
	FieldUndeprecated:  {SectionTypes, "field no longer deprecated"},
	EnumValueAdded:     {SectionTypes, "enum value added"},
	EnumValueRemoved:   {SectionTypes, "enum value removed"},
	EnumOpened:         {SectionTypes, "enum opened to extensions"},
	EnumClosed:         {SectionTypes, "enum closed to extensions"},
	ObjectClosed:       {SectionTypes, "object closed"},
	ObjectOpened:       {SectionTypes, "object opened"},
	ConstraintChanged:  {SectionTypes, "constraint changed"},
	UnionMemberAdded:   {SectionTypes, "union type added"},
	UnionMemberRemoved: {SectionTypes, "union type removed"},

	UnknownRecoveryChanged: {SectionPolicy, "unknown-code recovery changed"},
}

// String returns the kind's label, as used in reports.
func (k Kind) String() string {
	if k < 0 || k >= numKinds {
		return fmt.Sprintf("Kind(%d)", int(k))
	}
	return kindInfo[k].label
}

// Section returns the report section the kind belongs to.
func (k Kind) Section() Section { return kindInfo[k].section }

// Change is one difference between two versions.
type Change struct {
	Kind   Kind
	Impact Impact
	// Subject names what changed in the spec's own terms: a wire code
	// ("RATE_LIMITED"), a shape ("rate-limited"), a type, or a field
	// ("RateLimitedDetails.retry_after"; "[]" marks array items).
	Subject string
	// Go names the Go identifier concerned ("CodeRateLimited",
	// "RateLimitedDetails.RetryAfter"), "" when there is none.
	Go string
	// Old and New describe the before and after, "" when not applicable.
	Old, New string
}

// Prose reports whether Old and New are text written for people (a
// suggestion), not literal text (patterns, types, values).
func (c Change) Prose() bool { return c.Kind == SuggestionChanged }

// Report is the list of changes between two versions, sorted by section,
// kind and subject.
type Report struct {
	Old, New string // the two versions
	Changes  []Change
}

// Breaking reports whether any change breaks code written against Old.
func (r Report) Breaking() bool {
	return slices.ContainsFunc(r.Changes, func(c Change) bool { return c.Impact.Breaking() })
}

// sortChanges orders changes by kind (kinds are declared in report order,
// section by section), subject, then the rest, so a report is the same
// whatever order the comparison visited things in.
func sortChanges(cs []Change) {
	slices.SortStableFunc(cs, func(a, b Change) int {
		return cmp.Or(cmp.Compare(a.Kind, b.Kind), strings.Compare(a.Subject, b.Subject),
			strings.Compare(a.Old, b.Old), strings.Compare(a.New, b.New))
	})
}
