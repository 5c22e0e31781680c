package schemaload

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// proseRecovery finds "Recovery: X" in an enumDescriptions entry, the carrier
// of recovery before enumMetadata (3.0.0-rc.1 … 3.0.3).
var proseRecovery = regexp.MustCompile(`Recovery:\s*(transient|correctable|terminal)\b`)

// deprecatedProse matches a description that opens by declaring the code
// deprecated ("**Deprecated** — use AUTH_MISSING ...").
var deprecatedProse = regexp.MustCompile(`(?i)^\W*deprecated\b`)

// The marks of an advisory in a code's own text (isAdvisoryText).
var (
	// advisorySuggestion: the enumMetadata suggestion opens with the word
	// ("advisory — seller-side fix needed: ...").
	advisorySuggestion = regexp.MustCompile(`(?i)^\W*advisory\b`)
	// advisoryNoun: the description calls the code an advisory ("rides as
	// an advisory", "with an advisory BUDGET_CAP_REACHED entry").
	advisoryNoun = regexp.MustCompile(`(?i)\ban advisory\b`)
	// advisoryWord finds the word in the description's first sentence
	// ("Non-fatal advisory raised when ...", "Non-fatal deprecation
	// advisory raised when ...", "Advisory, not a failure: ...").
	advisoryWord = regexp.MustCompile(`(?i)\badvisory\b`)
	// sentenceEnd ends a description's first sentence.
	sentenceEnd = regexp.MustCompile(`\.\s|\n|:\s`)
	// advisoryDenied says the code is not one ("not an advisory").
	advisoryDenied = regexp.MustCompile(`(?i)\bnot (an )?advisory\b`)
)

// isAdvisoryText reports whether a code's description or suggestion marks
// it an advisory, the way the published versions write it (see
// advisoryReviewed for the review).
func isAdvisoryText(description, suggestion string) bool {
	// Every mark holds the word: most texts lack it, and are settled
	// without running the expressions.
	if !mayHoldAdvisory(description) && !mayHoldAdvisory(suggestion) {
		return false
	}
	// The others are remembered for the life of the process (the answer is
	// a function of the two texts): a process that loads many versions
	// (generate -all) reads the same texts in most of them.
	key := [2]string{description, suggestion}
	advisoryTexts.Lock()
	is, ok := advisoryTexts.is[key]
	advisoryTexts.Unlock()
	if ok {
		return is
	}
	is = matchAdvisory(description, suggestion)
	advisoryTexts.Lock()
	if advisoryTexts.size+len(description)+len(suggestion) <= advisoryTextsMax {
		if advisoryTexts.is == nil {
			advisoryTexts.is = map[[2]string]bool{}
		}
		if _, dup := advisoryTexts.is[key]; !dup {
			advisoryTexts.is[key] = is
			advisoryTexts.size += len(description) + len(suggestion)
		}
	}
	advisoryTexts.Unlock()
	return is
}

// advisoryTexts holds isAdvisoryText's answers for the texts that may hold
// an advisory; size is their bytes, at most advisoryTextsMax.
var advisoryTexts struct {
	sync.Mutex
	is   map[[2]string]bool
	size int
}

const advisoryTextsMax = 8 << 20

// matchAdvisory is isAdvisoryText by the expressions, for texts that may
// hold the word. advisoryDenied, advisoryWord and advisoryNoun run only
// around each occurrence of the word (matchNearAdvisory): on the texts
// that hold it, running them over whole descriptions was 3% of the
// instructions of a one-version generate.
func matchAdvisory(description, suggestion string) bool {
	first := description
	if loc := sentenceEnd.FindStringIndex(description); loc != nil {
		first = description[:loc[0]]
	}
	if matchNearAdvisory(advisoryDenied, description) || matchNearAdvisory(advisoryDenied, suggestion) {
		return false
	}
	return advisorySuggestion.MatchString(suggestion) || matchNearAdvisory(advisoryWord, first) ||
		matchNearAdvisory(advisoryNoun, description)
}

// matchNearAdvisory is re.MatchString(s) for an expression each of whose
// matches is the word "advisory" (as (?i) folds it) followed by \b, after
// at most len("not an ") ASCII bytes: it runs re on a window around each
// occurrence of the word, from the byte before the earliest start of such
// a match to the rune after the word, and takes a match that ends where the
// word does. The window holds the match whole, and the characters either
// side of it that its \b look at (a rune the window cuts is not a word
// character, and neither is the rune it was cut from: word characters are
// ASCII); no other match in the window can overlap it, as the word cannot
// overlap itself and "not an " holds none of its last letter.
func matchNearAdvisory(re *regexp.Regexp, s string) bool {
	for p := 0; p < len(s); p++ {
		if s[p]|0x20 != 'a' {
			continue
		}
		n, ok := advisoryAt(s[p:])
		if !ok {
			continue
		}
		lo, e := max(0, p-len("not an ")-1), p+n
		hi := min(len(s), e+utf8.UTFMax)
		for _, m := range re.FindAllStringIndex(s[lo:hi], -1) {
			if lo+m[1] == e {
				return true
			}
		}
	}
	return false
}

