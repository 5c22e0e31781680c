package seller

import (
	"cmp"
	"net"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp/internal/invisible"
)

// FindingKind names what CheckMessage found in a string.
type FindingKind string

// The kinds of text transport-errors.md §Security Considerations says an
// error must never show the buyer.
const (
	FindingStackTrace       FindingKind = "stack trace"
	FindingFilePath         FindingKind = "file path"
	FindingIPAddress        FindingKind = "IP address"
	FindingInternalHost     FindingKind = "internal host name"
	FindingConnectionString FindingKind = "connection string"
	FindingSQL              FindingKind = "SQL fragment"
	FindingCredential       FindingKind = "credential-like token"
)

// Finding is one suspicious span of a checked string, s[Start:End].
type Finding struct {
	Kind       FindingKind
	Start, End int
}

// hygieneRedacted replaces what Scrub removes. No detector matches it.
const hygieneRedacted = "[REDACTED]"

// hygieneDetector finds one kind of leak: the span is submatch group of re
// (0 for the whole match), kept when ok is nil or ok(span) holds.
type hygieneDetector struct {
	kind  FindingKind
	re    *regexp.Regexp
	group int
	ok    func(string) bool
}

// hygieneExt are file extensions that make a slash-separated path a file
// path rather than, say, a JSON pointer into the request.
const hygieneExt = `(?:go|py|pyc|java|class|jar|js|mjs|cjs|ts|rb|php|cs|kt|scala|rs|c|h|cc|cpp|so|dll|exe|sh|yaml|yml|json|toml|ini|conf|cfg|env|log|sql|db|sqlite|pem|key|crt|p12)`

