package emit

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"sort"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/adcp-gen/adcp-gen/templates"
)

// TestRuntimeExamplesCopied checks which example files a generation copies,
// and that they are copied like the runtime (header, package clause).
func TestRuntimeExamplesCopied(t *testing.T) {
	goNames := map[string]string{"BUDGET_TOO_LOW": "CodeBudgetTooLow", "POLICY_VIOLATION": "CodePolicyViolation", "SERVICE_UNAVAILABLE": "CodeServiceUnavailable"}
	withCodes := func(s *schemaload.Spec, values ...string) *schemaload.Spec {
		for _, v := range values {
			s.Codes = append(s.Codes, &schemaload.Code{Value: v, GoName: goNames[v], Recovery: "correctable"})
		}
		return s
	}
	full := func() *schemaload.Spec {
		return withCodes(fixtureSpec(), "BUDGET_TOO_LOW", "POLICY_VIOLATION", "SERVICE_UNAVAILABLE")
	}
	noRateShape := full()
	var shapes []*schemaload.Shape
	for _, s := range noRateShape.Shapes {
		if s.Name != "rate-limited" {
			shapes = append(shapes, s)
		}
	}
	noRateShape.Shapes = shapes
	tests := []struct {
		name string
		spec *schemaload.Spec
		want []string
	}{
		{"fixture lacks the example codes", fixtureSpec(), nil},
		{"a code only example_test.go uses missing", withCodes(fixtureSpec(), "BUDGET_TOO_LOW", "POLICY_VIOLATION"), []string{"example_details_test.go"}},
		{"a code both use missing", withCodes(fixtureSpec(), "POLICY_VIOLATION", "SERVICE_UNAVAILABLE"), nil},
		{"every code and the rate-limited shape", full(), []string{"example_details_test.go", "example_test.go"}},
		{"no rate-limited shape", noRateShape, []string{"example_test.go"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files, err := Files(tt.spec, Options{Package: "fixture"})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for n, src := range files {
				if !strings.HasSuffix(n, "_test.go") {
					continue
				}
				got = append(got, n)
				if !IsOwned(src) || !bytes.Contains(src, []byte("\npackage fixture\n")) {
					t.Errorf("%s lacks the header or the package clause", n)
				}
			}
			sort.Strings(got)
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("copied %v, want %v", got, tt.want)
			}
		})
	}
}

// TestRuntimeExampleNeeds keeps runtimeExamples in step with the example
// files: every generated code constant and details type (or its enum
// constants) an example names is listed among its needs, and every listed
// code appears in the file. Names are those of the project's schemas/.
func TestRuntimeExampleNeeds(t *testing.T) {
	spec, err := schemaload.Load("../schemas")
	if err != nil {
		t.Fatal(err)
	}
	owner := map[string]string{} // Go name → "code VALUE" or "shape NAME"
	for _, c := range spec.Codes {
		owner[c.GoName] = "code " + c.Value
	}
	shapeOf := map[string]string{} // file → shape name
	for _, s := range spec.Shapes {
		shapeOf[s.File] = s.Name
	}
	for _, ty := range spec.Types {
		name, ok := shapeOf[ty.File]
		if !ok || ty.GoName == "" {
			continue
		}
		owner[ty.GoName] = "shape " + name
		for _, v := range ty.Enum {
			owner[v.GoName] = "shape " + name
		}
	}
	for file, needs := range runtimeExamples {
		src, err := fs.ReadFile(templates.Runtime, path.Join("runtime", file))
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		listed := map[string]bool{}
		for _, c := range needs.codes {
			listed["code "+c] = true
			if !bytes.Contains(src, []byte(c)) && !usesCode(spec, src, c) {
				t.Errorf("%s: lists code %s but does not use it", file, c)
			}
		}
		for _, s := range needs.shapes {
			listed["shape "+s] = true
		}
		f, err := parser.ParseFile(token.NewFileSet(), file, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if o, ok := owner[id.Name]; ok && !listed[o] {
					t.Errorf("%s: uses %s (%s), not listed in runtimeExamples", file, id.Name, o)
					listed[o] = true // once
				}
			}
			return true
		})
	}
}

// usesCode reports whether src names the constant of code value v.
func usesCode(spec *schemaload.Spec, src []byte, v string) bool {
	for _, c := range spec.Codes {
		if c.Value == v {
			return bytes.Contains(src, []byte(c.GoName))
		}
	}
	return false
}
