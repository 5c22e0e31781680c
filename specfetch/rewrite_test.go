package specfetch

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestRewriteLatest(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"ref", `{"$ref": "/schemas/latest/core/x.json"}`, `{"$ref": "/schemas/3.2.0/core/x.json"}`},
		{"absolute ref, fragment", `{"a":{"$ref":"https://adcontextprotocol.org/schemas/latest/enums/y.json#/definitions/z"}}`,
			`{"a":{"$ref":"https://adcontextprotocol.org/schemas/3.2.0/enums/y.json#/definitions/z"}}`},
		{"id and schema", "{\n  \"$schema\": \"/schemas/latest/manifest.schema.json\",\n  \"$id\": \"/schemas/latest/core/error.json\"\n}",
			"{\n  \"$schema\": \"/schemas/3.2.0/manifest.schema.json\",\n  \"$id\": \"/schemas/3.2.0/core/error.json\"\n}"},
		{"escaped", `{"$ref": "\/schemas\/latest\/core\/x.json", "d": "é"}`, `{"$ref": "/schemas/3.2.0/core/x.json", "d": "é"}`},
		{"in arrays", `[{"allOf":[{"$ref":"/schemas/latest/a.json"},{"$ref":"/schemas/latest/b.json"}]}]`,
			`[{"allOf":[{"$ref":"/schemas/3.2.0/a.json"},{"$ref":"/schemas/3.2.0/b.json"}]}]`},
		{"description untouched", `{"description": "/schemas/latest/x.json", "$comment": "/schemas/latest/"}`, ""},
		{"member name untouched", `{"properties": {"/schemas/latest/": {"type": "string"}}}`, ""},
		{"a property named $ref", `{"properties": {"$ref": {"type": "string", "default": "/schemas/latest/x"}}}`, ""},
		{"value after an object member", `{"$ref": {"x": 1}, "y": "/schemas/latest/"}`, ""},
		{"ref in an array value", `{"$ref": ["/schemas/latest/x.json"]}`, ""},
		{"other versions", `{"$ref": "/schemas/3.1.0/x.json", "$id": "/schemas/v3/latest/x.json"}`, ""},
		{"after a number past float64", `{"max": 1e999, "$ref": "/schemas/latest/x.json"}`, `{"max": 1e999, "$ref": "/schemas/3.2.0/x.json"}`},
		{"not JSON", `{"$ref": "/schemas/latest/x.json"`, ""},
		{"escaped key", `{"\u0024ref": "/schemas/latest/x.json", "n": [1, true, null, -2.5e3]}`, `{"\u0024ref": "/schemas/3.2.0/x.json", "n": [1, true, null, -2.5e3]}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := rewriteLatest([]byte(c.in), "3.2.0")
			want := c.want
			if want == "" {
				want = c.in
			}
			if string(got) != want {
				t.Errorf("rewriteLatest(%s) = %s; want %s", c.in, got, want)
			}
		})
	}
}

// FuzzRewriteLatest: the rewrite keeps JSON valid and changes nothing but
// the reference strings.
func FuzzRewriteLatest(f *testing.F) {
	f.Add([]byte(`{"$ref": "/schemas/latest/core/x.json", "d": "/schemas/latest/"}`))
	f.Add([]byte(`[{"$id":"\/schemas\/latest\/a.json","x":{"$schema":"/schemas/latest/m.json"}}]`))
	f.Add([]byte(`{"$ref": {"$ref": "/schemas/latest/x"}, "a": ["$ref", "/schemas/latest/"]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		out := rewriteLatest(data, "3.2.0")
		if string(out) == string(data) {
			return
		}
		if !json.Valid(out) {
			t.Fatalf("%s became invalid JSON: %s", data, out)
		}
		var a, b any
		_ = json.Unmarshal(data, &a)
		_ = json.Unmarshal(out, &b)
		if !reflect.DeepEqual(undoRefs(a), undoRefs(b)) {
			t.Fatalf("%s: rewritten beyond its references: %s", data, out)
		}
	})
}

// undoRefs maps the 3.2.0 references of a decoded document back to latest.
func undoRefs(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			if s, ok := e.(string); ok && (k == "$ref" || k == "$id" || k == "$schema") {
				v[k] = strings.ReplaceAll(s, "/schemas/3.2.0/", latestPath)
			} else {
				v[k] = undoRefs(e)
			}
		}
	case []any:
		for i, e := range v {
			v[i] = undoRefs(e)
		}
	}
	return v
}
