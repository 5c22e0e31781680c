package adcperr

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/adcp-gen/adcp-gen/internal/testshared"
	"github.com/dlclark/regexp2"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// schemaDirLoader serves every $id spelling of a schema folder
// (https://adcontextprotocol.org/schemas/<v>/core/x.json, /schemas/<v>/…,
// unversioned /schemas/…) from local files, and never the network.
type schemaDirLoader struct{ dir string }

func (l schemaDirLoader) Load(u string) (any, error) {
	i := strings.Index(u, "/schemas/")
	if i < 0 {
		return nil, fmt.Errorf("no local file for %s", u)
	}
	rel := u[i+len("/schemas/"):]
	p := filepath.Join(l.dir, filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		if _, rest, ok := strings.Cut(rel, "/"); ok { // drop the version
			p = filepath.Join(l.dir, filepath.FromSlash(rest))
		}
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	return jsonschema.UnmarshalJSON(bytes.NewReader(b))
}

type ecmaRegexp regexp2.Regexp

func (re *ecmaRegexp) MatchString(s string) bool {
	ok, err := (*regexp2.Regexp)(re).MatchString(s)
	return err == nil && ok
}

func (re *ecmaRegexp) String() string { return (*regexp2.Regexp)(re).String() }

// compileSchema compiles file (relative to dir) under its own $id.
func compileSchema(t *testing.T, dir, file string) *jsonschema.Schema {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(file)))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	id := "https://adcontextprotocol.org/schemas/" + file
	if m, ok := doc.(map[string]any); ok {
		if s, ok := m["$id"].(string); ok && s != "" {
			id = s
			if strings.HasPrefix(id, "/") {
				id = "https://adcontextprotocol.org" + id
			}
		}
	}
	c := jsonschema.NewCompiler()
	c.UseLoader(schemaDirLoader{dir})
	c.UseRegexpEngine(func(s string) (jsonschema.Regexp, error) {
		re, err := regexp2.Compile(s, regexp2.ECMAScript)
		if err != nil {
			return nil, err
		}
		return (*ecmaRegexp)(re), nil
	})
	if err := c.AddResource(id, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(id)
	if err != nil {
		t.Fatalf("compile %s: %v", file, err)
	}
	return sch
}

// schemaDirs are the schema folders builders' output is checked against:
// the project's schemas/ and, when present, the published 3.2.0-beta.5.
func schemaDirs(t *testing.T) map[string]string {
	dirs := map[string]string{}
	own := filepath.Join(testshared.ModuleRoot(), "schemas")
	if _, err := os.Stat(filepath.Join(own, "core", "error.json")); err == nil {
		dirs["schemas"] = own
	}
	if root := testshared.Root(); root != "" {
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

func validateJSON(t *testing.T, sch *jsonschema.Schema, name string, raw []byte) {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if err := sch.Validate(v); err != nil {
		t.Errorf("%s: %s\ninvalid: %v", name, raw, err)
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

// TestWireShapesValidateAgainstSchemas: every error object every builder
// emits, for every catalogue code, is valid against core/error.json.
func TestWireShapesValidateAgainstSchemas(t *testing.T) {
	for name, dir := range schemaDirs(t) {
		sch := compileSchema(t, dir, "core/error.json")
		for _, bad := range []string{`{"code":"","message":"m"}`, `{"code":"A"}`, `{"code":"A","message":"m","recovery":"deferred"}`} {
			v, _ := jsonschema.UnmarshalJSON(strings.NewReader(bad))
			if sch.Validate(v) == nil {
				t.Fatalf("%s: core/error.json accepts %s: the validator checks nothing", name, bad)
			}
		}
		check := func(label string, resp []byte, want int) {
			errs := wireErrorsOf(t, resp)
			if len(errs) != want {
				t.Errorf("%s %s: %d error objects, want %d", name, label, len(errs), want)
			}
			for i, e := range errs {
				validateJSON(t, sch, fmt.Sprintf("%s %s #%d", name, label, i), e)
			}
		}
		for _, code := range Codes() {
			e := roundTripError(t, code)
			mcp, err := MCPToolResult(e, "The request failed.")
			if err == nil {
				check("mcp "+string(code), mcp, 3) // structuredContent, payload, content text
			}
			a2a, err := A2AFailedTask("t", e, "")
			if err == nil {
				check("a2a "+string(code), a2a, 2)
			}
			if rpc, err := JSONRPCError(1, e); err == nil {
				check("jsonrpc "+string(code), rpc, 1)
			}
			if ok, err := SuccessPayloadWithWarnings(nil, e); err == nil {
				check("payload "+string(code), ok, 1)
			}
		}
		for _, u := range []*Error{FromHTTP(429, nil, testNow), FromHTTP(500, nil, testNow), FromError(errTest)} {
			resp, err := MCPToolResult(u, "")
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
		code  Code
		opts  []Option
	}{
		{"error-details/rate-limited.json", "RATE_LIMITED", []Option{WithDetails(map[string]any{"limit": 100, "remaining": 0, "window_seconds": 60, "scope": "account"})}},
		{"error-details/budget-too-low.json", "BUDGET_TOO_LOW", []Option{WithDetails(map[string]any{"minimum_budget": 500, "currency": "USD"})}},
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