// advisoryAt returns the length in bytes of the word "advisory", folded,
// at the start of s, if it is there.
func advisoryAt(s string) (int, bool) {
	n := 0
	for _, fold := range advisoryFold {
		r, w := utf8.DecodeRuneInString(s[n:])
		if !slices.Contains(fold, r) {
			return 0, false
		}
		n += w
	}
	return n, true
}

// mayHoldAdvisory reports whether s holds "advisory" in the case folding of
// the (?i) expressions above (Unicode simple folding: "ſ" matches "s"); when
// it does not, none of them can match.
func mayHoldAdvisory(s string) bool {
	for i := 0; i+len(advisoryFold) <= len(s); i++ {
		// "a" folds only to "A": every match starts with an ASCII byte.
		if s[i]|0x20 == 'a' {
			if _, ok := advisoryAt(s[i:]); ok {
				return true
			}
		}
	}
	return false
}

// advisoryFold holds, for each letter of "advisory", the runes (?i) matches
// it with: its simple folding orbit.
var advisoryFold = func() [][]rune {
	var folds [][]rune
	for _, r := range "advisory" {
		fold := []rune{r}
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			fold = append(fold, f)
		}
		folds = append(folds, fold)
	}
	return folds
}()

// advisory settles whether code c is an advisory: the reviewed table when it
// lists the code, else the code's own text; a disagreement is a warning.
func (l *loader) advisory(c *Code) bool {
	derived := isAdvisoryText(c.Description, c.Suggestion)
	reviewed, ok := advisoryReviewed[c.Value]
	if !ok {
		return derived
	}
	if reviewed != derived {
		says := map[bool]string{true: "marks it an advisory", false: "does not mark it an advisory"}
		l.warn(codesFile, pointerJoin("/enumDescriptions", c.Value), "the description and suggestion of %s %s, but the reviewed table "+
			"in schemaload/links.go says advisory: %v, which is used: review the entry", c.Value, says[derived], reviewed)
	}
	return reviewed
}

// buildError types core/error.json and checks what the runtime relies on.
func (l *loader) buildError() error {
	res, err := l.refType(ref{file: errorFile})
	if err != nil {
		return err
	}
	t := res.t
	if t.Kind != KindObject {
		return errorf(errorFile, "", "the error schema must be an object with properties")
	}
	l.spec.Error = t
	want := []struct{ json, goName string }{
		{"code", "Code"}, {"message", "Message"}, {"field", "Field"}, {"suggestion", "Suggestion"},
		{"retry_after", "RetryAfter"}, {"details", "Details"}, {"recovery", "Recovery"},
	}
	for _, w := range want {
		f := fieldOf(t, w.json)
		if f == nil {
			return errorf(errorFile, "/properties", fmt.Sprintf("no %q property: the generated package needs it", w.json))
		}
		if f.GoName != w.goName {
			return errorf(errorFile, pointerJoin("/properties", w.json), fmt.Sprintf("Go name %s, the runtime needs %s", f.GoName, w.goName))
		}
	}
	rec := fieldOf(t, "recovery").Type
	for _, v := range rec.Enum {
		l.spec.Recoveries = append(l.spec.Recoveries, v.Value)
	}
	if !sameSet(l.spec.Recoveries, []string{"transient", "correctable", "terminal"}) {
		return errorf(errorFile, "/properties/recovery/enum", fmt.Sprintf("recovery values %q are not transient, correctable and terminal", l.spec.Recoveries))
	}
	if l.spec.ErrorRules, err = l.errorRules(t); err != nil {
		return err
	}
	if l.files[scopesFile] != nil {
		res, err := l.refType(ref{file: scopesFile})
		if err != nil {
			return err
		}
		l.spec.Scopes = res.t
	}
	return nil
}

func fieldOf(t *Type, json string) *Field {
	for _, f := range t.Fields {
		if f.JSONName == json {
			return f
		}
	}
	return nil
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	m := map[string]bool{}
	for _, s := range a {
		m[s] = true
	}
	for _, s := range b {
		if !m[s] {
			return false
		}
	}
	return true
}

