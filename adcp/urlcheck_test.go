package adcp_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
)

// checklist: 38
func TestCheckSellerURL(t *testing.T) {
	known := []string{"seller.example", "Ads.Other.example."}
	tests := []struct {
		url string
		ok  bool
	}{
		{"https://seller.example/setup", true},
		{"HTTPS://SELLER.EXAMPLE/setup", true},
		{"https://setup.seller.example/x?y=1", true},
		{"https://seller.example:8443/setup", true},
		{"https://ads.other.example/p", true},
		{"https://seller.example./setup", true},
		{"http://seller.example/setup", false},
		{"javascript:alert(1)", false},
		{"data:text/html,hi", false},
		{"file:///etc/passwd", false},
		{"https://user:pass@seller.example/", false},
		{"https://user@seller.example/", false},
		{"https://evil.example/seller.example", false},
		{"https://seller.example.evil.example/", false},
		{"https://notseller.example/", false},
		{"https:seller.example", false},
		{"//seller.example/x", false},
		{"https://", false},
		{"https://sel%6Cer.example/", false},
		{"https://seller.example\\@evil.example/", false},
		{"https://seller.example\n/", false},
		{"", false},
	}
	for _, tt := range tests {
		err := adcp.CheckSellerURL(tt.url, known...)
		if (err == nil) != tt.ok {
			t.Errorf("CheckSellerURL(%q) = %v, want ok %v", tt.url, err, tt.ok)
		}
		if err != nil && !errors.Is(err, adcp.ErrUnsafeURL) {
			t.Errorf("CheckSellerURL(%q) = %v, not ErrUnsafeURL", tt.url, err)
		}
	}
	if adcp.CheckSellerURL("https://seller.example/") == nil {
		t.Error("accepted with no known hosts")
	}
}

// checklist: 38
func TestCheckDetailsURLs(t *testing.T) {
	e := &adcp.Error{Code: "ACCOUNT_SETUP_REQUIRED", Details: json.RawMessage(`{
		"setup_url": "https://seller.example/onboard",
		"policy_url": "http://seller.example/policy",
		"missing_connections": [{"authorization_url": "https://evil.example/auth"}],
		"upstream": {"url": "javascript:alert(1)"},
		"note": "http://not-a-url-member.example"
	}`)}
	err := adcp.CheckDetailsURLs(e, "seller.example")
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	for _, want := range []string{"details/policy_url", "details/missing_connections/0/authorization_url", "details/upstream/url"} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q lacks %s", msg, want)
		}
	}
	if strings.Contains(msg, "setup_url") || strings.Contains(msg, "note") {
		t.Errorf("%q names a member that is fine or not a URL member", msg)
	}
	if err := adcp.CheckDetailsURLs(&adcp.Error{Details: json.RawMessage(`{"setup_url":"https://a.seller.example/"}`)}, "seller.example"); err != nil {
		t.Errorf("good URL rejected: %v", err)
	}
	if err := adcp.CheckDetailsURLs(&adcp.Error{}, "seller.example"); err != nil {
		t.Errorf("no details: %v", err)
	}
}

