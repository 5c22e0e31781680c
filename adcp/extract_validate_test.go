package adcp

import (
	"bytes"
	"encoding/json"
	"reflect"
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
	`{"code":"X","details":[0,-0,7,-7,10,99,100,-100,999999999999999,1000000000000000,-999999999999999,1e15,123.5,-0.5]}`,
	`{"code":"X","e":{},"a":[],"t":true,"f":false,"z":null}`,
	`{"code":"X","deep":` + strings.Repeat(`[`, 40) + strings.Repeat(`]`, 40) + `}`,
	`{"code":"X",` + strings.Repeat(`"k":1,`, 40) + `"k":2}`,
	`{"code":"X","k":1}x`,
	`{"code":"X"`,
	`["code"]`,
	"\xc2\xa0{\"code\":\"X\"}",
}

// validateSized returns objects around the 4096-unit bound for each kind of
// character, written raw and escaped (units: what JSON.stringify writes of
// it, in UTF-16 code units).
func validateSized() []string {
	var out []string
	// {"code":"X","m":"…"} is 19 units plus the message.
	for _, unit := range []struct {
		raw   string
		units int
	}{
		{"a", 1}, {`\u0061`, 1}, {"<", 1}, {`\"`, 2}, {`\u0001`, 6}, {`\n`, 2}, {"é", 1}, {"名", 1},
		{`\u2028`, 1}, {"\u2029", 1}, {"\xff", 1}, {`\ud83d\ude00`, 2}, {"😀", 2},
	} {
		n := (MaxErrorSize - 19) / unit.units
		for _, k := range []int{n - 1, n, n + 1} {
			out = append(out, `{"code":"X","m":"`+strings.Repeat(unit.raw, k)+`"}`)
		}
		// Declared members only (valueError decodes those from values):
		// {"code":"X","retry_after":1.5,"details":{"k":[1e21,true,null]},"message":"…"}
		// is 77 units plus the message (1e21 counts as 1e+21).
		n = (MaxErrorSize - 77) / unit.units
		for _, k := range []int{n - 1, n, n + 1} {
			out = append(out, `{"code":"X","retry_after":1.5,"details":{"k":[1e21,true,null]},"message":"`+strings.Repeat(unit.raw, k)+`"}`)
		}
	}
	return out
}

// TestValidateDifferential compares Validate with the reference on the
// cases above and on every error object of the vectors.
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
			t.Errorf("sized objects %d-%d do not straddle %d units", i, i+2, MaxErrorSize)
		}
	}
}

func checkValidateDifferential(t *testing.T, in []byte) {
	t.Helper()
	got, want := Validate(in), refValidate(in)
	if (got == nil) != (want == nil) || got != nil && got.Error() != want.Error() {
		t.Fatalf("Validate(%q) = %v, reference %v", in, got, want)
	}
	// Extract's verdict on the object found in a response, which judges a
	// short one by its decoded code without measuring it.
	if b := bytes.Trim(in, jsonSpace); len(b) > 0 && jsonwire.Valid(b) {
		resp := []byte(`{"isError":true,"structuredContent":{"adcp_error":` + string(b) + `}}`)
		if _, ok := Extract(resp); ok != (want == nil) {
			t.Fatalf("Extract of %q: %v, reference Validate %v", in, ok, want)
		}
	}
	// The decoded value's check and decoding (valueError) against those of
	// its encoding.
	var m map[string]any
	if json.Unmarshal(in, &m) == nil && m != nil {
		if e, ok, decided := valueError(m); decided {
			raw, wantOK := extractEncodeCompact(m)
			wantOK = wantOK && extractProblem(raw) == ""
			if ok != wantOK {
				t.Fatalf("valueError(%q): %v, its encoding %v", in, ok, wantOK)
			}
			if ok && !reflect.DeepEqual(e, extractDecodeError(raw)) {
				t.Fatalf("valueError(%q) = %+v, its encoding decodes to %+v", in, e, extractDecodeError(raw))
			}
		}
	}
}

// FuzzValidateDifferential compares Validate with the reference on
// arbitrary bytes.
func FuzzValidateDifferential(f *testing.F) {
	for _, s := range validateCases {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{"code":"RATE_LIMITED","message":"slow down","retry_after":5,"details":{"scope":"account"}}`))
	f.Fuzz(checkValidateDifferential)
}

// stringUnitsCases are strings with escapes, non-ASCII and invalid UTF-8 at
// every place.
func stringUnitsCases() []string {
	const plain = "abcdefghijklmnopqrstuvwx"
	out := []string{"", "\xff\xfe", "\U0001F600", "\u2028\u2029", "\xe2\x80\xa8", "\xed\xa0\x80"}
	for _, x := range []string{`"`, `\`, "\n", "\b", "\x01", "\x1f", "\x7f", "<", "é", "\u2028", "\U0001F600", "\xff", "\xe2\x80"} {
		for i := 0; i <= len(plain); i++ {
			out = append(out, plain[:i]+x+plain[i:], plain[:i]+strings.Repeat(x, 9)+plain[i:])
		}
	}
	return out
}

// checkStringUnits holds stringUnits to the reference measure of the
// string's encoding by encoding/json.
func checkStringUnits(t *testing.T, s string) {
	t.Helper()
	enc, err := jsonwire.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	want, ok := refSerializedSize(enc)
	if got := stringUnits(s); !ok || got != want {
		t.Errorf("stringUnits(%q) = %d, the reference measures %d (%v)", s, got, want, ok)
	}
}

func TestStringUnits(t *testing.T) {
	for _, s := range stringUnitsCases() {
		checkStringUnits(t, s)
	}
}

func FuzzStringUnits(f *testing.F) {
	f.Add("abc")
	f.Add("\xff\u2028")
	f.Fuzz(checkStringUnits)
}
