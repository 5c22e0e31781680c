package adcpimpl

import (
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// rawSchemas are schemas for TestSchemaMatchesDecoded and the seeds of
// FuzzSchemaMatchesDecoded: each keyword, at the root and below it.
var rawSchemas = []string{
	`{"type":"object","properties":{"limit":{"type":"number","minimum":0},"remaining":{"type":"integer","maximum":10},` +
		`"scope":{"type":"string","enum":["account","agent"]},"window_seconds":{"type":"integer","exclusiveMinimum":0}},` +
		`"required":["limit","gone"],"additionalProperties":false}`,
	`{"properties":{"a/b":{"type":"string","minLength":2,"maxLength":3,"pattern":"^x"},"~x":{"properties":{"y":{"type":["integer","null"]}}},` +
		`"arr":{"type":"array","items":{"type":"integer"},"minItems":1,"maxItems":2}},"required":["r/s","a/b"]}`,
	`{"properties":{"a":true,"b":false},"additionalProperties":{"type":"string","maxLength":1}}`,
	`{"type":"array","items":{"type":"object","properties":{"k":{"const":1}},"required":["k"]},"uniqueItems":true}`,
	`{"type":"array","items":{"type":"array","items":{"type":"string","format":"uri"}}}`,
	`{"anyOf":[{"type":"object","required":["a"]},{"type":"object","required":["b"]}],"properties":{"a":{"type":"string"}}}`,
	`{"properties":{"s":{"oneOf":[{"type":"string"},{"type":"integer"}]},"n":{"not":{"type":"null"}},` +
		`"i":{"if":{"type":"string"},"then":{"minLength":3},"else":{"type":"number"}},"e":{"enum":[{"a":1},[1,2],"x",null]}}}`,
	`{"$defs":{"N":{"type":"object","properties":{"next":{"$ref":"#/$defs/N"},"v":{"type":"number","maximum":1.5}},` +
		`"additionalProperties":false}},"$ref":"#/$defs/N"}`,
	`{"type":["object","array","string","number","boolean","null"]}`,
	`{"type":"string","pattern":"^x_[a-z]+$","patternNot":"^x_ab$"}`,
	`{"type":"integer","minimum":1,"maximum":9223372036854775808}`,
	`{"properties":{"é":{"type":"string"},"\ufffd":{"type":"integer"}},"additionalProperties":{"type":"boolean"}}`,
	`{}`, `true`, `false`,
}

// rawValues are the instances of TestSchemaMatchesDecoded: members
// repeated (the last counts), named with escapes and with invalid UTF-8,
// white space, nesting, and values of every JSON type.
var rawValues = []string{
	`{"limit":100,"remaining":0,"window_seconds":60,"scope":"account"}`,
	`{"limit":-1,"remaining":1.5,"window_seconds":0,"scope":"other","extra":1,"extra":2,"zz":{}}`,
	`{"limit":1,"limit":"x","lim\u0069t":-5," limit":1}`,
	` { "a/b" : "xy" , "~x" : { "y" : "no" } , "arr" : [ 1 , "z" , 3 ] , "q~" : 1 , "r/s" : null } `,
	`{"a/b":"\u0078\u0079\u007a","~x":{"y":null},"arr":[],"r/s":1}`,
	`{"a":5,"b":"x","c":"yy","c":"y","d":1}`,
	`[{"k":1},{"k":1.0},{"k":2},{},3]`, `[[["https://a.b","rel"],[]],"x"]`,
	`{"a":1,"b":2}`, `{"s":"x","n":null,"i":"ab","e":{"a":1.0}}`, `{"s":1.5,"n":1,"i":"abcd","e":[1,2]}`,
	`{"next":{"next":{"v":2,"w":1},"v":1},"v":"x"}`,
	`"x_ab"`, `"x_abc"`, `"\ud800"`, `1`, `1.0`, `1e400`, `-0`, `9223372036854775809`, `true`, `null`, `[]`, `{}`,
	`{"é":"a","\u00e9":1,"\ufffd":"x","` + "\xff" + `":2,"other":"x"}`,
}

// TestSchemaMatchesDecoded holds validate, which checks JSON text where it
// lies, to refValidate, an interpreter of the value decoded into maps and
// slices (the runtime's until validate replaced it): the same violations, in
// the same order.
func TestSchemaMatchesDecoded(t *testing.T) {
	for _, s := range rawSchemas {
		if err := CompileSchema(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		for _, inst := range rawValues {
			checkRawMatchesDecoded(t, s, []byte(inst))
		}
	}
	// Each way out of the walk is taken, and the walk's own checks report.
	var v Validator
	v.Schema("/d", []byte(rawValues[1]), NewSchema(rawSchemas[0]), "")
	want := []string{
		`/d/limit: less than 0`, `/d/remaining: JSON number is not one of integer`, `/d/scope: value "other" is not allowed`,
		`/d/window_seconds: not greater than 0`, `/d/extra: member not allowed`, `/d/zz: member not allowed`,
		`/d/gone: required member missing`,
	}
	if got := strings.Join(v.list, "|"); got != strings.Join(want, "|") {
		t.Errorf("violations:\n%s\nwant\n%s", strings.Join(v.list, "\n"), strings.Join(want, "\n"))
	}
}

func checkRawMatchesDecoded(t *testing.T, schema string, raw []byte) {
	t.Helper()
	root, err := compileSchema(schema)
	if err != nil || !jsonwire.Valid(raw) {
		return
	}
	var got, want Validator
	root.validate(&got, "/p", &rawText{b: raw, s: string(raw)}, jsonwire.Space(raw, 0))
	val, _ := decodeAny(raw)
	refValidate(root, &want, "/p", val)
	if strings.Join(got.list, "\n") != strings.Join(want.list, "\n") {
		t.Fatalf("schema %s, value %s:\nvalidate\n\t%s\nrefValidate\n\t%s", schema, raw,
			strings.Join(got.list, "\n\t"), strings.Join(want.list, "\n\t"))
	}
}

func FuzzSchemaMatchesDecoded(f *testing.F) {
	for i, s := range rawSchemas {
		for j, v := range rawValues {
			if (i+j)%3 == 0 {
				f.Add(s, []byte(v))
			}
		}
	}
	f.Fuzz(func(t *testing.T, schema string, raw []byte) {
		if len(schema) > 4096 || len(raw) > 4096 {
			return
		}
		checkRawMatchesDecoded(t, schema, raw)
	})
}

// The reference: validate as it was written for decoded values (maps,
// slices, json.Number), before it checked JSON text in place. It shares
// the checks of one string, number or type (validateString,
// validateNumber, typeOK, equalJSON) with validate; what it holds validate
// to is the walk: which values are checked against which schemas, with
// which paths, in which order, and the last of a repeated member.

// refValid reports whether val is valid against n, without reporting.
func refValid(n *schemaNode, val any) bool {
	var scratch Validator
	refValidate(n, &scratch, "", val)
	return len(scratch.list) == 0
}

// refValidate adds the violations of the decoded value val against n.
func refValidate(n *schemaNode, v *Validator, path string, val any) {
	n = n.resolve()
	if n.boolean != nil {
		if !*n.boolean {
			v.Add(path, "no value is allowed")
		}
		return
	}
	if n.types != nil && !n.typeOK(v, path, refTypeOf(val)) {
		return
	}
	if n.hasEnum {
		ok := false
		for _, e := range n.enum {
			if equalJSON(e, val) {
				ok = true
				break
			}
		}
		if !ok {
			b, _ := json.Marshal(val)
			v.Add(path, "value "+short(b)+" is not allowed")
		}
	}
	if n.hasConst && !equalJSON(n.konst, val) {
		b, _ := json.Marshal(n.konst)
		v.Add(path, "must be "+string(b))
	}
	switch x := val.(type) {
	case string:
		n.validateString(v, path, x)
	case json.Number:
		d, ok := parseDecimal(string(x))
		n.validateNumber(v, path, d, ok)
	case []any:
		refValidateArray(n, v, path, x)
	case map[string]any:
		refValidateObject(n, v, path, x)
	}
	for _, s := range n.allOf {
		refValidate(s, v, path, val)
	}
	if len(n.anyOf) > 0 {
		ok := false
		for _, s := range n.anyOf {
			if refValid(s, val) {
				ok = true
				break
			}
		}
		if !ok {
			v.Add(path, "matches none of the "+strconv.Itoa(len(n.anyOf))+" alternatives (anyOf)")
		}
	}
	if len(n.oneOf) > 0 {
		matched := 0
		for _, s := range n.oneOf {
			if refValid(s, val) {
				matched++
			}
		}
		if matched != 1 {
			v.Add(path, "matches "+strconv.Itoa(matched)+" of the "+strconv.Itoa(len(n.oneOf))+" alternatives, not exactly one (oneOf)")
		}
	}
	if n.not != nil && refValid(n.not, val) {
		v.Add(path, "matches a schema it must not match (not)")
	}
	if n.ifS != nil {
		if refValid(n.ifS, val) {
			if n.thenS != nil {
				refValidate(n.thenS, v, path, val)
			}
		} else if n.elseS != nil {
			refValidate(n.elseS, v, path, val)
		}
	}
}

func refValidateArray(n *schemaNode, v *Validator, path string, xs []any) {
	if n.minItems >= 0 {
		v.MinItems(path, len(xs), n.minItems)
	}
	if n.maxItems >= 0 {
		v.MaxItems(path, len(xs), n.maxItems)
	}
	if n.unique {
	outer:
		for i := range xs {
			for j := 0; j < i; j++ {
				if equalJSON(xs[i], xs[j]) {
					v.Add(path, "items "+strconv.Itoa(j)+" and "+strconv.Itoa(i)+" are equal")
					break outer
				}
			}
		}
	}
	if n.items != nil {
		for i, x := range xs {
			refValidate(n.items, v, path+"/"+strconv.Itoa(i), x)
		}
	}
}

func refValidateObject(n *schemaNode, v *Validator, path string, m map[string]any) {
	for i, name := range n.propOrder {
		if x, ok := m[name]; ok {
			refValidate(n.propNodes[i], v, path+n.propPaths[i], x)
		}
	}
	if n.closed || n.additional != nil {
		keys := make([]string, 0, len(m))
		for k := range m {
			if n.props[k] == nil {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			if n.closed {
				v.Add(path+"/"+PointerToken(k), "member not allowed")
			} else {
				refValidate(n.additional, v, path+"/"+PointerToken(k), m[k])
			}
		}
	}
	for _, r := range n.required {
		if _, ok := m[r]; !ok {
			v.Add(path+"/"+PointerToken(r), "required member missing")
		}
	}
}

// refTypeOf names the JSON type of a decoded value ("integer" for a number
// with no fractional part).
func refTypeOf(val any) string {
	switch x := val.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		if d, ok := parseDecimal(x.String()); ok && d.isInteger() {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "invalid"
}

// pairwiseDuplicate is uniqueItems as draft-07 states it, every pair
// compared with equalJSON: the reference of duplicateItems.
func pairwiseDuplicate(x any) (a, b int, ok bool) {
	xs, _ := x.([]any)
	for b := range xs {
		for a := 0; a < b; a++ {
			if equalJSON(xs[a], xs[b]) {
				return a, b, true
			}
		}
	}
	return 0, 0, false
}

// duplicateCases are arrays at the edges of equalJSON and of the keys'
// delimiting.
var duplicateCases = []string{
	`[]`, `[1]`, `[1,2,3]`, `[1,1.0]`, `[1e2,100]`, `[100,1e2,1]`, `[0,-0]`, `[0.0,-0e5]`, `[0.1,1e-1]`,
	`[1,10]`, `[10,1e1]`, `[1.5,15e-1]`, `[-1,1]`, `[1e400,1e400]`, `[1e400,1e401]`,
	`[1e2000000000000,1e3000000000000]`, `[1e-2000000000000,1e-3000000000000]`,
	`["a","a"]`, `["a","b","a"]`, `["a","a\u0000"]`, `["1:a","a"]`, `["s1:a","a"]`, `["",null]`,
	`[null,false,true,0,"",[],{}]`, `[null,null]`, `[false,false]`, `[true,"t"]`, `["n",null]`,
	`[[],[]]`, `[[1,2],[1,2.0]]`, `[[1,2],[2,1]]`, `[[1],[1,0]]`, `[[[]],[[]]]`, `[[],{}]`,
	`[{"a":1,"b":2},{"b":2,"a":1.0}]`, `[{"a":[1]},{"a":[1,0]}]`, `[{"ab":"c"},{"a":"bc"}]`,
	`[{"a":"b","c":"d"},{"a":"bc","":"d"}]`, `[{"a":{}},{"a":[]}]`, `[{"a":null},{}]`,
	`[["a","b"],["as:b"]]`, `[["a","b"],["a1:b"]]`, `[[1,2],[12]]`, `[["1","2"],["12"]]`,
	`[1,2,3,4,5,6,7,8,9,3,4]`, `["x",1,"y",1,"x"]`,
}

func TestDuplicateItems(t *testing.T) {
	for _, c := range duplicateCases {
		checkDuplicateItems(t, []byte(c))
	}
	// An array of every case, so that equal items sit far apart.
	all := strings.Join(duplicateCases, ",")
	checkDuplicateItems(t, []byte("["+all+"]"))
	checkDuplicateItems(t, []byte("["+all+","+duplicateCases[len(duplicateCases)-1]+"]"))
}

// checkDuplicateItems compares duplicateItems with pairwiseDuplicate on
// the array raw, and on raw after nine distinct strings (more items than
// duplicateItems compares pairwise: its canonical keys).
func checkDuplicateItems(t *testing.T, raw []byte) {
	t.Helper()
	x, ok := decodeAny(raw)
	if !ok {
		return
	}
	xs, isArray := x.([]any)
	pads := []any{"\x00p0", "\x00p1", "\x00p2", "\x00p3", "\x00p4", "\x00p5", "\x00p6", "\x00p7", "\x00p8"}
	for _, v := range []any{x, append(pads, xs...)} {
		a, b, dup := duplicateItems(v)
		wa, wb, wdup := pairwiseDuplicate(v)
		if a != wa || b != wb || dup != wdup {
			t.Fatalf("%s (padded: %v): duplicateItems %d %d %v, pairwise %d %d %v", raw, isArray && len(v.([]any)) > len(xs), a, b, dup, wa, wb, wdup)
		}
		if !isArray {
			break
		}
	}
}

// FuzzDuplicateItems holds duplicateItems to the pairwise comparison on
// arrays of any JSON values, and on any JSON value wrapped in an array
// twice (equal to itself) and beside a variant.
func FuzzDuplicateItems(f *testing.F) {
	for _, c := range duplicateCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		checkDuplicateItems(t, raw)
		if jsonwire.Valid(raw) {
			checkDuplicateItems(t, []byte("["+string(raw)+","+string(raw)+"]"))
			checkDuplicateItems(t, []byte("["+string(raw)+",["+string(raw)+"]]"))
		}
	})
}

// BenchmarkUniqueItems checks uniqueItems on an array of 1,000 distinct
// strings (about 4 KB, an error's limit): impl=keys is duplicateItems,
// impl=pairwise the comparison of every pair it replaced.
func BenchmarkUniqueItems(b *testing.B) {
	var items []string
	for i := 0; i < 1000; i++ {
		items = append(items, strconv.Quote(strconv.Itoa(i)))
	}
	x, _ := decodeAny([]byte("[" + strings.Join(items, ",") + "]"))
	for _, impl := range []struct {
		name string
		f    func(any) (int, int, bool)
	}{{"pairwise", pairwiseDuplicate}, {"keys", duplicateItems}} {
		b.Run("impl="+impl.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, _, dup := impl.f(x); dup {
					b.Fatal("duplicate")
				}
			}
		})
	}
}

