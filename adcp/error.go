package adcp

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
)

// Error is the object of core/error.json.
//
// One error or warning reported by a task, either in a payload's `errors[]` or as the
// envelope-level error.
type Error struct {
	// Required.
	// Machine-readable code. The set is open: any string is valid on the wire, and the codes in
	// `enums/error-code.json` are only the standard ones. Senders may use platform codes or codes from
	// newer versions; receivers must accept any code, classify it by `recovery`, and treat a missing
	// `recovery` as `transient`.
	Code Code `json:"code"`
	// Required.
	// Explanation for people; do not parse it.
	Message string `json:"message"`
	// Path of the offending request field in dotted, bracket-indexed form such as `creatives[2].name`.
	// When `issues` is present, sellers must set this to the first issue's pointer converted to that
	// form (`/creatives/2/name` → `creatives[2].name`), so older clients see the same field. It will
	// give way to `issues[].pointer` in a future major version.
	Field string `json:"field,omitempty"`
	// Hint on how to fix the problem, for people.
	Suggestion string `json:"suggestion,omitempty"`
	// How many seconds to wait before retrying. 3.2 senders must send a whole number n with 1 ≤ n ≤
	// 3600; fractions remain valid for older senders, and receivers must round them up before clamping
	// to that range. Infinite or NaN values count as absent.
	RetryAfter *float64 `json:"retry_after,omitempty"`
	// Every field the request was rejected for, mainly with `VALIDATION_ERROR`. When it is present the
	// seller must also fill `field` from the first entry (pointer converted to dotted form) for
	// clients that read only `field`. Later major versions will drop `field` for `issues[].pointer`.
	Issues []Issue `json:"issues,omitempty"`
	// Extra data for this error; each code may define its own shape under `error-details/`. Sellers
	// may also copy `issues` here as `details.issues` for pre-3.1 clients.
	//
	// For a value rejected against a closed list, sellers should use two keys (a recommendation, not a
	// requirement):
	//
	// - `rejected_value`: the value the buyer sent;
	// - `accepted_values`: the values this caller could have used here, never a wider list that would
	// let callers enumerate what others may use.
	//
	// Clients should also accept older spellings such as `available` or `allowed`.
	Details json.RawMessage `json:"details,omitempty"`
	// What the caller can do about the error: `transient` means wait and retry, `correctable` means
	// change the request and resend, `terminal` means a person must act. From 3.1 senders should
	// always include it; it is the authoritative classification, and it lets receivers handle codes
	// they do not know.
	Recovery Recovery `json:"recovery,omitempty"`
	// Who added this entry: `producer` (the agent that wrote the response; assumed when absent) or
	// `sdk` (a client library that noticed a non-fatal problem while reading the response). SDK
	// entries should carry `sdk_id`. Entries travel on through later hops, and a hop that notices the
	// same problem should not add a second entry with the same code and field.
	Source ErrorSource `json:"source,omitempty"`
	// Which SDK added the entry, as `<package>@<version>` (for example `adcp-go@0.4.1`). Required when
	// `source` is `sdk`, and absent otherwise.
	SDKID string `json:"sdk_id,omitempty"`
	// Extra holds, raw, the members the schema does not declare and declared
	// members whose value did not fit their Go type.
	Extra map[string]json.RawMessage `json:"-"`

	codec adcpimpl.State
	// retryAfterRaw is retry_after as decoded, when a float64 does not hold
	// it exactly (3600.0000000000000001): validated exactly, and re-encoded
	// as written, while RetryAfter is that value, unchanged (retryAfterLit).
	retryAfterRaw *writtenFloat
}

// writtenFloat is a decoded float64 (RetryAfter points to f) and the
// number as written.
type writtenFloat struct {
	f   float64
	raw string
}

// retryAfterLit returns retry_after as written when it was decoded from a
// number a float64 does not hold exactly and RetryAfter is still the
// decoded value; else "".
func (x *Error) retryAfterLit() string {
	if w := x.retryAfterRaw; w != nil && x.RetryAfter == &w.f && adcpimpl.SameNumber(w.raw, w.f) {
		return w.raw
	}
	return ""
}

