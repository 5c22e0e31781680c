package seller

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
	"github.com/adcp-gen/adcp-gen/adcp/internal/urlcheck"
)

// encodeDetails encodes a WithDetails value (rawJSON: raw JSON as it is,
// which check decodes and compacts), after a generated details struct is
// checked to be of a shape the code carries (typedShape) and validated by
// its Validate method; that shape is returned too. A value that encodes to
// null is no details.
func encodeDetails(v *adcp.Vocabulary, code adcp.Code, d any) (json.RawMessage, *adcp.DetailsShape, error) {
	shape, err := typedShape(v, code, d)
	if err == nil {
		err = validateTyped(d)
	}
	if err != nil {
		return nil, nil, err
	}
	raw, err := rawJSON(d)
	if err != nil || string(raw) == "null" {
		return nil, nil, err
	}
	return raw, shape, nil
}

// typedShape returns the shape of the code whose Go type is d's, and
// refuses d when its type is that of a shape the code does not carry
// (BudgetTooLowDetails on RATE_LIMITED). Types are matched by name, so that
// a struct generated for another spec version is recognised too.
func typedShape(v *adcp.Vocabulary, code adcp.Code, d any) (*adcp.DetailsShape, error) {
	t := reflect.TypeOf(d)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Name() == "" {
		return nil, nil
	}
	info, _ := v.Info(code)
	var own []string
	for _, s := range info.Shapes {
		if s.Type == t.Name() {
			return s, nil
		}
		own = append(own, s.Type)
	}
	for _, s := range v.Shapes() {
		if s.Type != t.Name() {
			continue
		}
		want := cmp.Or(strings.Join(own, " or "), "which has no details shape")
		return nil, fmt.Errorf("%s are the details of %s, not of %s (%s)", s.Type, joinCodes(s.Codes), code, want)
	}
	return nil, nil
}

// validateTyped calls the Validate method of a details value: a generated
// struct has one with a pointer receiver, so a struct given by value is
// validated through a pointer to a copy. A nil pointer (no details) and a
// value without the method are not validated.
func validateTyped(d any) error {
	if rv := reflect.ValueOf(d); rv.Kind() != reflect.Pointer {
		p := reflect.New(rv.Type())
		p.Elem().Set(rv)
		d = p.Interface()
	} else if rv.IsNil() {
		return nil
	}
	if dv, ok := d.(interface{ Validate() error }); ok {
		return dv.Validate()
	}
	return nil
}

// shapeFor picks the details shape of a code for details decoded as obj:
// the first shape whose When condition holds, else the code's only
// unconditional shape, else none.
func shapeFor(info adcp.CodeInfo, obj map[string]json.RawMessage) *adcp.DetailsShape {
	var plain []*adcp.DetailsShape
	for _, s := range info.Shapes {
		if s.When == nil {
			plain = append(plain, s)
		} else if whenHolds(s, obj) {
			return s
		}
	}
	if len(plain) == 1 {
		return plain[0]
	}
	return nil
}

// whenHolds reports whether the condition of a conditional shape holds for
// details decoded as obj: its member is the string it names.
func whenHolds(s *adcp.DetailsShape, obj map[string]json.RawMessage) bool {
	var v string
	return json.Unmarshal(obj[s.When.Key], &v) == nil && v == s.When.Value
}

// checkShapes validates details (raw, decoded as obj) against every shape
// of the code they must fit, as Finalize documents. The shape typed, whose
// Go type's Validate method checked the details, is not checked again.
func checkShapes(info adcp.CodeInfo, code adcp.Code, raw []byte, obj map[string]json.RawMessage, typed *adcp.DetailsShape) error {
	own := strings.ReplaceAll(strings.ToLower(string(code)), "_", "-")
	for _, s := range info.Shapes {
		must := s.Name == own || slices.ContainsFunc(s.Fields, func(f string) bool { _, ok := obj[f]; return ok })
		if s.When != nil {
			must = whenHolds(s, obj)
		}
		if !must || s == typed {
			continue
		}
		if err := s.Validate(raw); err != nil {
			return fmt.Errorf("do not fit %s: %w", s.Name, err)
		}
	}
	return nil
}

// closedDetails writes the members of obj (compact values) that a closed
// shape declares, in the shape's order.
func closedDetails(s *adcp.DetailsShape, obj map[string]json.RawMessage) json.RawMessage {
	var ms object
	for _, f := range s.Fields {
		if raw, ok := obj[f]; ok {
			ms = append(ms, jsonwire.Member{Key: f, Raw: raw})
		}
	}
	b, _ := ms.MarshalJSON()
	return b
}

// firstViolationPointer returns details.violations[0].pointer of
// accessibility details, when it is a string.
func firstViolationPointer(obj map[string]json.RawMessage) (string, bool) {
	var v []struct {
		Pointer *string `json:"pointer"`
	}
	if json.Unmarshal(obj["violations"], &v) != nil || len(v) == 0 || v[0].Pointer == nil {
		return "", false
	}
	return *v[0].Pointer, true
}

// checkURLs refuses details holding a URL that adcp.CheckDetailsURLs would
// refuse whatever hosts the buyer knows, as Finalize documents.
func checkURLs(details []byte) error {
	return urlcheck.Details(details, func(s string) error {
		_, err := urlcheck.Form(s)
		return err
	})
}

// object is a JSON object's members in order (which encoding/json does not
// keep), each value compact JSON.
type object []jsonwire.Member

// members reads the members of a JSON object in order, each value compact,
// refusing anything but one object in valid UTF-8 and a repeated name
// (names compared as encoding/json decodes them).
func members(raw []byte) (object, error) {
	if !utf8.Valid(raw) {
		return nil, errors.New("must be a JSON object in valid UTF-8")
	}
	ms, _, err := jsonwire.Members(raw)
	if err != nil {
		return nil, err
	}
	seen := make(map[string]bool, len(ms))
	for i, m := range ms {
		if seen[m.Key] {
			return nil, fmt.Errorf("duplicate member %q", m.Key)
		}
		seen[m.Key] = true
		ms[i].Raw, _ = jsonwire.Marshal(m.Raw) // compact: valid JSON
	}
	return ms, nil
}

// index returns the index of the member named k, or -1.
func (o object) index(k string) int {
	return slices.IndexFunc(o, func(m jsonwire.Member) bool { return m.Key == k })
}

// without returns a copy of o without the member named k.
func (o object) without(k string) object {
	return slices.DeleteFunc(slices.Clone(o), func(m jsonwire.Member) bool { return m.Key == k })
}

// MarshalJSON writes o as one compact JSON object, its members in order.
func (o object) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, m := range o {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := jsonwire.Marshal(m.Key) // a string always encodes
		b = append(append(append(b, k...), ':'), m.Raw...)
	}
	return append(b, '}'), nil
}
