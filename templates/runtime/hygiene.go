package adcperr

import (
	"net"
	"regexp"
	"sort"
	"strings"
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

var hygieneDetectors = []hygieneDetector{
	// Stack traces: Go, Java/JS, Python, .NET and file:line frames.
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
		return hygieneIsIP(host)
	}},
	{kind: FindingIPAddress, re: regexp.MustCompile(`(?i)(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{0,4}`), ok: func(s string) bool {
		return hygieneIsIP(s) && (strings.Count(s, ":") >= 3 || (strings.Contains(s, "::") && len(s) >= 6))
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
func CheckMessage(s string) []Finding {
	var out []Finding
	for _, d := range hygieneDetectors {
		var ms [][]int
		if d.group == 0 {
			ms = d.re.FindAllStringIndex(s, -1) // no submatches: the faster matcher
		} else {
			ms = d.re.FindAllStringSubmatchIndex(s, -1)
		}
		for _, m := range ms {
			start, end := m[2*d.group], m[2*d.group+1]
			if start < 0 || start == end || (d.ok != nil && !d.ok(s[start:end])) {
				continue
			}
			out = append(out, Finding{d.kind, start, end})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Start != out[j].Start {
			return out[i].Start < out[j].Start
		}
		if out[i].End != out[j].End {
			return out[i].End > out[j].End
		}
		return out[i].Kind < out[j].Kind
	})
	// Two detectors of one kind may flag the same span: keep it once.
	n := 0
	for i, f := range out {
		if i == 0 || f != out[n-1] {
			out[n] = f
			n++
		}
	}
	return out[:n]
}

// Scrub returns s with every span CheckMessage flags replaced by
// "[REDACTED]". It repeats until nothing is flagged; should that not settle
// within a few rounds, the whole string is replaced. So
// CheckMessage(Scrub(s)) is always empty.
func Scrub(s string) string {
	for round := 0; round < 4; round++ {
		fs := CheckMessage(s)
		if len(fs) == 0 {
			return s
		}
		var b strings.Builder
		last := 0
		for _, f := range fs {
			if f.End <= last {
				continue
			}
			if f.Start < last {
				f.Start = last
			} else {
				b.WriteString(s[last:f.Start])
				b.WriteString(hygieneRedacted)
			}
			last = f.End
		}
		b.WriteString(s[last:])
		s = b.String()
	}
	if len(CheckMessage(s)) == 0 {
		return s
	}
	return hygieneRedacted
}

func hygieneIsIP(s string) bool { return net.ParseIP(s) != nil }

// hygieneOpaqueToken reports whether a 32+ character word looks like a
// secret: it mixes lower case and digits and is not a UUID (an identifier
// sellers show on purpose). Upper-case codes such as
// PROVENANCE_SYNTHETIC_DEPICTION_MISSING are not flagged.
func hygieneOpaqueToken(s string) bool {
	if hygieneUUID.MatchString(s) {
		return false
	}
	return strings.ContainsAny(s, "0123456789") && strings.ContainsAny(s, "abcdefghijklmnopqrstuvwxyz")
}

var hygieneUUID = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
