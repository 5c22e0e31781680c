package seller

// Unexported names the external tests (package seller_test) check against.
var (
	ErrBuildTooLarge = errBuildTooLarge
	BuildCheckSize   = buildCheckSize
	WireRPCCode      = wireRPCCode
)
