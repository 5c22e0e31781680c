package seller

import (
	"math/rand"
	"reflect"
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

// hygieneGateCases are near misses for the pre-scan: strings on the edge of
// a gate's condition, for TestCheckMessageGates.
var hygieneGateCases = []string{
	"1.2.3", "1.2.3.4", "v1.2.3.4.5", "a:b:c", "::", "ff::1", "12:30", "x:80", "x.y:8080", "host=a;b=c",
	"SERVER=db;Database=x;", "https://a.example/b", "https://u:p@a.example/", "jdbc:pg://h/d", "Oracle://h", "postgres://db01/ads", "kafka://broker/topic",
	"/etc/x", "(/etc/x)", "a/etc/x", ":/etc/x", "/tmp", "./x", "~/x", "../x/y.go", "x /y/z.go", "C:\\x", "\\\\a\\b",
	"select * from t", "SELECT a FROM b", "update t set a = 1", "where a = 'x'", "where a <> 1", "drop table x",
	"CREATE UNIQUE INDEX i", "insert into t", "delete from t where", "DELETE FROM t", "pq: x", "ORA-12345",
	"ERROR: relation \"x\" does not exist", "token: abc", "token abc", "Bearer abcdefghijk", "AUTHORIZATION: x",
	"ghp_" + strings.Repeat("a", 30), "xoxb-1234567890", "sk_live_1234567890", "AIza" + strings.Repeat("b", 35),
	strings.Repeat("a1", 16), strings.Repeat("a1", 15) + "a", "goroutine 1 [x]", "x.y.Error: z", "pkg.ParseError: bad", "m.go:12",
	"ip-10-0-0-1", "a.LOCAL", "a.svc", "\u212a\u017f", "\u00e9t\u00e9 /etc/x", "Caf\u00e9 10.0.0.1",
	"SE\u212aRET=abc", "p\u0061ssword: hunter2", strings.Repeat("x", 300) + " 10.0.0.1",
	// Times, UUIDs and code names, which the gates keep off the detectors,
	// and what is next to them.
	"retry after 2026-12-01T10:30:00Z", "at 10:30:00.123 UTC", "10:30:00", "a:b:c:d", "fe80::1", "1::", ":::",
	"x.go:12", "x.GO:12", "x.gox:12", "x.p12:1", "x.:1", "go:12", "a/b.json:3:4", "at f(x.js:1)", "at f (x:1)", "(at x:1",
	"Host:8080", "_x:8080", "1x:80", "a-1:80", "-a:80", "x_y:80", ".a:80", "a.b-c:443", "\u00e9x:80", "\u212aost:8080", "x\u212a:80", "x\u212a:5432", "\u017fx:5432",
	"4f1c2a9e-1b2c-4d5e-8f90-123456789abc", "4F1C2A9E-1B2C-4D5E-8F90-123456789ABC", "4f1c2a9e-1b2c-4d5e-8f90-123456789abg",
	"_4f1c2a9e-1b2c-4d5e-8f90-123456789abc", "-4f1c2a9e-1b2c-4d5e-8f90-123456789abc", "4f1c2a9e-1b2c-4d5e-8f90-123456789abc-",
	"x4f1c2a9e-1b2c-4d5e-8f90-123456789abc", "4f1c2a9e-1b2c-4d5e-8f90-123456789abc\u00e9", "4f1c2a9e_1b2c_4d5e_8f90_123456789abc",
	"PROVENANCE_DIGITAL_SOURCE_TYPE_MISSING", "PROVENANCE_DIGITAL_SOURCE_TYPE_MISSING_2", strings.Repeat("ab", 16), strings.Repeat("12", 16),
	strings.Repeat("a", 31) + "1", strings.Repeat("A", 31) + "1a",
}

// TestCheckMessageGates checks that the pre-scan hides no finding: on
// every test string, CheckMessage equals running all detectors.
func TestCheckMessageGates(t *testing.T) {
	all := append(append([]string{}, hygieneCleanCases...), hygieneGateCases...)
	for _, c := range hygieneFlagCases {
		all = append(all, c.s)
	}
	for _, s := range all {
		got, want := CheckMessage(s), allDetectors(s)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("CheckMessage(%q) = %v, all detectors give %v", s, describeFindings(s, got), describeFindings(s, want))
		}
	}
}

