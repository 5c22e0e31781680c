package jsonwire

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// decodeAnyRef is encoding/json's decoder into any, with UseNumber when
// useNumber is set, after json.Valid: what DecodeAny must equal.
func decodeAnyRef(raw []byte, useNumber bool) (any, bool) {
	if !json.Valid(raw) {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if useNumber {
		dec.UseNumber()
	}
	var val any
	if err := dec.Decode(&val); err != nil {
		return nil, false
	}
	return val, true
}

// checkDecodeAny holds DecodeAny to encoding/json on in, in both number
// modes.
func checkDecodeAny(t *testing.T, in []byte) {
	t.Helper()
	for _, useNumber := range []bool{true, false} {
		got, gotOK := DecodeAny(in, useNumber)
		want, wantOK := decodeAnyRef(in, useNumber)
		if gotOK != wantOK || gotOK && !reflect.DeepEqual(got, want) {
			t.Errorf("DecodeAny(%.60q, %v) = %#v, %v; encoding/json: %#v, %v", in, useNumber, got, gotOK, want, wantOK)
		}
	}
}

var decodeAnyCases = []string{
	`{}`, `[]`, `""`, `0`, `-0`, `1.5e-7`, `1E400`, `-1e400`, `1e-400`, `[1,1e400]`, `{"a":1e309}`, `4.9e-324`,
	`123456789012345678901234567890`, `0.1`, `1.0`, `-0.0`, `1e2`, `1E+2`, `true`, `false`, `null`,
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
		checkDecodeAny(t, []byte(in))
	}
}

func FuzzDecodeAny(f *testing.F) {
	for _, in := range decodeAnyCases {
		f.Add([]byte(in))
	}
	f.Fuzz(func(t *testing.T, in []byte) { checkDecodeAny(t, in) })
}

func BenchmarkDecodeAny(b *testing.B) {
	in := []byte(`{"code":"POLICY_VIOLATION","details":{"policies":[{"id":"p-1","title":"Alcohol \u00e9",` +
		`"severity":"blocking","regions":["US","CA"],"score":0.75}],"count":1,"nested":{"a":[true,false,null]}}}`)
	for _, impl := range []struct {
		name string
		f    func([]byte, bool) (any, bool)
	}{{"impl=DecodeAny", DecodeAny}, {"impl=encoding-json", decodeAnyRef}} {
		b.Run(impl.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, ok := impl.f(in, false); !ok {
					b.Fatal("refused")
				}
			}
		})
	}
}
