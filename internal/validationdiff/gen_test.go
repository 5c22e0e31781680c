package validationdiff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"regexp/syntax"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dlclark/regexp2"
)

// This file generates instances from a published schema: valid ones
// (synthesised from every keyword the schemas use, and the schemas' own
// examples) and, from each, mutated ones: at every position, every value a
// keyword there makes interesting (bounds and their neighbours, enum
// values and near misses, strings that match a pattern and ones that
// almost do, formats, numbers a float64 or an int64 cannot hold, each
// alternative of an anyOf or oneOf) and values of every JSON type;
// members removed, added, and array items removed, repeated or added.

// folder is one version's schema files, decoded with numbers as written.
type folder struct {
	dir   string
	files map[string]any // slash path relative to dir → decoded JSON
}

func loadFolder(dir string) (*folder, error) {
	f := &folder{dir: dir, files: map[string]any{}}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		v, err := decodeNumbers(b)
		if err != nil {
			return fmt.Errorf("%s: %v", p, err)
		}
		rel, _ := filepath.Rel(dir, p)
		f.files[filepath.ToSlash(rel)] = v
		return nil
	})
	return f, err
}

func decodeNumbers(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// relOf maps a schema URL or path of the published layout to a file of the
// folder: ".../schemas/<version>/core/x.json" → "core/x.json".
func relOf(from, ref string) string {
	if ref == "" {
		return from
	}
	if i := strings.Index(ref, "/schemas/"); i >= 0 {
		rest := ref[i+len("/schemas/"):]
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			return rest[j+1:]
		}
	}
	return path.Clean(path.Join(path.Dir(from), ref))
}

// node is a schema and the file it is in ($refs resolve against it).
type node struct {
	f    *folder
	file string
	v    any
}

func (n node) m() map[string]any {
	m, _ := n.v.(map[string]any)
	return m
}

// deref follows $ref.
func (n node) deref() node {
	for i := 0; i < 32; i++ {
		m := n.m()
		ref, ok := m["$ref"].(string)
		if !ok {
			return n
		}
		u, frag, _ := strings.Cut(ref, "#")
		file := relOf(n.file, u)
		v := n.f.files[file]
		if frag != "" {
			for _, tok := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
				tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
				mm, _ := v.(map[string]any)
				v = mm[tok]
			}
		}
		n = node{n.f, file, v}
	}
	return n
}

func (n node) sub(v any) node { return node{n.f, n.file, v} }

func (n node) list(key string) []node {
	xs, _ := n.m()[key].([]any)
	out := make([]node, len(xs))
	for i, x := range xs {
		out[i] = n.sub(x)
	}
	return out
}

// objectParts collects the properties, required members and closedness of
// an object schema, its allOf members merged in (conditionals excluded).
type objectParts struct {
	props    []string
	schemas  map[string][]node
	required map[string]bool
	closed   bool
}

func (n node) object() objectParts {
	o := objectParts{schemas: map[string][]node{}, required: map[string]bool{}}
	var add func(n node, top bool)
	add = func(n node, top bool) {
		n = n.deref()
		m := n.m()
		if ps, ok := m["properties"].(map[string]any); ok {
			keys := make([]string, 0, len(ps))
			for k := range ps {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				if o.schemas[k] == nil {
					o.props = append(o.props, k)
				}
				o.schemas[k] = append(o.schemas[k], n.sub(ps[k]))
			}
		}
		if rs, ok := m["required"].([]any); ok {
			for _, r := range rs {
				if s, ok := r.(string); ok {
					o.required[s] = true
				}
			}
		}
		if ap, ok := m["additionalProperties"].(bool); ok && !ap && top {
			o.closed = true
		}
		for _, a := range n.list("allOf") {
			if a.m()["if"] == nil {
				add(a, top)
			}
		}
	}
	add(n, true)
	return o
}

