package rematch

import (
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// patterns are the expressions the runtime and the published schemas use,
// and a spread of the syntax the matcher accepts.
var patterns = []string{
	// seller hygiene (seller/hygiene.go) and seller codes (seller/vendor.go)
	`goroutine \d+ \[[^\]\n]*\]|panic: runtime error|\+0x[0-9a-f]+\b|Traceback \(most recent call last\)|File "[^"\n]+", line \d+|Exception in thread "|\bat [\w$.<>\[\]/]+ ?\([^)\n]*:\d+(?::\d+)?\)|\b[\w$]+(?:\.[\w$]+)+(?:Exception|Error)\b:|\b[\w./-]+\.(?:go|py|js|json|log):\d+\b`,
	`(?:^|[^\w:/.~-])(/(?:etc|var|usr|home|opt|tmp|Users|lib|lib64)(?:/[\w.@+-]+)+/?)`,
	`(?:^|[^\w:/.~-])((?:~|\.\.?)?(?:/[\w.@+-]+)+\.(?:go|py|json|c|h|cc))\b`,
	`(?:^|[^\w:/.~-])((?:~|\.\.?)/[\w.@+-]+(?:/[\w.@+-]+)*)`,
	`\b[A-Za-z]:\\[^\s"'<>|]+|\\\\[\w.-]+\\[^\s"'<>|]+`,
	`\b(?:\d{1,3}\.){3}\d{1,3}(?::\d{1,5})?\b`,
	`(?i)(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{0,4}`,
	`(?i)\blocalhost\b|\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.(?:internal|local|lan|home\.arpa|svc)\b|\bip-\d{1,3}-\d{1,3}-\d{1,3}-\d{1,3}\b`,
	`(?i:\b[a-z][a-z0-9.-]*:(?:5432|3306|8080)\b)|\b[a-z][a-z0-9]*(?:[.-][a-z0-9]+)+:\d{2,5}\b`,
	`(?i)\b(?:postgres(?:ql)?|mysql|mongodb(?:\+srv)?|rediss?|jdbc:[a-z0-9]+)://[^\s"'<>]+|\b[a-z][a-z0-9+.-]*://[^\s/@:"']+:[^\s/@"']+@[^\s"'<>]+|\b(?:server|data source|host)=[^;\n]+;(?:[^;=\n]+=[^;\n]*;?)+`,
	`\bSELECT\s[^\n]{0,200}?\sFROM\s+\S+|(?i:\bselect\s+\*\s+from\b)|(?i:\bwhere\s+[\w."]+\s*(?:=|<>|!=)\s*(?:'|\$\d|\?|:\w|\d))|\bORA-\d{5}\b|\bpq: `,
	`(?i:\bbearer\s+[\w\-.~+/]{8,}=*)|(?i:\bauthorization\s*:\s*[^\s\[\]"',;&]+(?:\s+[^\s\[\]"',;&]+)?)|\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*|\b(?:AKIA|ASIA)[0-9A-Z]{16}\b|-----BEGIN [A-Z ]*PRIVATE KEY-----|(?i:\b(?:api[_-]?key|secret|token|session[_\s-]?id)["']?\s*[=:]\s*["']?[^\s\[\]"',;&]{3,})`,
	`\b[A-Za-z0-9_-]{32,}\b`,
	`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`,
	`^[A-Z][A-Z0-9]{1,19}$`,
	`^[A-Z][A-Z0-9_]{1,39}$`,
	// the patterns of the published schemas, as the generator translates them
	"^(?:/(?:[^~/\\x{0000}-\\x{001F}\\x{007F}]|~0|~1)*)*$",
	"^[^\\x{0000}-\\x{001F}\\x{007F}]+$",
	"^[A-Za-z][A-Za-z0-9._:-]{0,63}$",
	"^[^\\x{0000}-\\x{001F}\\x{007F}]*$",
	"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$",
	"^[A-Z]{3}$",
	"^[a-z0-9_]+$",
	"^[A-Z]{2}$",
	"^[A-Za-z0-9][A-Za-z0-9._:/-]*$",
	"^P(\\d+Y)?(\\d+M)?(\\d+D)?(T(\\d+H)?(\\d+M)?(\\d+S)?)?$",
	"^P$",
	"^(?:0|[1-9]\\d*)\\.(?:0|[1-9]\\d*)(?:-[a-zA-Z0-9](?:[a-zA-Z0-9.-]*[a-zA-Z0-9])?)?$",
	"^\\d+\\.\\d+\\.\\d+(-[a-zA-Z0-9.-]+)?(\\+[a-zA-Z0-9.-]+)?$",
	"^\\d+\\.\\d+(-[a-zA-Z0-9.-]+)?$",
	"^x_[a-z0-9]+(?:_[a-z0-9]+)*$",
	// syntax
	``, `a`, `a*`, `a*?`, `(a*)*`, `(a|)*`, `(|a)*`, `(a*)+`, `(a*|b)*`, `a{2}`, `a{2,}`, `a{0,3}?b`, `a{0}`,
	`x{1,3}y{0,2}?`, `(a)(b)?(c)*`, `((a)|b)+`, `(?i)k`, `(?i)s`, `(?i)\w+`, `(?i)[^k]`, `(?i)[a-z]+`, `\W\S\D`,
	`[^a-c]`, `[]a]`, `[^]a]`, `[a-]`, `[-a]`, `[a\-z]`, `.`, `(?s).`, `(?m)^a$`, `^$`, `$`, `^`, `\b`, `\B`,
	`\Aab\z`, `a{`, `a{,3}`, `a{1`, `{`, `a{01}`, `(?i:a)b`, `((?i)a)b`, `(?U)a+`, `(?U)a+?`, `(?-i)a`,
	`(?i)a(?-i)a`, `\x41\x{1F600}`, `[\x{0}-\x{10FFFF}]`, `é+`, `\.\*\+\?\(\)\[\]\{\}\|\^\$\\`, `a|b|c`,
	`(?:)`, `()`, `(a)|b`, `\bfoo\b`, `[\d\s]+`, `[^\w]`, `(?i)[^\W]`, `\t\n\f\r\v\a`, `[[]`, `a+b+$`,
}

var inputs = []string{
	"", "a", "aa", "aaa", "ab", "abc", "b", "ba", "aab", "k", "K", "\u212a", "s", "S", "\u017f", "foo bar", "foo_bar",
	"AB12", "X_ACME_CODE", "ACME", "A", "1.2", "1.2.3-beta.1+build", "0.10", "01.2", "P1Y2M", "P", "PT", "P1DT2H",
	"example.com", "a-b.c", "-a", "US", "USD", "x_foo_bar", "/a/b~0", "/\x01", "tab\there", "line\nbreak", "\n",
	"123e4567-e89b-12d3-a456-426614174000", "goroutine 1 [running]:\nmain.main()\n\t/app/main.go:12 +0x1d",
	"see /etc/passwd or ./config/app.yaml and ~/notes", "C:\\Users\\bob\\x.txt \\\\srv\\share\\f", "at 10.0.0.1:5432",
	"fe80::1 and 2001:db8::8a2e:370:7334", "db.internal:6379 localhost ip-10-1-2-3", "postgres://u:p@h/db",
	"server=a;user=b;pwd=c;", "SELECT a FROM t WHERE id = 1", "select * from users", "ORA-00942", "pq: bad",
	"Bearer abcdefghijklmnop", "authorization: Basic xyz", "eyJhbGciOi.eyJzdWIiOi.sig", "AKIAABCDEFGHIJKLMNOP",
	"api_key=hunter22", "0123456789abcdefghijklmnopqrstuvwxyz", "\xff\xfe", "a\xffb", "é", "éé", "\U0001F600",
	"{", "a{", "a{,3}", "a{1", "a{01}", ".*+?()[]{}|^$\\", "]", "-", "\t\n\f\r\v\a", "[", "aabb", "x",
}

func check(t *testing.T, expr, s string) {
	t.Helper()
	mine, err := Compile(expr)
	theirs, gerr := regexp.Compile(expr)
	if err != nil {
		return // refusing is allowed; accepting what regexp refuses is not
	}
	if gerr != nil {
		t.Fatalf("Compile(%q) accepts what regexp refuses: %v", expr, gerr)
	}
	if mine.NumSubexp() != theirs.NumSubexp() {
		t.Fatalf("%q: %d groups, regexp %d", expr, mine.NumSubexp(), theirs.NumSubexp())
	}
	if got, want := mine.MatchString(s), theirs.MatchString(s); got != want {
		t.Fatalf("%q MatchString(%q) = %v, regexp %v", expr, s, got, want)
	}
	if got, want := mine.FindAllStringIndex(s, -1), theirs.FindAllStringIndex(s, -1); !reflect.DeepEqual(got, want) {
		t.Fatalf("%q FindAllStringIndex(%q) = %v, regexp %v", expr, s, got, want)
	}
	if got, want := mine.FindAllStringSubmatchIndex(s, -1), theirs.FindAllStringSubmatchIndex(s, -1); !reflect.DeepEqual(got, want) {
		t.Fatalf("%q FindAllStringSubmatchIndex(%q) = %v, regexp %v", expr, s, got, want)
	}
	if got, want := mine.FindAllStringIndex(s, 2), theirs.FindAllStringIndex(s, 2); !reflect.DeepEqual(got, want) {
		t.Fatalf("%q FindAllStringIndex(%q, 2) = %v, regexp %v", expr, s, got, want)
	}
}

// TestDifferential: on every pattern and input, the matcher agrees with
// package regexp.
func TestDifferential(t *testing.T) {
	for _, expr := range patterns {
		if _, err := Compile(expr); err != nil {
			t.Errorf("Compile(%q): %v", expr, err)
			continue
		}
		for _, s := range inputs {
			check(t, expr, s)
			check(t, expr, s+" "+s+"\n"+strings.ToUpper(s))
		}
	}
}

// TestRefused: syntax the matcher does not support, and syntax errors.
func TestRefused(t *testing.T) {
	for _, expr := range []string{
		`\pL`, `\p{Greek}`, `[[:alpha:]]`, `(?P<n>a)`, `(?<n>a)`, `\Qa\E`, `\0`, `\C`, // unsupported
		`a**`, `a*+`, `a{2}{3}`, `a{2}*`, `*a`, `(*)`, `a|*`, `(a`, `a)`, `[a`, `[z-a]`, `a{1001}`, `a{2,1}`,
		`\`, `(?z)`, `(?i-)`, `(?--i)`, "\xff", `\x{110000}`, `\xg0`, `((((a{100}){100}){100}){100})`,
	} {
		if re, err := Compile(expr); err == nil {
			t.Errorf("Compile(%q) = %v, want an error", expr, re)
		}
	}
}

// TestMustCompile panics on a bad expression.
func TestMustCompile(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("MustCompile(`(`) did not panic")
		}
	}()
	MustCompile(`(`)
}

// FuzzDifferential compares the matcher with package regexp on arbitrary
// expressions and inputs.
func FuzzDifferential(f *testing.F) {
	for i, expr := range patterns {
		f.Add(expr, inputs[i%len(inputs)])
	}
	f.Fuzz(func(t *testing.T, expr, s string) {
		if len(expr) > 200 || len(s) > 300 || !utf8.ValidString(expr) {
			return
		}
		check(t, expr, s)
	})
}
