package schemaload

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
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

// TestGoName: every JSON string gets a valid exported identifier,
// deterministically and readably.
func TestGoName(t *testing.T) {
	tests := []struct{ in, goName, words string }{
		{"window_seconds", "WindowSeconds", "WindowSeconds"},
		{"3d_mode", "N3DMode", "3DMode"},
		{"2fa", "N2Fa", "2Fa"},
		{"@type", "Type", "Type"},
		{"$", "Dollar", "Dollar"},
		{"+-", "PlusMinus", "PlusMinus"},
		{"", "Empty", "Empty"},
		{"\u00a0", "U00A0", "U00A0"},
		{"名前", "X名前", "名前"},
		{"ßeta", "Xßeta", "ßeta"},
		{"élan", "Élan", "Élan"},
		{"٣d", "N٣d", "٣d"},
	}
	for _, tt := range tests {
		if got := goName(tt.in); got != tt.goName || !token.IsIdentifier(got) || !token.IsExported(got) {
			t.Errorf("goName(%q) = %q, want %q, an exported identifier", tt.in, got, tt.goName)
		}
		if got := nameWords(tt.in); got != tt.words {
			t.Errorf("nameWords(%q) = %q, want %q", tt.in, got, tt.words)
		}
	}
}

// FuzzGoName: every string gets an exported identifier, and the same one
// each time.
func FuzzGoName(f *testing.F) {
	for _, s := range []string{"3d_mode", "", "$", "名前", "a\u0301", "x\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return // JSON strings are valid UTF-8 once decoded
		}
		n := goName(s)
		if !token.IsIdentifier(n) || !token.IsExported(n) || n != goName(s) {
			t.Fatalf("goName(%q) = %q", s, n)
		}
		if w := nameWords(s); !token.IsIdentifier("X" + w) {
			t.Fatalf("nameWords(%q) = %q", s, w)
		}
	})
}

func TestFileTypeName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"core/error.json", "Error"},
		{"error-details/rate-limited.json", "RateLimitedDetails"},
		{"enums/billing-party.json", "BillingParty"},
		{"core/canonical-account-ref.json", "CanonicalAccountRef"},
		{"enums/error-scope.json", "ErrorScope"},
		{"core/3d-mode.json", "N3DMode"},
		{"error-details/3d-mode.json", "N3DModeDetails"},
		{"core/vocabulary.json", "Vocabulary_"},
		{"core/spec-version.json", "SpecVersion_"},
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
	for c := range noDetailsCodes {
		if advisoryReviewed[c] {
			t.Errorf("%s is both advisory and no-details", c)
		}
	}
}
