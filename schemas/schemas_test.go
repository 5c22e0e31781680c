// Package schemas_test checks the schema set in this folder: every file is
// well-formed JSON, carries exactly the facts of the published AdCP
// 3.2.0-beta.5 schemas (compared after removing prose), shares no prose with
// them, keeps the code vocabulary self-consistent, and has examples that are
// valid against their own schemas.
package schemas_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/internal/testshared"
)

// publishedDir is the published version these schemas carry the facts of.
const publishedDir = "adcp-schemas/3.2.0-beta.5"

// ---------------------------------------------------------------------------
// Ordered JSON: objects keep member order and duplicate keys are errors.

// node is one JSON value with object member order preserved.
type node struct {
	kind    byte // 'o' object, 'a' array, 's' string, 'n' number, 'b' bool, 'z' null
	members []member
	elems   []*node
	str     string // string, number text, or "true"/"false"
}

type member struct {
	key string
	val *node
}

// get returns the value of member key, or nil.
func (n *node) get(key string) *node {
	if n == nil || n.kind != 'o' {
		return nil
	}
	for _, m := range n.members {
		if m.key == key {
			return m.val
		}
	}
	return nil
}

// decodeOrdered parses exactly one JSON value, rejecting duplicate keys and
// trailing data.
func decodeOrdered(data []byte) (*node, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	n, err := decodeValue(dec, "")
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("trailing data after the JSON value")
	}
	return n, nil
}

func decodeValue(dec *json.Decoder, ptr string) (*node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			n := &node{kind: 'o'}
			seen := map[string]bool{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				key, ok := kt.(string)
				if !ok {
					return nil, fmt.Errorf("%s: object key is not a string", ptr)
				}
				if seen[key] {
					return nil, fmt.Errorf("%s: duplicate key %q", ptr, key)
				}
				seen[key] = true
				v, err := decodeValue(dec, ptr+"/"+escapePointer(key))
				if err != nil {
					return nil, err
				}
				n.members = append(n.members, member{key, v})
			}
			_, err := dec.Token() // '}'
			return n, err
		case '[':
			n := &node{kind: 'a'}
			for i := 0; dec.More(); i++ {
				v, err := decodeValue(dec, ptr+"/"+strconv.Itoa(i))
				if err != nil {
					return nil, err
				}
				n.elems = append(n.elems, v)
			}
			_, err := dec.Token() // ']'
			return n, err
		}
		return nil, fmt.Errorf("%s: unexpected %v", ptr, t)
	case string:
		return &node{kind: 's', str: t}, nil
	case json.Number:
		return &node{kind: 'n', str: t.String()}, nil
	case bool:
		return &node{kind: 'b', str: strconv.FormatBool(t)}, nil
	case nil:
		return &node{kind: 'z'}, nil
	}
	return nil, fmt.Errorf("%s: unexpected token %v", ptr, tok)
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// firstDiff returns the JSON pointer of the first difference between a and b
// (member order and array order count), or ok=true when they are identical.
func firstDiff(a, b *node, ptr string) (string, bool) {
	if a.kind != b.kind {
		return fmt.Sprintf("%s: kind %c vs %c", ptr, a.kind, b.kind), false
	}
	switch a.kind {
	case 'o':
		for i := 0; i < len(a.members) || i < len(b.members); i++ {
			if i >= len(a.members) {
				return fmt.Sprintf("%s: missing key %q", ptr, b.members[i].key), false
			}
			if i >= len(b.members) {
				return fmt.Sprintf("%s: extra key %q", ptr, a.members[i].key), false
			}
			if a.members[i].key != b.members[i].key {
				return fmt.Sprintf("%s: key #%d is %q, want %q", ptr, i, a.members[i].key, b.members[i].key), false
			}
			if d, ok := firstDiff(a.members[i].val, b.members[i].val, ptr+"/"+escapePointer(a.members[i].key)); !ok {
				return d, false
			}
		}
	case 'a':
		if len(a.elems) != len(b.elems) {
			return fmt.Sprintf("%s: %d elements, want %d", ptr, len(a.elems), len(b.elems)), false
		}
		for i := range a.elems {
			if d, ok := firstDiff(a.elems[i], b.elems[i], ptr+"/"+strconv.Itoa(i)); !ok {
				return d, false
			}
		}
	default:
		if a.str != b.str {
			return fmt.Sprintf("%s: %q, want %q", ptr, a.str, b.str), false
		}
	}
	return "", true
}

// ---------------------------------------------------------------------------
// Prose: what is ours to write, and what is a fact.

// proseKeywords are schema keywords whose values are prose (or our own
// examples); they are removed before comparing facts.
var proseKeywords = map[string]bool{
	"description":                  true,
	"title":                        true,
	"$comment":                     true,
	"examples":                     true,
	"x-deprecated-enum-values-doc": true,
}