// hygieneFrags are fragments of what the detectors look for, in which
// random strings reach the edges of the gates far more often than arbitrary
// bytes do.
var hygieneFrags = []string{
	" ", "  ", "\n", ":", "::", "=", ";", "/", "//", "./", "~/", "\\", ".", "@", "*", "'", `"`, "(", ")", "<", ">", "-", "_", "+", "$",
	"0", "1", "10", "255", "8080", "5432", "12345", "0x1f", "ff", "abc", "a1b2", "x", "K", "\u212a", "\u017f", "\u00e9",
	"etc", "var", "tmp", "home", "Users", "go", "py", "json", "pem", "http", "https", "postgres", "redis", "jdbc", "mysql",
	"select", "from", "where", "update", "set", "insert", "into", "delete", "drop", "table", "create", "unique", "index",
	"ORA-", "SQLSTATE", "pq", "syntax error at or near", "relation", "does not exist", "deadlock detected",
	"localhost", "internal", "local", "svc", "corp", "ip", "server", "host", "data source",
	"bearer", "authorization", "token", "api", "key", "secret", "password", "session", "id", "eyJ", "AKIA", "ghp", "xoxb",
	"sk", "live", "test", "AIza", "-----BEGIN", "PRIVATE KEY", "goroutine", "panic", "runtime error", "Traceback",
	"File", "line", "Exception", "Error", "at", "in thread", strings.Repeat("a1", 16),
	"\u200b", "\u2060", "\ufeff", "\u00ad", "\U000e0041", "\u202e", "\ue000", "\u3164",
	"2026-12-01T10:30:00Z", "10:30", ":1", "T10", "at ", "f(", ".go", ".json:", "4f1c2a9e-1b2c-4d5e-8f90-123456789abc",
	"4f1c2a9e", "-1b2c", "PROVENANCE_DIGITAL_SOURCE_TYPE_MISSING", "fe80", "::1",
}

// hygieneRandom joins up to max+1 of hygieneFrags, each in random case.
func hygieneRandom(r *rand.Rand, max int) string {
	var b strings.Builder
	for k := r.Intn(max); k >= 0; k-- {
		f := hygieneFrags[r.Intn(len(hygieneFrags))]
		switch r.Intn(3) {
		case 0:
			f = strings.ToUpper(f)
		case 1:
			f = strings.ToLower(f)
		}
		b.WriteString(f)
	}
	return b.String()
}

// TestCheckMessageGatesRandom compares CheckMessage with all detectors on
// strings assembled at random from fragments of what the detectors look
// for, in random case, which reach the edges of the gates far more often
// than arbitrary bytes do.
func TestCheckMessageGatesRandom(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for n := 0; n < 3000; n++ {
		s := hygieneRandom(r, 12)
		if got, want := CheckMessage(s), allDetectors(s); !reflect.DeepEqual(got, want) {
			t.Errorf("CheckMessage(%q) = %v, all detectors give %v", s, describeFindings(s, got), describeFindings(s, want))
		}
	}
}

// allDetectors is CheckMessage without the pre-scan: every detector on s,
// and on s without its silent characters (mapped back to s).
func allDetectors(s string) []Finding {
	out := hygieneCheck(s, hygieneGateAll)
	norm, at := hygieneNormalize(s)
	if at == nil {
		return out
	}
	for _, f := range hygieneCheck(norm, hygieneGateAll) {
		out = append(out, Finding{f.Kind, at[f.Start], at[f.End-1] + 1})
	}
	return hygieneSort(out)
}