// Clone returns a deep copy of x: it shares nothing mutable with x, and
// encodes as x does, retry_after as written included. Use it to keep or
// change an error without changing x. It returns nil for nil.
func (x *Error) Clone() *Error {
	if x == nil {
		return nil
	}
	c := *x
	c.retryAfterRaw = nil
	if w := x.retryAfterRaw; w != nil && x.RetryAfter == &w.f {
		cw := *w
		c.retryAfterRaw, c.RetryAfter = &cw, &cw.f
	} else if x.RetryAfter != nil {
		r := *x.RetryAfter
		c.RetryAfter = &r
	}
	c.Details = bytes.Clone(x.Details)
	c.Extra = cloneRaws(x.Extra)
	c.Issues = slices.Clone(x.Issues)
	for i := range c.Issues {
		is := &c.Issues[i]
		is.Extra = cloneRaws(is.Extra)
		is.Discriminator = slices.Clone(is.Discriminator)
		for j := range is.Discriminator {
			d := &is.Discriminator[j]
			d.Value, d.Extra = bytes.Clone(d.Value), cloneRaws(d.Extra)
		}
	}
	return &c
}

// cloneRaws returns a deep copy of raw members.
func cloneRaws(m map[string]json.RawMessage) map[string]json.RawMessage {
	c := maps.Clone(m)
	for k, v := range c {
		c[k] = bytes.Clone(v)
	}
	return c
}

// errorMemberNames are the members of core/error.json, in schema order: the
// codec's bit of each is its index.
var errorMemberNames = []string{"code", "message", "field", "suggestion", "retry_after", "issues", "details", "recovery", "source", "sdk_id"}

// members returns pointers to the fields of x's members, by codec bit, for
// encodeObject, decodeObject and valueError: retry_after's is x itself,
// which keeps the number as written beside RetryAfter.
func (x *Error) members() [10]any {
	return [...]any{(*string)(&x.Code), &x.Message, &x.Field, &x.Suggestion, x, &x.Issues, &x.Details,
		(*string)(&x.Recovery), (*string)(&x.Source), &x.SDKID}
}

// MarshalJSON encodes x: members present when it was decoded, or, for a value
// built in Go, every required member and every optional member that is set;
// then Extra.
func (x Error) MarshalJSON() ([]byte, error) {
	_, names, required, codec, extra := x.shape()
	return encodeObject(x.members(), names, required, *codec, *extra)
}

// UnmarshalJSON decodes a JSON object into x leniently: member names are matched
// exactly, a later duplicate wins, and a member whose value does not fit is
// kept raw in Extra, as are undeclared members.
func (x *Error) UnmarshalJSON(data []byte) error { return decodeObject(x, data, true) }

// UnmarshalValidJSON is UnmarshalJSON for data already known to be valid JSON.
func (x *Error) UnmarshalValidJSON(data []byte) error { return decodeObject(x, data, false) }

// shape returns what encodeObject and decodeObject need of x beside its
// members: its type name, its members' names by codec bit (the first
// required of them required), and its State and Extra.
func (x *Error) shape() (string, []string, int, *adcpimpl.State, *map[string]json.RawMessage) {
	return "Error", errorMemberNames, 2, &x.codec, &x.Extra
}

// Issue is the object of core/error.json#/properties/issues/items.
type Issue struct {
	// Required.
	// RFC 6901 JSON Pointer into the request payload, e.g. `/creatives/2/name` (the form validators
	// report as the instance path). It differs from the dotted syntax of `field`, so copying it there
	// needs a conversion.
	Pointer string `json:"pointer"`
	// Required.
	// Why this field was rejected, for people.
	Message string `json:"message"`
	// Required.
	// The JSON Schema keyword that failed (`required`, `type`, `enum`, `maxLength`, …), named as
	// standard validators name it so agents can branch on it; never a made-up value.
	Keyword string `json:"keyword"`
	// Optional path inside the schema to the failing keyword, like
	// `#/properties/creatives/items/required`. Kept for 3.0 clients; newer readers should prefer
	// `schema_id`, and the field is due to be renamed `schema_path` in a future major version.
	SchemaPath string `json:"schemaPath,omitempty"`
	// Optional `$id` of the (sub-)schema that rejected the value. It must be an `$id` published in the
	// spec version the seller advertises, and must be left out when the rejecting schema is a private
	// extension or otherwise not public. Sellers sending `schemaPath` should send this too.
	SchemaID string `json:"schema_id,omitempty"`
	// Optional property/value pairs that identify which branch of a const-discriminated
	// `oneOf`/`anyOf` the validator matched. Only sent when the rejecting schema is such a union and
	// the discriminating property is in the payload; omitted when no branch survives. Compound
	// discriminators yield one entry per property, in the schema's declaration order.
	Discriminator []IssueDiscriminator `json:"discriminator,omitempty"`
	// Extra holds, raw, the members the schema does not declare and declared
	// members whose value did not fit their Go type.
	Extra map[string]json.RawMessage `json:"-"`

	codec adcpimpl.State
}

