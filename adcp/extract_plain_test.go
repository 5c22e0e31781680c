package adcp

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// checkPlainEncoded compares plainEncodedError on the valid JSON raw with
// the general path it stands in for: extractProblem's verdict, then
// UnmarshalValidJSON's Error (every field, the codec state included). It
// returns whether plainEncodedError decided.
func checkPlainEncoded(t *testing.T, raw []byte) bool {
	t.Helper()
	e, decided := plainEncodedError(raw)
	if !decided {
		if e != nil {
			t.Fatalf("%.200s: undecided, with an Error", raw)
		}
		return false
	}
	problem := extractProblem(raw)
	if (e != nil) != (problem == "") {
		t.Fatalf("%.200s: plainEncodedError valid %v, extractProblem %q", raw, e != nil, problem)
	}
	if e != nil {
		if want := extractDecodeError(jsonwire.Trim(raw)); !reflect.DeepEqual(*e, *want) {
			t.Fatalf("%.200s:\nplain   %#v\ngeneral %#v", raw, *e, *want)
		}
	}
	return true
}

// TestPlainEncodedError: the errors the one pass decides, valid and not,
// and those it leaves to the general path, each compared with it.
func TestPlainEncodedError(t *testing.T) {
	long := strings.Repeat("x", MaxErrorSize)
	tests := []struct {
		raw     string
		decided bool
	}{
		{`{"code":"RATE_LIMITED","message":"Request rate exceeded","retry_after":5,"recovery":"transient"}`, true},
		{` {"code" : "X" , "retry_after" : 2.5 } `, true},
		{`{"code":"X","retry_after":-0}`, true},
		{`{"code":"X","retry_after":1e2}`, true},
		{`{"code":"X","field":"a","suggestion":"b","source":"sdk","sdk_id":"adcp-go@1","recovery":"correctable"}`, true},
		{`{"code":"BUDGET_TOO_LOW","details":{"minimum":{"amount":5000,"currency":"USD"}},"message":"m"}`, true},
		{`{"code":"X","details":[1.50,"\u0041",{"b":1,"a":2,"b":3}]}`, true},
		{`{"code":"X","details":null}`, true},
		{`{"code":"` + strings.Repeat("A", MaxCodeLength) + `"}`, true},
		{`{"code":"","message":"empty code"}`, true},                      // invalid
		{`{"message":"no code"}`, true},                                   // invalid
		{`{}`, true},                                                      // invalid
		{`{"code":"` + strings.Repeat("A", MaxCodeLength+1) + `"}`, true}, // invalid
		{`{"code":"X","message":"` + long + `"}`, true},                   // invalid: too large
		{`{"code":"X","message":"` + long[:MaxErrorSize-len(`{"code":"X","message":""}`)] + `"}`, true},
		{`{"code":"X","message":"` + long[:MaxErrorSize-len(`{"code":"X","message":""}`)+1] + `"}`, true}, // invalid
		{`{"code":"VALIDATION_ERROR","issues":[{"pointer":"/a","message":"m","keyword":"required"},{"keyword":"type","schemaPath":"#/x","schema_id":"/s"}]}`, true},
		{`{"code":"X","issues":[{}]}`, true},
		{`{"code":"X","issues":[{"pointer":"/a"}],"issues":[]}`, false},
		{`{"code":"X","issues":[]}`, false},
		{`{"code":"X","issues":[` + strings.Repeat(`{"pointer":"/a"},`, plainIssueMax) + `{}]}`, false},
		{`{"code":"X","issues":[` + strings.Repeat(`{"pointer":"/a"},`, plainIssueMax-1) + `{}]}`, true},
		{`{"code":"X","issues":[{"pointer":"/a","discriminator":[]}]}`, false},
		{`{"code":"X","issues":[{"pointer":"/a","pointer":"/b"}]}`, false},
		{`{"code":"X","issues":[{"p\u006finter":"/a"}]}`, false},
		{`{"code":"X","issues":[{"pointer":1}]}`, false},
		{`{"code":"X","issues":["/a"]}`, false},
		{`{"code":"X","issues":{}}`, false},
		{`{"code":"X","extra":1}`, false},
		{`{"code":"X","code":"Y"}`, false},
		{`{"code":"\u0058"}`, false},
		{`{"c\u006fde":"X"}`, false},
		{`{"code":"X","message":"caf\u00e9"}`, false},
		{`{"code":"X","message":"café"}`, true},
		{`{"code":"X","message":"レート制限を超えました","suggestion":"5 秒後に再試行"}`, true},
		{"{\"code\":\"X\",\"message\":\"a\u2028b\u2029\"}", true}, // raw U+2028: 6 bytes each once encoded
		{"{\"code\":\"X\",\"message\":\"\xff\"}", false},          // invalid UTF-8: written back as \ufffd
		{`{"code":"コード"}`, true},
		{`{"code":"` + strings.Repeat("é", MaxCodeLength) + `"}`, true},   // 64 characters, 128 bytes
		{`{"code":"` + strings.Repeat("é", MaxCodeLength+1) + `"}`, true}, // invalid: 65 characters
		{`{"code":"X","issues":[{"pointer":"/名前","message":"必須です","keyword":"required"}]}`, true},
		{`{"code":"X","issues":[{"message":"caf\u00e9"}]}`, false},
		{`{"code":5}`, false},
		{`{"code":"X","message":null}`, false},
		{`{"code":"X","retry_after":"5"}`, false},
		{`{"code":"X","retry_after":1e400}`, false},
		{`{"code":"X","retry_after":3600.0000000000000001}`, false},
		{`{"code":"X","details":` + strings.Repeat("[", 40) + strings.Repeat("]", 40) + `}`, false},
		{`["code"]`, false},
		{`"code"`, false},
	}
	for _, tt := range tests {
		if !json.Valid([]byte(tt.raw)) {
			t.Fatalf("%s: not valid JSON", tt.raw)
		}
		if got := checkPlainEncoded(t, []byte(tt.raw)); got != tt.decided {
			t.Errorf("%.80s: decided %v, want %v", tt.raw, got, tt.decided)
		}
	}
}

