package adcp

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// TestPlainStringLen compares plainStringLen, eight bytes at a time, with
// exactStringLen on strings of 0 to 25 bytes holding every byte value at
// every position (the first word, a middle one, the overlapping last one),
// and checks ascii: true exactly when no byte needs escaping or is not
// ASCII.
func TestPlainStringLen(t *testing.T) {
	for size := 0; size <= 25; size++ {
		for pos := 0; pos < max(size, 1); pos++ {
			for c := 0; c < 256; c++ {
				b := []byte(strings.Repeat("a", size))
				if size > 0 {
					b[pos] = byte(c)
				}
				s := string(b)
				n, ascii, exact := plainStringLen(s)
				wn, wexact := exactStringLen(s)
				if n != wn || exact != wexact {
					t.Fatalf("%q: %d %v, exactStringLen %d %v", s, n, exact, wn, wexact)
				}
				want := size == 0 || c < utf8.RuneSelf && jsonwire.EscapedLen[c] == 1
				if ascii != want {
					t.Fatalf("%q: ascii %v, want %v", s, ascii, want)
				}
			}
		}
	}
	// Multi-byte runes across the word boundaries.
	for _, s := range []string{"abcdefgé", "abcdefg\u2028", "abcdefghé", "é1234567", "abcdefg\xe2\x80", "\U0001F600abcdefgh"} {
		n, _, exact := plainStringLen(s)
		if wn, wexact := exactStringLen(s); n != wn || exact != wexact {
			t.Fatalf("%q: %d %v, exactStringLen %d %v", s, n, exact, wn, wexact)
		}
	}
}

