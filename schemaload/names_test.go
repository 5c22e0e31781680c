package schemaload

import (
	"testing"

	"github.com/adcp-gen/adcp-gen/templates"
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

// TestRuntimeNames keeps the collision check in step with the fixed
// runtime: the types the model refers to as Fixed, and the runtime's core
// names, must be found by parsing the embedded runtime.
func TestRuntimeNames(t *testing.T) {
	rt, err := parseRuntime(templates.Runtime, "runtime")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range typeNameOverrides {
		if o.Fixed {
			if _, ok := rt.names[o.Name]; !ok {
				t.Errorf("fixed type %s is not declared by the runtime", o.Name)
			}
		}
	}
	for _, n := range []string{"CodeInfo", "DetailsShape", "RecoveryTransient"} {
		if _, ok := rt.names[n]; !ok {
			t.Errorf("runtime name %s not found", n)
		}
	}
	for _, n := range []string{"SpecVersion", "codeTable"} {
		if _, ok := rt.names[n]; ok {
			t.Errorf("%s comes from a generated zz_ file and must not be listed", n)
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
