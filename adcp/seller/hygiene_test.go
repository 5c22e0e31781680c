package seller

import (
	"strings"
	"testing"
)

// hygieneFlagCases are strings CheckMessage must flag, with the span.
var hygieneFlagCases = []struct {
	s    string
	kind FindingKind
	span string // the flagged text
}{
	// Stack traces.
	{"goroutine 17 [running]:\nmain.main()", FindingStackTrace, "goroutine 17 [running]"},
	{"panic: runtime error: index out of range", FindingStackTrace, "panic: runtime error"},
	{"at com.acme.billing.Charge.run(Charge.java:42)", FindingStackTrace, "at com.acme.billing.Charge.run(Charge.java:42)"},
	{"at Object.<anonymous> (server.js:10:5)", FindingStackTrace, "at Object.<anonymous> (server.js:10:5)"},
	{`File "worker.py", line 12, in run`, FindingStackTrace, `File "worker.py", line 12`},
	{"Traceback (most recent call last):", FindingStackTrace, "Traceback (most recent call last)"},
	{"failed in handler.go:118", FindingStackTrace, "handler.go:118"},
	{"java.lang.NullPointerException: x", FindingStackTrace, "java.lang.NullPointerException:"},
	// File paths.
	{"cannot open /etc/adcp/seller.conf", FindingFilePath, "/etc/adcp/seller.conf"},
	{"config at /home/deploy/app", FindingFilePath, "/home/deploy/app"},
	{"read (/opt/x/creds.pem)", FindingFilePath, "/opt/x/creds.pem"},
	{"bad file ./config/seller.yaml", FindingFilePath, "./config/seller.yaml"},
	{"see ~/secrets/key", FindingFilePath, "~/secrets/key"},
	{`C:\inetpub\seller\web.config failed`, FindingFilePath, `C:\inetpub\seller\web.config`},
	{`share \\fs01\finance\q3.xlsx`, FindingFilePath, `\\fs01\finance\q3.xlsx`},
	// IP addresses.
	{"upstream 10.0.3.7 refused", FindingIPAddress, "10.0.3.7"},
	{"peer fe80::1ff:fe23:4567:890a down", FindingIPAddress, "fe80::1ff:fe23:4567:890a"},
	{"peer 2001:db8::8a2e:370:7334", FindingIPAddress, "2001:db8::8a2e:370:7334"},
	// Internal host names.
	{"could not reach billing.internal", FindingInternalHost, "billing.internal"},
	{"use localhost instead", FindingInternalHost, "localhost"},
	{"api.svc.cluster.local timed out", FindingInternalHost, "api.svc.cluster.local"},
	{"ip-10-0-3-7 is down", FindingInternalHost, "ip-10-0-3-7"},
	{"redis:6379 unavailable", FindingInternalHost, "redis:6379"},
	{"db-primary-3:15432 unavailable", FindingInternalHost, "db-primary-3:15432"},
	// Connection strings.
	{"postgres://svc@db/ads?sslmode=disable", FindingConnectionString, "postgres://svc@db/ads?sslmode=disable"},
	{"via https://admin:hunter2@api.example.com/x", FindingConnectionString, "https://admin:hunter2@api.example.com/x"},
	{"Server=tcp:db01;Database=ads;User Id=sa;", FindingConnectionString, "Server=tcp:db01;Database=ads;User Id=sa;"},
	// SQL.
	{"SELECT id, budget FROM media_buys WHERE", FindingSQL, "SELECT id, budget FROM media_buys"},
	{"select * from accounts", FindingSQL, "select * from"},
	{"insert into ledger values", FindingSQL, "insert into ledger"},
	{"UPDATE accounts SET balance = 0", FindingSQL, "UPDATE accounts SET balance ="},
	{"where account_id = 'acc_1'", FindingSQL, "where account_id = '"},
	{`ERROR: syntax error at or near "FROM"`, FindingSQL, "syntax error at or near"},
	{"ORA-00942: table or view does not exist", FindingSQL, "ORA-00942"},
	{`duplicate key value violates unique constraint`, FindingSQL, "duplicate key value violates"},
	// Credentials.
	{"Authorization: Bearer abcdEFGH1234.xyz", FindingCredential, "Authorization: Bearer abcdEFGH1234.xyz"},
	{"with bearer abcdEFGH1234.xyz", FindingCredential, "bearer abcdEFGH1234.xyz"},
	{"token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig-part", FindingCredential, "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig-part"},
	{"key AKIAIOSFODNN7EXAMPLE leaked", FindingCredential, "AKIAIOSFODNN7EXAMPLE"},
	{"password=hunter22", FindingCredential, "password=hunter22"},
	{`{"api_key": "k-123456"}`, FindingCredential, `api_key": "k-123456`},
	{"session id: 8c1f2e", FindingCredential, "session id: 8c1f2e"},
	{"sk_live_4eC39HqLyjWDarjtT1zdp7dc", FindingCredential, "sk_live_4eC39HqLyjWDarjtT1zdp7dc"},
	{"-----BEGIN RSA PRIVATE KEY-----", FindingCredential, "-----BEGIN RSA PRIVATE KEY-----"},
	{"opaque 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", FindingCredential, "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"},
	// Letters that (?i) folds to ASCII: Kelvin sign and long s.
	{"LOCALHO\u017fT is down", FindingInternalHost, "LOCALHO\u017fT"},
	{"api_\u212aey=abc123", FindingCredential, "api_\u212aey=abc123"},
}

