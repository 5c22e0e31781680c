package adcp

import (
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
)

// TestShapeValidateClosed checks that a closed shape refuses the first
// undeclared member with the Go type's decoder error, and leaves anything
// else (declared members, an open shape, a value that is not an object) to
// its check.
func TestShapeValidateClosed(t *testing.T) {
	var checked int
	check := func(v *adcpimpl.Validator, path string, x any) { checked++ }
	for _, tt := range []struct {
		closed bool
		raw    string
		err    string // "" when the check runs
	}{
		{true, `{"scope":"agent","reason":"x"}`, ""},
		{true, `{"scope":"agent","extra":1,"other":2}`, `adcp: Scoped: unknown member "extra"`},
		{true, `{"\u0065xtra":1}`, `adcp: Scoped: unknown member "extra"`},
		{true, `[1]`, ""},
		{false, `{"extra":1}`, ""},
	} {
		s := &DetailsShape{Type: "Scoped", Closed: tt.closed, Fields: []string{"scope", "reason"}, Check: check}
		before := checked
		err := s.Validate([]byte(tt.raw))
		switch {
		case tt.err == "" && (err != nil || checked != before+1):
			t.Errorf("Validate(%s) = %v, checked %d times; want the check run once", tt.raw, err, checked-before)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("Validate(%s) = %v, want %s", tt.raw, err, tt.err)
		}
	}
}
