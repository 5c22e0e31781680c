package jsonwire

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf16"
)

// encodingJSON is what encoding/json writes for s without HTML escaping.
func encodingJSON(t *testing.T, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// literalCases are JSON string literals for StringifyLen: escapes,
// non-ASCII and invalid UTF-8 at every place of a string.
func literalCases() []string {
	const plain = "abcdefghijklmnopqrstuvwx"
	out := []string{`""`, `"a"`, `"\u00e9"`, `"\ud83d\ude00"`, `"\ud83d"`, `"\u2028\u2029"`, `"\/"`, "\"\xff\xfe\"", "\"\xe2\x80\xa8\""}
	for _, x := range []string{`\"`, `\\`, `\n`, `\u0001`, `\u0041`, "\x7f", "é", "\u2028", "\xff", "\xe2\x80"} {
		for i := 0; i <= len(plain); i++ {
			out = append(out, `"`+plain[:i]+x+plain[i:]+`"`, `"`+plain[:i]+x+x+x+x+x+x+x+x+x+plain[i:]+`"`)
		}
	}
	return out
}

// stringifyLen is the reference StringifyLen: the length in UTF-16
// code units of what JSON.stringify writes for s, which escapes what
// encoding/json escapes without HTML escaping (in the same short or
// \u form), except U+2028 and U+2029, which it leaves as they are.
func stringifyLen(t *testing.T, s string) int {
	t.Helper()
	n := 2
	for _, r := range s {
		if r == '\u2028' || r == '\u2029' {
			n++
			continue
		}
		enc := encodingJSON(t, string(r))
		n += len(utf16.Encode([]rune(string(enc[1 : len(enc)-1]))))
	}
	return n
}

// checkStringifyLen holds StringifyLen to stringifyLen of the
// literal decoded by encoding/json.
func checkStringifyLen(t *testing.T, lit string) {
	t.Helper()
	var s string
	if err := json.Unmarshal([]byte(lit), &s); err != nil {
		return
	}
	if got, want := StringifyLen(encodingJSON(t, s)), stringifyLen(t, s); got != want {
		t.Errorf("StringifyLen(%s) = %d, JSON.stringify writes %d units", encodingJSON(t, s), got, want)
	}
}

func TestStringifyLen(t *testing.T) {
	for _, a := range literalCases() {
		checkStringifyLen(t, a)
	}
}

func FuzzStringifyLen(f *testing.F) {
	f.Add([]byte("abc"))
	f.Add([]byte("\xff\u2028"))
	f.Fuzz(func(t *testing.T, a []byte) {
		la := `"` + string(a) + `"`
		if String([]byte(la), 0) != len(la) {
			return // not one valid literal
		}
		checkStringifyLen(t, la)
	})
}