// plainErrors are errors that plainError decodes (plain: true) or leaves
// to exactErrorEncoding, at the edges of its fast paths.
func plainErrors() []struct {
	e     map[string]any
	plain bool
} {
	pad := func(n int) string { return strings.Repeat("a", n) }
	// nest(d) is an object d levels deep: the error's members are at
	// depth 1, so details = nest(d) holds values at depth d+1.
	nest := func(d int) any {
		var v any = "leaf"
		for i := 0; i < d; i++ {
			v = map[string]any{"n": v}
		}
		return v
	}
	all := map[string]any{"code": "C", "message": "m", "field": "f", "suggestion": "s", "retry_after": 5.0, "recovery": "transient", "source": "sdk", "sdk_id": "a@1"}
	withDetails := map[string]any{"details": map[string]any{}}
	for k, v := range all {
		withDetails[k] = v
	}
	many := map[string]any{"code": "X"}
	for i := 0; i < 40; i++ {
		many[strings.Repeat("k", i+1)] = "v"
	}
	// Each base error with a message that brings its encoding to the
	// limit exactly, and one byte over: every member's length counts.
	var sized []struct {
		e     map[string]any
		plain bool
	}
	for _, base := range []map[string]any{
		{"code": "X"},
		{"code": "X", "retry_after": 5.0},
		{"code": "RATE_LIMITED", "retry_after": 1.5, "recovery": "transient"},
		{"code": "é\u2028", "field": "a.b[0]\n", "suggestion": "\"s\"", "source": "sdk", "sdk_id": "x@1", "retry_after": -1e21},
		all,
	} {
		with := func(msg string) map[string]any {
			e := map[string]any{}
			for k, v := range base {
				e[k] = v
			}
			e["message"] = msg
			return e
		}
		enc, err := jsonwire.Marshal(with(""))
		if err != nil {
			panic(err)
		}
		for over := 0; over <= 1; over++ {
			e := with(pad(MaxErrorSize - len(enc) + over))
			sized = append(sized, struct {
				e     map[string]any
				plain bool
			}{e, over == 0})
		}
	}
	return append(sized, []struct {
		e     map[string]any
		plain bool
	}{
		{map[string]any{"code": "RATE_LIMITED", "message": "Request rate exceeded", "retry_after": 5.0, "recovery": "transient"}, true},
		{map[string]any{"code": "X"}, true},
		{all, true},
		{withDetails, true},
		{many, false},
		// issues: an array of objects whose members are Issue's strings;
		// anything else goes the general way.
		{map[string]any{"code": "X", "issues": []any{}}, true},
		{map[string]any{"code": "X", "issues": []any{map[string]any{}}}, true},
		{map[string]any{"code": "VALIDATION_ERROR", "field": "packages[0].budget", "issues": []any{
			map[string]any{"pointer": "/packages/0/budget", "message": "must be >= 0", "keyword": "minimum", "schemaPath": "#/x", "schema_id": "/schemas/3.2.0/x.json"},
			map[string]any{"pointer": "/a~1b", "message": "é \u2028 \"q\"\n", "keyword": "required"}}}, true},
		{map[string]any{"code": "X", "issues": []any{map[string]any{"pointer": "/a", "discriminator": []any{map[string]any{"property_name": "k", "value": "v"}}}}}, false},
		{map[string]any{"code": "X", "issues": []any{map[string]any{"pointer": "/a", "other": "o"}}}, false},
		{map[string]any{"code": "X", "issues": []any{map[string]any{"pointer": 1.0}}}, false},
		{map[string]any{"code": "X", "issues": []any{map[string]any{"pointer": nil}}}, false},
		{map[string]any{"code": "X", "issues": []any{map[string]any{"message": "\xff"}}}, false},
		{map[string]any{"code": "X", "issues": []any{map[string]any{"message": json.Number("1")}}}, false},
		{map[string]any{"code": "X", "issues": []any{"not an object"}}, false},
		{map[string]any{"code": "X", "issues": []any{map[string]any{"pointer": "/a"}, nil}}, false},
		{map[string]any{"code": "X", "issues": []any{map[string]any(nil)}}, false},
		{map[string]any{"code": "X", "issues": []any(nil)}, false},
		{map[string]any{"code": "X", "issues": map[string]any{}}, false},
		{map[string]any{"code": "X", "issues": "text"}, false},
		{map[string]any{"code": "X", "issues": nil}, false},
		// {"code":"X","issues":[{"message":""}]} is 38 bytes, and 41 with
		// an empty issue before.
		{map[string]any{"code": "X", "issues": []any{map[string]any{"message": pad(4096 - 38)}}}, true},
		{map[string]any{"code": "X", "issues": []any{map[string]any{"message": pad(4096 - 37)}}}, false},
		{map[string]any{"code": "X", "issues": []any{map[string]any{"message": pad(5000)}}}, false},
		{map[string]any{"code": "X", "issues": []any{map[string]any{}, map[string]any{"message": pad(4096 - 41)}}}, true},
		{map[string]any{"code": "X", "issues": []any{map[string]any{}, map[string]any{"message": pad(4096 - 40)}}}, false},
		// details: any value the measurer sizes exactly, not nested
		// deeper than it goes; anything else goes the general way.
		{map[string]any{"code": "X", "details": nil}, true},
		{map[string]any{"code": "X", "details": "text"}, true},
		{map[string]any{"code": "X", "details": []any{1.5, true, nil, "é\u2028\n", map[string]any{}, []any{}}}, true},
		{map[string]any{"code": "X", "details": map[string]any{"minimum_budget": 500.0, "currency": "USD", "nested": map[string]any{"b": "1", "a": []any{"x"}}}}, true},
		{map[string]any{"code": "X", "details": nest(maxValueDepth - 1)}, true},
		{map[string]any{"code": "X", "details": nest(maxValueDepth)}, false},
		{map[string]any{"code": "X", "details": map[string]any{"k": "v\xff"}}, false},
		{map[string]any{"code": "X", "details": map[string]any{"k\xff": "v"}}, false},
		{map[string]any{"code": "X", "details": map[string]any{"n": json.Number("1")}}, false},
		{map[string]any{"code": "X", "details": map[string]any{"n": math.NaN()}}, false},
		{map[string]any{"code": "X", "details": map[string]any{"n": 1}}, false},
		{map[string]any{"code": "X", "details": json.RawMessage(`{}`)}, false},
		{map[string]any{"code": "X", "details": map[string]json.RawMessage{}}, false},
		{map[string]any{"code": "X", "details": map[string]any(nil)}, true},
		{map[string]any{"code": "X", "details": pad(4096 - 25)}, true},
		{map[string]any{"code": "X", "details": pad(4096 - 24)}, false},
		{map[string]any{"code": "X", "details": []any{pad(5000)}}, false},
		{map[string]any{"code": "X", "other": "o"}, false},
		{map[string]any{}, false},
		{map[string]any{"message": "no code"}, false},
		{map[string]any{"code": ""}, false},
		{map[string]any{"code": pad(64)}, true},
		{map[string]any{"code": pad(65)}, false},
		{map[string]any{"code": strings.Repeat("é", 64)}, true},
		{map[string]any{"code": strings.Repeat("é", 65)}, false},
		{map[string]any{"code": "X\xff"}, false},
		// A code that is not a string, of each type the measurer sizes.
		{map[string]any{"code": 429.0, "message": "m"}, false},
		{map[string]any{"code": nil}, false},
		{map[string]any{"code": true}, false},
		{map[string]any{"code": map[string]any{"c": "X"}}, false},
		{map[string]any{"code": []any{"X"}}, false},
		{map[string]any{"code": json.RawMessage(`"X"`)}, false},
		{map[string]any{"code": "X", "message": "\u2028 and é"}, true},
		{map[string]any{"code": "X", "message": "tab\there, quote\" (8+)"}, true},
		{map[string]any{"code": "X", "message": "1234567\""}, true},
		{map[string]any{"code": "X", "message": "12345678\\"}, true},
		{map[string]any{"code": "X", "message": "1234567\xff"}, false},
		{map[string]any{"code": "X", "message": 1.0}, false},
		{map[string]any{"code": "X", "message": nil}, false},
		{map[string]any{"code": "X", "message": json.Number("1")}, false},
		// The size: 25 bytes of braces, names, quotes and code around the
		// message, so 4071 bytes of it fill the limit exactly ("\n" is
		// written in 2).
		{map[string]any{"code": "X", "message": pad(4096 - 25)}, true},
		{map[string]any{"code": "X", "message": pad(4096 - 24)}, false},
		{map[string]any{"code": "X", "message": pad(5000)}, false},
		{map[string]any{"code": "X", "message": pad(4096-27) + "\n"}, true},
		{map[string]any{"code": "X", "message": pad(4096-26) + "\n"}, false},
		// retry_after: whole numbers, fractions, the edges of floatLen's
		// whole-number path, and what is not a finite float64.
		{map[string]any{"code": "X", "retry_after": 0.0}, true},
		{map[string]any{"code": "X", "retry_after": math.Copysign(0, -1)}, true},
		{map[string]any{"code": "X", "retry_after": 3600.0}, true},
		{map[string]any{"code": "X", "retry_after": 1.5}, true},
		{map[string]any{"code": "X", "retry_after": -7.0}, true},
		{map[string]any{"code": "X", "retry_after": 1e15 - 1}, true},
		{map[string]any{"code": "X", "retry_after": 1e15}, true},
		{map[string]any{"code": "X", "retry_after": float64(1 << 53)}, true},
		{map[string]any{"code": "X", "retry_after": 1e21}, true},
		{map[string]any{"code": "X", "retry_after": 1e-7}, true},
		{map[string]any{"code": "X", "retry_after": math.MaxFloat64}, true},
		{map[string]any{"code": "X", "retry_after": 5e-324}, true},
		{map[string]any{"code": "X", "retry_after": math.NaN()}, false},
		{map[string]any{"code": "X", "retry_after": math.Inf(-1)}, false},
		{map[string]any{"code": "X", "retry_after": "5"}, false},
		{map[string]any{"code": "X", "retry_after": json.Number("5")}, false},
		{map[string]any{"code": "X", "retry_after": 5}, false}, // an int: no decoder's
	}...)
}

