package seller

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
)

var checkEncodedCases = []struct {
	raw  string
	walk bool // buildCheckEncodedWalk decides it
}{
	{`{"code":"X","message":"m"}`, true},
	{`{"code":"X","message":"m","source":"sdk","sdk_id":"a@1"}`, true},
	{`{"code":"X","message":"m","source":"sdk"}`, true},
	{`{"code":"X","message":"m","sdk_id":"a@1"}`, true},
	{`{"code":"X","message":"m","source":null,"sdk_id":""}`, true},
	{`{"code":"X","message":"m","source":"producer","sdk_id":null}`, true},
	{`{"code":"VALIDATION_ERROR","message":"m","issues":[{"pointer":"/a/0","message":"bad","keyword":"type"}]}`, true},
	{`{"code":"VALIDATION_ERROR","message":"m","issues":[{"pointer":"/a/0","message":"bad","keyword":"errorMessage"}]}`, true},
	{`{"code":"VALIDATION_ERROR","message":"m","issues":[{"pointer":"a","message":"bad","keyword":"type"}]}`, true},
	{`{"code":"VALIDATION_ERROR","message":"m","issues":[{"pointer":"/a","keyword":"type"}]}`, true},
	{`{"code":"VALIDATION_ERROR","message":"m","issues":[null,{"pointer":"/a","message":"m","keyword":"type"}]}`, true},
	{`{"code":"VALIDATION_ERROR","message":"m","issues":[],"x_issues":1}`, true},
	{`{"code":"VALIDATION_ERROR","message":"m","issues":null}`, true},
	{`{"code":"VALIDATION_ERROR","message":"m","issues":[{"pointer":"/a","message":"m","keyword":"type","x":{"issues":1}}]}`, true},
	{`{"code":"X","message":"m","details":{"source":"sdk","issues":[1]}}`, true},
	{`{"code":"X","message":"m","sourc\u0065":"sdk"}`, true},
	{`{"code":"X","message":"m","Sourced":"sdk","SDK":"x","Issue":[1]}`, true}, // no name of the check in any case
	{`{"code":"X","message":"m","issues":[{"pointer":"/\u00e9","message":"` + "\xff" + `","keyword":"typ\u0065"}]}`, true},
	{`{"code":"X","message":"m","issues":[{"pointer":"/a","message":"m","keyword":"` + "type\xff" + `"}]}`, true},
	// Left to encoding/json: other case, non-ASCII names, other types.
	{`{"code":"X","message":"m","Source":"sdk"}`, false},
	{`{"code":"X","message":"m","SDK_ID":"a"}`, false},
	{`{"code":"X","message":"m","\u017fource":"sdk"}`, false},
	{`{"code":"X","message":"m","é":1}`, false},
	{`{"code":"X","message":"m","source":5}`, false},
	{`{"code":"X","message":"m","issues":{}}`, false},
	{`{"code":"X","message":"m","issues":[1]}`, false},
	{`{"code":"X","message":"m","issues":[{"Pointer":"/a","message":"m","keyword":"type"}]}`, false},
	{`{"code":"X","message":"m","issues":[{"pointer":"/a","pointer":"b","message":"m","keyword":"type"}]}`, true},
	{`{"code":"X","message":"m","issues":[{"pointer":"a","pointer":null,"message":"m","keyword":"type"}]}`, true},
	{`{"code":"X","message":"m","issues":[{"pointer":1,"message":"m","keyword":"type"}]}`, false},
	{`{"code":"X","message":"m","source":"sdk","source":"producer"}`, true},
	{`{"code":"X","message":"m","source":"producer","source":"sdk"}`, true},
	{`{"code":"X","message":"m","issues":[{"pointer":"/a","message":"m","keyword":"type"}`, false},
}

// checkEncodedWalk holds buildReadEncoded, where it decides, to
// encoding/json's decoding: the same verdict of the checks, word for word.
// It reports whether the walk decided.
func checkEncodedWalk(t *testing.T, raw []byte) bool {
	t.Helper()
	walked, ok := buildReadEncoded(raw)
	if !ok {
		return false
	}
	var decoded buildEncoded
	want := json.Unmarshal(raw, &decoded)
	if want == nil {
		want = decoded.check()
	}
	if got := walked.check(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s: walked: %v; decoded by encoding/json: %v", raw, got, want)
	}
	return true
}

func TestCheckEncodedWalkMatchesDecode(t *testing.T) {
	for _, c := range checkEncodedCases {
		if ok := checkEncodedWalk(t, []byte(c.raw)); ok != c.walk {
			t.Errorf("%s: walked %v, want %v", c.raw, ok, c.walk)
		}
	}
}

