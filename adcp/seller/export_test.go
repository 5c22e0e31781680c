package seller

// Unexported names the external tests (package seller_test) check against.
var (
	ErrBuildTooLarge = errBuildTooLarge
	BuildCheckSize   = buildCheckSize
	WireRPCCode      = wireRPCCode
)

// The fixed messages of FromError.
const (
	UpstreamMsgUnavailable = upstreamMsgUnavailable
	UpstreamMsgTimeout     = upstreamMsgTimeout
	UpstreamMsgCanceled    = upstreamMsgCanceled
	UpstreamMsgInternal    = upstreamMsgInternal
)
