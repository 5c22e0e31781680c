package seller_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/adcphttp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/sharedtest"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

// The runtime module has no requirements, so these tests carry their own
// JSON Schema validator: the Draft 7 keywords the error schemas use, and no
// others. A schema that uses a keyword it does not implement fails the test
// rather than passing unchecked.

// testSchema is a compiled schema document: its decoded JSON (numbers as
// json.Number) and the regular expressions of its patterns.
type testSchema struct {
	name string
	doc  any
}

// testSchemaAnnotations are keywords that assert nothing.
var testSchemaAnnotations = map[string]bool{
	"$schema": true, "$id": true, "$comment": true, "title": true, "description": true,
	"examples": true, "default": true, "deprecated": true, "readOnly": true, "writeOnly": true,
}

// testSchemaAssertions are the keywords the validator implements.
var testSchemaAssertions = map[string]bool{
	"type": true, "enum": true, "const": true, "properties": true, "required": true,
	"additionalProperties": true, "items": true, "minItems": true, "maxItems": true,
	"minLength": true, "maxLength": true, "pattern": true, "minimum": true, "maximum": true,
	"exclusiveMinimum": true, "exclusiveMaximum": true,
}

// compileSchema reads file (relative to dir) and checks that the validator
// implements every keyword it uses.
func compileSchema(t *testing.T, dir, file string) *testSchema {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(file)))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := decodeJSONNumbers(b)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if err := checkSchemaKeywords(doc, "#"); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return &testSchema{name: file, doc: doc}
}

func decodeJSONNumbers(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("trailing data")
	}
	return v, nil
}

// checkSchemaKeywords refuses a schema with a keyword the validator does not
// implement, or a keyword value of a form it does not handle.
func checkSchemaKeywords(s any, at string) error {
	switch s := s.(type) {
	case bool:
		return nil
	case map[string]any:
		for k, v := range s {
			switch {
			case testSchemaAnnotations[k]:
			case !testSchemaAssertions[k]:
				return fmt.Errorf("%s: the test's validator does not implement %q", at, k)
			case k == "properties":
				props, ok := v.(map[string]any)
				if !ok {
					return fmt.Errorf("%s/properties is not an object", at)
				}
				for name, sub := range props {
					if err := checkSchemaKeywords(sub, at+"/properties/"+name); err != nil {
						return err
					}
				}
			case k == "additionalProperties", k == "items":
				if _, isArray := v.([]any); isArray {
					return fmt.Errorf("%s/%s: the array form is not implemented", at, k)
				}
				if err := checkSchemaKeywords(v, at+"/"+k); err != nil {
					return err
				}
			case k == "pattern":
				p, _ := v.(string)
				if _, err := regexp.Compile(p); err != nil {
					return fmt.Errorf("%s/pattern %q: %v", at, p, err)
				}
			case k == "type":
				if _, isString := v.(string); !isString {
					if _, isArray := v.([]any); !isArray {
						return fmt.Errorf("%s/type is neither a string nor an array", at)
					}
				}
			}
		}
		return nil
	}
	return fmt.Errorf("%s: a schema must be an object or a boolean", at)
}

// Validate returns the violations of v (decoded with json.Number).
func (s *testSchema) Validate(v any) []string {
	var out []string
	schemaCheck(s.doc, v, "", &out)
	return out
}