// TestPlainEncodedErrorVectors: every adcp_error of the official vectors
// and of ours gets the general path's verdict and Error.
func TestPlainEncodedErrorVectors(t *testing.T) {
	decided := 0
	for _, in := range vectorResponses(t) {
		for _, raw := range adcpErrorValues(in) {
			if checkPlainEncoded(t, raw) {
				decided++
			}
		}
	}
	if decided == 0 {
		t.Fatal("no vector's error was decided in one pass")
	}
}

// TestExtractPlainAllocs: a common error found in bytes costs the copy of
// its bytes, one allocation for its strings and one for the Error (and
// one for its issues, when it has some).
func TestExtractPlainAllocs(t *testing.T) {
	in := []byte(`{"content":[{"type":"text","text":"Request rate exceeded."}],"isError":true,` +
		`"structuredContent":{"adcp_error":{"code":"RATE_LIMITED","message":"Request rate exceeded","recovery":"transient","retry_after":5}}}`)
	if x, ok := Extract(in); !ok || x.Err.Code != "RATE_LIMITED" || *x.Err.RetryAfter != 5 {
		t.Fatalf("Extract = %+v, %v", x, ok)
	}
	if n := testing.AllocsPerRun(100, func() { Extract(in) }); n != 3 {
		t.Errorf("Extract allocates %v times, want 3", n)
	}
	in = readPerf(t, "error-ja-mcp") // text that is not ASCII, not escaped
	if x, ok := Extract(in); !ok || x.Err.Message != "リクエストのレート制限を超えました" {
		t.Fatalf("Extract = %+v, %v", x, ok)
	}
	if n := testing.AllocsPerRun(100, func() { Extract(in) }); n != 3 {
		t.Errorf("Extract of an error in Japanese allocates %v times, want 3", n)
	}
	in = readPerf(t, "error-issues-mcp")
	if x, ok := Extract(in); !ok || len(x.Err.Issues) != 2 {
		t.Fatalf("Extract = %+v, %v", x, ok)
	}
	if n := testing.AllocsPerRun(100, func() { Extract(in) }); n != 4 {
		t.Errorf("Extract of an error with issues allocates %v times, want 4", n)
	}
}