func FuzzCheckEncodedWalkMatchesDecode(f *testing.F) {
	for _, c := range checkEncodedCases {
		f.Add([]byte(c.raw))
	}
	f.Fuzz(func(t *testing.T, raw []byte) { checkEncodedWalk(t, raw) })
}

// checkBuilt holds buildCheckBuilt to buildCheckEncoded on e's encoding:
// the same verdict, word for word.
func checkBuilt(t *testing.T, e *adcp.Error) {
	t.Helper()
	raw, err := json.Marshal(e)
	if err != nil {
		return // not an error finalize would encode
	}
	got, want := buildCheckBuilt(e, raw), buildCheckEncoded(raw)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s: from the fields: %v; from the encoding: %v", raw, got, want)
	}
}

// checkBuiltIssues are issues[] built in Go for TestCheckBuiltMatchesEncoded:
// empty members (written all the same), keywords and pointers refused,
// invalid UTF-8 where the checks quote it and where they do not, a member
// kept raw, a bad issue after a good one.
var checkBuiltIssues = [][]adcp.Issue{
	nil, {}, {{Pointer: "/a", Message: "m", Keyword: "type"}}, {{Pointer: "/a"}}, {{}}, {{Keyword: "required"}},
	{{Pointer: "a", Message: "m", Keyword: "type"}}, {{Pointer: "/a~2", Message: "m", Keyword: "type"}},
	{{Pointer: "/a", Message: "m", Keyword: "typo"}}, {{Pointer: "/a", Message: "m", Keyword: "type\xff"}},
	{{Pointer: "/\xff", Message: "m", Keyword: "type"}}, {{Pointer: "\xff", Message: "m", Keyword: "type"}},
	{{Pointer: "/a", Message: "\xff", Keyword: "type"}},
	{{Pointer: "/a", Message: "m", Keyword: "type", Extra: map[string]json.RawMessage{"keyword": json.RawMessage(`"x"`)}}},
	{{Pointer: "/a", Message: "m", Keyword: "type", Extra: map[string]json.RawMessage{"Keyword": json.RawMessage(`"x"`)}}},
	{{Pointer: "/a", Message: "m", Keyword: "type", Discriminator: []adcp.IssueDiscriminator{{PropertyName: "k", Value: json.RawMessage(`1`)}}}},
	{{Pointer: "/a", Message: "m", Keyword: "type"}, {Pointer: "/b", Message: "m", Keyword: "nope"}},
}

// TestCheckBuiltMatchesEncoded: errors built in Go with every pairing of
// source and sdk_id values (empty, the one that matters, other case,
// invalid UTF-8), with issues and members kept raw, and errors decoded from
// the walk's cases, whose members present but empty are written.
func TestCheckBuiltMatchesEncoded(t *testing.T) {
	for _, src := range []adcp.ErrorSource{"", "sdk", "SDK", "producer", "sdk\xff", "\xff"} {
		for _, id := range []string{"", "a@1", "\xff"} {
			for _, issues := range checkBuiltIssues {
				for _, extra := range []map[string]json.RawMessage{nil, {}, {"Source": json.RawMessage(`"sdk"`)}, {"x": json.RawMessage(`1`)}} {
					checkBuilt(t, &adcp.Error{Code: "X", Message: "m", Source: src, SDKID: id, Issues: issues, Extra: extra})
				}
			}
		}
	}
	for _, c := range checkEncodedCases {
		var e adcp.Error
		if json.Unmarshal([]byte(c.raw), &e) == nil {
			checkBuilt(t, &e)
			// Decoded issues in an error built in Go: a member absent
			// when decoded is still left out.
			checkBuilt(t, &adcp.Error{Code: "VALIDATION_ERROR", Message: "m", Issues: e.Issues})
		}
	}
}

// FuzzCheckBuiltIssues is TestCheckBuiltMatchesEncoded on errors built in
// Go with an issue of arbitrary strings.
func FuzzCheckBuiltIssues(f *testing.F) {
	f.Add("/a", "m", "type", "sdk", "x@1")
	f.Add("a~", "", "typ\xff", "", "")
	f.Fuzz(func(t *testing.T, pointer, message, keyword, source, sdkID string) {
		checkBuilt(t, &adcp.Error{Code: "VALIDATION_ERROR", Message: "m", Source: adcp.ErrorSource(source), SDKID: sdkID,
			Issues: []adcp.Issue{{Pointer: pointer, Message: message, Keyword: keyword}}})
	})
}

// FuzzCheckBuiltMatchesEncoded is TestCheckBuiltMatchesEncoded on errors
// decoded from arbitrary bytes.
func FuzzCheckBuiltMatchesEncoded(f *testing.F) {
	for _, c := range checkEncodedCases {
		f.Add([]byte(c.raw))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var e adcp.Error
		if json.Unmarshal(raw, &e) == nil {
			checkBuilt(t, &e)
		}
	})
}
