package jsonwire

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// plainRef is Plain as it reads: no backslash, valid UTF-8.
func plainRef(lit []byte) bool {
	body := lit[1 : len(lit)-1]
	return bytes.IndexByte(body, '\\') < 0 && utf8.Valid(body)
}

// plainCases are string bodies with a backslash, a byte of 0x80 or more,
// or neither, at each place of a word and past the words.
func plainCases() []string {
	cases := []string{"", "a", "abcdefg", "abcdefgh", "abcdefghi", "é", "😀", "\xff", "\xc3", "\\\\", `\"`, `\u00e9`}
	for n := 0; n <= 17; n++ {
		for i := 0; i < n; i++ {
			for _, c := range []string{"\\", "é", "\x80", "\xff", "\x7f", "[", "]", "\\\\"} {
				cases = append(cases, strings.Repeat("a", i)+c+strings.Repeat("b", n-i-1))
			}
		}
		cases = append(cases, strings.Repeat("z", n))
	}
	return cases
}

func TestPlain(t *testing.T) {
	for _, body := range plainCases() {
		lit := []byte(`"` + body + `"`)
		if got, want := Plain(lit), plainRef(lit); got != want {
			t.Errorf("Plain(%q) = %v, want %v", lit, got, want)
		}
	}
	// What it promises: a plain literal decodes to its own bytes.
	for _, s := range []string{"abcdefghijk", "é and more text", "x"} {
		lit, _ := json.Marshal(s)
		var back string
		if !Plain(lit) || json.Unmarshal(lit, &back) != nil || back != s {
			t.Errorf("%q: not plain, or decodes to %q", lit, back)
		}
	}
}

func FuzzPlain(f *testing.F) {
	for _, body := range plainCases() {
		f.Add([]byte(body))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		lit := append(append([]byte{'"'}, body...), '"')
		if got, want := Plain(lit), plainRef(lit); got != want {
			t.Fatalf("Plain(%q) = %v, want %v", lit, got, want)
		}
	})
}

// stringPlainRef is StringPlain from String and a look at every byte.
func stringPlainRef(b []byte) (int, bool) {
	end := String(b, 0)
	if end < 0 {
		return -1, false
	}
	for _, c := range b[1 : end-1] {
		if c == '\\' || c >= utf8.RuneSelf {
			return end, false
		}
	}
	return end, true
}

// stringPlainCases are literals, valid or not, with what follows them.
func stringPlainCases() [][]byte {
	var out [][]byte
	for _, body := range plainCases() {
		for _, after := range []string{"", `,"x"`, "]", `"`} {
			out = append(out, []byte(`"`+body+`"`+after))
		}
		out = append(out, []byte(`"`+body)) // unterminated
	}
	for _, s := range []string{"\"a\x01b\"", "\"\x1f\"", "\"abcdefgh\x00\"", `"\q"`, `"\u12"`, `"\uzzzz"`, `"\`} {
		out = append(out, []byte(s))
	}
	return out
}

func TestStringPlain(t *testing.T) {
	for _, b := range stringPlainCases() {
		end, plain := StringPlain(b, 0)
		wend, wplain := stringPlainRef(b)
		if end != wend || plain != wplain {
			t.Errorf("StringPlain(%q) = %d %v, want %d %v", b, end, plain, wend, wplain)
		}
	}
}

func FuzzStringPlain(f *testing.F) {
	for _, b := range stringPlainCases() {
		f.Add(b[1:])
	}
	f.Fuzz(func(t *testing.T, rest []byte) {
		b := append([]byte{'"'}, rest...)
		end, plain := StringPlain(b, 0)
		if wend, wplain := stringPlainRef(b); end != wend || plain != wplain {
			t.Fatalf("StringPlain(%q) = %d %v, want %d %v", b, end, plain, wend, wplain)
		}
	})
}
