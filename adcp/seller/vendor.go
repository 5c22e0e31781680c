package seller

import (
	"fmt"
	"regexp"
	"strings"
)

// The two patterns of transport-errors.md §Seller-Specific Error Codes.
var (
	vendorNamePattern = regexp.MustCompile(`^[A-Z][A-Z0-9]{1,19}$`)
	vendorCodePattern = regexp.MustCompile(`^[A-Z][A-Z0-9_]{1,39}$`)
)

// ValidVendorCode checks a seller-specific code against the X_{VENDOR}_{CODE}
// format: VENDOR matches ^[A-Z][A-Z0-9]{1,19}$ and CODE matches
// ^[A-Z][A-Z0-9_]{1,39}$. VENDOR has no underscore, so it ends at the first
// underscore after "X_". The longest valid code has 63 characters.
func ValidVendorCode(c string) error {
	rest, ok := strings.CutPrefix(c, "X_")
	if !ok {
		return fmt.Errorf("adcp: vendor code %q must start with \"X_\"", c)
	}
	vendor, code, ok := strings.Cut(rest, "_")
	if !ok {
		return fmt.Errorf("adcp: vendor code %q must have the form X_{VENDOR}_{CODE}", c)
	}
	if !vendorNamePattern.MatchString(vendor) {
		return fmt.Errorf("adcp: vendor code %q: VENDOR %q must match %s", c, vendor, vendorNamePattern)
	}
	if !vendorCodePattern.MatchString(code) {
		return fmt.Errorf("adcp: vendor code %q: CODE %q must match %s", c, code, vendorCodePattern)
	}
	return nil
}