// kinds returns the JSON types a schema names or implies.
func (n node) kinds() []string {
	m := n.deref().m()
	switch t := m["type"].(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, x := range t {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	switch {
	case m["const"] != nil:
		return []string{kindOfValue(m["const"])}
	case m["properties"] != nil || m["required"] != nil || m["additionalProperties"] != nil:
		return []string{"object"}
	case m["items"] != nil:
		return []string{"array"}
	case m["pattern"] != nil || m["format"] != nil || m["minLength"] != nil || m["maxLength"] != nil:
		return []string{"string"}
	case m["minimum"] != nil || m["maximum"] != nil:
		return []string{"number"}
	}
	if e, ok := m["enum"].([]any); ok && len(e) > 0 {
		return []string{kindOfValue(e[0])}
	}
	return nil
}

func kindOfValue(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case json.Number:
		return "number"
	case bool:
		return "boolean"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	}
	return "null"
}

// synth is the instance synthesiser of one root schema.
type synth struct {
	rng   *rand.Rand
	depth int
}

// value synthesises an instance of n: every optional member when full,
// the required ones only otherwise; alt picks the alternative of an
// anyOf/oneOf (modulo their number).
func (s *synth) value(n node, full bool, alt int) any {
	n = n.deref()
	if b, ok := n.v.(bool); ok {
		if b {
			return "x"
		}
		return nil
	}
	m := n.m()
	if c, ok := m["const"]; ok {
		return c
	}
	if e, ok := m["enum"].([]any); ok && len(e) > 0 {
		return e[s.rng.Intn(len(e))]
	}
	s.depth++
	defer func() { s.depth-- }()
	if s.depth > 12 {
		return nil
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		if alts := n.list(key); len(alts) > 0 {
			a := alts[alt%len(alts)]
			base := s.value(a, full, alt)
			// Members declared beside the alternatives apply too.
			if obj, ok := base.(map[string]any); ok && m["properties"] != nil {
				o := n.object()
				for _, p := range o.props {
					if _, has := obj[p]; !has && (o.required[p] || full) && !a.deref().object().closed {
						obj[p] = s.value(o.schemas[p][0], full, alt)
					}
				}
			}
			return base
		}
	}
	kinds := n.kinds()
	kind := "string"
	for _, k := range kinds {
		if k != "null" {
			kind = k
			break
		}
	}
	if len(kinds) == 1 && kinds[0] == "null" {
		return nil
	}
	switch kind {
	case "object":
		o := n.object()
		obj := map[string]any{}
		for _, p := range o.props {
			if o.required[p] || full {
				obj[p] = s.value(o.schemas[p][0], full, alt)
			}
		}
		for r := range o.required {
			if _, ok := obj[r]; !ok {
				obj[r] = "x"
			}
		}
		return obj
	case "array":
		items := n.sub(m["items"])
		count := intKeyword(m, "minItems", 0)
		if full && count == 0 {
			count = 1
		}
		var out []any
		seen := map[string]bool{}
		for tries := 0; len(out) < count && tries < 50; tries++ {
			v := s.value(items, full, alt+tries)
			b, _ := json.Marshal(v)
			if m["uniqueItems"] == true && seen[string(b)] {
				continue
			}
			seen[string(b)] = true
			out = append(out, v)
		}
		if out == nil {
			out = []any{}
		}
		return out
	case "number", "integer":
		return json.Number(s.number(m, kind == "integer"))
	case "boolean":
		return true
	case "null":
		return nil
	}
	return s.str(m)
}

func intKeyword(m map[string]any, k string, def int) int {
	if n, ok := m[k].(json.Number); ok {
		if i, err := strconv.Atoi(n.String()); err == nil {
			return i
		}
	}
	return def
}

// number picks a number within the bounds.
func (s *synth) number(m map[string]any, integer bool) string {
	v := 1.0
	if n, ok := m["minimum"].(json.Number); ok {
		v, _ = n.Float64()
	} else if n, ok := m["exclusiveMinimum"].(json.Number); ok {
		v, _ = n.Float64()
		v++
	}
	if n, ok := m["maximum"].(json.Number); ok {
		if mx, _ := n.Float64(); mx < v {
			v = mx
		}
	}
	if integer {
		return strconv.FormatInt(int64(v), 10)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// str synthesises a string that meets the string keywords of m.
func (s *synth) str(m map[string]any) string {
	minLen := intKeyword(m, "minLength", 0)
	maxLen := intKeyword(m, "maxLength", 1<<20)
	switch m["format"] {
	case "uri":
		return "https://seller.example/x"
	case "date-time":
		return "2026-01-02T03:04:05Z"
	}
	if p, ok := m["pattern"].(string); ok {
		if c := patternStrings(p, minLen, maxLen, s.rng, 1); len(c) > 0 {
			return c[0]
		}
	}
	n := minLen
	if n == 0 {
		n = 1
	}
	if n > maxLen {
		n = maxLen
	}
	return strings.Repeat("a", n)
}

// probes are the values worth putting where schema n applies: valid ones
// from every alternative and type, values on and beside every bound, near
// misses of every enum value and pattern, and one value of every JSON type.
func (s *synth) probes(n node) []any {
	n = n.deref()
	out := []any{nil, true, false, json.Number("0"), json.Number("-1"), json.Number("1"), json.Number("1.5"),
		json.Number("1e400"), json.Number("9223372036854775808"), json.Number("-9223372036854775809"),
		json.Number("1e19"), json.Number("1.0"), json.Number("1e2"), json.Number("-0"),
		"", "x", "a b", "X_A", "é", "😀", "line\nbreak", "\u0000", strings.Repeat("a", 300),
		[]any{}, []any{json.Number("1")}, []any{"x"}, map[string]any{}, map[string]any{"x_unknown": json.Number("1")}}
	m := n.m()
	if m == nil {
		return out
	}
	if e, ok := m["enum"].([]any); ok {
		for _, v := range e {
			out = append(out, v)
			if str, ok := v.(string); ok {
				out = append(out, str+"x", strings.ToUpper(str), " "+str)
			}
		}
	}
	if c, ok := m["const"]; ok {
		out = append(out, c)
		if str, ok := c.(string); ok {
			out = append(out, str+"x")
		}
	}
	// Strings.
	minLen, maxLen := intKeyword(m, "minLength", -1), intKeyword(m, "maxLength", -1)
	for _, l := range []int{minLen - 1, minLen, maxLen, maxLen + 1} {
		if l >= 0 && l < 2000 {
			out = append(out, strings.Repeat("a", l), strings.Repeat("😀", l), strings.Repeat("A", l))
		}
	}
	if p, ok := m["pattern"].(string); ok {
		lo, hi := minLen, maxLen
		if lo < 0 {
			lo = 0
		}
		if hi < 0 {
			hi = 1 << 20
		}
		for _, c := range patternStrings(p, lo, hi, s.rng, 6) {
			out = append(out, c, c+"!", "!"+c, c+"\n", strings.ToUpper(c), strings.ToLower(c), c+c)
			if len(c) > 1 {
				out = append(out, c[1:], c[:len(c)-1])
			}
		}
		for _, c := range patternStrings(p, 0, 1<<20, s.rng, 4) {
			out = append(out, c)
		}
	}
	switch m["format"] {
	case "uri":
		out = append(out, "https://seller.example/a?b=c#d", "relative/path", "/abs/path", "http://[::1]:80/", "http://::1/",
			"mailto:ops@seller.example", "https://[fe80::1%25en0]/", "urn:isbn:0451450523", "https://a b/", "javascript:alert(1)", "%zz")
	case "date-time":
		out = append(out, "2026-01-02T03:04:05Z", "2026-01-02t03:04:05z", "2026-01-02T03:04:05.123+01:00", "2026-13-01T00:00:00Z",
			"2026-02-30T00:00:00Z", "2026-06-30T23:59:60Z", "2026-06-30T22:59:60-01:00", "2026-06-30T12:59:60Z", "2026-01-02 03:04:05Z",
			"2026-01-02T03:04:05", "2026-01-02T24:00:00Z", "2026-01-02T03:04:05.Z", "2026-01-02T+3:04:05Z", "2026-01-02T03:04:05+0100")
	}
	// Numbers.
	for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} {
		b, ok := m[k].(json.Number)
		if !ok {
			continue
		}
		f, _ := b.Float64()
		out = append(out, b,
			json.Number(strconv.FormatFloat(f-1, 'g', -1, 64)), json.Number(strconv.FormatFloat(f+1, 'g', -1, 64)),
			json.Number(strconv.FormatFloat(f-0.5, 'g', -1, 64)), json.Number(strconv.FormatFloat(f+0.5, 'g', -1, 64)),
			json.Number(tiny(b.String(), true)), json.Number(tiny(b.String(), false)))
	}
	if ks := n.kinds(); contains(ks, "integer") || contains(ks, "number") {
		out = append(out, json.Number("2.5"), json.Number("100"), json.Number("1E1"), json.Number("-1e400"),
			json.Number("123456789012345678901234567890"), json.Number("0.1"), json.Number("0.10000000000000001"))
	}
	// Arrays.
	if items, ok := m["items"]; ok {
		it := n.sub(items)
		one := s.value(it, true, 0)
		two := s.value(it, false, 1)
		out = append(out, []any{one}, []any{one, one}, []any{one, two}, []any{two})
		for _, k := range []string{"minItems", "maxItems"} {
			if c := intKeyword(m, k, -1); c >= 0 {
				for _, l := range []int{c - 1, c, c + 1} {
					if l >= 0 {
						arr := make([]any, 0, l)
						for i := 0; i < l; i++ {
							arr = append(arr, s.value(it, i%2 == 0, i))
						}
						out = append(out, arr)
					}
				}
			}
		}
		for _, p := range s.probes(it) {
			out = append(out, []any{p})
		}
	}
	// Objects and alternatives: a valid value of each, both forms.
	for _, key := range []string{"anyOf", "oneOf"} {
		alts := n.list(key)
		for i := range alts {
			out = append(out, s.value(n, true, i), s.value(n, false, i))
		}
		if len(alts) > 1 {
			a, _ := s.value(alts[0], true, 0).(map[string]any)
			b, _ := s.value(alts[1], true, 1).(map[string]any)
			if a != nil && b != nil {
				both := map[string]any{}
				for k, v := range a {
					both[k] = v
				}
				for k, v := range b {
					both[k] = v
				}
				out = append(out, both)
			}
		}
	}
	for _, k := range n.kinds() {
		if k == "object" || k == "array" || k == "string" {
			out = append(out, s.value(n, true, 0), s.value(n, false, 0))
			break
		}
	}
	return out
}

// tiny returns the number written b plus (or minus) 10^-19: a decimal a
// float64 rounds back to b.
func tiny(b string, up bool) string {
	r, ok := new(big.Rat).SetString(b)
	if !ok {
		return b
	}
	d, _ := new(big.Rat).SetString("1e-19")
	if up {
		r.Add(r, d)
	} else {
		r.Sub(r, d)
	}
	return strings.TrimRight(strings.TrimRight(r.FloatString(19), "0"), ".")
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// patternStrings returns up to n distinct strings that the ECMAScript
// pattern p matches, with length in lo..hi code points, generated from the
// pattern's syntax and kept when regexp2 (ECMAScript) agrees.
func patternStrings(p string, lo, hi int, rng *rand.Rand, n int) []string {
	re, err := regexp2.Compile(p, regexp2.ECMAScript)
	if err != nil {
		return nil
	}
	goSrc := ecmaToGo(p)
	tree, err := syntax.Parse(goSrc, syntax.Perl)
	if err != nil {
		return nil
	}
	tree = tree.Simplify()
	seen := map[string]bool{}
	var out []string
	for try := 0; try < 200 && len(out) < n; try++ {
		var b strings.Builder
		gen(&b, tree, rng, try == 0)
		c := b.String()
		l := utf8.RuneCountInString(c)
		if seen[c] || l < lo || l > hi {
			continue
		}
		seen[c] = true
		if ok, err := re.MatchString(c); err == nil && ok {
			out = append(out, c)
		}
	}
	return out
}

var ecmaUnicode = regexp.MustCompile(`\\u([0-9A-Fa-f]{4})`)

// ecmaToGo makes the corpus's ECMAScript patterns parse as RE2 for
// generation only: \uXXXX → \x{XXXX}, lookaheads dropped (the result is
// filtered with regexp2).
func ecmaToGo(p string) string {
	p = ecmaUnicode.ReplaceAllString(p, `\x{$1}`)
	for {
		i := strings.Index(p, "(?!")
		if i < 0 {
			break
		}
		depth, j := 0, i
		for ; j < len(p); j++ {
			if p[j] == '(' {
				depth++
			} else if p[j] == ')' {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		p = p[:i] + p[j+1:]
	}
	return p
}

// gen writes a random string the syntax tree matches; minimal takes the
// shortest choice everywhere.
func gen(b *strings.Builder, re *syntax.Regexp, rng *rand.Rand, minimal bool) {
	reps := func(lo, hi int) int {
		if hi < 0 {
			hi = lo + 3
		}
		if minimal || hi <= lo {
			return lo
		}
		return lo + rng.Intn(hi-lo+1)
	}
	switch re.Op {
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			b.WriteRune(r)
		}
	case syntax.OpCharClass:
		b.WriteRune(pickRune(re.Rune, rng, minimal))
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteRune('a' + rune(rng.Intn(26)))
	case syntax.OpCapture:
		gen(b, re.Sub[0], rng, minimal)
	case syntax.OpStar:
		for i := reps(0, 3); i > 0; i-- {
			gen(b, re.Sub[0], rng, minimal)
		}
	case syntax.OpPlus:
		for i := reps(1, 3); i > 0; i-- {
			gen(b, re.Sub[0], rng, minimal)
		}
	case syntax.OpQuest:
		if reps(0, 1) == 1 {
			gen(b, re.Sub[0], rng, minimal)
		}
	case syntax.OpRepeat:
		for i := reps(re.Min, re.Max); i > 0; i-- {
			gen(b, re.Sub[0], rng, minimal)
		}
	case syntax.OpConcat:
		for _, s := range re.Sub {
			gen(b, s, rng, minimal)
		}
	case syntax.OpAlternate:
		i := 0
		if !minimal {
			i = rng.Intn(len(re.Sub))
		}
		gen(b, re.Sub[i], rng, minimal)
	}
}

// pickRune picks a rune of a character class (pairs of lo, hi), preferring
// printable ASCII, sometimes another rune of the class.
func pickRune(ranges []rune, rng *rand.Rand, minimal bool) rune {
	var ascii [][2]rune
	for i := 0; i+1 < len(ranges); i += 2 {
		lo, hi := ranges[i], ranges[i+1]
		if lo < 0x21 {
			lo = 0x21
		}
		if hi > 0x7e {
			hi = 0x7e
		}
		if lo <= hi {
			ascii = append(ascii, [2]rune{lo, hi})
		}
	}
	if len(ascii) > 0 && (minimal || rng.Intn(8) != 0) {
		r := ascii[0]
		if !minimal {
			r = ascii[rng.Intn(len(ascii))]
		}
		return r[0] + rune(rng.Intn(int(r[1]-r[0]+1)))
	}
	if len(ranges) == 0 {
		return 'a'
	}
	i := 2 * rng.Intn(len(ranges)/2)
	lo, hi := ranges[i], ranges[i+1]
	if hi-lo > 0xffff {
		hi = lo + 0xffff
	}
	r := lo + rune(rng.Int63n(int64(hi-lo+1)))
	if !utf8.ValidRune(r) {
		return lo
	}
	return r
}

// instances returns the instances of root schema n: bases (synthesised,
// and the schema's examples) and their mutations, encoded, deduplicated.
func instances(n node, rng *rand.Rand) []string {
	s := &synth{rng: rng}
	var bases []any
	for alt := 0; alt < 3; alt++ {
		bases = append(bases, s.value(n, true, alt), s.value(n, false, alt))
	}
	if ex, ok := n.deref().m()["examples"].([]any); ok {
		bases = append(bases, ex...)
	}
	seen := map[string]bool{}
	var out []string
	add := func(v any) {
		b, err := json.Marshal(v)
		if err != nil {
			return
		}
		if !seen[string(b)] {
			seen[string(b)] = true
			out = append(out, string(b))
		}
	}
	for _, base := range bases {
		add(base)
		mutate(s, n, base, func(v any) { add(v) })
	}
	return out
}

// mutate calls emit with base changed at one position: each position's
// probes put in its place, members removed and added, items removed,
// repeated and added.
func mutate(s *synth, n node, base any, emit func(any)) {
	var walk func(schemas []node, v any, set func(any))
	walk = func(schemas []node, v any, set func(any)) {
		var probes []any
		for _, sc := range schemas {
			probes = append(probes, s.probes(sc)...)
		}
		for _, p := range probes {
			set(p)
		}
		set(v)
		switch x := v.(type) {
		case map[string]any:
			var parts []objectParts
			for _, sc := range schemas {
				parts = append(parts, childObjects(sc)...)
			}
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				old := x[k]
				delete(x, k)
				set(x)
				x[k] = old
				var sub []node
				for _, o := range parts {
					sub = append(sub, o.schemas[k]...)
				}
				walk(sub, old, func(nv any) { x[k] = nv; set(x); x[k] = old })
			}
			x["x_unknown"] = json.Number("1")
			set(x)
			delete(x, "x_unknown")
			for _, o := range parts {
				for _, k := range o.props {
					if _, has := x[k]; has {
						continue
					}
					for _, sc := range o.schemas[k] {
						for _, p := range s.probes(sc) {
							x[k] = p
							set(x)
						}
					}
					delete(x, k)
				}
			}
		case []any:
			var items []node
			for _, sc := range schemas {
				if it, ok := sc.deref().m()["items"]; ok {
					items = append(items, sc.deref().sub(it))
				}
			}
			if len(x) > 0 {
				set(x[:len(x)-1])
				set(append(append([]any{}, x...), x[0]))
			}
			for i := range x {
				old := x[i]
				walk(items, old, func(nv any) { x[i] = nv; set(x); x[i] = old })
			}
		}
	}
	walk([]node{n}, base, emit)
}

// childObjects returns the object parts of schema n and of each of its
// alternatives.
func childObjects(n node) []objectParts {
	n = n.deref()
	out := []objectParts{n.object()}
	for _, key := range []string{"anyOf", "oneOf", "allOf"} {
		for _, a := range n.list(key) {
			out = append(out, childObjects(a)...)
		}
	}
	if i, ok := n.m()["if"]; ok {
		out = append(out, childObjects(n.sub(i))...)
	}
	return out
}