// TestCheckDetailsURLsHostile: what a hostile seller could hide a URL
// behind is checked, and fails closed.
//
// checklist: 38
func TestCheckDetailsURLsHostile(t *testing.T) {
	deep := func(n int, inner string) string {
		return strings.Repeat(`{"a":[`, n) + inner + strings.Repeat(`]}`, n)
	}
	for _, c := range []struct {
		name, details string
		want          []string // in the error, in order; nil: no error
	}{
		{"nested past any depth", deep(40, `{"setup_url":"javascript:alert(1)"}`), []string{"details/a/0/a/0/", "/setup_url: adcp: unsafe seller URL"}},
		{"nested as deep as JSON goes", deep(4990, `{"url":"http://seller.example/"}`), []string{"/url: adcp: unsafe seller URL"}},
		{"escaped name", `{"setup\u005furl":"http://seller.example/"}`, []string{"details/setup_url:"}},
		{"repeated name, bad first", `{"setup_url":"javascript:x","setup_url":"https://seller.example/"}`, []string{"details/setup_url: adcp: unsafe seller URL: scheme \"javascript\""}},
		{"repeated name, bad last", `{"setup_url":"https://seller.example/","setup_url":"data:x"}`, []string{"details/setup_url:"}},
		{"array under a URL name", `{"policy_url":["https://seller.example/","file:///etc/passwd"]}`, []string{"details/policy_url/1:"}},
		{"object under a URL name", `{"upstream_url":{"href":"https://evil.example/"}}`, []string{"details/upstream_url/href:"}},
		{"name with / and ~", `{"a/b~":{"url":"ftp://seller.example/"}}`, []string{"details/a~1b~0/url:"}},
		{"not JSON", `{"setup_url":`, []string{"adcp: unsafe seller URL: details are not one valid JSON value"}},
		{"two values", `{} {"setup_url":"javascript:x"}`, []string{"not one valid JSON value"}},
		{"fine", `{"setup_url":"https://seller.example/x","n":[1,{"url":null}],"url_note":"javascript:not a URL member"}`, nil},
	} {
		err := adcp.CheckDetailsURLs(&adcp.Error{Code: "X", Details: json.RawMessage(c.details)}, "seller.example")
		if c.want == nil {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		if err == nil || !errors.Is(err, adcp.ErrUnsafeURL) {
			t.Errorf("%s: %v, want an error wrapping ErrUnsafeURL", c.name, err)
			continue
		}
		msg := err.Error()
		at := 0
		for _, w := range c.want {
			j := strings.Index(msg[at:], w)
			if j < 0 {
				t.Errorf("%s: %q lacks %q (in order)", c.name, msg, w)
				break
			}
			at += j + len(w)
		}
	}
	// Many failures: the first sixteen named, then how many more.
	var b strings.Builder
	b.WriteString(`{"x":[`)
	for i := 0; i < 1000; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"url":"http://seller.example/"}`)
	}
	b.WriteString(`]}`)
	err := adcp.CheckDetailsURLs(&adcp.Error{Details: json.RawMessage(b.String())}, "seller.example")
	if err == nil || strings.Count(err.Error(), "details/x/") != 16 || !strings.Contains(err.Error(), "and 984 more") {
		t.Errorf("1000 failures: %.300v", err)
	}
}

// checkDetailsURLsRef is CheckDetailsURLs written on encoding/json's token
// stream (which keeps repeated members), the reference of
// FuzzCheckDetailsURLs.
func checkDetailsURLsRef(details []byte, hosts ...string) error {
	if len(details) == 0 {
		return nil
	}
	if !json.Valid(details) {
		return fmt.Errorf("%w: details are not one valid JSON value, so their URLs cannot be checked", adcp.ErrUnsafeURL)
	}
	type level struct {
		object, wantKey bool
		key             string // the member whose value comes next (objects)
		index           int    // the next item's index (arrays)
	}
	var stack []level
	var errs []error
	more := 0
	pointer := func() string {
		var parts []string
		for _, l := range stack {
			if l.object {
				parts = append(parts, strings.ReplaceAll(strings.ReplaceAll(l.key, "~", "~0"), "/", "~1"))
			} else {
				parts = append(parts, strconv.Itoa(l.index))
			}
		}
		return strings.Join(parts, "/")
	}
	under := func() bool {
		for _, l := range stack {
			if l.object && (l.key == "url" || strings.HasSuffix(l.key, "_url")) {
				return true
			}
		}
		return false
	}
	// valueDone moves the enclosing container on once a value ends: an
	// array to its next index, an object to its next key.
	valueDone := func() {
		if n := len(stack); n > 0 {
			stack[n-1].index++
			stack[n-1].wantKey = stack[n-1].object
		}
	}
	dec := json.NewDecoder(bytes.NewReader(details))
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				stack = append(stack, level{object: true, wantKey: true})
			case '[':
				stack = append(stack, level{})
			default:
				stack = stack[:len(stack)-1]
				valueDone()
			}
		case string:
			if n := len(stack); n > 0 && stack[n-1].wantKey {
				stack[n-1].key, stack[n-1].wantKey = t, false
				continue
			}
			if under() {
				if err := adcp.CheckSellerURL(t, hosts...); err != nil {
					if len(errs) == 16 {
						more++
					} else {
						errs = append(errs, fmt.Errorf("details/%s: %w", pointer(), err))
					}
				}
			}
			valueDone()
		default:
			valueDone()
		}
	}
	if more > 0 {
		errs = append(errs, fmt.Errorf("%w: and %d more", adcp.ErrUnsafeURL, more))
	}
	return errors.Join(errs...)
}

func FuzzCheckDetailsURLs(f *testing.F) {
	for _, s := range []string{
		`{"setup_url":"https://seller.example/onboard","policy_url":"http://seller.example/p","missing_connections":[{"authorization_url":"https://evil.example/"}]}`,
		`{"setup\u005furl":"javascript:x","setup_url":"https://seller.example/","a/b~":{"url":["ftp://x",{"k":"data:y"}]}}`,
		`[{"url":"http://seller.example/"},{"n":1,"url":null,"x_url":true}]`, `{"url":"\ud800"}`, `"https://x"`, `{"a":`,
		`{"\u0000":{"url":"http://x"},"url":{"\u0000":"javascript:y"}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, details []byte) {
		got := adcp.CheckDetailsURLs(&adcp.Error{Details: details}, "seller.example")
		want := checkDetailsURLsRef(details, "seller.example")
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("CheckDetailsURLs(%q):\n%v\nreference:\n%v", details, got, want)
		}
	})
}
