package schemaload

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestParseJSONOrder(t *testing.T) {
	n, err := parseJSON("t.json", []byte(`{"z": 1, "a": [true, null, "s"], "m": {"y": 2, "b": 3}}`))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(n.keys, []string{"z", "a", "m"}) || !reflect.DeepEqual(n.get("m").keys, []string{"y", "b"}) {
		t.Errorf("order lost: %v %v", n.keys, n.get("m").keys)
	}
	if got := string(n.get("m").raw()); got != `{"y":2,"b":3}` {
		t.Errorf("raw = %s", got)
	}
	if got := n.lookup("/a/2"); got == nil || got.str != "s" {
		t.Errorf("lookup /a/2 = %+v", got)
	}
	if n.lookup("/a/3") != nil || n.lookup("/a/01") != nil || n.lookup("x") != nil {
		t.Error("lookup of a missing pointer must be nil")
	}
}

func TestParseJSONErrors(t *testing.T) {
	tests := []struct {
		in      string
		pointer string
		offset  int64
	}{
		{`{"a": {"b": [1, 2,]}}`, "/a/b/2", 18},
		{`{"a": 1,}`, "", 8},
		{`{"a": 1} x`, "", 9},
		{`{"a~b/c": {"d": }}`, "/a~0b~1c/d", 16},
		{`{"a": 1, "a": 2}`, "/a", 12},
		{`{"a": [`, "/a", 7},
		{``, "", 0},
	}
	for _, tt := range tests {
		_, err := parseJSON("t.json", []byte(tt.in))
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%q: err = %v", tt.in, err)
			continue
		}
		if e.File != "t.json" || e.Pointer != tt.pointer || !strings.Contains(e.Msg, fmt.Sprintf("(byte offset %d)", tt.offset)) {
			t.Errorf("%q: %v, want pointer %q, byte offset %d", tt.in, e, tt.pointer, tt.offset)
		}
	}
}

// byteOffset finds the offset in parseJSON's error message.
var byteOffset = regexp.MustCompile(`\(byte offset (\d+)\)`)

// FuzzParseJSON checks the ordered decoder against encoding/json: both accept
// the same documents (but for duplicate members) and decode the same value.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{`{"a":[1,2,{"b":null}]}`, `[]`, `"x"`, `{"a":1,"a":2}`, `{`, `1e400`, `{"\u00e9":"\ud800"}`, `"\ud83d\ude00\udc00\ud800\u0041"`, "\"\xff\xfe\"", `[-0.5e+3, 0, 1E2]`, ` {"a" : [ ] } `} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := parseJSON("t.json", data)
		var want any
		stdErr := json.Unmarshal(data, &want)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || !byteOffset.MatchString(e.Msg) {
				t.Fatalf("bad error %v", err)
			}
			if off, _ := strconv.Atoi(byteOffset.FindStringSubmatch(e.Msg)[1]); off > len(data) {
				t.Fatalf("offset out of the data: %v", err)
			}
			if json.Valid(data) && !strings.Contains(e.Msg, "): duplicate member") {
				t.Fatalf("parseJSON rejected valid JSON %q: %v", data, err)
			}
			return
		}
		var typeErr *json.UnmarshalTypeError
		if errors.As(stdErr, &typeErr) {
			return // a number out of float64 range: valid JSON all the same
		}
		if stdErr != nil {
			t.Fatalf("parseJSON accepted %q, encoding/json says %v", data, stdErr)
		}
		var got any
		if err := json.Unmarshal(n.raw(), &got); err != nil {
			t.Fatalf("raw() of %q is not JSON: %v", data, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("decoded %v, encoding/json %v", got, want)
		}
		// The tree itself (strings unescaped, numbers as written) is what
		// encoding/json decodes with UseNumber.
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		var wantNum any
		if err := dec.Decode(&wantNum); err != nil {
			t.Fatal(err)
		}
		if tree := decodeJSON(n.src); !reflect.DeepEqual(tree, wantNum) {
			t.Fatalf("tree %#v, encoding/json %#v", tree, wantNum)
		}
	})
}