// buildCodes reads the code vocabulary in enum order, with recovery from
// enumMetadata (or the prose, with a warning), cross-checked against
// manifest.json#/error_codes, and the unknown-code policy of the manifest.
func (l *loader) buildCodes(manifest *node) error {
	doc := l.files[codesFile]
	enum := doc.get("enum")
	if enum == nil || enum.kind != nodeArray || len(enum.elems) == 0 {
		return errorf(codesFile, "/enum", "the code vocabulary must be a non-empty enum array")
	}
	descs := doc.get("enumDescriptions")
	meta := doc.get("enumMetadata")
	recoveries := map[string]bool{}
	for _, r := range l.spec.Recoveries {
		recoveries[r] = true
	}
	known := map[string]bool{}
	for i, v := range enum.elems {
		ptr := "/enum/" + strconv.Itoa(i)
		if v.kind != nodeString || v.str == "" {
			return errorf(codesFile, ptr, "a code must be a non-empty string")
		}
		if known[v.str] {
			return errorf(codesFile, ptr, fmt.Sprintf("code %s is listed twice", v.str))
		}
		known[v.str] = true
		if len(v.str) > maxNameLen {
			return errorf(codesFile, ptr, fmt.Sprintf("a code of %d bytes, more than the %d a spec may need", len(v.str), maxNameLen))
		}
		c := &Code{Value: v.str, GoName: "Code" + nameWords(v.str)}
		if o, ok := codeNameOverrides[v.str]; ok {
			c.GoName = o
		}
		c.Description, _ = descs.getString(v.str)
		prose := ""
		if m := proseRecovery.FindStringSubmatch(c.Description); m != nil {
			prose = m[1]
		}
		if meta != nil {
			mp := pointerJoin("/enumMetadata", v.str)
			entry := meta.get(v.str)
			if entry == nil {
				if prose == "" {
					return errorf(codesFile, mp, fmt.Sprintf("no enumMetadata entry and no \"Recovery: X\" in the description of %s", v.str))
				}
				l.warn(codesFile, mp, "no enumMetadata entry for %s: recovery %q taken from its description", v.str, prose)
				c.Recovery, c.RecoverySource = prose, "prose"
			} else {
				r, ok := entry.getString("recovery")
				if !ok || !recoveries[r] {
					return errorf(codesFile, pointerJoin(mp, "recovery"), fmt.Sprintf("recovery of %s must be one of %s", v.str, strings.Join(l.spec.Recoveries, ", ")))
				}
				c.Recovery, c.RecoverySource = r, "enumMetadata"
				c.Suggestion, _ = entry.getString("suggestion")
				if prose != "" && prose != r {
					l.warn(codesFile, pointerJoin("/enumDescriptions", v.str), "description of %s says \"Recovery: %s\" but enumMetadata says %s: enumMetadata is used", v.str, prose, r)
				}
			}
		} else {
			if prose == "" {
				return errorf(codesFile, pointerJoin("/enumDescriptions", v.str), fmt.Sprintf("no enumMetadata and no \"Recovery: X\" in the description of %s", v.str))
			}
			c.Recovery, c.RecoverySource = prose, "prose"
		}
		c.Deprecated = deprecatedProse.MatchString(c.Description)
		c.Advisory = l.advisory(c)
		c.NoDetails = noDetailsCodes[c.Value]
		l.spec.Codes = append(l.spec.Codes, c)
	}
	if meta == nil {
		l.warn(codesFile, "", "no enumMetadata: the recovery of all %d codes is taken from the \"Recovery: X\" prose of enumDescriptions", len(l.spec.Codes))
	} else {
		for _, k := range meta.keys {
			if k != "$comment" && !known[k] {
				l.warn(codesFile, pointerJoin("/enumMetadata", k), "enumMetadata entry %s is not a code of the enum", k)
			}
		}
	}
	for _, c := range l.spec.Codes {
		if !c.Deprecated {
			continue
		}
		for _, r := range replacedBy[c.Value] {
			if known[r] {
				c.ReplacedBy = append(c.ReplacedBy, r)
			}
		}
	}
	if manifest != nil {
		return l.checkManifest(manifest, known)
	}
	return nil
}

// checkManifest compares manifest.json#/error_codes with the vocabulary
// (warnings only) and reads the unknown-code policy.
func (l *loader) checkManifest(m *node, known map[string]bool) error {
	if m.kind != nodeObject {
		return errorf(manifestFile, "", "manifest must be a JSON object")
	}
	if pol := m.get("error_code_policy"); pol != nil {
		if r := pol.get("default_unknown_recovery"); r != nil {
			ok := false
			for _, v := range l.spec.Recoveries {
				ok = ok || (r.kind == nodeString && r.str == v)
			}
			if !ok {
				return errorf(manifestFile, "/error_code_policy/default_unknown_recovery", fmt.Sprintf("%s is not a recovery class", r.src))
			}
			l.spec.UnknownRecovery = r.str
		}
	}
	ec := m.get("error_codes")
	if ec == nil {
		return nil
	}
	if ec.kind != nodeObject {
		l.warn(manifestFile, "/error_codes", "error_codes is not an object: not cross-checked")
		return nil
	}
	for _, c := range l.spec.Codes {
		ptr := pointerJoin("/error_codes", c.Value)
		e := ec.get(c.Value)
		if e == nil {
			l.warn(manifestFile, "/error_codes", "code %s of %s is missing", c.Value, codesFile)
			continue
		}
		if r, _ := e.getString("recovery"); r != c.Recovery {
			l.warn(manifestFile, pointerJoin(ptr, "recovery"), "recovery of %s is %q here but %q in %s (%s is used)", c.Value, r, c.Recovery, codesFile, codesFile)
		}
		if s, ok := e.getString("suggestion"); (ok || c.Suggestion != "") && s != c.Suggestion {
			l.warn(manifestFile, pointerJoin(ptr, "suggestion"), "suggestion of %s differs from %s (%s is used)", c.Value, codesFile, codesFile)
		}
	}
	for _, k := range ec.keys {
		if !known[k] {
			l.warn(manifestFile, pointerJoin("/error_codes", k), "code %s is not in %s", k, codesFile)
		}
	}
	return nil
}
