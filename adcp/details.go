package adcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// Details is implemented by every generated details struct (through a
// pointer). A generated package's NewDetails returns one by shape name.
type Details interface {
	// Validate checks the details against every constraint of its schema.
	Validate() error
	json.Marshaler
	json.Unmarshaler
}

// DetailsShape describes one details schema (error-details/<Name>.json) and
// the codes whose details it types.
type DetailsShape struct {
	Name  string // schema file name without .json, e.g. "rate-limited"
	Type  string // Go type name, e.g. "RateLimitedDetails"
	Codes []Code
	// When, if set, limits the shape to details whose string property
	// When.Key equals When.Value (PERMISSION_DENIED with scope "agent").
	When *DetailsCondition
	// Closed shapes reject (and builders drop) members they do not declare.
	Closed   bool
	Fields   []string // declared members, in schema order
	Required []string // required members
	// Check is the shape's schema as generated Go: it checks a decoded JSON
	// value (encoding/json's into any, with UseNumber) against every
	// constraint of the schema. Validate checks details with it.
	Check adcpimpl.ValueCheck
}

// Validate checks raw details (one JSON value) against the shape's schema
// and returns a *ValidationError (of the shape's Go type name) listing each
// violation with its JSON pointer. It accepts exactly what the shape's Go
// type decodes and validates without error, and refuses an undeclared
// member of a closed shape with the error the Go type's decoder gives. It
// does not check that a code carries the shape, nor the shape's When
// condition. A shape without a Check checks nothing.
func (s *DetailsShape) Validate(raw []byte) error {
	if s.Check == nil {
		return nil
	}
	if s.Closed {
		// The members in order, as the Go type's decoder meets them.
		members, _, _ := jsonwire.Members(raw)
		for _, m := range members {
			if !slices.Contains(s.Fields, m.Key) {
				return fmt.Errorf("adcp: %s: unknown member %q", s.Type, m.Key)
			}
		}
	}
	var val adcpimpl.Validator
	val.Value("", raw, s.Check)
	return val.Result(s.Type)
}

// DetailsCondition selects a shape by a string member of the details object.
type DetailsCondition struct {
	Key   string
	Value string
}

// ErrDetailsNotObject is returned when details are absent or not an object.
var ErrDetailsNotObject = errors.New("adcp: details are absent or not a JSON object")

// Carries reports whether code c carries this shape.
func (s *DetailsShape) Carries(c Code) bool { return slices.Contains(s.Codes, c) }

// Decode decodes e.Details into dst, a value of the shape's Go type, after
// checking that e's code carries the shape and that its When condition
// holds. e is not changed, and the result is not validated.
func (s *DetailsShape) Decode(e *Error, dst Details) error {
	if !s.Carries(e.Code) {
		return fmt.Errorf("adcp: code %q does not carry %s details", string(e.Code), s.Name)
	}
	raw := bytes.TrimSpace(e.Details)
	if len(raw) == 0 || raw[0] != '{' {
		return ErrDetailsNotObject
	}
	if s.When != nil && memberString(e.Details, s.When.Key) != s.When.Value {
		return fmt.Errorf("adcp: %s details apply only when %s is %q", s.Name, s.When.Key, s.When.Value)
	}
	if err := dst.UnmarshalJSON(raw); err != nil {
		return fmt.Errorf("adcp: %s details: %w", s.Name, err)
	}
	return nil
}
