package jsonwire_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
	"github.com/adcp-gen/adcp-gen/adcp/internal/testvocab"
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
	typed := testvocab.RateLimitedDetails{Limit: f(100), Remaining: f(0), WindowSeconds: f(60), Scope: testvocab.RateLimitedDetailsScopeAccount}
	var nilTyped *testvocab.RateLimitedDetails
	var nilErr *adcp.Error
	for i, v := range []any{
		typed, &typed, nilTyped, testvocab.RateLimitedDetails{}, nilErr,
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

// TestMarshalPlainMatchesEncodingJSON holds Marshal's writer for plain
// values (AppendPlain) to encoding/json, and says which values it writes
// itself: a fallback to encoding/json for all of them would pass the
// comparison alone.
func TestMarshalPlainMatchesEncodingJSON(t *testing.T) {
	deep := func(n int, leaf any) any {
		v := leaf
		for i := 0; i < n; i++ {
			if i%2 == 0 {
				v = map[string]any{"a": v}
			} else {
				v = []any{v}
			}
		}
		return v
	}
	cyclic := map[string]any{}
	cyclic["self"] = cyclic
	var nilMap map[string]any
	var nilStrings map[string]string
	for i, c := range []struct {
		v     any
		plain bool // AppendPlain writes it
	}{
		{nil, true}, {true, true}, {false, true}, {"", true}, {"<b>&</b> \u2028\u2029 \x00\x1f \" \\ \xff é 😀", true},
		{0.0, true}, {math.Copysign(0, -1), true}, {1.5, true}, {1e20, true}, {1e21, true}, {123456789e15, true},
		{1e-6, true}, {1e-7, true}, {-1.5e-300, true}, {5e-324, true}, {math.MaxFloat64, true}, {100.0, true},
		{math.NaN(), false}, {math.Inf(1), false}, {math.Inf(-1), false}, {float32(1.1), false},
		{int(-7), true}, {int(math.MaxInt), true}, {int64(math.MinInt64), true},
		{int8(-128), false}, {int32(-1 << 31), false}, {uint(7), false}, {uint64(math.MaxUint64), false}, {uintptr(1), false},
		{json.Number(""), true}, {json.Number("0"), true}, {json.Number("-1.5e+30"), true}, {json.Number("1E-7"), true},
		{json.Number("01"), false}, {json.Number("-"), false}, {json.Number("1."), false}, {json.Number("NaN"), false},
		{json.RawMessage(nil), true}, {json.RawMessage(` { "b" : [ 1 , "<&>" ] } `), true}, {json.RawMessage(`{"a":`), false},
		{json.RawMessage(``), false}, {json.RawMessage(`1 2`), false},
		{[]string(nil), false}, {[]string{"a", "<", "\xff"}, false},
		{[]any(nil), true}, {[]any{}, true}, {[]any{1, "a", nil, []any{true}}, true},
		{nilStrings, false}, {map[string]string{"b": "1", "a": "<"}, false},
		{nilMap, true}, {map[string]any{}, true},
		{map[string]any{"limit": 100, "remaining": 0, "window_seconds": 60.5, "scope": "account"}, true},
		{map[string]any{"b": map[string]any{"z": []any{}, "y": nil}, "a": []any{"x"}, "A": json.Number("2"), "": 1}, true},
		{map[string]any{"n": 1, "s": []string{"x"}}, false},
		{map[string]any{"\xff": 1, "\ufffd": 2, "a\u2028": 3}, true}, // keys sorted by their bytes, invalid ones then written as U+FFFD
		{map[string]any{"x": math.NaN()}, false}, {map[string]any{"x": struct{ X int }{1}}, false},
		{[]any{1, map[string]any{"deep": struct{}{}}}, false}, {map[string]any{"raw": json.RawMessage(`{`)}, false},
		{map[string]any{"typed": &marshalPtr{A: 1}}, false}, {[]int{1}, false}, {map[string]int{"a": 1}, false},
		{deep(plainDepthForTest, "leaf"), true}, {deep(plainDepthForTest+1, "leaf"), false},
		{deep(300, 1.0), false}, {cyclic, false},
	} {
		_, plain := jsonwire.AppendPlain(nil, c.v)
		if plain != c.plain {
			t.Errorf("%d: AppendPlain(%#v) reports %v, want %v", i, c.v, plain, c.plain)
		}
		got, err := jsonwire.Marshal(c.v)
		want, werr := encodingJSONAny(c.v)
		if !bytes.Equal(got, want) || fmt.Sprint(err) != fmt.Sprint(werr) {
			t.Errorf("%d: Marshal(%#v) = %s, %v; encoding/json: %s, %v", i, c.v, got, err, want, werr)
		}
	}
	// What AppendPlain appends to is kept.
	if b, ok := jsonwire.AppendPlain([]byte("x="), map[string]any{"a": 1}); !ok || string(b) != `x={"a":1}` {
		t.Errorf("AppendPlain after a prefix: %s, %v", b, ok)
	}
}

// plainDepthForTest is how deep AppendPlain writes nested arrays and
// objects itself (jsonwire's plainDepth).
const plainDepthForTest = 64

// FuzzMarshalPlainMatchesEncodingJSON decodes arbitrary JSON as encoding/json
// decodes it into any (numbers as float64, or as json.Number) and holds
// Marshal's encoding of it to encoding/json's; every such value is plain
// unless nested deeper than AppendPlain goes.
func FuzzMarshalPlainMatchesEncodingJSON(f *testing.F) {
	for _, s := range []string{`{"limit":100,"remaining":0,"scope":"account"}`, `[1,"a",null,true,{"b":[]}]`,
		`{"\u00e9":"\ud800","a":1e400}`, `"<&>\u2028"`, `-0`, `1e-7`, `{"b":1,"a":{"c":[1.5e300]}}`} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, data []byte, useNumber bool) {
		dec := json.NewDecoder(bytes.NewReader(data))
		if useNumber {
			dec.UseNumber()
		}
		var v any
		if dec.Decode(&v) != nil {
			return
		}
		got, err := jsonwire.Marshal(v)
		want, werr := encodingJSONAny(v)
		if !bytes.Equal(got, want) || fmt.Sprint(err) != fmt.Sprint(werr) {
			t.Fatalf("Marshal(%#v) = %s, %v; encoding/json: %s, %v", v, got, err, want, werr)
		}
		if _, ok := jsonwire.AppendPlain(nil, v); !ok && depthOf(v) <= plainDepthForTest {
			t.Fatalf("AppendPlain refused %#v, decoded from %q", v, data)
		}
	})
}

// depthOf is how deeply v's arrays and objects nest.
func depthOf(v any) int {
	d := 0
	switch t := v.(type) {
	case []any:
		for _, x := range t {
			d = max(d, depthOf(x))
		}
		return d + 1
	case map[string]any:
		for _, x := range t {
			d = max(d, depthOf(x))
		}
		return d + 1
	}
	return 0
}