// uniqueItemsRef is UniqueItems as it was written first: items encoded
// and decoded into any (numbers as float64) one by one, each compared with
// every one before it, stopping at the first that cannot be encoded.
func uniqueItemsRef[T any](items []T) string {
	enc := make([]any, len(items))
	for i := range items {
		b, err := json.Marshal(items[i])
		if err != nil {
			return ""
		}
		_ = json.Unmarshal(b, &enc[i])
		for j := 0; j < i; j++ {
			if reflect.DeepEqual(enc[i], enc[j]) {
				return "items " + strconv.Itoa(j) + " and " + strconv.Itoa(i) + " are equal"
			}
		}
	}
	return ""
}

func uniqueItemsGot[T any](items []T) string {
	var v Validator
	UniqueItems(&v, "", items)
	if len(v.list) == 0 {
		return ""
	}
	return strings.TrimPrefix(v.list[0], "/: ")
}

type uniqueLabel string

type uniqueItem struct {
	A string  `json:"a"`
	N float64 `json:"n,omitempty"`
}

// TestUniqueItems holds UniqueItems, on the Go types generated code hands
// it, to the pairwise comparison it replaced, long slices included (the
// keys decide past eight items); and shows where they part: integers
// beyond 2^53, which float64 merged.
func TestUniqueItems(t *testing.T) {
	long := func(last string) []string {
		var s []string
		for i := 0; i < 20; i++ {
			s = append(s, "item"+strconv.Itoa(i))
		}
		return append(s, last)
	}
	for _, c := range []struct {
		name      string
		got, want string
	}{
		{"strings", uniqueItemsGot([]string{"a", "b", "a"}), uniqueItemsRef([]string{"a", "b", "a"})},
		{"distinct", uniqueItemsGot([]string{"a", "b"}), uniqueItemsRef([]string{"a", "b"})},
		{"named", uniqueItemsGot([]uniqueLabel{"x", "y", "y"}), uniqueItemsRef([]uniqueLabel{"x", "y", "y"})},
		{"long, duplicate", uniqueItemsGot(long("item7")), uniqueItemsRef(long("item7"))},
		{"long, none", uniqueItemsGot(long("item20")), uniqueItemsRef(long("item20"))},
		{"floats", uniqueItemsGot([]float64{1, 1.5, 1.0}), uniqueItemsRef([]float64{1, 1.5, 1.0})},
		{"zeros", uniqueItemsGot([]float64{0, math.Copysign(0, -1)}), uniqueItemsRef([]float64{0, math.Copysign(0, -1)})},
		{"structs", uniqueItemsGot([]uniqueItem{{"a", 1}, {"a", 2}, {"a", 1}}), uniqueItemsRef([]uniqueItem{{"a", 1}, {"a", 2}, {"a", 1}})},
		{"unencodable", uniqueItemsGot([]float64{1, 1, math.NaN()}), uniqueItemsRef([]float64{1, 1, math.NaN()})},
		{"unencodable first", uniqueItemsGot([]float64{math.NaN(), 1, 1}), uniqueItemsRef([]float64{math.NaN(), 1, 1})},
		{"beyond 2^53", uniqueItemsGot([]int64{1 << 53, 1<<53 + 1}), ""},
	} {
		if c.got != c.want {
			t.Errorf("%s: %q, want %q", c.name, c.got, c.want)
		}
	}
	if got := uniqueItemsRef([]int64{1 << 53, 1<<53 + 1}); got == "" {
		t.Errorf("the float64 comparison told 2^53 and 2^53+1 apart: the case above shows nothing")
	}
}