var membersIssue = []string{"pointer", "message", "keyword", "schemaPath", "schema_id", "discriminator"}

// members returns pointers to the fields of x's members, by codec bit.
func (x *Issue) members() [10]any {
	return [10]any{&x.Pointer, &x.Message, &x.Keyword, &x.SchemaPath, &x.SchemaID, &x.Discriminator}
}

// shape is Error.shape for an Issue.
func (x *Issue) shape() (string, []string, int, *adcpimpl.State, *map[string]json.RawMessage) {
	return "Issue", membersIssue, 3, &x.codec, &x.Extra
}

// MarshalJSON encodes x: members present when it was decoded, or, for a value
// built in Go, every required member and every optional member that is set;
// then Extra.
func (x Issue) MarshalJSON() ([]byte, error) {
	_, names, required, codec, extra := x.shape()
	return encodeObject(x.members(), names, required, *codec, *extra)
}

// UnmarshalJSON decodes a JSON object into x leniently: member names are matched
// exactly, a later duplicate wins, and a member whose value does not fit is
// kept raw in Extra, as are undeclared members.
func (x *Issue) UnmarshalJSON(data []byte) error { return decodeObject(x, data, true) }

// UnmarshalValidJSON is UnmarshalJSON for data already known to be valid JSON.
func (x *Issue) UnmarshalValidJSON(data []byte) error { return decodeObject(x, data, false) }

// IssueDiscriminator is the object of core/error.json#/properties/issues/items/properties/discriminator/items.
// Members it does not declare are kept in Extra; whether they are allowed is
// the version's rule, which Vocabulary.Validate applies.
type IssueDiscriminator struct {
	// Required.
	// Name of the discriminating property, such as `kind` (as in OpenAPI's `propertyName`).
	PropertyName string `json:"property_name"`
	// Required.
	// The scalar the caller sent for that property; may be null, never an object or array.
	Value json.RawMessage `json:"value"`
	// Extra holds, raw, the members the schema does not declare and declared
	// members whose value did not fit their Go type.
	Extra map[string]json.RawMessage `json:"-"`

	codec adcpimpl.State
}

var membersIssueDiscriminator = []string{"property_name", "value"}

// members returns pointers to the fields of x's members, by codec bit.
func (x *IssueDiscriminator) members() [10]any { return [10]any{&x.PropertyName, &x.Value} }

// shape is Error.shape for an IssueDiscriminator.
func (x *IssueDiscriminator) shape() (string, []string, int, *adcpimpl.State, *map[string]json.RawMessage) {
	return "IssueDiscriminator", membersIssueDiscriminator, 2, &x.codec, &x.Extra
}

// MarshalJSON encodes x: members present when it was decoded, or, for a value
// built in Go, every required member and every optional member that is set;
// then Extra.
func (x IssueDiscriminator) MarshalJSON() ([]byte, error) {
	_, names, required, codec, extra := x.shape()
	return encodeObject(x.members(), names, required, *codec, *extra)
}

// UnmarshalJSON decodes a JSON object into x leniently: member names are matched
// exactly, a later duplicate wins, and a member whose value does not fit is
// kept raw in Extra, as are undeclared members.
func (x *IssueDiscriminator) UnmarshalJSON(data []byte) error { return decodeObject(x, data, true) }

// UnmarshalValidJSON is UnmarshalJSON for data already known to be valid JSON.
func (x *IssueDiscriminator) UnmarshalValidJSON(data []byte) error {
	return decodeObject(x, data, false)
}

