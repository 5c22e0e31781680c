package seller

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

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

// TestBuildMarshalMatchesEncodingJSON holds buildMarshal to jsonwire.Marshal
// (encoding/json): the same bytes, or the same error.
func TestBuildMarshalMatchesEncodingJSON(t *testing.T) {
	f := func(x float64) *float64 { return &x }
	typed := adcperr.RateLimitedDetails{Limit: f(100), Remaining: f(0), WindowSeconds: f(60), Scope: adcperr.RateLimitedDetailsScopeAccount}
	var nilTyped *adcperr.RateLimitedDetails
	for i, d := range []any{
		typed, &typed, nilTyped, adcperr.RateLimitedDetails{},
		marshalRaw{out: `{"a":1}`}, marshalRaw{out: ` {"a" : 1} `}, marshalRaw{out: `{"a":`}, marshalRaw{out: `{"a":"<&>\u2028"}`},
		marshalRaw{out: `{},{}`}, marshalRaw{out: ``}, marshalRaw{err: errors.New("no")}, &marshalRaw{out: `[1]`},
		marshalPtr{A: 1}, &marshalPtr{A: 1}, map[string]any{"b": 1, "a": "<"}, struct{ X int }{1},
	} {
		got, err := buildMarshal(d)
		want, werr := jsonwire.Marshal(d)
		if !bytes.Equal(got, want) || fmt.Sprint(err) != fmt.Sprint(werr) {
			t.Errorf("%d: buildMarshal(%#v) = %s, %v; encoding/json: %s, %v", i, d, got, err, want, werr)
		}
	}
}
