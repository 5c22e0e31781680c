package adcphttp

// The fixed messages the external tests (package adcphttp_test) check
// against.
const (
	MsgUnavailable = msgUnavailable
	MsgTimeout     = msgTimeout
	MsgCanceled    = msgCanceled
	MsgInternal    = msgInternal
)
