package jsonwire

import (
	"bytes"
	"encoding/json"
	"testing"
)

func FuzzAppendCompact(f *testing.F) {
	for _, s := range []string{` { "a" : [ 1 , "x y" ] } `, `"\" \\ "`, "[\n\t1\r]", `{}`, `1`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if !json.Valid(b) {
			return
		}
		var want bytes.Buffer
		if err := json.Compact(&want, b); err != nil {
			t.Fatal(err)
		}
		if got := AppendCompact([]byte("x"), b); string(got) != "x"+want.String() {
			t.Fatalf("AppendCompact(%q) = %q, want %q", b, got[1:], want.Bytes())
		}
	})
}
