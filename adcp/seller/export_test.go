package seller

import "github.com/adcp-gen/adcp-gen/adcp"

// Unexported names the external tests (package seller_test) check against.
var (
	ErrBuildTooLarge = errBuildTooLarge
	BuildCheckSize   = buildCheckSize
	WireRPCCode      = wireRPCCode
)

// ForgetChecked forgets the errors the wire builders remember as checked;
// Remembered reports whether a wire builder would take e as checked.
func ForgetChecked() {
	checked.Lock()
	defer checked.Unlock()
	checked.ring = [checkedSize]checkedEntry{}
	checked.next = 0
}

// CheckedSize is how many accepted errors are remembered.
const CheckedSize = checkedSize

func Remembered(v *adcp.Vocabulary, e *adcp.Error, flaggedAllowed bool) bool {
	_, ok := checkedEncoding(v, e, buildChecks{allowFlagged: flaggedAllowed})
	return ok
}
