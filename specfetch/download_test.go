package specfetch

import (
	"net/http"
	"slices"
	"testing"
)

// TestCheckRedirect: a download follows at most 10 redirects, and none
// from https to plain http.
func TestCheckRedirect(t *testing.T) {
	req := func(u string) *http.Request {
		r, err := http.NewRequest(http.MethodGet, u, nil)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	secure, plain := req("https://a.test/x"), req("http://a.test/y")
	for _, c := range []struct {
		name string
		to   *http.Request
		via  []*http.Request
		want string // "": followed
	}{
		{"https to https", secure, []*http.Request{secure}, ""},
		{"http to https", secure, []*http.Request{plain}, ""},
		{"http to http", plain, []*http.Request{plain}, ""},
		{"https to http", plain, []*http.Request{secure}, "refusing a redirect from https to http://a.test/y"},
		{"https to http after an http hop", plain, []*http.Request{secure, plain}, "refusing a redirect from https"},
		{"ninth hop", secure, slices.Repeat([]*http.Request{secure}, 9), ""},
		{"eleventh hop", secure, slices.Repeat([]*http.Request{secure}, 10), "more than 10 redirects"},
	} {
		err := newClient().CheckRedirect(c.to, c.via)
		if c.want == "" && err != nil {
			t.Errorf("%s: %v, want it followed", c.name, err)
		} else if c.want != "" {
			if err == nil {
				t.Errorf("%s: followed, want an error containing %q", c.name, c.want)
			} else {
				mustContain(t, err, c.want)
			}
		}
	}
}
