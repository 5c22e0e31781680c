package seller

import (
	"fmt"
	"regexp"
)

// vendorCode is the format of transport-errors.md §Seller-Specific Error
// Codes that ValidVendorCode checks.
var vendorCode = regexp.MustCompile(`^X_[A-Z][A-Z0-9]{1,19}_[A-Z][A-Z0-9_]{1,39}$`)

// ValidVendorCode checks a seller-specific code against the X_{VENDOR}_{CODE}
// format: VENDOR matches ^[A-Z][A-Z0-9]{1,19}$ and CODE matches
// ^[A-Z][A-Z0-9_]{1,39}$. VENDOR has no underscore, so it ends at the first
// underscore after "X_". The longest valid code has 63 characters.
func ValidVendorCode(c string) error {
	if !vendorCode.MatchString(c) {
		return fmt.Errorf("adcp: vendor code %q must have the form X_{VENDOR}_{CODE} (%s)", c, vendorCode)
	}
	return nil
}
