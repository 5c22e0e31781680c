package seller_test

import (
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

// TestVersionUnsupportedFlagsMissingVersions checks that a
// VERSION_UNSUPPORTED built by the seller builders (Build, and Finalize for
// an error a seller wrote itself) is flagged unless its details carry both
// supported_versions and the deprecated supported_majors, which servers
// should emit through 3.x: with a warning when the details are absent or
// only supported_majors is, and refused when details without
// supported_versions do not fit the version-unsupported shape (whose 3.2
// schema requires it).
//
// checklist: 56
func TestVersionUnsupportedFlagsMissingVersions(t *testing.T) {
	tests := []struct {
		name    string
		details string   // "" for none
		flagged []string // the members warned about
		refused string   // what the error names, "" when built
	}{
		{"no details", "", []string{"supported_versions", "supported_majors"}, ""},
		{"only supported_majors", `{"supported_majors":[3]}`, nil, "supported_versions"},
		{"supported_versions null", `{"supported_versions":null,"supported_majors":[3]}`, nil, "supported_versions"},
		{"other details", `{"build_version":"3.1.2"}`, nil, "supported_versions"},
		{"only supported_versions", `{"supported_versions":["3.1"]}`, []string{"supported_majors"}, ""},
		{"both", `{"supported_versions":["3.0","3.1"],"supported_majors":[3]}`, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var opts []seller.Option
			wire := `{"code":"VERSION_UNSUPPORTED","message":"Version not supported"`
			if tt.details != "" {
				opts = append(opts, seller.WithDetails([]byte(tt.details)))
				wire += `,"details":` + tt.details
			}
			wire += "}"
			_, built, err := seller.Build(voc, "VERSION_UNSUPPORTED", "Version not supported", opts...)
			_, finalized, err2 := seller.Finalize(voc, decodeTestError(t, wire))
			for _, e := range []error{err, err2} {
				switch {
				case tt.refused == "" && e != nil:
					t.Fatalf("refused: %v", e)
				case tt.refused != "" && (e == nil || !strings.Contains(e.Error(), tt.refused)):
					t.Fatalf("error %v, want one naming %s", e, tt.refused)
				}
			}
			for _, w := range []struct {
				by    string
				warns []string
			}{{"Build", built}, {"Finalize", finalized}} {
				var got []string
				for _, k := range []string{"supported_versions", "supported_majors"} {
					for _, s := range w.warns {
						if strings.Contains(s, "VERSION_UNSUPPORTED") && strings.Contains(s, "details."+k) {
							got = append(got, k)
							break
						}
					}
				}
				if strings.Join(got, ",") != strings.Join(tt.flagged, ",") {
					t.Errorf("%s flags %q (warnings %q), want %q", w.by, got, w.warns, tt.flagged)
				}
			}
		})
	}
}
