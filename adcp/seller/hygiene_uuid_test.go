package seller

import (
	"regexp"
	"testing"
)

// TestHygieneUUIDRun: hygieneUUIDRun accepts what the UUID expression
// matches, on UUIDs and their near misses.
func TestHygieneUUIDRun(t *testing.T) {
	re := regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
	for _, s := range []string{
		"4f1c2a9e-1b2c-4d5e-8f90-123456789abc", "4F1C2A9E-1B2C-4D5E-8F90-123456789ABC", "4f1c2a9e-1b2c-4d5e-8f90-123456789abg",
		"_4f1c2a9e-1b2c-4d5e-8f90-123456789abc", "4f1c2a9e-1b2c-4d5e-8f90-123456789abc-", "4f1c2a9e_1b2c_4d5e_8f90_123456789abc",
		"4f1c2a9e-1b2c-4d5e-8f90-123456789ab", "", "ACME",
	} {
		if got, want := hygieneUUIDRun(s), re.MatchString(s); got != want {
			t.Errorf("hygieneUUIDRun(%q) = %v, want %v", s, got, want)
		}
	}
}
