package seller

// Unexported names the external tests (package seller_test) check against.
var (
	ErrBuildTooLarge = errTooLarge
	ClientAccepts    = clientAccepts
	WireRPCCode      = rpcCode
)