// ErrorSource is the closed enumeration of core/error.json#/properties/source.
//
// Who added this entry: `producer` (the agent that wrote the response; assumed when absent) or
// `sdk` (a client library that noticed a non-fatal problem while reading the response). SDK
// entries should carry `sdk_id`. Entries travel on through later hops, and a hop that notices the
// same problem should not add a second entry with the same code and field.
type ErrorSource string

// The known values of ErrorSource.
const (
	ErrorSourceProducer ErrorSource = "producer"
	ErrorSourceSDK      ErrorSource = "sdk"
)

// Known reports whether v is one of the known values of ErrorSource.
func (v ErrorSource) Known() bool {
	switch v {
	case ErrorSourceProducer, ErrorSourceSDK:
		return true
	}
	return false
}

// object is a pointer to Error, Issue or IssueDiscriminator: the types
// that decode through the table of their members (decodeObject; their
// MarshalJSON hands encodeObject the same table).
type object[T any] interface {
	*T
	// members returns pointers to the fields of its members, by codec bit.
	members() [10]any
	shape() (name string, names []string, required int, codec *adcpimpl.State, extra *map[string]json.RawMessage)
}

// decodeObject decodes data, a JSON object or null (which leaves x as it
// is), into x, after checking that it is valid JSON when check is set: the
// members its names list into their fields (members()), any other member
// into Extra.
func decodeObject[T any, P object[T]](x P, data []byte, check bool) error {
	typeName, names, _, codec, extra := x.shape()
	if check {
		if err := adcpimpl.Check(data, typeName); err != nil {
			return err
		}
	}
	dec, err := adcpimpl.Begin(data, typeName)
	if err != nil || dec.Null {
		return err
	}
	*x = *new(T)
	fields, d := x.members(), &dec
	for d.Next() {
		i := slices.Index(names, d.Key)
		if i < 0 {
			d.Unknown(false, typeName)
			continue
		}
		switch p := fields[i].(type) {
		case *string:
			adcpimpl.String(d, uint(i), p)
		case *json.RawMessage:
			adcpimpl.Raw(d, uint(i), p)
		case *[]Issue:
			adcpimpl.Slice(d, uint(i), p, adcpimpl.SliceObject[Issue])
		case *[]IssueDiscriminator:
			adcpimpl.Slice(d, uint(i), p, adcpimpl.SliceObject[IssueDiscriminator])
		case *Error:
			p.retryAfterRaw = nil
			if raw := adcpimpl.FloatPtrRounded(d, uint(i), &p.RetryAfter); raw != "" {
				p.retryAfterRaw = &writtenFloat{*p.RetryAfter, raw}
				p.RetryAfter = &p.retryAfterRaw.f
			}
		}
	}
	*extra, *codec, err = d.Finish()
	return err
}

// encodeObject encodes the members of an Error, Issue or
// IssueDiscriminator (fields, by codec bit, as its shape names them): the
// members present when it was decoded or, for a value built in Go, the
// required and the set ones (retry_after only when set); then extra. It
// takes the parts, not the value, so that MarshalJSON's copy of its
// receiver stays on the stack.
func encodeObject(fields [10]any, names []string, required int, codec adcpimpl.State, extra map[string]json.RawMessage) ([]byte, error) {
	e := adcpimpl.NewEncoder()
	e.Open()
	for i, p := range fields[:len(names)] {
		var set bool
		switch p := p.(type) {
		case *string:
			set = *p != ""
		case *json.RawMessage:
			set = *p != nil
		case *[]Issue:
			set = *p != nil
		case *[]IssueDiscriminator:
			set = *p != nil
		case *Error:
			if p.RetryAfter == nil {
				continue
			}
			set = true
		}
		if !codec.Emit(uint(i), i < required, set) {
			continue
		}
		e.Field(uint(i), names[i])
		switch p := p.(type) {
		case *string:
			e.Str(*p)
		case *json.RawMessage:
			e.Raw(*p)
		case *[]Issue:
			adcpimpl.EncodeSlice(&e, *p, adcpimpl.EncValue[Issue])
		case *[]IssueDiscriminator:
			adcpimpl.EncodeSlice(&e, *p, adcpimpl.EncValue[IssueDiscriminator])
		case *Error:
			if lit := p.retryAfterLit(); lit != "" {
				e.Raw(json.RawMessage(lit))
			} else {
				e.Float(*p.RetryAfter)
			}
		}
	}
	return e.Close(extra, names)
}
