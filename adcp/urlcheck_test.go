package adcp_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
)

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