// nameMaps are keywords whose object value is keyed by names (property
// names, enum values, codes), not by keywords.
var nameMaps = map[string]bool{
	"properties":       true,
	"enumMetadata":     true,
	"enumDescriptions": true,
	"error_codes":      true,
}

// blank is the placeholder that replaces a prose value whose presence is a
// fact (one entry per enum value, one suggestion per code).
var blank = &node{kind: 's', str: "<prose>"}

// stripProse returns n without prose. parent is the keyword whose value n is
// ("enumMetadata" when n is an entry of that map, and so on).
func stripProse(n *node, parent string) *node {
	switch n.kind {
	case 'a':
		out := &node{kind: 'a'}
		for _, e := range n.elems {
			out.elems = append(out.elems, stripProse(e, parent))
		}
		return out
	case 'o':
	default:
		return n
	}
	out := &node{kind: 'o'}
	for _, m := range n.members {
		switch {
		case parent == "enumDescriptions":
			out.members = append(out.members, member{m.key, blank})
		case parent == "enumMetadata" && m.key == "$comment":
			// a comment in the map, not a value
		case nameMaps[parent]:
			out.members = append(out.members, member{m.key, stripProse(m.val, parent+"[]")})
		case parent == "enumMetadata[]" && m.key == "suggestion",
			parent == "error_codes[]" && (m.key == "suggestion" || m.key == "description"),
			parent == "error_code_policy" && m.key == "note":
			out.members = append(out.members, member{m.key, blank})
		case proseKeywords[m.key]:
			// dropped: prose, or our own examples
		default:
			out.members = append(out.members, member{m.key, stripProse(m.val, m.key)})
		}
	}
	return out
}

// proseStrings collects every prose string of n (see stripProse).
func proseStrings(n *node, parent string, out *[]string) {
	switch n.kind {
	case 'a':
		for _, e := range n.elems {
			proseStrings(e, parent, out)
		}
	case 'o':
		for _, m := range n.members {
			switch {
			case parent == "enumDescriptions",
				parent == "enumMetadata" && m.key == "$comment",
				parent == "enumMetadata[]" && m.key == "suggestion",
				parent == "error_codes[]" && (m.key == "suggestion" || m.key == "description"),
				parent == "error_code_policy" && m.key == "note",
				m.key != "examples" && proseKeywords[m.key] && (!nameMaps[parent] && parent != "error_codes[]"):
				if m.val.kind == 's' {
					*out = append(*out, m.val.str)
				}
			case nameMaps[parent]:
				proseStrings(m.val, parent+"[]", out)
			case m.key == "examples":
			default:
				proseStrings(m.val, m.key, out)
			}
		}
	}
}

// exampleValues collects, in canonical JSON, every element of every
// "examples" keyword of a schema tree.
func exampleValues(n *node, parent string, out map[string]string, ptr string) {
	switch n.kind {
	case 'a':
		for i, e := range n.elems {
			exampleValues(e, parent, out, ptr+"/"+strconv.Itoa(i))
		}
	case 'o':
		for _, m := range n.members {
			p := ptr + "/" + escapePointer(m.key)
			switch {
			case m.key == "examples" && !nameMaps[parent] && m.val.kind == 'a':
				for i, e := range m.val.elems {
					out[canonical(e)] = p + "/" + strconv.Itoa(i)
				}
			case nameMaps[parent]:
				exampleValues(m.val, parent+"[]", out, p)
			default:
				exampleValues(m.val, m.key, out, p)
			}
		}
	}
}