// TestPlainError checks which errors plainError decodes, that what it
// decodes is exactly what the former round trip (encode, validate, decode)
// gives, through ExtractValue and an Extractor, on every common path, and
// that an Extractor reused across them gives each time what ExtractValue
// gives.
func TestPlainError(t *testing.T) {
	var ex Extractor
	for i, c := range plainErrors() {
		if e, _ := plainError(c.e, nil); (e != nil) != c.plain {
			t.Errorf("%d %s: plain %v, want %v", i, brief(c.e), e != nil, c.plain)
		}
		var into Extractor
		if e, _ := plainError(c.e, &into); (e != nil) != c.plain {
			t.Errorf("%d %s: plain into dst %v, want %v", i, brief(c.e), e != nil, c.plain)
		}
		for j, r := range wrapError(c.e) {
			checkOldNew(t, r, c.e)
			x, xok := ExtractValue(r)
			y, yok := ex.ExtractValue(r)
			if d := diffExtraction(x, xok, y, yok); d != "" {
				t.Fatalf("%d %s: Extractor: %s", i, brief(c.e), d)
			}
			if yok && c.plain && j < 3 && y.Err != &ex.e { // the payload's errors[] are not the first rules
				t.Errorf("%d %s: Extractor decoded a plain error elsewhere", i, brief(c.e))
			}
		}
	}
}

