package jsonwire_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/adcperr"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// marshalRaw is a Marshaler whose output is given (and fails with err).
type marshalRaw struct {
	out string
	err error
}

func (m marshalRaw) MarshalJSON() ([]byte, error) { return []byte(m.out), m.err }

// marshalPtr has MarshalJSON on its pointer only.
type marshalPtr struct{ A int }

func (m *marshalPtr) MarshalJSON() ([]byte, error) { return []byte(`{"ptr":true}`), nil }

// encodingJSONAny is encoding/json's compact encoding of v without HTML
// escaping, what Marshal must write.
func encodingJSONAny(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// TestMarshalMatchesEncodingJSON holds Marshal, its shortcut for values
// with their own MarshalJSON included, to encoding/json: the same bytes, or
// the same error.
func TestMarshalMatchesEncodingJSON(t *testing.T) {
	f := func(x float64) *float64 { return &x }
	typed := adcperr.RateLimitedDetails{Limit: f(100), Remaining: f(0), WindowSeconds: f(60), Scope: adcperr.RateLimitedDetailsScopeAccount}
	var nilTyped *adcperr.RateLimitedDetails
	var nilErr *adcp.Error
	for i, v := range []any{
		typed, &typed, nilTyped, adcperr.RateLimitedDetails{}, nilErr,
		&adcp.Error{Code: "X", Message: "<b>&</b> \u2028 \xff", Details: json.RawMessage(` {"a" : 1} `)},
		&adcp.Error{Code: "X", Message: "m", Details: json.RawMessage(`{"a":`)},
		marshalRaw{out: `{"a":1}`}, marshalRaw{out: ` {"a" : 1} `}, marshalRaw{out: `{"a":`}, marshalRaw{out: `{"a":"<&>\u2028"}`},
		marshalRaw{out: `{},{}`}, marshalRaw{out: ``}, marshalRaw{err: errors.New("no")}, &marshalRaw{out: `[1]`},
		marshalPtr{A: 1}, &marshalPtr{A: 1}, map[string]any{"b": 1, "a": "<"}, struct{ X int }{1}, nil,
	} {
		got, err := jsonwire.Marshal(v)
		want, werr := encodingJSONAny(v)
		if !bytes.Equal(got, want) || fmt.Sprint(err) != fmt.Sprint(werr) {
			t.Errorf("%d: Marshal(%#v) = %s, %v; encoding/json: %s, %v", i, v, got, err, want, werr)
		}
	}
}
