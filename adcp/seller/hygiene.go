package seller

import (
	"cmp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp/internal/invisible"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
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
	for i := 0; ; i++ {
		if i += hygieneASCIILen(s[i:]); i == len(s) {
			return s, nil
		}
		if hygieneSilentAt(s, i) {
			break
		}
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

// hygieneASCIILen returns the length of the ASCII prefix of s, reading
// eight bytes at a time.
func hygieneASCIILen(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if jsonwire.Word(s[i:i+8])&jsonwire.Highs != 0 {
			break
		}
	}
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	return i
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
	hygieneLitPathRel                     // "~/", "./" (found at slashes, not in hygieneLitSets)
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
	ci  bool   // matched in the lower-cased copy
	h   uint32 // hygieneTrigram of its first three bytes
}

// hygieneLitSets are the pre-scan's literals and their bits, matched in s
// or, when ci is set, in the lower-cased copy. Every literal has at least
// three bytes (hygieneMay filters on the first three).
var hygieneLitSets = [...]struct {
	ci   bool
	bit  uint64
	lits []string
}{
	{false, hygieneLitStack, []string{"goroutine ", "panic: runtime error", "+0x", "Traceback (most recent call last)", `File "`,
		`Exception in thread "`, "Exception:", "Error:"}},
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

// hygieneLitLookup holds the literals by first byte (a case-insensitive
// one under both cases of it), and a filter of the trigrams they start
// with: bit hygieneTrigram(a, b, c) is set when a literal starts with a, b
// and c, so that a position no literal starts at costs a shift, a mask and
// a test.
type hygieneLitLookup struct {
	lits   [256][]hygieneLit
	filter [1 << hygieneTrigramBits / 64]uint64
}

// hygieneTrigramBits is the width of a trigram's hash: five low bits of
// each byte, which tell the letters of one case apart and fold the two
// cases together, as a case-insensitive literal needs.
const hygieneTrigramBits = 15

// hygieneTrigram is the hash of three bytes, as hygieneMay rolls it.
func hygieneTrigram(a, b, c byte) uint32 {
	return uint32(a&31)<<10 | uint32(b&31)<<5 | uint32(c&31)
}

// hygieneLits are hygieneLitSets by first byte, built by a loop over the
// sets (static data) rather than a call per set: a first pass counts the
// literals under each byte, and the second fills one array cut into those
// runs (one allocation when the program starts, not one per append).
var hygieneLits = func() (t hygieneLitLookup) {
	var count [256]int
	each := func(f func(b byte, lit hygieneLit)) {
		for _, set := range &hygieneLitSets {
			for _, l := range set.lits {
				lit := hygieneLit{s: l, bit: set.bit, ci: set.ci, h: hygieneTrigram(l[0], l[1], l[2])}
				f(l[0], lit)
				if set.ci && 'a' <= l[0] && l[0] <= 'z' {
					f(l[0]-'a'+'A', lit)
				}
			}
		}
	}
	n := 0
	each(func(b byte, _ hygieneLit) { count[b]++; n++ })
	all := make([]hygieneLit, 0, n)
	for b, c := range count {
		t.lits[b] = all[len(all) : len(all) : len(all)+c]
		all = all[:len(all)+c]
	}
	each(func(b byte, lit hygieneLit) {
		t.lits[b] = append(t.lits[b], lit)
		t.filter[lit.h/64] |= 1 << (lit.h % 64)
	})
	return t
}()

// hygieneLitsAt returns have with the bits of the literals that occur at
// s[p:], where the trigram hashes to h (case-insensitive ones matched as
// the lower-cased copy would match them, but for U+212A and U+017F, which
// hygieneMay folds apart).
func hygieneLitsAt(s string, p int, h uint32, have uint64) uint64 {
	for _, l := range hygieneLits.lits[s[p]] {
		if l.h != h || have&l.bit != 0 || len(s)-p < len(l.s) {
			continue
		}
		if l.ci && hygieneLowerIs(s[p:p+len(l.s)], l.s) || !l.ci && s[p:p+len(l.s)] == l.s {
			have |= l.bit
		}
	}
	return have
}

// hygieneLowerIs reports whether s, with its ASCII letters lower-cased, is
// lower.
func hygieneLowerIs(s, lower string) bool {
	for i := 0; i < len(s); i++ {
		if s[i]+hygieneClass[s[i]]&hygieneUpper != lower[i] {
			return false
		}
	}
	return true
}

// hygieneFindFolded returns the bits of the case-insensitive literals that
// occur in low, the lower-cased copy of a string with U+212A or U+017F
// folded to ASCII letters.
func hygieneFindFolded(low []byte) (lits uint64) {
	var h uint32
	for i := 0; i < len(low); i++ {
		h = (h<<5 | uint32(low[i]&31)) & (1<<hygieneTrigramBits - 1)
		if hygieneLits.filter[h/64]&(1<<(h%64)) == 0 || i < 2 {
			continue
		}
		for _, l := range hygieneLits.lits[low[i-2]] {
			if l.ci && lits&l.bit == 0 && len(low)-(i-2) >= len(l.s) && string(low[i-2:i-2+len(l.s)]) == l.s {
				lits |= l.bit
			}
		}
	}
	return lits
}

// hygieneMay returns the gates of the detectors that could report a
// finding in s. Each gate is a necessary condition of a finding of its
// detector (a literal its expression cannot match without, a character
// pair, a run its match lies in, and what the detector's ok function
// requires of the match), tested on bytes, so a gate left unset never hides
// a finding. Case-insensitive literals are matched in s lower-cased, in
// which the two non-ASCII letters that (?i) folds to ASCII letters, U+212A
// (Kelvin sign, k) and U+017F (long s), are folded too.
//
// The gates keep the detectors off what sellers' messages commonly carry: a
// time ("retry after 2026-12-01T10:30:00Z" has colons before digits, but
// no file name or host name before them, and its [0-9a-f:] runs have two
// colons), a UUID (a token run the token detector's ok function refuses)
// and an upper-case code name (a token run with no lower case or digit).
//
// It reads s in two passes that each keep little state: the literals, by
// a rolling hash of trigrams, and the longest [A-Za-z0-9_-] run; then the
// few punctuation bytes the gates look at (hygieneSlow), each with the run
// it ends counted back.
func hygieneMay(s string) uint32 {
	var (
		word, longest int
		seen          uint8 // the classes of s's bytes, or-ed
		h             uint32
		lits          uint64
	)
	for i := 0; i < len(s); i++ {
		c := s[i]
		k := hygieneClass[c]
		word = (word + 1) & -int(k&hygieneRunByte)
		longest = max(longest, word)
		seen |= k
		h = (h<<5 | uint32(c&31)) & (1<<hygieneTrigramBits - 1)
		if hygieneLits.filter[h/64]&(1<<(h%64)) != 0 && i >= 2 {
			lits = hygieneLitsAt(s, i-2, h, lits)
		}
	}
	if seen&hygieneHigh != 0 && (strings.Contains(s, "\u212a") || strings.Contains(s, "\u017f")) {
		lits |= hygieneFindFolded(hygieneFold(make([]byte, 0, len(s)), s))
	}

	var (
		may                     uint32
		colonDigit              bool // a colon before a digit (hygieneColonGates)
		eq, lt, colon, star, at bool
		freeSlash               = -1 // first '/' not preceded by [\w:/-]
	)
	start := len(s)
	if seen&hygieneSlow != 0 {
		start = hygieneNextSlow(s, 0)
	}
	for i := start; i < len(s); i = hygieneNextSlow(s, i+1) {
		switch s[i] {
		case '.':
			// A [0-9.] run with three dots may hold an IPv4 address.
			if may&hygieneGateIPv4 == 0 && hygieneRunHas(s[:i+1], '.', 3, hygieneDigitOrDot) {
				may |= hygieneGateIPv4
			}
		case ':':
			colon = true
			if i+1 < len(s) && '0' <= s[i+1] && s[i+1] <= '9' {
				colonDigit = true
			}
			// The IPv6 detector's ok function wants three colons or a
			// "::" in the match, which lies in one [0-9A-Fa-f:] run.
			if may&hygieneGateIPv6 == 0 && (i > 0 && s[i-1] == ':' || hygieneRunHas(s[:i+1], ':', 3, hygieneHexOrColon)) {
				may |= hygieneGateIPv6
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
			if i > 0 && (s[i-1] == '~' || s[i-1] == '.') {
				lits |= hygieneLitPathRel
			}
			if (i == 0 || !(hygieneWord(s[i-1]) || strings.IndexByte(":/.~-", s[i-1]) >= 0)) && hygieneRoot(s[i+1:]) {
				may |= hygieneGatePathRoot
			}
			if freeSlash < 0 && (i == 0 || !(hygieneWord(s[i-1]) || strings.IndexByte(":/-", s[i-1]) >= 0)) {
				freeSlash = i
			}
		}
	}
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
	// A [A-Za-z0-9_-] run of 32 may hold an opaque token.
	if longest >= 32 && hygieneTokenGate(s) {
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

// hygieneClass holds what hygieneMay's first pass needs to know of a
// byte: whether it is in a token run ([A-Za-z0-9_-]), one of the bytes the
// second pass looks at, or not ASCII, and 'a'-'A' for an upper-case letter.
var hygieneClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		if hygieneWord(b) || b == '-' {
			t[c] |= hygieneRunByte
		}
		if strings.IndexByte(".:=<*@\\/", b) >= 0 {
			t[c] |= hygieneSlow
		}
		if b >= utf8.RuneSelf {
			t[c] |= hygieneHigh
		}
		if 'A' <= b && b <= 'Z' {
			t[c] |= hygieneUpper
		}
	}
	return t
}()

const (
	hygieneRunByte uint8 = 1 << iota // must be 1: hygieneMay negates it into a mask
	hygieneSlow
	hygieneHigh
	hygieneUpper uint8 = 'a' - 'A' // added to lower-case
)

// hygieneNextSlow returns the index of the first byte of s from i on that
// hygieneMay's second pass looks at, or len(s).
func hygieneNextSlow(s string, i int) int {
	for i < len(s) && hygieneClass[s[i]]&hygieneSlow == 0 {
		i++
	}
	return i
}

// hygieneFold appends s to dst lower-cased, with U+212A and U+017F folded
// to the ASCII letters (?i) matches them with.
func hygieneFold(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "\u212a"):
			dst = append(dst, 'k')
			i += len("\u212a") - 1
		case strings.HasPrefix(s[i:], "\u017f"):
			dst = append(dst, 's')
			i += len("\u017f") - 1
		default:
			dst = append(dst, s[i]+hygieneClass[s[i]]&hygieneUpper)
		}
	}
	return dst
}

// hygieneRunHas reports whether the run of bytes in set that ends s holds
// n or more bytes c; it stops counting at n.
func hygieneRunHas(s string, c byte, n int, in func(byte) bool) bool {
	for i := len(s) - 1; i >= 0 && in(s[i]); i-- {
		if s[i] == c {
			if n--; n == 0 {
				return true
			}
		}
	}
	return false
}

// hygieneDigitOrDot and hygieneHexOrColon are the sets of the IPv4 and
// IPv6 gates' runs.
func hygieneDigitOrDot(c byte) bool { return '0' <= c && c <= '9' || c == '.' }
func hygieneHexOrColon(c byte) bool { return hygieneHex(c) || c == ':' }

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
