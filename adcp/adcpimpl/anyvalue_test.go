package adcpimpl

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// decodeAnyRef is what decodeAny replaced: encoding/json's decoder into any
// with UseNumber, after json.Valid.
func decodeAnyRef(raw []byte) (any, bool) {
	if !json.Valid(raw) {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var val any
	if err := dec.Decode(&val); err != nil {
		return nil, false
	}
	return val, true
}

var decodeAnyCases = []string{
	`{}`, `[]`, `""`, `0`, `-0`, `1.5e-7`, `1E400`, `123456789012345678901234567890`, `true`, `false`, `null`,
	` { "a" : [ 1 , "x" , null , { } , [ ] ] , "b":{"c":{"d":[[[]]]}} } `,
	`{"a":1,"a":2}`, `{"a":{"x":1},"a":[]}`,
	`"esc \" \\ \/ \b \f \n \r \t \u00e9 \u2028"`,
	`"\ud83d\ude00"`, `"\ud83d"`, `"\ude00x"`, `"\ud83d\u0041"`, `"\ud83d\ud83d\ude00"`, `"\udc00\ud800"`,
	`"caf\u00e9 \u00E8\u0000 \\u00e9 \\\u00e9"`, "\"\\n\xe9\xff\xc3\xa9\"",
	"\"bad \xff utf8\"", "{\"k\xc3\":\"v\"}",
	`{"\u0061":1,"a":2}`, `["a",["b",["c"]],{"":""}]`,
	"\t\n\r [1]\n",
	// refused
	``, ` `, `{`, `[1,]`, `{"a":1,}`, `01`, `"\x"`, `nul`, `[1] [2]`, `{"a" 1}`, "\"\x01\"", `1.`, `.5`,
}

func TestDecodeAnyMatchesEncodingJSON(t *testing.T) {
	deep := strings.Repeat("[", 5000) + strings.Repeat("]", 5000)
	tooDeep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	for _, in := range append(decodeAnyCases, deep, tooDeep) {
		got, gotOK := decodeAny([]byte(in))
		want, wantOK := decodeAnyRef([]byte(in))
		if gotOK != wantOK || !reflect.DeepEqual(got, want) {
			t.Errorf("decodeAny(%.60q) = %#v, %v; encoding/json: %#v, %v", in, got, gotOK, want, wantOK)
		}
	}
}

func FuzzDecodeAny(f *testing.F) {
	for _, in := range decodeAnyCases {
		f.Add([]byte(in))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		got, gotOK := decodeAny(in)
		want, wantOK := decodeAnyRef(in)
		if gotOK != wantOK || !reflect.DeepEqual(got, want) {
			t.Errorf("decodeAny(%q) = %#v, %v; encoding/json: %#v, %v", in, got, gotOK, want, wantOK)
		}
	})
}

func BenchmarkDecodeAny(b *testing.B) {
	in := []byte(`{"code":"POLICY_VIOLATION","details":{"policies":[{"id":"p-1","title":"Alcohol \u00e9",` +
		`"severity":"blocking","regions":["US","CA"],"score":0.75}],"count":1,"nested":{"a":[true,false,null]}}}`)
	for _, impl := range []struct {
		name string
		f    func([]byte) (any, bool)
	}{{"impl=anyValue", decodeAny}, {"impl=encoding-json", decodeAnyRef}} {
		b.Run(impl.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, ok := impl.f(in); !ok {
					b.Fatal("refused")
				}
			}
		})
	}
}

// BenchmarkUnquote: a string literal with escapes, as Python's json.dumps
// writes non-ASCII text by default (ensure_ascii), decoded by unquote
// beside encoding/json (what unquote called for such a literal before).
func BenchmarkUnquote(b *testing.B) {
	lit := []byte(`"Caf\u00e9 cr\u00e8me: \u00ab no alcohol \u00bb \u2014 policy \"P-1\"\n"`)
	want := unquote(lit)
	for _, impl := range []struct {
		name string
		f    func([]byte) string
	}{
		{"impl=unquote", unquote},
		{"impl=encoding-json", func(lit []byte) string {
			var s string
			_ = json.Unmarshal(lit, &s)
			return s
		}},
	} {
		b.Run(impl.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if impl.f(lit) != want {
					b.Fatal("different")
				}
			}
		})
	}
}