// TestExtractorAllocs: an Extractor extracts the common errors without
// allocating, on each common path (ExtractValue allocates the one Error),
// but for the encoding of their details and the slice of their issues
// when they have some.
func TestExtractorAllocs(t *testing.T) {
	for _, c := range []struct {
		e    map[string]any
		want float64 // an Extractor's allocations; ExtractValue's are one more
	}{
		{map[string]any{"code": "RATE_LIMITED", "message": "Request rate exceeded", "retry_after": 5.0, "recovery": "transient"}, 0},
		{map[string]any{"code": "BUDGET_TOO_LOW", "message": "Budget is below the seller's minimum", "recovery": "correctable",
			"field": "budget.total", "details": map[string]any{"minimum_budget": 500.0, "currency": "USD"}}, 1},
		{map[string]any{"code": "VALIDATION_ERROR", "message": "Request failed schema validation", "field": "budget.total",
			"issues": []any{map[string]any{"pointer": "/budget/total", "message": "must be >= 0", "keyword": "minimum"}}}, 1},
	} {
		var ex Extractor
		for _, r := range wrapError(c.e)[:3] {
			if n := testing.AllocsPerRun(100, func() {
				if _, ok := ex.ExtractValue(r); !ok {
					t.Fatal("not found")
				}
			}); n != c.want {
				t.Errorf("%v: Extractor: %v allocations, want %v", r, n, c.want)
			}
			if n := testing.AllocsPerRun(100, func() { ExtractValue(r) }); n != c.want+1 {
				t.Errorf("%v: ExtractValue: %v allocations, want %v", r, n, c.want+1)
			}
		}
	}
}

// TestExtractorVectors: on every vector (official and ours, decoded both
// ways), an Extractor reused from one to the next returns what
// ExtractValue returns.
func TestExtractorVectors(t *testing.T) {
	var ex Extractor
	n := 0
	for _, in := range vectorResponses(t) {
		for _, v := range decodeBoth(in) {
			x, xok := ExtractValue(v)
			y, yok := ex.ExtractValue(v)
			if d := diffExtraction(x, xok, y, yok); d != "" {
				t.Fatalf("%s: %s\nExtractValue %+v\nExtractor    %+v", in, d, x, y)
			}
			if xok && !reflect.DeepEqual(*x.Err, *y.Err) {
				t.Fatalf("%s: errors differ", in)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no vectors")
	}
}

// brief shows e with its long strings cut.
func brief(e map[string]any) string {
	short := make(map[string]any, len(e))
	for k, v := range e {
		if s, ok := v.(string); ok && len(s) > 40 {
			v = fmt.Sprintf("%.20s… (%d bytes)", s, len(s))
		}
		short[k] = v
	}
	return fmt.Sprintf("%#v", short)
}

// TestExtractorKeep: an Error copied out of an Extractor's result keeps
// its values, RetryAfter included, through the calls that follow (more
// than a block of retry_after floats), while the Err returned is reused.
func TestExtractorKeep(t *testing.T) {
	var ex Extractor
	var kept []Error
	var errs []*Error
	for i := range 200 {
		e := map[string]any{"code": fmt.Sprint("C", i), "retry_after": float64(i)}
		x, ok := ex.ExtractValue(wrapError(e)[i%3])
		if !ok {
			t.Fatalf("%d: not found", i)
		}
		kept = append(kept, *x.Err)
		errs = append(errs, x.Err)
	}
	for i, e := range kept {
		if string(e.Code) != fmt.Sprint("C", i) || e.RetryAfter == nil || *e.RetryAfter != float64(i) {
			t.Fatalf("%d: kept %+v (retry_after %v)", i, e, e.RetryAfter)
		}
	}
	if errs[0] != errs[1] || errs[0] != &ex.e {
		t.Error("the Extractor's Error is not reused")
	}
}
