package seller

import (
	"cmp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp/internal/invisible"
	"github.com/adcp-gen/adcp-gen/adcp/internal/netparse"
	"github.com/adcp-gen/adcp-gen/adcp/internal/rematch"
	"github.com/adcp-gen/adcp-gen/adcp/internal/smallsort"
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
// (0 for the whole match), kept when ok is nil or ok(span) holds. re runs
// only when the pre-scan sets its gate (see hygieneMay).
type hygieneDetector struct {
	kind  FindingKind
	gate  uint32
	re    *rematch.Regexp
	group int
	ok    func(string) bool
}

// Gates of the detectors: hygieneMay sets one when the string meets a
// necessary condition of the detector's expression.
const (
	hygieneGateStack uint32 = 1 << iota
	hygieneGatePathRoot
	hygieneGatePathExt
	hygieneGatePathRel
	hygieneGatePathWin
	hygieneGateIPv4
	hygieneGateIPv6
	hygieneGateHostName
	hygieneGateHostPort
	hygieneGateConn
	hygieneGateSQL
	hygieneGateCred
	hygieneGateToken
	// hygieneGateStackFile runs the stack trace detector's last
	// alternative alone (hygieneStackFile), when the gates rule out all
	// the others: the matches of an alternation whose other alternatives
	// match nowhere are that alternative's. hygieneMay never sets it with
	// hygieneGateStack.
	hygieneGateStackFile

	// hygieneGateAll runs every detector once: all but the narrowed one.
	hygieneGateAll = ^uint32(0) &^ hygieneGateStackFile
)

// hygieneStackFile is the stack trace detector's "file.ext:line"
// alternative.
const hygieneStackFile = `\b[\w./-]+\.` + hygieneExt + `:\d+\b`

// hygieneExt are file extensions that make a slash-separated path a file
// path rather than, say, a JSON pointer into the request.
const hygieneExt = `(?:go|py|pyc|java|class|jar|js|mjs|cjs|ts|rb|php|cs|kt|scala|rs|c|h|cc|cpp|so|dll|exe|sh|yaml|yml|json|toml|ini|conf|cfg|env|log|sql|db|sqlite|pem|key|crt|p12)`

// hygieneDetectors returns the detectors, compiled on first use: a program
// that links the package but checks no message does not pay for compiling
// them when it starts.
func hygieneDetectors() []hygieneDetector {
	hygieneOnce.Do(func() { hygieneDets = hygieneCompile() })
	return hygieneDets
}

var (
	hygieneOnce sync.Once
	hygieneDets []hygieneDetector
)

func hygieneCompile() []hygieneDetector {
	return []hygieneDetector{
		// Stack traces: Go, Java/JS, Python, .NET and file:line frames.
		{kind: FindingStackTrace, gate: hygieneGateStack, re: rematch.MustCompile(`goroutine \d+ \[[^\]\n]*\]|panic: runtime error|\+0x[0-9a-f]+\b|Traceback \(most recent call last\)|File "[^"\n]+", line \d+|Exception in thread "|\bat [\w$.<>\[\]/]+ ?\([^)\n]*:\d+(?::\d+)?\)|\b[\w$]+(?:\.[\w$]+)+(?:Exception|Error)\b:|` + hygieneStackFile)},
		{kind: FindingStackTrace, gate: hygieneGateStackFile, re: rematch.MustCompile(hygieneStackFile)},

		// File paths: absolute paths under well-known roots, any path ending in
		// a file extension, relative and home paths, Windows and UNC paths.
		{kind: FindingFilePath, gate: hygieneGatePathRoot, group: 1, re: rematch.MustCompile(`(?:^|[^\w:/.~-])(/(?:etc|var|usr|home|opt|srv|tmp|root|proc|sys|mnt|app|Users|private|Library|lib|lib64|bin|sbin|run)(?:/[\w.@+-]+)+/?)`)},
		{kind: FindingFilePath, gate: hygieneGatePathExt, group: 1, re: rematch.MustCompile(`(?:^|[^\w:/.~-])((?:~|\.\.?)?(?:/[\w.@+-]+)+\.` + hygieneExt + `)\b`)},
		{kind: FindingFilePath, gate: hygieneGatePathRel, group: 1, re: rematch.MustCompile(`(?:^|[^\w:/.~-])((?:~|\.\.?)/[\w.@+-]+(?:/[\w.@+-]+)*)`)},
		{kind: FindingFilePath, gate: hygieneGatePathWin, re: rematch.MustCompile(`\b[A-Za-z]:\\[^\s"'<>|]+|\\\\[\w.-]+\\[^\s"'<>|]+`)},

		// IP addresses, checked by net.ParseIP. IPv6 needs three colons or a
		// "::" in six characters, so "a::b" and "10:30:00" are not flagged.
		{kind: FindingIPAddress, gate: hygieneGateIPv4, re: rematch.MustCompile(`\b(?:\d{1,3}\.){3}\d{1,3}(?::\d{1,5})?\b`), ok: func(s string) bool {
			host, _, _ := strings.Cut(s, ":")
			return hygieneIsIP(host)
		}},
		{kind: FindingIPAddress, gate: hygieneGateIPv6, re: rematch.MustCompile(`(?i)(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{0,4}`), ok: func(s string) bool {
			return hygieneIsIP(s) && (strings.Count(s, ":") >= 3 || (strings.Contains(s, "::") && len(s) >= 6))
		}},

		// Internal host names: localhost, private DNS suffixes, cloud-internal
		// names, host:port of well-known service ports or dotted/dashed hosts.
		{kind: FindingInternalHost, gate: hygieneGateHostName, re: rematch.MustCompile(`(?i)\blocalhost\b|\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.(?:internal|local|localdomain|lan|corp|intranet|intra|home\.arpa|svc)\b|\bip-\d{1,3}-\d{1,3}-\d{1,3}-\d{1,3}\b`)},
		{kind: FindingInternalHost, gate: hygieneGateHostPort, re: rematch.MustCompile(`(?i:\b[a-z][a-z0-9.-]*:(?:5432|3306|6379|27017|9200|9092|5672|11211|2181|1433|1521|5984|8500|2379|8080|8443|9000)\b)|\b[a-z][a-z0-9]*(?:[.-][a-z0-9]+)+:\d{2,5}\b`)},

		// Connection strings: database and broker URLs, any URL with
		// user:password@, and key=value driver strings.
		{kind: FindingConnectionString, gate: hygieneGateConn, re: rematch.MustCompile(`(?i)\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|rediss?|amqps?|sqlserver|mssql|oracle|clickhouse|cassandra|couchbase|kafka|nats|ldaps?|jdbc:[a-z0-9]+|odbc|snowflake)://[^\s"'<>]+|\b[a-z][a-z0-9+.-]*://[^\s/@:"']+:[^\s/@"']+@[^\s"'<>]+|\b(?:server|data source|host)=[^;\n]+;(?:[^;=\n]+=[^;\n]*;?)+`)},

		// SQL: statements (SELECT…FROM only in capitals, "select x from" being
		// plain English), WHERE comparisons, and well-known database errors.
		{kind: FindingSQL, gate: hygieneGateSQL, re: rematch.MustCompile(`\bSELECT\s[^\n]{0,200}?\sFROM\s+\S+|(?i:\bselect\s+\*\s+from\b)|(?i:\binsert\s+into\s+\S+)|(?i:\bupdate\s+\S+\s+set\s+\S+\s*=)|\bDELETE\s+FROM\b|(?i:\bdelete\s+from\s+[\w."]+\s+where\b)|(?i:\b(?:drop|truncate|alter)\s+table\b)|(?i:\bcreate\s+(?:unique\s+)?(?:table|index)\b)|(?i:\bwhere\s+[\w."]+\s*(?:=|<>|!=)\s*(?:'|\$\d|\?|:\w|\d))|(?i:\bsyntax error at or near\b)|\bORA-\d{5}\b|\bSQLSTATE\b|(?i:\bduplicate key value violates\b)|(?i:\brelation "[^"\n]+" does not exist)|(?i:\bdeadlock detected\b)|(?i:\berror in your SQL syntax\b)|(?i:\bsql: no rows in result set\b)|\bpq: `)},

		// Credentials: schemes, key=value, well-known token formats, private
		// keys, and long opaque tokens mixing lower case and digits.
		{kind: FindingCredential, gate: hygieneGateCred, re: rematch.MustCompile(`(?i:\bbearer\s+[\w\-.~+/]{8,}=*)|(?i:\bauthorization\s*:\s*[^\s\[\]"',;&]+(?:\s+[^\s\[\]"',;&]+)?)|\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*|\b(?:AKIA|ASIA)[0-9A-Z]{16}\b|\bgh[pousr]_[A-Za-z0-9]{30,}\b|\bgithub_pat_\w{20,}|\bxox[abposr]-[\w-]{10,}|\b[sprk]k_(?:live|test)_\w{10,}|\bAIza[\w-]{35}\b|-----BEGIN [A-Z ]*PRIVATE KEY-----|(?i:\b(?:api[_-]?key|apikey|client[_-]?secret|secret|password|passwd|pwd|access[_-]?token|refresh[_-]?token|auth[_-]?token|token|session[_\s-]?id|sessionid|private[_-]?key)["']?\s*[=:]\s*["']?[^\s\[\]"',;&]{3,})`)},
		{kind: FindingCredential, gate: hygieneGateToken, re: rematch.MustCompile(`\b[A-Za-z0-9_-]{32,}\b`), ok: hygieneOpaqueToken},
	}
}

// CheckMessage flags what a seller must not send the buyer in message or
// suggestion (or any buyer-visible string): stack traces, file paths, IP
// addresses, internal host names, connection strings, SQL fragments and
// credential-like tokens. Findings are sorted by position, each span of a
// kind listed once; findings of different kinds may overlap.
// The check is a heuristic: it errs towards flagging, and a clean result is
// not proof that a string is safe.
//
// A byte-level pre-scan (hygieneMay) first rules out the detectors that
// cannot match, so clean prose runs no regular expression at all.
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
	out := hygieneCheck(s, hygieneMay(s))
	norm, at := hygieneNormalize(s)
	if at == nil {
		return out
	}
	for _, f := range hygieneCheck(norm, hygieneMay(norm)) {
		out = append(out, Finding{f.Kind, at[f.Start], at[f.End-1] + 1})
	}
	return hygieneSort(out)
}

