package schemaload

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

func TestCamel(t *testing.T) {
	tests := []struct{ in, want string }{
		{"IO_REQUIRED", "IORequired"},
		{"RATE_LIMITED", "RateLimited"},
		{"sdk_id", "SDKID"},
		{"schemaPath", "SchemaPath"},
		{"schema_path", "SchemaPath"},
		{"schema_id", "SchemaID"},
		{"billing-party", "BillingParty"},
		{"canonical-account-ref", "CanonicalAccountRef"},
		{"FORMAT_DECLARATION_V1_AMBIGUOUS", "FormatDeclarationV1Ambiguous"},
		{"VAST_WRAPPER_DEPTH_EXCEEDED", "VASTWrapperDepthExceeded"},
		{"setup_url", "SetupURL"},
		{"adcp_major_version", "AdCPMajorVersion"},
		{"platform_account_id", "PlatformAccountID"},
		{"sla", "SLA"},
		{"x_vendor.kind", "XVendorKind"},
		{"WCAG21", "Wcag21"},
		{"@", ""},
	}
	for _, tt := range tests {
		if got := camel(tt.in); got != tt.want {
			t.Errorf("camel(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFileTypeName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"core/error.json", "Error"},
		{"error-details/rate-limited.json", "RateLimitedDetails"},
		{"enums/billing-party.json", "BillingParty"},
		{"core/canonical-account-ref.json", "CanonicalAccountRef"},
		{"enums/error-scope.json", "ErrorScope"},
	}
	for _, tt := range tests {
		if got := fileTypeName(tt.in); got != tt.want {
			t.Errorf("fileTypeName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestFixedTypesInRuntime keeps the Fixed entries of the link table in step
// with the runtime module: each names a type that package adcp declares.
func TestFixedTypesInRuntime(t *testing.T) {
	pkgs, err := parser.ParseDir(token.NewFileSet(), filepath.Join("..", "adcp"), func(fi fs.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	for _, f := range pkgs["adcp"].Files {
		for name, obj := range f.Scope.Objects {
			if obj.Kind == ast.Typ {
				declared[name] = true
			}
		}
	}
	if len(declared) == 0 {
		t.Fatal("no type found in ../adcp")
	}
	for _, o := range typeNameOverrides {
		if o.Fixed && !declared[o.Name] {
			t.Errorf("fixed type %s is not declared by package adcp", o.Name)
		}
	}
}

func TestLinkTablesConsistent(t *testing.T) {
	for name := range shapeExceptions {
		if _, ok := notShapes[name]; ok {
			t.Errorf("%s is both a shape exception and not a shape", name)
		}
	}
	if len(advisoryCodes) != 9 {
		t.Errorf("%d advisory codes, the review found 9", len(advisoryCodes))
	}
	for c := range noDetailsCodes {
		if advisoryCodes[c] {
			t.Errorf("%s is both advisory and no-details", c)
		}
	}
}