// canonical renders n as compact JSON with sorted keys.
func canonical(n *node) string {
	var v any
	if err := json.Unmarshal([]byte(render(n)), &v); err != nil {
		panic(err)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// render renders n as compact JSON in document order.
func render(n *node) string {
	var b strings.Builder
	var w func(*node)
	w = func(n *node) {
		switch n.kind {
		case 'o':
			b.WriteByte('{')
			for i, m := range n.members {
				if i > 0 {
					b.WriteByte(',')
				}
				k, _ := json.Marshal(m.key)
				b.Write(k)
				b.WriteByte(':')
				w(m.val)
			}
			b.WriteByte('}')
		case 'a':
			b.WriteByte('[')
			for i, e := range n.elems {
				if i > 0 {
					b.WriteByte(',')
				}
				w(e)
			}
			b.WriteByte(']')
		case 's':
			s, _ := json.Marshal(n.str)
			b.Write(s)
		case 'z':
			b.WriteString("null")
		default:
			b.WriteString(n.str)
		}
	}
	w(n)
	return b.String()
}

// ---------------------------------------------------------------------------
// Copy detection.

// minSharedRun is the length of a run of characters that, shared with a
// published prose string, counts as copied.
const minSharedRun = 60

// shingles indexes every run of minSharedRun runes of the strings,
// lowercased, with whitespace collapsed.
type shingles map[string]string

func normalizeProse(s string) []rune {
	return []rune(strings.Join(strings.Fields(strings.ToLower(s)), " "))
}

func (sh shingles) add(s string) {
	r := normalizeProse(s)
	for i := 0; i+minSharedRun <= len(r); i++ {
		sh[string(r[i:i+minSharedRun])] = s
	}
}

// sharedRun returns a run of minSharedRun characters that s shares with an
// indexed string, or "".
func (sh shingles) sharedRun(s string) string {
	r := normalizeProse(s)
	for i := 0; i+minSharedRun <= len(r); i++ {
		if _, ok := sh[string(r[i:i+minSharedRun])]; ok {
			return string(r[i : i+minSharedRun])
		}
	}
	return ""
}

// ---------------------------------------------------------------------------
// Loading.

// readTree decodes every .json file under dir, keyed by slash-separated
// relative path.
func readTree(t *testing.T, dir string) map[string]*node {
	t.Helper()
	files := map[string]*node{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n, err := decodeOrdered(data)
		if err != nil {
			return fmt.Errorf("%s: %v", rel, err)
		}
		files[filepath.ToSlash(rel)] = n
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// ours reads this folder (the test runs in it).
func ours(t *testing.T) map[string]*node {
	t.Helper()
	files := readTree(t, ".")
	if len(files) == 0 {
		t.Fatal("no schema files found")
	}
	return files
}

// published reads the published version, without the files we do not carry.
func published(t *testing.T) map[string]*node {
	t.Helper()
	files := readTree(t, testshared.Dir(t, publishedDir))
	delete(files, "manifest.schema.json")
	if m := files["manifest.json"]; m != nil {
		files["manifest.json"] = restrictManifest(m)
	}
	return files
}

// manifestKeys are the members of manifest.json we carry.
var manifestKeys = []string{"adcp_version", "error_code_policy", "error_codes"}

func restrictManifest(m *node) *node {
	out := &node{kind: 'o'}
	for _, k := range manifestKeys {
		if v := m.get(k); v != nil {
			out.members = append(out.members, member{k, v})
		}
	}
	return out
}

func sortedKeys(m map[string]*node) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// ---------------------------------------------------------------------------
// Tests.

// TestFilesParse: every file is one JSON value without duplicate keys, and
// every schema names itself by $id.
func TestFilesParse(t *testing.T) {
	files := ours(t)
	for _, rel := range sortedKeys(files) {
		n := files[rel]
		if n.kind != 'o' {
			t.Errorf("%s: top level is not an object", rel)
			continue
		}
		if rel == "manifest.json" {
			for i, m := range n.members {
				if i >= len(manifestKeys) || m.key != manifestKeys[i] {
					t.Errorf("manifest.json: members must be exactly %v", manifestKeys)
					break
				}
			}
			continue
		}
		if id := n.get("$id"); id == nil || !strings.HasSuffix(id.str, "/"+rel) {
			t.Errorf("%s: $id does not end with the file's own path", rel)
		}
	}
}

// TestDecodeOrderedRejects: the parser the other tests rely on refuses what
// it must refuse.
func TestDecodeOrderedRejects(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{`{"a":1,"b":[true,null,"x"]}`, true},
		{`{"a":1,"a":2}`, false},
		{`{"a":{"b":1,"b":1}}`, false},
		{`{"a":1} {}`, false},
		{`{"a":}`, false},
		{`[1,2`, false},
	} {
		_, err := decodeOrdered([]byte(tc.in))
		if (err == nil) != tc.want {
			t.Errorf("decodeOrdered(%s): err = %v, want ok = %v", tc.in, err, tc.want)
		}
	}
}

// TestSameFacts: with prose removed, each file is identical to the published
// one, member order and enum order included, and the file sets match.
func TestSameFacts(t *testing.T) {
	pub := published(t)
	our := ours(t)
	for _, rel := range sortedKeys(pub) {
		if our[rel] == nil {
			t.Errorf("%s: published but missing here", rel)
		}
	}
	for _, rel := range sortedKeys(our) {
		p := pub[rel]
		if p == nil {
			t.Errorf("%s: not in the published version", rel)
			continue
		}
		if d, ok := firstDiff(stripProse(our[rel], ""), stripProse(p, ""), ""); !ok {
			t.Errorf("%s: facts differ at %s", rel, d)
		}
	}
}

// TestStripProse: the prose filter removes prose and nothing else, so a
// changed fact is still seen.
func TestStripProse(t *testing.T) {
	const base = `{"title":"T","description":"D","type":"object","properties":{"description":{"type":"string","description":"x"},"n":{"type":"integer","minimum":1,"examples":[2]}},"enum":["a","b"],"enumDescriptions":{"a":"A","b":"B"},"enumMetadata":{"$comment":"c","a":{"recovery":"transient","suggestion":"s"}}}`
	for _, tc := range []struct {
		name, other string
		same        bool
	}{
		{"prose rewritten", `{"title":"U","description":"E","type":"object","properties":{"description":{"type":"string","description":"y"},"n":{"type":"integer","minimum":1,"examples":[7,8]}},"enum":["a","b"],"enumDescriptions":{"a":"AA","b":"BB"},"enumMetadata":{"a":{"recovery":"transient","suggestion":"t"}}}`, true},
		{"minimum changed", strings.Replace(base, `"minimum":1`, `"minimum":2`, 1), false},
		{"enum order", strings.Replace(base, `["a","b"]`, `["b","a"]`, 1), false},
		{"property named description dropped", strings.Replace(base, `"description":{"type":"string","description":"x"},`, ``, 1), false},
		{"recovery changed", strings.Replace(base, `"transient"`, `"terminal"`, 1), false},
		{"enumDescriptions key renamed", strings.Replace(base, `"b":"B"`, `"c":"B"`, 1), false},
	} {
		a, err := decodeOrdered([]byte(base))
		if err != nil {
			t.Fatal(err)
		}
		b, err := decodeOrdered([]byte(tc.other))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if d, ok := firstDiff(stripProse(a, ""), stripProse(b, ""), ""); ok != tc.same {
			t.Errorf("%s: same = %v (%s), want %v", tc.name, ok, d, tc.same)
		}
	}
}

// TestOwnWords: no prose string of ours equals, or shares a run of
// minSharedRun characters with, any published prose string; and no example of
// ours equals a published example.
func TestOwnWords(t *testing.T) {
	pub := published(t)
	our := ours(t)
	sh := shingles{}
	exact := map[string]bool{}
	pubExamples := map[string]string{}
	for _, rel := range sortedKeys(pub) {
		var ps []string
		proseStrings(pub[rel], "", &ps)
		for _, s := range ps {
			sh.add(s)
			exact[strings.ToLower(strings.TrimSpace(s))] = true
		}
		exampleValues(pub[rel], "", pubExamples, rel+"#")
	}
	if len(exact) < 300 {
		t.Fatalf("only %d published prose strings found: the prose walker is broken", len(exact))
	}
	for _, rel := range sortedKeys(our) {
		var ps []string
		proseStrings(our[rel], "", &ps)
		if len(ps) == 0 {
			t.Errorf("%s: no prose found", rel)
		}
		for _, s := range ps {
			if exact[strings.ToLower(strings.TrimSpace(s))] {
				t.Errorf("%s: prose equals a published string: %q", rel, s)
			} else if run := sh.sharedRun(s); run != "" {
				t.Errorf("%s: prose shares %q with a published string", rel, run)
			}
		}
		ex := map[string]string{}
		exampleValues(our[rel], "", ex, rel+"#")
		for v, ptr := range ex {
			// The agent-permission-denied schema admits a single object, so
			// its only possible example is the published one.
			if pubPtr, ok := pubExamples[v]; ok && rel != "error-details/agent-permission-denied.json" {
				t.Errorf("%s: example equals published %s: %s", ptr, pubPtr, v)
			}
		}
	}
}

// TestSharedRun: the copy detector finds a long shared run and ignores short
// shared terms.
func TestSharedRun(t *testing.T) {
	published := "Sellers MUST return this code when the thing happens, and buyers should then reconsider the whole request before trying again."
	sh := shingles{}
	sh.add(published)
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"Prefix. " + strings.ToUpper(published[10:80]) + " suffix.", true},
		{strings.ReplaceAll(published[:90], " ", "\n  "), true},
		{"Sellers MUST return this code when a different thing happens.", false},
		{"", false},
	} {
		if got := sh.sharedRun(tc.s) != ""; got != tc.want {
			t.Errorf("sharedRun(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}

// recoveries are the recovery classes of core/error.json.
var recoveries = map[string]bool{"transient": true, "correctable": true, "terminal": true}

// TestCodeVocabulary: enum, enumDescriptions, enumMetadata and the manifest
// agree; every description ends with "Recovery: <class>." matching
// enumMetadata; the deprecated alias is marked.
func TestCodeVocabulary(t *testing.T) {
	our := ours(t)
	ec := our["enums/error-code.json"]
	man := our["manifest.json"]
	if ec == nil || man == nil {
		t.Fatal("enums/error-code.json or manifest.json missing")
	}
	enum, descs, meta := ec.get("enum"), ec.get("enumDescriptions"), ec.get("enumMetadata")
	mcodes := man.get("error_codes")
	if enum == nil || descs == nil || meta == nil || mcodes == nil {
		t.Fatal("enum, enumDescriptions, enumMetadata or error_codes missing")
	}
	if len(enum.elems) != 109 {
		t.Errorf("%d codes, want 109", len(enum.elems))
	}
	if len(descs.members) != len(enum.elems) || len(mcodes.members) != len(enum.elems) {
		t.Errorf("enum has %d codes, enumDescriptions %d, manifest %d", len(enum.elems), len(descs.members), len(mcodes.members))
	}
	metaCount := 0
	for _, m := range meta.members {
		if m.key != "$comment" {
			metaCount++
		}
	}
	if metaCount != len(enum.elems) {
		t.Errorf("enumMetadata has %d codes, enum %d", metaCount, len(enum.elems))
	}
	for i, e := range enum.elems {
		code := e.str
		md := meta.get(code)
		if md == nil {
			t.Errorf("%s: no enumMetadata", code)
			continue
		}
		rec := md.get("recovery").str
		if !recoveries[rec] {
			t.Errorf("%s: recovery %q", code, rec)
		}
		sug := md.get("suggestion")
		if sug == nil || strings.TrimSpace(sug.str) == "" {
			t.Errorf("%s: no suggestion", code)
		}
		d := descs.get(code)
		suffix := " Recovery: " + rec + "."
		if d == nil || !strings.HasSuffix(d.str, suffix) {
			t.Errorf("%s: enumDescriptions entry does not end with %q", code, suffix)
			continue
		}
		if strings.Count(d.str, "Recovery:") != 1 {
			t.Errorf("%s: description mentions \"Recovery:\" more than once", code)
		}
		if i >= len(mcodes.members) || mcodes.members[i].key != code {
			t.Errorf("%s: manifest error_codes not in enum order at %d", code, i)
			continue
		}
		mc := mcodes.members[i].val
		if got := mc.get("recovery"); got == nil || got.str != rec {
			t.Errorf("%s: manifest recovery differs from enumMetadata", code)
		}
		if got := mc.get("suggestion"); got == nil || sug == nil || got.str != sug.str {
			t.Errorf("%s: manifest suggestion differs from enumMetadata", code)
		}
		if got := mc.get("description"); got == nil || got.str+suffix != d.str {
			t.Errorf("%s: manifest description is not the enumDescriptions entry without its Recovery sentence", code)
		}
		if deprecated := strings.HasPrefix(d.str, "**Deprecated**"); deprecated != (code == "AUTH_REQUIRED") {
			t.Errorf("%s: deprecated = %v", code, deprecated)
		}
	}
	if d := descs.get("AUTH_REQUIRED"); d != nil && !(strings.Contains(d.str, "`AUTH_MISSING`") && strings.Contains(d.str, "`AUTH_INVALID`")) {
		t.Errorf("AUTH_REQUIRED: description must name `AUTH_MISSING` and `AUTH_INVALID` as replacements")
	}
	if p := man.get("error_code_policy"); p == nil || !recoveries[p.get("default_unknown_recovery").str] {
		t.Errorf("manifest: error_code_policy.default_unknown_recovery missing or invalid")
	}
	if v := man.get("adcp_version"); v == nil || !strings.Contains(ec.get("$id").str, "/"+v.str+"/") {
		t.Errorf("manifest adcp_version does not match the $id of enums/error-code.json")
	}
}

// TestEnumDescriptionsComplete: every enum with enumDescriptions describes
// each value once, in its own words, and nothing else.
func TestEnumDescriptionsComplete(t *testing.T) {
	our := ours(t)
	for _, rel := range sortedKeys(our) {
		var walk func(n *node, ptr string)
		walk = func(n *node, ptr string) {
			switch n.kind {
			case 'a':
				for i, e := range n.elems {
					walk(e, ptr+"/"+strconv.Itoa(i))
				}
			case 'o':
				if d := n.get("enumDescriptions"); d != nil {
					enum := n.get("enum")
					if enum == nil || len(enum.elems) != len(d.members) {
						t.Errorf("%s#%s: enumDescriptions and enum differ in size", rel, ptr)
					} else {
						for _, e := range enum.elems {
							if v := d.get(e.str); v == nil || strings.TrimSpace(v.str) == "" {
								t.Errorf("%s#%s: no description for %q", rel, ptr, e.str)
							}
						}
					}
				}
				for _, m := range n.members {
					walk(m.val, ptr+"/"+escapePointer(m.key))
				}
			}
		}
		walk(our[rel], "")
	}
}

// ---------------------------------------------------------------------------
// A small draft-07 validator (standard library only) for our examples. It
// fails on any keyword it does not know, so no constraint is silently skipped.

// annotations are keywords that never constrain an instance.
var annotations = map[string]bool{
	"$schema": true, "$id": true, "title": true, "description": true, "examples": true,
	"$comment": true, "default": true, "deprecated": true, "enumDescriptions": true, "enumMetadata": true,
}

type validator struct {
	byID    map[string]map[string]any // $id → schema
	skipped map[string]bool           // patterns Go's regexp cannot compile
}

func newValidator(t *testing.T) *validator {
	t.Helper()
	v := &validator{byID: map[string]map[string]any{}, skipped: map[string]bool{}}
	entries, err := filepath.Glob("*/*.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range entries {
		s, err := readSchema(path)
		if err != nil {
			t.Fatal(err)
		}
		id, _ := s["$id"].(string)
		v.byID[id] = s
	}
	return v
}

func readSchema(path string) (map[string]any, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return s, nil
}

// ecmaEscape matches the \uXXXX escapes of ECMAScript patterns.
var ecmaEscape = regexp.MustCompile(`\\u([0-9A-Fa-f]{4})`)

// goPattern translates an ECMAScript pattern for Go's regexp.
func goPattern(p string) string {
	return ecmaEscape.ReplaceAllString(p, `\x{$1}`)
}

func jsonType(x any) string {
	switch v := x.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case json.Number:
		if f, err := v.Float64(); err == nil && f == math.Trunc(f) {
			return "integer"
		}
		return "number"
	}
	return "unknown"
}

func typeMatches(want string, x any) bool {
	got := jsonType(x)
	return got == want || (want == "number" && got == "integer")
}

func num(x any) float64 {
	f, _ := x.(json.Number).Float64()
	return f
}

// equalJSON compares two decoded instances, numbers by value.
func equalJSON(a, b any) bool {
	if na, ok := a.(json.Number); ok {
		nb, ok := b.(json.Number)
		return ok && num(na) == num(nb)
	}
	return reflect.DeepEqual(a, b)
}

// validate returns the first violation of x against s, or nil.
func (v *validator) validate(s map[string]any, x any, ptr string) error {
	for k, kv := range s {
		if annotations[k] || strings.HasPrefix(k, "x-") {
			continue
		}
		if err := v.keyword(s, k, kv, x, ptr); err != nil {
			return err
		}
	}
	return nil
}

func (v *validator) keyword(s map[string]any, k string, kv, x any, ptr string) error {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%s: %s: %s", ptr, k, fmt.Sprintf(format, args...))
	}
	str, isStr := x.(string)
	arr, isArr := x.([]any)
	obj, isObj := x.(map[string]any)
	_, isNum := x.(json.Number)
	switch k {
	case "$ref":
		target := v.byID[kv.(string)]
		if target == nil {
			return fail("unresolved %s", kv)
		}
		return v.validate(target, x, ptr)
	case "type":
		types, ok := kv.([]any)
		if !ok {
			types = []any{kv}
		}
		for _, tt := range types {
			if typeMatches(tt.(string), x) {
				return nil
			}
		}
		return fail("%s is not %v", jsonType(x), kv)
	case "enum":
		for _, e := range kv.([]any) {
			if equalJSON(e, x) {
				return nil
			}
		}
		return fail("%v not allowed", x)
	case "const":
		if !equalJSON(kv, x) {
			return fail("%v is not %v", x, kv)
		}
	case "required":
		if isObj {
			for _, r := range kv.([]any) {
				if _, ok := obj[r.(string)]; !ok {
					return fail("missing %q", r)
				}
			}
		}
	case "properties":
		if isObj {
			for name, ps := range kv.(map[string]any) {
				if val, ok := obj[name]; ok {
					if err := v.validate(ps.(map[string]any), val, ptr+"/"+escapePointer(name)); err != nil {
						return err
					}
				}
			}
		}
	case "additionalProperties":
		if !isObj {
			return nil
		}
		props, _ := s["properties"].(map[string]any)
		for name, val := range obj {
			if _, declared := props[name]; declared {
				continue
			}
			switch ap := kv.(type) {
			case bool:
				if !ap {
					return fail("%q not allowed", name)
				}
			case map[string]any:
				if err := v.validate(ap, val, ptr+"/"+escapePointer(name)); err != nil {
					return err
				}
			}
		}
	case "items":
		for i, e := range arr {
			if err := v.validate(kv.(map[string]any), e, ptr+"/"+strconv.Itoa(i)); err != nil {
				return err
			}
		}
	case "minItems":
		if isArr && float64(len(arr)) < num(kv) {
			return fail("%d items", len(arr))
		}
	case "maxItems":
		if isArr && float64(len(arr)) > num(kv) {
			return fail("%d items", len(arr))
		}
	case "uniqueItems":
		if isArr && kv == true {
			seen := map[string]bool{}
			for _, e := range arr {
				b, _ := json.Marshal(e)
				if seen[string(b)] {
					return fail("duplicate %s", b)
				}
				seen[string(b)] = true
			}
		}
	case "minLength":
		if isStr && float64(utf8.RuneCountInString(str)) < num(kv) {
			return fail("too short")
		}
	case "maxLength":
		if isStr && float64(utf8.RuneCountInString(str)) > num(kv) {
			return fail("too long")
		}
	case "pattern":
		if !isStr {
			return nil
		}
		re, err := regexp.Compile(goPattern(kv.(string)))
		if err != nil {
			v.skipped[kv.(string)] = true
			return nil
		}
		if !re.MatchString(str) {
			return fail("%q does not match %s", str, kv)
		}
	case "format":
		if !isStr {
			return nil
		}
		switch kv {
		case "uri":
			if u, err := url.Parse(str); err != nil || u.Scheme == "" {
				return fail("%q is not an absolute URI", str)
			}
		case "date-time":
			if _, err := time.Parse(time.RFC3339, str); err != nil {
				return fail("%q is not RFC 3339", str)
			}
		default:
			return fail("unknown format %v", kv)
		}
	case "minimum":
		if isNum && num(x) < num(kv) {
			return fail("%v below %v", x, kv)
		}
	case "maximum":
		if isNum && num(x) > num(kv) {
			return fail("%v above %v", x, kv)
		}
	case "allOf":
		for _, sub := range kv.([]any) {
			if err := v.validate(sub.(map[string]any), x, ptr); err != nil {
				return err
			}
		}
	case "anyOf":
		for _, sub := range kv.([]any) {
			if v.validate(sub.(map[string]any), x, ptr) == nil {
				return nil
			}
		}
		return fail("no alternative matches")
	case "oneOf":
		n := 0
		for _, sub := range kv.([]any) {
			if v.validate(sub.(map[string]any), x, ptr) == nil {
				n++
			}
		}
		if n != 1 {
			return fail("%d alternatives match", n)
		}
	case "if":
		if v.validate(kv.(map[string]any), x, ptr) == nil {
			if then, ok := s["then"].(map[string]any); ok {
				return v.validate(then, x, ptr)
			}
		} else if els, ok := s["else"].(map[string]any); ok {
			return v.validate(els, x, ptr)
		}
	case "then", "else":
		// applied by "if"
	default:
		return fail("keyword not supported by this test's validator")
	}
	return nil
}

// examplesOf walks a schema and calls fn for every schema that has examples.
func examplesOf(s map[string]any, ptr string, fn func(sub map[string]any, ptr string, examples []any)) {
	if ex, ok := s["examples"].([]any); ok {
		fn(s, ptr, ex)
	}
	for k, kv := range s {
		if k == "examples" || k == "enum" || k == "const" || k == "default" || k == "enumMetadata" || k == "enumDescriptions" {
			continue
		}
		switch c := kv.(type) {
		case map[string]any:
			if k == "properties" {
				for name, ps := range c {
					if m, ok := ps.(map[string]any); ok {
						examplesOf(m, ptr+"/properties/"+escapePointer(name), fn)
					}
				}
				continue
			}
			examplesOf(c, ptr+"/"+escapePointer(k), fn)
		case []any:
			for i, e := range c {
				if m, ok := e.(map[string]any); ok {
					examplesOf(m, ptr+"/"+k+"/"+strconv.Itoa(i), fn)
				}
			}
		}
	}
}

// TestExamplesValid: every example of ours is valid against the schema that
// carries it, and each examples list has one to three entries.
func TestExamplesValid(t *testing.T) {
	v := newValidator(t)
	files, err := filepath.Glob("*/*.json")
	if err != nil {
		t.Fatal(err)
	}
	count := 0
	for _, path := range files {
		s, err := readSchema(path)
		if err != nil {
			t.Fatal(err)
		}
		rel := filepath.ToSlash(path)
		examplesOf(s, "", func(sub map[string]any, ptr string, examples []any) {
			if len(examples) == 0 || len(examples) > 3 {
				t.Errorf("%s#%s: %d examples, want 1 to 3", rel, ptr, len(examples))
			}
			for i, ex := range examples {
				count++
				if err := v.validate(sub, ex, ""); err != nil {
					t.Errorf("%s#%s/examples/%d: %v", rel, ptr, i, err)
				}
			}
		})
	}
	if count < 20 {
		t.Errorf("only %d examples found", count)
	}
	for p := range v.skipped {
		t.Logf("pattern not checked (Go regexp cannot compile it): %s", p)
	}
}

// TestValidator: the example validator rejects what the schemas forbid, so
// TestExamplesValid can fail.
func TestValidator(t *testing.T) {
	v := newValidator(t)
	const base = "https://adcontextprotocol.org/schemas/3.2.0-beta.5/"
	for _, tc := range []struct {
		schema, instance string
		valid            bool
	}{
		{"error-details/stale-response.json", `{"served_from_cache":true,"cache_age_seconds":0}`, true},
		{"error-details/stale-response.json", `{"served_from_cache":false,"cache_age_seconds":3}`, false},
		{"error-details/stale-response.json", `{"served_from_cache":true,"cache_age_seconds":1.5}`, false},
		{"error-details/stale-response.json", `{"served_from_cache":true}`, false},
		{"error-details/agent-permission-denied.json", `{"scope":"agent","reason":"sandbox_only","rate_card":"x"}`, false},
		{"error-details/rate-limited.json", `{"scope":"planet"}`, false},
		{"error-details/rate-limited.json", `{"scope":"tool","vendor_extra":1}`, true},
		{"error-details/conflict.json", `{"expected_version":true}`, false},
		{"error-details/conflict.json", `{"expected_version":"W/\"7\"","current_version":8}`, true},
		{"error-details/accessibility-violation.json", `{"violations":[]}`, false},
		{"error-details/accessibility-violation.json", `{"violations":[{"pointer":"/a","criterion":"1","criterion_source":"W","required_level":"A","failure_kind":"x_Bad"}]}`, false},
		{"error-details/accessibility-violation.json", `{"violations":[{"pointer":"/a","criterion":"1","criterion_source":"W","required_level":"A","failure_kind":"x_fine_kind"}]}`, true},
		{"error-details/accessibility-violation.json", `{"violations":[{"pointer":"/a","criterion":"1\u0001","criterion_source":"W","required_level":"A","failure_kind":"other"}]}`, false},
		{"error-details/accessibility-violation.json", `{"violations":[{"pointer":"a","criterion":"1","criterion_source":"W","required_level":"A","failure_kind":"other"}]}`, false},
		{"core/canonical-account-ref.json", `{"account_id":"a","brand":{"domain":"x.example"},"operator":"y.example"}`, false},
		{"core/canonical-account-ref.json", `{"brand":{"domain":"x.example"},"operator":"y.example"}`, true},
		{"core/downstream-connection-requirement.json", `{"connection_type":"publisher_identity","status":"missing"}`, false},
		{"core/downstream-connection-requirement.json", `{"connection_type":"publisher_identity","status":"missing","authorization_url":"https://s.example/c"}`, true},
		{"core/downstream-connection-requirement.json", `{"connection_type":"publisher_identity","authorization_url":"/relative"}`, false},
		{"core/downstream-connection-requirement.json", `{"connection_type":"publisher_identity","expires_at":"tomorrow"}`, false},
		{"error-details/version-unsupported.json", `{"adcp_version":"3","supported_versions":["3.1"]}`, false},
		{"error-details/version-unsupported.json", `{"adcp_major_version":100,"supported_versions":["3.1"]}`, false},
		{"error-details/action-not-allowed.json", `{"attempted_action":"pause","reason":"wrong_status","currently_available_actions":[{"action":"resume","mode":"self_serve"},{"action":"resume","mode":"self_serve"}]}`, false},
		{"error-details/action-not-allowed.json", `{"attempted_action":"pause","reason":"wrong_status","currently_available_actions":[{"action":"resume","mode":"self_serve"}]}`, true},
		{"error-details/billing-not-supported.json", `{"supported_billing":[]}`, false},
		{"error-details/unsupported-refinement-dimension.json", `{"unsupported_dimension":"criteria","supported_dimensions":[]}`, true},
		{"core/error.json", `{"code":"X","message":"m","retry_after":0}`, false},
		{"core/error.json", `{"code":"","message":"m"}`, false},
		{"core/error.json", `{"code":"X","message":"m","issues":[{"pointer":"/a","message":"m","keyword":"type","discriminator":[{"property_name":"kind","value":null}]}]}`, true},
		{"core/error.json", `{"code":"X","message":"m","issues":[{"pointer":"/a","message":"m","keyword":"type","discriminator":[{"property_name":"kind","value":{}}]}]}`, false},
	} {
		s := v.byID[base+tc.schema]
		if s == nil {
			t.Fatalf("%s: not loaded", tc.schema)
		}
		var x any
		dec := json.NewDecoder(strings.NewReader(tc.instance))
		dec.UseNumber()
		if err := dec.Decode(&x); err != nil {
			t.Fatalf("%s: %v", tc.instance, err)
		}
		err := v.validate(s, x, "")
		if (err == nil) != tc.valid {
			t.Errorf("%s %s: err = %v, want valid = %v", tc.schema, tc.instance, err, tc.valid)
		}
	}
}

// FuzzDecodeOrdered: the ordered decoder accepts exactly the valid JSON that
// has no duplicate keys, and renders it back to equivalent JSON.
func FuzzDecodeOrdered(f *testing.F) {
	for _, s := range []string{`{"a":[1,{"b":null}],"c":"\u00e9"}`, `{"a":1,"a":2}`, `[]`, `"x"`, `{`, `1e400`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := decodeOrdered(data)
		if err != nil {
			if json.Valid(data) && !strings.Contains(err.Error(), "duplicate key") {
				t.Fatalf("valid JSON rejected: %v", err)
			}
			return
		}
		if !json.Valid(data) {
			t.Fatalf("invalid JSON accepted")
		}
		a, err := decodeAny(data)
		if err != nil {
			t.Fatal(err)
		}
		b, err := decodeAny([]byte(render(n)))
		if err != nil {
			t.Fatalf("render: %v", err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("render changed the value: %s", render(n))
		}
	})
}

// decodeAny decodes one JSON value keeping numbers as text, so values out of
// float64 range still compare.
func decodeAny(data []byte) (any, error) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	err := dec.Decode(&v)
	return v, err
}