// FuzzCheckMessageGates is TestCheckMessageGates on arbitrary strings.
func FuzzCheckMessageGates(f *testing.F) {
	for _, s := range hygieneGateCases {
		f.Add(s)
	}
	for _, c := range hygieneFlagCases {
		f.Add(c.s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, want := CheckMessage(s), allDetectors(s)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("CheckMessage(%q) = %v, all detectors give %v", s, describeFindings(s, got), describeFindings(s, want))
		}
	})
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

// BenchmarkHygieneCheckMessage compares CheckMessage (pre-scan, then the
// detectors it lets through) with the baseline that runs every detector,
// which is what CheckMessage did before the pre-scan.
func BenchmarkHygieneCheckMessage(b *testing.B) {
	for _, m := range []struct{ name, s string }{
		{"clean", "Budget is below the seller's minimum for this product"},
		{"clean-url", "Budget is below the seller's minimum for this product; see https://seller.example.com/policies/budget"},
		{"clean-time", "Retry in 10:30:00 or later"},
		{"leak", "dial tcp 10.0.3.7:5432: connection refused at /srv/app/main.go:12"},
		{"clean-timestamp", "Rate limit exceeded; retry after 2026-12-01T10:30:00Z"},
		{"clean-uuid", "Media buy 4f1c2a9e-1b2c-4d5e-8f90-123456789abc not found"},
		{"clean-code", "Send PROVENANCE_DIGITAL_SOURCE_TYPE_MISSING instead"},
	} {
		b.Run(m.name+"/baseline", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				hygieneCheck(m.s, hygieneGateAll)
			}
		})
		b.Run(m.name+"/gated", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				CheckMessage(m.s)
			}
		})
	}
}

// TestHygieneExtBefore checks that the colon gate's test of a file
// extension (hygieneExtBefore) holds for every extension the stack trace
// detector knows, and what it refuses.
func TestHygieneExtBefore(t *testing.T) {
	exts := strings.Split(strings.TrimSuffix(strings.TrimPrefix(hygieneExt, "(?:"), ")"), "|")
	if len(exts) < 40 {
		t.Fatalf("hygieneExt has %d extensions, want the list of about 45", len(exts))
	}
	for _, e := range exts {
		if !hygieneExtBefore("main." + e) {
			t.Errorf("hygieneExtBefore(%q) = false", "main."+e)
		}
	}
	for s, want := range map[string]bool{
		"": false, ".": false, "go": false, "main.": false, "main.Go": false, "main.golang1": false, "main_go": false,
		"2026-12-01T10": false, "main.golang": true, "v1.2": true, // any one to six: a necessary condition
	} {
		if got := hygieneExtBefore(s); got != want {
			t.Errorf("hygieneExtBefore(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestHygieneMayClosed: on text sellers commonly write, hygieneMay opens no
// detector. The gates' runs end where the characters they count end (a
// space ends a run of dots and digits, a letter past f a run of hex digits
// and colons), so words and numbers beside each other open nothing.
func TestHygieneMayClosed(t *testing.T) {
	for _, s := range []string{
		"Budget is below the seller's minimum for this product",
		"Rate limit exceeded; retry after 2026-12-01T10:30:00Z",
		"Media buy 4f1c2a9e-1b2c-4d5e-8f90-123456789abc not found",
		"Send PROVENANCE_DIGITAL_SOURCE_TYPE_MISSING instead",
		"Use v1. or v2. or v3. of the format",      // dots in three runs
		"Fields 1.5 and 2.5 and 3.5 are invalid",   // the same
		"Pairs x:y, z:w and q:r are reserved",      // one colon a run
		"Windows at 10:30 and 11:30 and 12:30 UTC", // two colons a run
	} {
		if may := hygieneMay(s); may != 0 {
			t.Errorf("hygieneMay(%q) = %#x, want no detector", s, may)
		}
	}
}

// hygieneGateAll runs every detector once: all but the narrowed one
// (hygieneGateStackFile).
const hygieneGateAll = ^uint32(0) &^ hygieneGateStackFile
