package adcpimpl

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// encTestValue is an element whose MarshalJSON allocates nothing, or fails.
type encTestValue struct {
	a, b, c string
	fail    bool
}

func (v encTestValue) MarshalJSON() ([]byte, error) {
	if v.fail {
		return nil, errors.New("encTestValue failed")
	}
	return encTestJSON, nil
}

var encTestJSON = []byte(`{"x":1}`)

// TestEncValue: a slice of struct values is written without boxing each
// element in an interface (no allocation but the encoder's), and an
// element's error is the encoding's.
func TestEncValue(t *testing.T) {
	s := []encTestValue{{a: "a"}, {b: "b"}, {c: "c"}}
	e := NewEncoder()
	EncodeSlice(&e, s, EncValue[encTestValue])
	if got := string(e.buf); got != `[{"x":1},{"x":1},{"x":1}]` {
		t.Errorf("EncodeSlice = %s", got)
	}
	if n := testing.AllocsPerRun(100, func() {
		e := Encoder{buf: e.buf[:0]}
		EncodeSlice(&e, s, EncValue[encTestValue])
	}); n != 0 {
		t.Errorf("EncodeSlice of %d struct values allocates %v times, want 0", len(s), n)
	}
	s[1].fail = true
	e = NewEncoder()
	EncodeSlice(&e, s, EncValue[encTestValue])
	if _, err := e.Close(nil, nil); err == nil || err.Error() != "encTestValue failed" {
		t.Errorf("Close after a failing element: %v", err)
	}
}

// TestAppendString holds AppendString, whose plain strings skip the
// encoder, to encoding/json without HTML escaping.
func TestAppendString(t *testing.T) {
	for _, s := range []string{
		"", "plain", "seller's <b> & more", `quote " and \ backslash`, "\b\f\n\r\t", "\x00\x1f\x7f",
		"line\u2028para\u2029", "é 名前 🙂", "bad \xff utf-8", "\xed\xa0\x80",
	} {
		checkAppendString(t, s)
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "a\"b", "\x00", "\u2028", "\xff", "<&>"} {
		f.Add(s)
	}
	f.Fuzz(checkAppendString)
}

func checkAppendString(t *testing.T, s string) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	want := "x" + strings.TrimSuffix(b.String(), "\n")
	if got := string(AppendString([]byte("x"), s)); got != want {
		t.Errorf("AppendString(%q) = %s, encoding/json writes %s", s, got[1:], want[1:])
	}
}