// checklist: 52
func TestCheckMessageFlags(t *testing.T) {
	for _, tt := range hygieneFlagCases {
		found := false
		for _, f := range CheckMessage(tt.s) {
			if f.Kind == tt.kind && tt.s[f.Start:f.End] == tt.span {
				found = true
			}
		}
		if !found {
			t.Errorf("CheckMessage(%q) = %v, want %s %q", tt.s, describeFindings(tt.s, CheckMessage(tt.s)), tt.kind, tt.span)
		}
	}
}

func describeFindings(s string, fs []Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, string(f.Kind)+": "+s[f.Start:f.End])
	}
	return out
}

// hygieneCleanCases are messages and suggestions a seller does send: none
// may be flagged.
var hygieneCleanCases = []string{
	"Request rate exceeded",
	"Budget is below the seller's minimum for this product",
	"Increase budget to at least 500 USD",
	"Select products from the catalog and resubmit",
	"Delete from the list any package you do not need",
	"Caller's field_scopes for update_media_buy does not include this field",
	"See https://seller.example.com/policies/alcohol-advertising",
	"Field /packages/0/targeting/geo_countries/2 is not a country code",
	"Pointer /creatives/0/assets/hero_image does not resolve",
	"Retry in 10:30:00 or later",
	"Use AdCP 3.2.0-beta.5 or 3.1.0",
	"Account mock_upstream_url is not set for account acc_123",
	"Environment variable ADCP_UPSTREAM_URL is unset",
	"The token is invalid or expired",
	"Media buy mb_12345 was modified since last read",
	"Creative 550e8400-e29b-41d4-a716-446655440000 was rejected",
	"PROVENANCE_SYNTHETIC_DEPICTION_MISSING applies to this creative",
	"std::vector and a::b are not addresses",
	"Rate limited — retry in 5s.",
	"Use list_accounts to rediscover your scope",
	"Products must be local or national",
	"",
}

func TestCheckMessageClean(t *testing.T) {
	for _, s := range hygieneCleanCases {
		if fs := CheckMessage(s); len(fs) != 0 {
			t.Errorf("CheckMessage(%q) = %v, want none", s, describeFindings(s, fs))
		}
	}
}

func TestScrub(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Request rate exceeded", "Request rate exceeded"},
		{"dial tcp 10.0.3.7:5432: connection refused", "dial tcp [REDACTED]: connection refused"},
		{"cannot open /etc/adcp/seller.conf: denied", "cannot open [REDACTED]: denied"},
		{"password=hunter22 and token: abcd1234", "[REDACTED] and [REDACTED]"},
		{"SELECT id FROM t at handler.go:1", "[REDACTED] at [REDACTED]"},
	}
	for _, tt := range tests {
		if got := Scrub(tt.in); got != tt.want {
			t.Errorf("Scrub(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if fs := CheckMessage(hygieneRedacted); len(fs) != 0 {
		t.Errorf("the redaction marker is itself flagged: %v", fs)
	}
}

// FuzzScrub checks that Scrub never panics and always leaves a string that
// CheckMessage finds clean, and that clean strings are left as they are.
func FuzzScrub(f *testing.F) {
	for _, s := range []string{
		"dial tcp 10.0.3.7:5432: connection refused",
		"password=[REDACTED]x",
		"SELECT a FROM b WHERE c = 1",
		"postgres://u:p@h/d at /srv/app/main.go:12",
		"Request rate exceeded",
		strings.Repeat("ab1", 20),
		"pass\u200bword=hunter22",
		"post\u2060gres://u:p@h/d",
		"10.0.\ufeff3.7 and \U000e0041",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Scrub(s)
		if fs := CheckMessage(out); len(fs) != 0 {
			t.Fatalf("Scrub(%q) = %q still has %v", s, out, describeFindings(out, fs))
		}
		if len(CheckMessage(s)) == 0 && out != s {
			t.Fatalf("Scrub changed clean %q to %q", s, out)
		}
	})
}

// BenchmarkHygieneCheckMessage measures CheckMessage on messages sellers
// write, clean and leaking.
func BenchmarkHygieneCheckMessage(b *testing.B) {
	for _, m := range []struct{ name, s string }{
		{"clean", "Budget is below the seller's minimum for this product"},
		{"clean-url", "Budget is below the seller's minimum for this product; see https://seller.example.com/policies/budget"},
		{"leak", "dial tcp 10.0.3.7:5432: connection refused at /srv/app/main.go:12"},
		{"clean-timestamp", "Rate limit exceeded; retry after 2026-12-01T10:30:00Z"},
	} {
		b.Run(m.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				CheckMessage(m.s)
			}
		})
	}
}