// hygieneDetectors are the detectors, in the order they run.
var hygieneDetectors = []hygieneDetector{
	// Stack traces: Go, Java/JS, Python, .NET and file.ext:line frames.
	{kind: FindingStackTrace, re: regexp.MustCompile(`goroutine \d+ \[[^\]\n]*\]|panic: runtime error|\+0x[0-9a-f]+\b|Traceback \(most recent call last\)|File "[^"\n]+", line \d+|Exception in thread "|\bat [\w$.<>\[\]/]+ ?\([^)\n]*:\d+(?::\d+)?\)|\b[\w$]+(?:\.[\w$]+)+(?:Exception|Error)\b:|\b[\w./-]+\.` + hygieneExt + `:\d+\b`)},

	// File paths: absolute paths under well-known roots, any path ending in
	// a file extension, relative and home paths, Windows and UNC paths.
	{kind: FindingFilePath, group: 1, re: regexp.MustCompile(`(?:^|[^\w:/.~-])(/(?:etc|var|usr|home|opt|srv|tmp|root|proc|sys|mnt|app|Users|private|Library|lib|lib64|bin|sbin|run)(?:/[\w.@+-]+)+/?)`)},
	{kind: FindingFilePath, group: 1, re: regexp.MustCompile(`(?:^|[^\w:/.~-])((?:~|\.\.?)?(?:/[\w.@+-]+)+\.` + hygieneExt + `)\b`)},
	{kind: FindingFilePath, group: 1, re: regexp.MustCompile(`(?:^|[^\w:/.~-])((?:~|\.\.?)/[\w.@+-]+(?:/[\w.@+-]+)*)`)},
	{kind: FindingFilePath, re: regexp.MustCompile(`\b[A-Za-z]:\\[^\s"'<>|]+|\\\\[\w.-]+\\[^\s"'<>|]+`)},

	// IP addresses, checked by net.ParseIP. IPv6 needs three colons or a
	// "::" in six characters, so "a::b" and "10:30:00" are not flagged.
	{kind: FindingIPAddress, re: regexp.MustCompile(`\b(?:\d{1,3}\.){3}\d{1,3}(?::\d{1,5})?\b`), ok: func(s string) bool {
		host, _, _ := strings.Cut(s, ":")
		return net.ParseIP(host) != nil
	}},
	{kind: FindingIPAddress, re: regexp.MustCompile(`(?i)(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{0,4}`), ok: func(s string) bool {
		return net.ParseIP(s) != nil && (strings.Count(s, ":") >= 3 || (strings.Contains(s, "::") && len(s) >= 6))
	}},

	// Internal host names: localhost, private DNS suffixes, cloud-internal
	// names, host:port of well-known service ports or dotted/dashed hosts.
	{kind: FindingInternalHost, re: regexp.MustCompile(`(?i)\blocalhost\b|\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.(?:internal|local|localdomain|lan|corp|intranet|intra|home\.arpa|svc)\b|\bip-\d{1,3}-\d{1,3}-\d{1,3}-\d{1,3}\b`)},
	{kind: FindingInternalHost, re: regexp.MustCompile(`(?i:\b[a-z][a-z0-9.-]*:(?:5432|3306|6379|27017|9200|9092|5672|11211|2181|1433|1521|5984|8500|2379|8080|8443|9000)\b)|\b[a-z][a-z0-9]*(?:[.-][a-z0-9]+)+:\d{2,5}\b`)},

	// Connection strings: database and broker URLs, any URL with
	// user:password@, and key=value driver strings.
	{kind: FindingConnectionString, re: regexp.MustCompile(`(?i)\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|rediss?|amqps?|sqlserver|mssql|oracle|clickhouse|cassandra|couchbase|kafka|nats|ldaps?|jdbc:[a-z0-9]+|odbc|snowflake)://[^\s"'<>]+|\b[a-z][a-z0-9+.-]*://[^\s/@:"']+:[^\s/@"']+@[^\s"'<>]+|\b(?:server|data source|host)=[^;\n]+;(?:[^;=\n]+=[^;\n]*;?)+`)},

	// SQL: statements (SELECT…FROM only in capitals, "select x from" being
	// plain English), WHERE comparisons, and well-known database errors.
	{kind: FindingSQL, re: regexp.MustCompile(`\bSELECT\s[^\n]{0,200}?\sFROM\s+\S+|(?i:\bselect\s+\*\s+from\b)|(?i:\binsert\s+into\s+\S+)|(?i:\bupdate\s+\S+\s+set\s+\S+\s*=)|\bDELETE\s+FROM\b|(?i:\bdelete\s+from\s+[\w."]+\s+where\b)|(?i:\b(?:drop|truncate|alter)\s+table\b)|(?i:\bcreate\s+(?:unique\s+)?(?:table|index)\b)|(?i:\bwhere\s+[\w."]+\s*(?:=|<>|!=)\s*(?:'|\$\d|\?|:\w|\d))|(?i:\bsyntax error at or near\b)|\bORA-\d{5}\b|\bSQLSTATE\b|(?i:\bduplicate key value violates\b)|(?i:\brelation "[^"\n]+" does not exist)|(?i:\bdeadlock detected\b)|(?i:\berror in your SQL syntax\b)|(?i:\bsql: no rows in result set\b)|\bpq: `)},

	// Credentials: schemes, key=value, well-known token formats, private
	// keys, and long opaque tokens mixing lower case and digits.
	{kind: FindingCredential, re: regexp.MustCompile(`(?i:\bbearer\s+[\w\-.~+/]{8,}=*)|(?i:\bauthorization\s*:\s*[^\s\[\]"',;&]+(?:\s+[^\s\[\]"',;&]+)?)|\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*|\b(?:AKIA|ASIA)[0-9A-Z]{16}\b|\bgh[pousr]_[A-Za-z0-9]{30,}\b|\bgithub_pat_\w{20,}|\bxox[abposr]-[\w-]{10,}|\b[sprk]k_(?:live|test)_\w{10,}|\bAIza[\w-]{35}\b|-----BEGIN [A-Z ]*PRIVATE KEY-----|(?i:\b(?:api[_-]?key|apikey|client[_-]?secret|secret|password|passwd|pwd|access[_-]?token|refresh[_-]?token|auth[_-]?token|token|session[_\s-]?id|sessionid|private[_-]?key)["']?\s*[=:]\s*["']?[^\s\[\]"',;&]{3,})`)},
	{kind: FindingCredential, re: regexp.MustCompile(`\b[A-Za-z0-9_-]{32,}\b`), ok: hygieneOpaqueToken},
}