// hygieneNormalize returns s without its silent characters
// (invisible.Silent) and the byte of s each byte of the result comes from;
// at is nil when s has none.
func hygieneNormalize(s string) (norm string, at []int) {
	i := 0
	for i < len(s) && (s[i] < utf8.RuneSelf || !hygieneSilentAt(s, i)) {
		i++
	}
	if i == len(s) {
		return s, nil
	}
	var b strings.Builder
	b.Grow(len(s))
	at = make([]int, 0, len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !(r >= utf8.RuneSelf && invisible.Silent(r)) {
			b.WriteString(s[i : i+size])
			for k := 0; k < size; k++ {
				at = append(at, i+k)
			}
		}
		i += size
	}
	return b.String(), at
}

// hygieneSilentAt reports whether a silent character starts at s[i].
func hygieneSilentAt(s string, i int) bool {
	if !utf8.RuneStart(s[i]) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return r >= utf8.RuneSelf && invisible.Silent(r)
}

// hygieneCheck runs the detectors whose gate is set in may.
func hygieneCheck(s string, may uint32) []Finding {
	var out []Finding
	for _, d := range hygieneDetectors() {
		if may&d.gate == 0 {
			continue
		}
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
	return hygieneSort(out)
}

// hygieneSort sorts findings by position and lists each span of a kind once.
func hygieneSort(out []Finding) []Finding {
	if len(out) < 2 {
		return out
	}
	// The order is total (equal findings are identical), so an unstable
	// sort gives the one result.
	smallsort.Func(out, func(a, b Finding) int {
		if a.Start != b.Start {
			return cmp.Compare(a.Start, b.Start)
		}
		if a.End != b.End {
			return cmp.Compare(b.End, a.End)
		}
		return cmp.Compare(a.Kind, b.Kind)
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

// Literals the pre-scan looks for, as bits of one mask: a bit is set when
// one of its literals occurs in the string (case-insensitive ones in the
// lower-cased copy).
const (
	hygieneLitStack    uint64 = 1 << iota // stack trace markers
	hygieneLitPathRel                     // "~/", "./"
	hygieneLitHost                        // internal host name suffixes
	hygieneLitScheme                      // "://"
	hygieneLitDBScheme                    // database URL schemes
	hygieneLitConnKV                      // "server=" and the like
	hygieneLitSQL                         // SQL markers that suffice alone
	hygieneLitSelect
	hygieneLitInsert
	hygieneLitInto
	hygieneLitUpdate
	hygieneLitDelete
	hygieneLitWhere
	hygieneLitCreate
	hygieneLitIndex
	hygieneLitTable
	hygieneLitDDL      // drop, truncate, alter
	hygieneLitCred     // credential markers that suffice alone
	hygieneLitCredName // names of secrets in key=value pairs
)

// hygieneLit is a literal and its bit.
type hygieneLit struct {
	s   string
	bit uint64
}

// hygieneLitSets are the pre-scan's literals and their bits, matched in s
// or, when ci is set, in the lower-cased copy. Every literal has at least
// two bytes.
var hygieneLitSets = [...]struct {
	ci   bool
	bit  uint64
	lits []string
}{
	{false, hygieneLitStack, []string{"goroutine ", "panic: runtime error", "+0x", "Traceback (most recent call last)", `File "`,
		`Exception in thread "`, "Exception:", "Error:"}},
	{false, hygieneLitPathRel, []string{"~/", "./"}},
	{false, hygieneLitSQL, []string{"SELECT", "DELETE", "ORA-", "SQLSTATE", "pq: "}},
	{false, hygieneLitCred, []string{"eyJ", "AKIA", "ASIA", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "xox",
		"k_live_", "k_test_", "AIza", "-----BEGIN "}},
	{true, hygieneLitHost, []string{"localhost", ".internal", ".local", ".lan", ".corp", ".intra", ".home.arpa", ".svc", "ip-"}},
	{true, hygieneLitScheme, []string{"://"}},
	{true, hygieneLitDBScheme, []string{"jdbc:", "postgres://", "postgresql://", "mysql://", "mariadb://", "mongodb://",
		"mongodb+srv://", "redis://", "rediss://", "amqp://", "amqps://", "sqlserver://", "mssql://", "oracle://",
		"clickhouse://", "cassandra://", "couchbase://", "kafka://", "nats://", "ldap://", "ldaps://", "odbc://",
		"snowflake://"}},
	{true, hygieneLitConnKV, []string{"server=", "data source=", "host="}},
	{true, hygieneLitSQL, []string{"syntax error at or near", "duplicate key value violates", `relation "`, "deadlock detected",
		"error in your sql syntax", "sql: no rows in result set"}},
	{true, hygieneLitSelect, []string{"select"}},
	{true, hygieneLitInsert, []string{"insert"}},
	{true, hygieneLitInto, []string{"into"}},
	{true, hygieneLitUpdate, []string{"update"}},
	{true, hygieneLitDelete, []string{"delete"}},
	{true, hygieneLitWhere, []string{"where"}},
	{true, hygieneLitCreate, []string{"create"}},
	{true, hygieneLitIndex, []string{"index"}},
	{true, hygieneLitTable, []string{"table"}},
	{true, hygieneLitDDL, []string{"drop", "truncate", "alter"}},
	{true, hygieneLitCred, []string{"bearer", "authorization"}},
	{true, hygieneLitCredName, []string{"key", "secret", "passw", "pwd", "token", "session"}},
}

// hygieneLitLookup holds literals by first byte, and for each first byte
// the second bytes of its literals, folded to six bits: a filter, so that
// a byte pair that starts no literal costs one test.
type hygieneLitLookup struct {
	lits   [256][]hygieneLit
	second [256]uint64
}

// hygieneLitsCS (case-sensitive, matched in s) and hygieneLitsCI (matched in
// the lower-cased copy) are hygieneLitSets by first byte, built by a loop
// over the sets (static data) rather than a call per set.
var hygieneLitsCS, hygieneLitsCI = func() (cs, ci hygieneLitLookup) {
	for _, set := range &hygieneLitSets {
		t := &cs
		if set.ci {
			t = &ci
		}
		for _, l := range set.lits {
			t.lits[l[0]] = append(t.lits[l[0]], hygieneLit{l, set.bit})
			t.second[l[0]] |= 1 << (l[1] & 63)
		}
	}
	return cs, ci
}()

// hygieneFind sets in *lits the bits of the literals of t that occur in b.
// Every literal has at least two bytes; the second is compared first.
func hygieneFind[T string | []byte](lits *uint64, t *hygieneLitLookup, b T) {
	for i := 0; i+1 < len(b); i++ {
		if t.second[b[i]]&(1<<(b[i+1]&63)) == 0 {
			continue
		}
		for _, l := range t.lits[b[i]] {
			if b[i+1] == l.s[1] && *lits&l.bit == 0 && len(b)-i >= len(l.s) && string(b[i:i+len(l.s)]) == l.s {
				*lits |= l.bit
			}
		}
	}
}

// hygieneMay returns the gates of the detectors that could report a
// finding in s. Each gate is a necessary condition of a finding of its
// detector (a literal its expression cannot match without, a character
// pair, a run its match lies in, and what the detector's ok function
// requires of the match), tested on bytes, so a gate left unset never hides
// a finding. Case-insensitive literals are looked up in a lower-cased copy
// of s in which the two non-ASCII letters that (?i) folds to ASCII letters,
// U+212A (Kelvin sign, k) and U+017F (long s), are folded too.
//
// The gates keep the detectors off what sellers' messages commonly carry: a
// time ("retry after 2026-12-01T10:30:00Z" has colons before digits, but
// no file name or host name before them, and its [0-9a-f:] runs have two
// colons), a UUID (a token run the token detector's ok function refuses)
// and an upper-case code name (a token run with no lower case or digit).
func hygieneMay(s string) uint32 {
	var buf [256]byte
	low := buf[:0]
	if len(s) > len(buf) {
		low = make([]byte, 0, len(s))
	}
	var (
		may                     uint32
		colonDigit              bool // a colon before a digit (hygieneColonGates)
		longWord                bool // a [A-Za-z0-9_-] run of 32 (hygieneTokenGate)
		eq, lt, colon, star, at bool
		freeSlash               = -1 // first '/' not preceded by [\w:/-]
		word, dots, hexColons   int  // current runs (see below)
	)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if k := hygieneClass[c]; k&hygieneSlow == 0 {
			// Not a byte the gates below look at: only the lower-cased
			// copy and the runs change.
			low = append(low, c+k&hygieneUpper)
			if k&hygieneWordByte != 0 {
				if word++; word >= 32 {
					longWord = true
				}
			} else {
				word = 0
			}
			if k&hygieneDigit == 0 {
				dots = 0
			}
			if k&hygieneHexByte == 0 {
				hexColons = 0
			}
			continue
		}
		switch {
		case c >= 0x80:
			switch {
			case strings.HasPrefix(s[i:], "\u212a"):
				low = append(low, 'k')
				i += len("\u212a") - 1
			case strings.HasPrefix(s[i:], "\u017f"):
				low = append(low, 's')
				i += len("\u017f") - 1
			default:
				low = append(low, c)
			}
			word, dots, hexColons = 0, 0, 0
			continue
		case 'A' <= c && c <= 'Z':
			low = append(low, c+'a'-'A')
		default:
			low = append(low, c)
		}
		// A [A-Za-z0-9_-] run of 32 may hold an opaque token.
		if hygieneWord(c) || c == '-' {
			if word++; word >= 32 {
				longWord = true
			}
		} else {
			word = 0
		}
		// A [0-9.] run with three dots may hold an IPv4 address.
		switch {
		case c == '.':
			if dots++; dots >= 3 {
				may |= hygieneGateIPv4
			}
		case c < '0' || c > '9':
			dots = 0
		}
		// The IPv6 detector's ok function wants three colons or a "::" in
		// the match, which lies in one [0-9A-Fa-f:] run.
		switch {
		case c == ':':
			if hexColons++; hexColons >= 3 || i > 0 && s[i-1] == ':' {
				may |= hygieneGateIPv6
			}
		case !hygieneHex(c):
			hexColons = 0
		}
		switch c {
		case ':':
			colon = true
			if i+1 < len(s) && '0' <= s[i+1] && s[i+1] <= '9' {
				colonDigit = true
			}
		case '=':
			eq = true
		case '<':
			lt = true
		case '*':
			star = true
		case '@':
			at = true
		case '\\':
			may |= hygieneGatePathWin
		case '/':
			if (i == 0 || !(hygieneWord(s[i-1]) || strings.IndexByte(":/.~-", s[i-1]) >= 0)) && hygieneRoot(s[i+1:]) {
				may |= hygieneGatePathRoot
			}
			if freeSlash < 0 && (i == 0 || !(hygieneWord(s[i-1]) || strings.IndexByte(":/-", s[i-1]) >= 0)) {
				freeSlash = i
			}
		}
	}
	var lits uint64
	hygieneFind(&lits, &hygieneLitsCS, s)
	hygieneFind(&lits, &hygieneLitsCI, low)
	has := func(bits uint64) bool { return lits&bits != 0 }

	if has(hygieneLitStack) {
		may |= hygieneGateStack
	}
	if colonDigit {
		may |= hygieneColonGates(s)
	}
	if may&hygieneGateStack != 0 {
		may &^= hygieneGateStackFile // the whole detector runs
	}
	if longWord && hygieneTokenGate(s) {
		may |= hygieneGateToken
	}
	if freeSlash >= 0 && strings.IndexByte(s[freeSlash:], '.') >= 0 {
		may |= hygieneGatePathExt
	}
	if has(hygieneLitPathRel) {
		may |= hygieneGatePathRel
	}
	if has(hygieneLitHost) {
		may |= hygieneGateHostName
	}
	if has(hygieneLitScheme) && (at || has(hygieneLitDBScheme)) ||
		has(hygieneLitConnKV) && strings.IndexByte(s, ';') >= 0 {
		may |= hygieneGateConn
	}
	if has(hygieneLitSQL) || star && has(hygieneLitSelect) || has(hygieneLitInsert) && has(hygieneLitInto) ||
		eq && has(hygieneLitUpdate) || has(hygieneLitDelete) && has(hygieneLitWhere) ||
		has(hygieneLitCreate) && has(hygieneLitIndex) || has(hygieneLitTable) && has(hygieneLitDDL|hygieneLitCreate) ||
		(eq || lt) && has(hygieneLitWhere) {
		may |= hygieneGateSQL
	}
	if has(hygieneLitCred) || (eq || colon) && has(hygieneLitCredName) {
		may |= hygieneGateCred
	}
	return may
}

// hygieneClass holds what hygieneMay's loop needs to know of a byte it
// does not look at more closely (hygieneSlow unset): whether it is in \w, a
// digit, a hex digit, and 'a'-'A' for an upper-case letter.
var hygieneClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		if b >= 0x80 || strings.IndexByte(".:=<*@\\/-", b) >= 0 {
			t[c] |= hygieneSlow
		}
		if hygieneWord(b) {
			t[c] |= hygieneWordByte
		}
		if '0' <= b && b <= '9' {
			t[c] |= hygieneDigit
		}
		if hygieneHex(b) {
			t[c] |= hygieneHexByte
		}
		if 'A' <= b && b <= 'Z' {
			t[c] |= hygieneUpper
		}
	}
	return t
}()

const (
	hygieneWordByte uint8 = 1 << iota
	hygieneDigit
	hygieneHexByte
	hygieneSlow
	hygieneUpper uint8 = 'a' - 'A' // added to lower-case
)

// hygieneWord reports whether c is in \w: [0-9A-Za-z_].
func hygieneWord(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// hygieneColonGates returns the gates that colons before digits in s open.
// Such a colon ends the stack trace detector's "file.ext:line" (with the
// ext right before it, hygieneExtBefore: its alternative alone,
// hygieneGateStackFile) and "at f(…:line)" (with "at " and "(" in s: the
// whole detector), and the host detector's "host:port", whose host starts
// with a letter at a word boundary in the [A-Za-z0-9.-] run right before
// the colon (hygieneHostBefore). Each run is scanned back once: it ends at
// its colon.
func hygieneColonGates(s string) (may uint32) {
	for i := 0; i+1 < len(s); i++ {
		if s[i] != ':' || s[i+1] < '0' || s[i+1] > '9' {
			continue
		}
		if hygieneExtBefore(s[:i]) {
			may |= hygieneGateStackFile
		}
		if hygieneHostBefore(s[:i]) {
			may |= hygieneGateHostPort
		}
	}
	if strings.Contains(s, "at ") && strings.IndexByte(s, '(') >= 0 {
		may |= hygieneGateStack
	}
	return may
}

// hygieneExtBefore reports whether s ends in "." and one to six lower-case
// letters or digits, as it does before the ":line" of the stack trace
// detector's "file.ext" (every extension in hygieneExt is such;
// TestHygieneExtBefore checks it).
func hygieneExtBefore(s string) bool {
	i := len(s)
	for i > 0 && len(s)-i <= 6 && ('a' <= s[i-1] && s[i-1] <= 'z' || '0' <= s[i-1] && s[i-1] <= '9') {
		i--
	}
	n := len(s) - i
	return 0 < n && n <= 6 && i > 0 && s[i-1] == '.'
}

// hygieneHostBefore reports whether the host detector's host can end at the
// end of s: whether the run of [A-Za-z0-9.-] at the end of s has a letter
// at a word boundary (the character before it, in the run or before it,
// not a word character). A byte of a non-ASCII character in the run makes
// it report true: under (?i) the Kelvin sign and the long s match [a-z],
// and whether \b holds beside them is not a matter of bytes.
func hygieneHostBefore(s string) bool {
	for i := len(s) - 1; i >= 0; i-- {
		c := s[i]
		switch {
		case c >= 0x80:
			return true
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			if i == 0 || !hygieneWord(s[i-1]) {
				return true
			}
		case '0' <= c && c <= '9' || c == '.' || c == '-':
		default:
			return false
		}
	}
	return false
}

// hygieneTokenGate reports whether the token detector may find a token in
// s: whether a [A-Za-z0-9_-] run of s (its matches lie in one) of 32 or
// more bytes passes hygieneOpaqueToken. A match holds a lower-case letter
// and a digit only if its run does; and in a UUID the detector's only
// match is the UUID itself (its other word boundaries are at its hyphens,
// less than 32 characters from either end), which hygieneOpaqueToken
// refuses.
func hygieneTokenGate(s string) bool {
	for start, i := 0, 0; i <= len(s); i++ {
		if i < len(s) && (hygieneWord(s[i]) || s[i] == '-') {
			continue
		}
		if run := s[start:i]; len(run) >= 32 && hygieneOpaqueToken(run) {
			return true
		}
		start = i + 1
	}
	return false
}

// hygieneUUIDRun reports whether run is a UUID: 8-4-4-4-12 hexadecimal
// digits, either case (TestHygieneMatcherDifferential compares it with
// package regexp on the expression it stands for).
func hygieneUUIDRun(run string) bool {
	if len(run) != 36 {
		return false
	}
	for i := 0; i < len(run); i++ {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if run[i] != '-' {
				return false
			}
		} else if !hygieneHex(run[i]) {
			return false
		}
	}
	return true
}

// hygieneHex reports whether c is a hexadecimal digit.
func hygieneHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// hygieneRoots are the well-known roots of absolute file paths.
var hygieneRoots = [...]string{"etc/", "var/", "usr/", "home/", "opt/", "srv/", "tmp/", "root/", "proc/", "sys/", "mnt/", "app/",
	"Users/", "private/", "Library/", "lib/", "lib64/", "bin/", "sbin/", "run/"}

// hygieneRoot reports whether s starts with a root and a slash.
func hygieneRoot(s string) bool {
	for _, r := range hygieneRoots {
		if strings.HasPrefix(s, r) {
			return true
		}
	}
	return false
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

// hygieneIsIP reports whether net.ParseIP accepts s (netparse.IP, without
// linking package net).
func hygieneIsIP(s string) bool { return netparse.IP(s) }

// hygieneOpaqueToken reports whether a 32+ character word looks like a
// secret: it mixes lower case and digits and is not a UUID (an identifier
// sellers show on purpose). Upper-case codes such as
// PROVENANCE_SYNTHETIC_DEPICTION_MISSING are not flagged.
func hygieneOpaqueToken(s string) bool {
	if hygieneUUIDRun(s) {
		return false
	}
	return strings.ContainsAny(s, "0123456789") && strings.ContainsAny(s, "abcdefghijklmnopqrstuvwxyz")
}
