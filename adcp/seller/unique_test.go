package seller

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// uniqueMembersRef is the former buildUniqueMembers, on encoding/json's
// token stream: a repeated decoded member name of the top-level object.
func uniqueMembersRef(raw []byte) (dup bool, ok bool) {
	if !json.Valid(raw) {
		return false, false
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return false, false
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, _ := dec.Token()
		k, _ := tok.(string)
		if seen[k] {
			return true, true
		}
		seen[k] = true
		var skip json.RawMessage
		_ = dec.Decode(&skip)
	}
	return false, true
}

var uniqueMembersCases = []struct {
	in  string
	err bool
}{
	{`{}`, false},
	{` {"code":"A","message":"m","details":{"code":1,"code":2}} `, false}, // only the top level counts
	{`{"code":"A","code":"B"}`, true},
	{`{"a":1,"\u0061":2}`, true},
	{`{"\ud800":1,"\udfff":2}`, true}, // both decode to U+FFFD
	{"{\"\xff\":1,\"\\ufffd\":2}", true},
	{`{"a":1,"A":2,"a ":3}`, false},
	{`[]`, true},
	{`"x"`, true},
	{``, true},
	{`{"a":1`, true},
	{`{"a":1,}`, true},
	{`{"a":1} {}`, true},
	{`{"a":[1,2}`, true},
}

// allUniqueMembersCases are uniqueMembersCases and objects of n members
// named m0, m1, …, one of them repeated or not, around the 16 names
// buildUniqueMembers keeps before a map takes over.
func allUniqueMembersCases() []struct {
	in  string
	err bool
} {
	cases := append([]struct {
		in  string
		err bool
	}(nil), uniqueMembersCases...)
	object := func(n, dupOf, dupAt int) string {
		var b strings.Builder
		b.WriteByte('{')
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			name := i
			if i == dupAt {
				name = dupOf
			}
			fmt.Fprintf(&b, `"m%d":%d`, name, i)
		}
		return b.String() + "}"
	}
	for _, n := range []int{15, 16, 17, 18, 40} {
		cases = append(cases, struct {
			in  string
			err bool
		}{object(n, -1, -1), false})
		for _, d := range [][2]int{{0, n - 1}, {n - 2, n - 1}, {15, n - 1}, {14, 15}, {3, 16}} {
			if d[0] < d[1] && d[1] < n {
				cases = append(cases, struct {
					in  string
					err bool
				}{object(n, d[0], d[1]), true})
			}
		}
	}
	return cases
}

func TestBuildUniqueMembers(t *testing.T) {
	for _, c := range allUniqueMembersCases() {
		if err := buildUniqueMembers([]byte(c.in)); (err != nil) != c.err {
			t.Errorf("buildUniqueMembers(%q) = %v, want an error: %v", c.in, err, c.err)
		}
	}
}

// FuzzUniqueMembersMatchesRef: on valid JSON, buildUniqueMembers refuses
// exactly what the encoding/json token stream shows to repeat a member or
// not to be an object; it refuses all invalid JSON.
func FuzzUniqueMembersMatchesRef(f *testing.F) {
	for _, c := range allUniqueMembersCases() {
		f.Add([]byte(c.in))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		err := buildUniqueMembers(raw)
		dup, ok := uniqueMembersRef(raw)
		if want := dup || !ok; (err != nil) != want {
			t.Fatalf("buildUniqueMembers(%q) = %v; encoding/json: repeated %v, an object %v", raw, err, dup, ok)
		}
	})
}

// buildObjectRef is what buildObject must agree with: json.Unmarshal into a
// map, for valid JSON whose value is an object.
func buildObjectRef(raw []byte) (map[string]json.RawMessage, bool) {
	t := bytes.Trim(raw, " \t\r\n")
	if !json.Valid(raw) || len(t) == 0 || t[0] != '{' {
		return nil, false
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(t, &m); err != nil {
		return nil, false
	}
	return m, true
}

var buildObjectCases = []string{
	`{}`, ` { "a" : [1, {"b":null}] , "c":"\u00e9" } `, `{"a":1,"a":2}`, `{"a":1,"\u0061":{"x":1}}`,
	"{\"\xff\":1}", `{"\ud800":true}`,
	`[]`, `null`, ``, `{`, `{"a":}`, `{"a":1} x`, "\u00a0{}", `{"a":1,}`,
}

func TestBuildObjectMatchesUnmarshal(t *testing.T) {
	for _, in := range buildObjectCases {
		got, err := buildObject([]byte(in))
		want, ok := buildObjectRef([]byte(in))
		if (err == nil) != ok || !sameMembers(got, want) {
			t.Errorf("buildObject(%q) = %q, %v; json.Unmarshal: %q, %v", in, got, err, want, ok)
		}
	}
}

func FuzzBuildObjectMatchesUnmarshal(f *testing.F) {
	for _, in := range buildObjectCases {
		f.Add([]byte(in))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		got, err := buildObject(in)
		want, ok := buildObjectRef(in)
		if (err == nil) != ok || !sameMembers(got, want) {
			t.Fatalf("buildObject(%q) = %q, %v; json.Unmarshal: %q, %v", in, got, err, want, ok)
		}
	})
}

// sameMembers compares decoded members byte for byte.
func sameMembers(a, b map[string]json.RawMessage) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		w, ok := b[k]
		if !ok || !bytes.Equal(v, w) {
			return false
		}
	}
	return true
}

// TestBuildObjectSaysWhere: invalid details are refused with encoding/json's
// account of where and why, as before the walk replaced it.
func TestBuildObjectSaysWhere(t *testing.T) {
	_, err := buildObject([]byte(`{"a":1,"b":x}`))
	if err == nil || !strings.Contains(err.Error(), "invalid character 'x'") {
		t.Errorf("buildObject of invalid details: %v", err)
	}
}
