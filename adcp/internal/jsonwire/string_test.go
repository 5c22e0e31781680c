package jsonwire

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"
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

func checkString(t *testing.T, s string) {
	t.Helper()
	got, replaced := AppendString([]byte("x"), s)
	if want := append([]byte("x"), encodingJSON(t, s)...); !bytes.Equal(got, want) {
		t.Errorf("AppendString(%q) = %s, encoding/json writes %s", s, got[1:], want[1:])
	}
	if replaced != !utf8.ValidString(s) {
		t.Errorf("AppendString(%q): replaced = %v, want %v", s, replaced, !replaced)
	}
	n := 2
	for i := 0; i < len(s); i++ {
		if s[i] < utf8.RuneSelf {
			n += int(EscapedLen[s[i]])
		}
	}
	if ascii := len(s) == len([]rune(s)) && utf8.ValidString(s); ascii && n != len(got)-1 {
		t.Errorf("EscapedLen of %q sums to %d, the encoding is %d bytes", s, n, len(got)-1)
	}
}

func TestAppendString(t *testing.T) {
	for _, s := range []string{
		"", "plain", `quote " and \ backslash`, "\b\f\n\r\t", "\x00\x01\x1f\x7f",
		"<html> & more", "line\u2028para\u2029", "é ü 名前 🙂", "bad \xff utf-8", "\xed\xa0\x80",
	} {
		checkString(t, s)
	}
	for c := 0; c < utf8.RuneSelf; c++ {
		checkString(t, string(rune(c)))
	}
	// Every byte that needs a look, at every place of the words
	// AppendString reads eight bytes at a time, and after a run of them.
	const plain = "abcdefghijklmnopqrstuvwx"
	for _, x := range []string{`"`, `\`, "\x00", "\n", "\x1f", "\x7f", "é", "\u2028", "\xff", "\xe2\x80"} {
		for i := 0; i <= len(plain); i++ {
			checkString(t, plain[:i]+x+plain[i:])
			checkString(t, plain[:i]+x+x+x+x+x+x+x+x+plain[i:])
		}
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "a\"b", "\x00", "\u2028", "\xff", "é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkString(t, s) })
}