func schemaTypeOf(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		if f, err := v.Float64(); err == nil && f == math.Trunc(f) {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

func schemaHasType(v any, want string) bool {
	got := schemaTypeOf(v)
	return got == want || (want == "number" && got == "integer")
}

func schemaNumber(v any) (float64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil
}

// schemaEqual compares two JSON values, numbers by value.
func schemaEqual(a, b any) bool {
	if fa, ok := schemaNumber(a); ok {
		fb, ok := schemaNumber(b)
		return ok && fa == fb
	}
	switch a := a.(type) {
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !schemaEqual(a[i], b[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, av := range a {
			bv, ok := b[k]
			if !ok || !schemaEqual(av, bv) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
}

func schemaCheck(s, v any, at string, out *[]string) {
	fail := func(format string, args ...any) {
		*out = append(*out, fmt.Sprintf("%s: ", "/"+strings.TrimPrefix(at, "/"))+fmt.Sprintf(format, args...))
	}
	if b, ok := s.(bool); ok {
		if !b {
			fail("no value is allowed")
		}
		return
	}
	m := s.(map[string]any)
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		kw := m[k]
		switch k {
		case "type":
			types := []any{kw}
			if list, ok := kw.([]any); ok {
				types = list
			}
			match := false
			for _, ty := range types {
				match = match || schemaHasType(v, ty.(string))
			}
			if !match {
				fail("type %s, want %v", schemaTypeOf(v), kw)
			}
		case "enum":
			match := false
			for _, e := range kw.([]any) {
				match = match || schemaEqual(e, v)
			}
			if !match {
				fail("%v is not one of %v", v, kw)
			}
		case "const":
			if !schemaEqual(kw, v) {
				fail("%v is not %v", v, kw)
			}
		case "required":
			if obj, ok := v.(map[string]any); ok {
				for _, r := range kw.([]any) {
					if _, has := obj[r.(string)]; !has {
						fail("required member %q is missing", r)
					}
				}
			}
		case "properties":
			if obj, ok := v.(map[string]any); ok {
				for name, sub := range kw.(map[string]any) {
					if mv, has := obj[name]; has {
						schemaCheck(sub, mv, at+"/"+name, out)
					}
				}
			}
		case "additionalProperties":
			if obj, ok := v.(map[string]any); ok {
				props, _ := m["properties"].(map[string]any)
				for name, mv := range obj {
					if _, declared := props[name]; !declared {
						schemaCheck(kw, mv, at+"/"+name, out)
					}
				}
			}
		case "items":
			if arr, ok := v.([]any); ok {
				for i, it := range arr {
					schemaCheck(kw, it, fmt.Sprintf("%s/%d", at, i), out)
				}
			}
		case "minItems", "maxItems":
			if arr, ok := v.([]any); ok {
				n, _ := schemaNumber(kw)
				if (k == "minItems" && float64(len(arr)) < n) || (k == "maxItems" && float64(len(arr)) > n) {
					fail("%d items breaks %s %v", len(arr), k, kw)
				}
			}
		case "minLength", "maxLength":
			if str, ok := v.(string); ok {
				n, _ := schemaNumber(kw)
				l := float64(utf8.RuneCountInString(str))
				if (k == "minLength" && l < n) || (k == "maxLength" && l > n) {
					fail("%v characters breaks %s %v", l, k, kw)
				}
			}
		case "pattern":
			if str, ok := v.(string); ok && !regexp.MustCompile(kw.(string)).MatchString(str) {
				fail("%q does not match %s", str, kw)
			}
		case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
			if f, ok := schemaNumber(v); ok {
				n, _ := schemaNumber(kw)
				bad := map[string]bool{"minimum": f < n, "maximum": f > n, "exclusiveMinimum": f <= n, "exclusiveMaximum": f >= n}[k]
				if bad {
					fail("%v breaks %s %v", f, k, kw)
				}
			}
		}
	}
}

// schemaDirs are the schema folders builders' output is checked against:
// the repository's schemas/ and, when present, the published 3.2.0-beta.5.
func schemaDirs(t *testing.T) map[string]string {
	t.Helper()
	dirs := map[string]string{}
	own := filepath.Join(sharedtest.RepoRoot(), "schemas")
	if _, err := os.Stat(filepath.Join(own, "core", "error.json")); err == nil {
		dirs["schemas"] = own
	}
	if root := sharedtest.Root(); root != "" {
		pub := filepath.Join(root, "adcp-schemas", "3.2.0-beta.5")
		if _, err := os.Stat(pub); err == nil {
			dirs["published 3.2.0-beta.5"] = pub
		}
	}
	if len(dirs) == 0 {
		t.Skip("no schema folder to validate against")
	}
	return dirs
}

func validateJSON(t *testing.T, sch *testSchema, name string, raw []byte) {
	t.Helper()
	v, err := decodeJSONNumbers(raw)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if errs := sch.Validate(v); len(errs) != 0 {
		t.Errorf("%s: %s\ninvalid against %s: %v", name, raw, sch.name, errs)
	}
}

// wireErrorsOf returns every error object a wire shape carries, on both
// layers, by walking it for adcp_error members and errors[] arrays.
func wireErrorsOf(t *testing.T, resp []byte) [][]byte {
	t.Helper()
	var out [][]byte
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, m := range x {
				switch k {
				case "adcp_error":
					b, _ := json.Marshal(m)
					out = append(out, b)
				case "errors":
					for _, e := range m.([]any) {
						b, _ := json.Marshal(e)
						out = append(out, b)
					}
				case "text":
					if s, ok := m.(string); ok && strings.HasPrefix(s, "{") {
						var inner any
						if json.Unmarshal([]byte(s), &inner) == nil {
							walk(inner)
						}
					}
				default:
					walk(m)
				}
			}
		case []any:
			for _, m := range x {
				walk(m)
			}
		}
	}
	var v any
	if err := json.Unmarshal(resp, &v); err != nil {
		t.Fatalf("invalid JSON %s", resp)
	}
	walk(v)
	return out
}

// TestSchemaValidatorChecks: the test's validator, on core/error.json,
// refuses what the schema forbids and accepts what it allows, so that a
// pass below means something.
func TestSchemaValidatorChecks(t *testing.T) {
	for name, dir := range schemaDirs(t) {
		sch := compileSchema(t, dir, "core/error.json")
		for _, bad := range []string{
			`[]`,
			`{"code":"","message":"m"}`,
			`{"code":"A"}`,
			`{"message":"m"}`,
			`{"code":7,"message":"m"}`,
			`{"code":"` + strings.Repeat("é", 65) + `","message":"m"}`,
			`{"code":"A","message":"m","recovery":"deferred"}`,
			`{"code":"A","message":"m","retry_after":0}`,
			`{"code":"A","message":"m","retry_after":3600.5}`,
			`{"code":"A","message":"m","retry_after":"5"}`,
			`{"code":"A","message":"m","details":[]}`,
			`{"code":"A","message":"m","source":"proxy"}`,
			`{"code":"A","message":"m","issues":[{"pointer":"/a","message":"x"}]}`,
			`{"code":"A","message":"m","issues":[{"pointer":"/a","message":"x","keyword":"type","discriminator":[{"property_name":"k","value":{}}]}]}`,
			`{"code":"A","message":"m","issues":[{"pointer":"/a","message":"x","keyword":"type","discriminator":[{"property_name":"k","value":1,"extra":1}]}]}`,
		} {
			v, err := decodeJSONNumbers([]byte(bad))
			if err != nil {
				t.Fatal(err)
			}
			if len(sch.Validate(v)) == 0 {
				t.Errorf("%s: core/error.json accepts %s: the validator checks nothing", name, bad)
			}
		}
		for _, good := range []string{
			`{"code":"A","message":""}`,
			`{"code":"` + strings.Repeat("é", 64) + `","message":"m","retry_after":2.5,"recovery":"terminal","vendor":{"x":1}}`,
			`{"code":"A","message":"m","details":{},"source":"sdk","sdk_id":"x@1","issues":[{"pointer":"","message":"x","keyword":"type","extra":1,"discriminator":[{"property_name":"k","value":null}]}]}`,
		} {
			v, err := decodeJSONNumbers([]byte(good))
			if err != nil {
				t.Fatal(err)
			}
			if errs := sch.Validate(v); len(errs) != 0 {
				t.Errorf("%s: core/error.json refuses %s: %v", name, good, errs)
			}
		}
	}
	if err := checkSchemaKeywords(map[string]any{"oneOf": []any{}}, "#"); err == nil {
		t.Error("a keyword the validator does not implement was accepted")
	}
}

// TestWireShapesValidateAgainstSchemas: every error object every builder
// emits, for every catalogue code, is valid against core/error.json.
func TestWireShapesValidateAgainstSchemas(t *testing.T) {
	for name, dir := range schemaDirs(t) {
		sch := compileSchema(t, dir, "core/error.json")
		check := func(label string, resp []byte, want int) {
			errs := wireErrorsOf(t, resp)
			if len(errs) != want {
				t.Errorf("%s %s: %d error objects, want %d", name, label, len(errs), want)
			}
			for i, e := range errs {
				validateJSON(t, sch, fmt.Sprintf("%s %s #%d", name, label, i), e)
			}
		}
		built := 0
		for _, code := range voc.Codes() {
			e := roundTripError(t, code)
			mcp, err := seller.MCPToolResult(voc, e, "The request failed.")
			if err == nil {
				check("mcp "+string(code), mcp, 3) // structuredContent, payload, content text
				built++
			}
			a2a, err := seller.A2AFailedTask(voc, "t", e, "")
			if err == nil {
				check("a2a "+string(code), a2a, 2)
				built++
			}
			if rpc, err := seller.JSONRPCError(voc, 1, e); err == nil {
				check("jsonrpc "+string(code), rpc, 1)
				built++
			}
			if ok, err := seller.SuccessPayloadWithWarnings(voc, nil, []*adcp.Error{e}); err == nil {
				check("payload "+string(code), ok, 1)
				built++
			}
		}
		if min := 2 * len(voc.Codes()); built < min {
			t.Errorf("%s: only %d wire shapes built for %d codes", name, built, len(voc.Codes()))
		}
		for _, u := range []*adcp.Error{adcphttp.FromHTTP(429, nil, testNow), adcphttp.FromHTTP(500, nil, testNow), adcphttp.FromError(errTest)} {
			resp, err := seller.MCPToolResult(voc, u, "")
			if err != nil {
				t.Fatal(err)
			}
			check("upstream "+string(u.Code), resp, 3)
		}
	}
}

// TestBuiltDetailsValidateAgainstShapes checks the details the tests build
// against the published shape they claim to follow.
func TestBuiltDetailsValidateAgainstShapes(t *testing.T) {
	tests := []struct {
		shape string
		code  adcp.Code
		opts  []seller.Option
	}{
		{"error-details/rate-limited.json", "RATE_LIMITED", []seller.Option{seller.WithDetails(map[string]any{"limit": 100, "remaining": 0, "window_seconds": 60, "scope": "account"})}},
		{"error-details/budget-too-low.json", "BUDGET_TOO_LOW", []seller.Option{seller.WithDetails(map[string]any{"minimum_budget": 500, "currency": "USD"})}},
	}
	for name, dir := range schemaDirs(t) {
		for _, tt := range tests {
			if _, err := os.Stat(filepath.Join(dir, tt.shape)); err != nil {
				continue
			}
			sch := compileSchema(t, dir, tt.shape)
			e := mustNew(t, tt.code, "m", tt.opts...)
			validateJSON(t, sch, name+" "+tt.shape, e.Details)
		}
	}
}

var (
	testNow = time.Date(2025, 1, 22, 10, 30, 0, 0, time.UTC)
	errTest = errors.New("dial tcp 10.1.2.3:5432: connection refused")
)
