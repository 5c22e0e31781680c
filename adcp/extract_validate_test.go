package adcp

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// validateCases are error objects written to probe the size and code rules
// where a scanner may part from decoding and re-encoding.
var validateCases = []string{
	`{"code":"X"}`,
	` {"code":"X"} `,
	`{"code":"X","code":7}`,
	`{"code":7,"code":"X"}`,
	`{"c\u006fde":"X"}`,
	`{"code":""}`,
	`{"code":"\ud83d\ude00"}`,
	`{"code":"\ud800"}`,
	"{\"code\":\"\xff\xfe\"}",
	`{"code":"` + strings.Repeat("é", 64) + `"}`,
	`{"code":"` + strings.Repeat(`\u00e9`, 65) + `"}`,
	`{"code":"X","m":"\u2028\u2029<>&\u007f\u0000\u001f\b\f\n\r\t\"\\\/"}`,
	"{\"code\":\"X\",\"m\":\"\xe2\x80\xa8\xed\xa0\x80\xc0\xaf\"}",
	`{"code":"X","m":"\ud800\udc00\udc00\ud800x\ud800\ud800\udc00"}`,
	`{"code":"X","d":{"a":1,"a":{"b":[1,2,{"c":"\u0041"}]},"\u0061":null}}`,
	"{\"code\":\"X\",\"k\xff\":1,\"k\xfe\":22}",
	`{"code":"X","n":[1.5e+10,-0,0.0001E-7,12345678901234567890123]}`,
	`{"code":"X","e":{},"a":[],"t":true,"f":false,"z":null}`,
	`{"code":"X","deep":` + strings.Repeat(`[`, 40) + strings.Repeat(`]`, 40) + `}`,
	`{"code":"X",` + strings.Repeat(`"k":1,`, 40) + `"k":2}`,
	`{"code":"X","k":1}x`,
	`{"code":"X"`,
	`["code"]`,
	"\xc2\xa0{\"code\":\"X\"}",
}

// validateSized returns objects around the 4096-byte bound for each kind of
// character, written raw and escaped.
func validateSized() []string {
	var out []string
	// {"code":"X","m":"…"} is 19 bytes plus the message.
	for _, unit := range []struct{ raw, enc string }{
		{"a", "a"}, {`\u0061`, "a"}, {"<", "<"}, {`\"`, `\"`}, {`\u0001`, `\u0001`},
		{`\n`, `\n`}, {"é", "é"}, {`\u2028`, `\u2028`}, {"\xff", "\ufffd"}, {`\ud83d\ude00`, "😀"},
	} {
		n := (MaxErrorSize - 19) / len(unit.enc)
		for _, k := range []int{n - 1, n, n + 1} {
			out = append(out, `{"code":"X","m":"`+strings.Repeat(unit.raw, k)+`"}`)
		}
	}
	return out
}

// TestValidateDifferential compares Validate with the reference on the
// cases above and on every error object of the vectors, and the measured
// size with the decoded-and-re-encoded one.
func TestValidateDifferential(t *testing.T) {
	ins := append(append([]string{}, validateCases...), validateSized()...)
	for _, r := range vectorResponses(t) {
		if x, ok := refExtract(r); ok {
			ins = append(ins, string(x.Raw()))
		}
	}
	for _, in := range ins {
		checkValidateDifferential(t, []byte(in))
	}
	// Each triple of sized objects straddles the bound.
	sized := validateSized()
	for i := 0; i < len(sized); i += 3 {
		if Validate([]byte(sized[i])) != nil || Validate([]byte(sized[i+2])) == nil {
			t.Errorf("sized objects %d-%d do not straddle %d bytes", i, i+2, MaxErrorSize)
		}
	}
}

func checkValidateDifferential(t *testing.T, in []byte) {
	t.Helper()
	got, want := Validate(in), refValidate(in)
	if (got == nil) != (want == nil) || got != nil && got.Error() != want.Error() {
		t.Fatalf("Validate(%q) = %v, reference %v", in, got, want)
	}
	b := jsonwire.Trim(in)
	if len(b) == 0 || !jsonwire.Valid(b) {
		return
	}
	if n, c, end := jsonwire.Measure(b, 0, 0, nil); end != jsonwire.TooComplex {
		m, _ := extractSerializedSize(b)
		if n != m || c != jsonwire.CompactLen(b) || end != len(b) {
			t.Fatalf("jsonwire.Measure(%q) = %d, %d (end %d of %d), want %d, %d", in, n, c, end, len(b), m, jsonwire.CompactLen(b))
		}
	}
}

// FuzzValidateDifferential compares Validate and the size it measures with
// the reference on arbitrary bytes.
func FuzzValidateDifferential(f *testing.F) {
	for _, s := range validateCases {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{"code":"RATE_LIMITED","message":"slow down","retry_after":5,"details":{"scope":"account"}}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		checkValidateDifferential(t, in)
		var v any
		if json.Unmarshal(in, &v) == nil {
			// Any JSON value, not only objects: the size of its encoding.
			b := jsonwire.Trim(in)
			if n, _, end := jsonwire.Measure(b, 0, 0, nil); end != jsonwire.TooComplex {
				if m, _ := extractSerializedSize(b); n != m {
					t.Fatalf("jsonwire.Measure(%q) = %d, want %d", in, n, m)
				}
			}
		}
	})
}