// CheckMessage flags what a seller must not send the buyer in message or
// suggestion (or any buyer-visible string): stack traces, file paths, IP
// addresses, internal host names, connection strings, SQL fragments and
// credential-like tokens. Findings are sorted by position, each span of a
// kind listed once; findings of different kinds may overlap.
// The check is a heuristic: it errs towards flagging, and a clean result is
// not proof that a string is safe.
//
// A buyer reads s sanitized (adcp.Sanitize removes invisible characters),
// so a token split by zero-width or other silent characters
// ("pass\u200bword=hunter2") reaches it whole. CheckMessage therefore also
// checks s with the silent characters removed (format, private use,
// unassigned and default-ignorable code points; not controls or line
// breaks, whose removal would join words the check must see apart), and
// reports what it finds there at the matching bytes of s, spans widened
// over the removed characters, beside what it finds in s as it is.
func CheckMessage(s string) []Finding {
	out := hygieneCheck(s)
	if norm, at := hygieneNormalize(s); at != nil {
		for _, f := range hygieneCheck(norm) {
			out = append(out, Finding{f.Kind, at[f.Start], at[f.End-1] + 1})
		}
	}
	// By position, the longer of two at one start first, each span of a
	// kind once (two detectors of one kind may flag the same span).
	slices.SortFunc(out, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(b.End, a.End), cmp.Compare(a.Kind, b.Kind))
	})
	return slices.Compact(out)
}

// hygieneNormalize returns s without its silent characters
// (invisible.Silent) and the byte of s each byte of the result comes from;
// at is nil when s has none.
func hygieneNormalize(s string) (norm string, at []int) {
	if !strings.ContainsFunc(s, invisible.Silent) {
		return s, nil
	}
	var b strings.Builder
	b.Grow(len(s))
	at = make([]int, 0, len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !invisible.Silent(r) {
			b.WriteString(s[i : i+size])
			for k := 0; k < size; k++ {
				at = append(at, i+k)
			}
		}
		i += size
	}
	return b.String(), at
}

// hygieneCheck runs every detector on s, in order.
func hygieneCheck(s string) []Finding {
	var out []Finding
	for _, d := range hygieneDetectors {
		for _, m := range d.re.FindAllStringSubmatchIndex(s, -1) {
			start, end := m[2*d.group], m[2*d.group+1]
			if start < 0 || start == end || (d.ok != nil && !d.ok(s[start:end])) {
				continue
			}
			out = append(out, Finding{d.kind, start, end})
		}
	}
	return out
}

// hygieneUUID is a UUID: 8-4-4-4-12 hexadecimal digits, either case.
var hygieneUUID = regexp.MustCompile(`^[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}$`)

// Scrub returns s with every span CheckMessage flags replaced by
// "[REDACTED]". It repeats until nothing is flagged; should that not settle
// within a few rounds, the whole string is replaced. So
// CheckMessage(Scrub(s)) is always empty.
func Scrub(s string) string {
	for round := 0; ; round++ {
		fs := CheckMessage(s)
		if len(fs) == 0 {
			return s
		}
		if round == 4 {
			return hygieneRedacted
		}
		var b strings.Builder
		last := 0
		for _, f := range fs {
			if f.End <= last {
				continue
			}
			if f.Start >= last { // else it extends the span redacted last
				b.WriteString(s[last:f.Start])
				b.WriteString(hygieneRedacted)
			}
			last = f.End
		}
		b.WriteString(s[last:])
		s = b.String()
	}
}

// hygieneOpaqueToken reports whether a 32+ character word looks like a
// secret: it mixes lower case and digits and is not a UUID (an identifier
// sellers show on purpose). Upper-case codes such as
// PROVENANCE_SYNTHETIC_DEPICTION_MISSING are not flagged.
func hygieneOpaqueToken(s string) bool {
	return !hygieneUUID.MatchString(s) &&
		strings.ContainsAny(s, "0123456789") && strings.ContainsAny(s, "abcdefghijklmnopqrstuvwxyz")
}