// FuzzPlainEncodedError compares the one pass with the general path on
// any JSON object.
func FuzzPlainEncodedError(f *testing.F) {
	for _, in := range vectorResponses(f) {
		for _, raw := range adcpErrorValues(in) {
			f.Add(raw)
		}
	}
	for _, s := range []string{
		`{"code":"X","retry_after":0.1,"details":{"a":[1e21,1e-7,"<&>"]}}`,
		`{"code":"X","message":"\u2028","retry_after":-0.0}`,
		`{"code":"X" , "field" : "" ,"recovery":"terminal"}`,
		"{\"code\":\"é\",\"message\":\"\u2028\u00e9\xff\",\"issues\":[{\"message\":\"ü\"}]}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if !json.Valid(raw) {
			return
		}
		checkPlainEncoded(t, raw)
	})
}

// adcpErrorValues returns the encodings of the adcp_error members found
// anywhere in the JSON document in, as written in it.
func adcpErrorValues(in []byte) [][]byte {
	var out [][]byte
	var walk func(raw json.RawMessage)
	walk = func(raw json.RawMessage) {
		var obj map[string]json.RawMessage
		if json.Unmarshal(raw, &obj) == nil {
			for k, v := range obj {
				if k == "adcp_error" {
					out = append(out, v)
				}
				walk(v)
			}
			return
		}
		var arr []json.RawMessage
		if json.Unmarshal(raw, &arr) == nil {
			for _, v := range arr {
				walk(v)
			}
			return
		}
		// A text item may hold a response as JSON text.
		var s string
		if json.Unmarshal(raw, &s) == nil && json.Valid([]byte(s)) {
			walk(json.RawMessage(s))
		}
	}
	walk(in)
	return out
}

// TestPlainEncodedErrorSizeBoundary: errors of each shape the one pass
// decides, padded to MaxErrorSize bytes and to one more, with white space
// that does not count.
func TestPlainEncodedErrorSizeBoundary(t *testing.T) {
	for _, tmpl := range []string{
		`{"code":"X","message":"%s"}`,
		`{ "code" : "RATE_LIMITED" , "message" : "%s" , "retry_after" : 30 , "recovery" : "transient" }`,
		`{"code":"X","suggestion":"再試行してください","message":"%s"}`,
		"{\"code\":\"X\",\"field\":\"\u2028\",\"message\":\"%s\"}",
		`{"code":"B","details":{"minimum":{"amount":5000,"currency":"USD"}, "list":[1, "a", null, true]},"message":"%s"}`,
		`{"code":"V","issues":[ {"pointer":"/a","message":"m","keyword":"required"} , {} ],"message":"%s","field":"f"}`,
	} {
		// Validate's measure: decoded into any, encoded again compactly
		// without HTML escaping (U+2028 is written \u2028).
		var v any
		if err := json.Unmarshal([]byte(strings.Replace(tmpl, "%s", "", 1)), &v); err != nil {
			t.Fatal(err)
		}
		var enc bytes.Buffer
		w := json.NewEncoder(&enc)
		w.SetEscapeHTML(false)
		if err := w.Encode(v); err != nil {
			t.Fatal(err)
		}
		size := enc.Len() - 1 // the newline Encode ends with
		for _, over := range []int{0, 1} {
			pad := strings.Repeat("x", MaxErrorSize-size+over)
			raw := []byte(strings.Replace(tmpl, "%s", pad, 1))
			if !checkPlainEncoded(t, raw) {
				t.Fatalf("%.80s: not decided", raw)
			}
			if e, _ := plainEncodedError(raw); (e != nil) != (over == 0) {
				t.Errorf("%.80s (%d bytes over the limit): valid %v", raw, over, e != nil)
			}
		}
	}
}
