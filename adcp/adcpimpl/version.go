package adcpimpl

// The generated-code version guard, after protobuf-go's protoimpl.
//
// Every generated package declares the version of the contract it was
// written for, GenVersion at the time of writing, as
//
//	const _ = adcpimpl.EnforceVersion(adcpimpl.MaxVersion - N) // runtime too old: upgrade github.com/adcp-gen/adcp-gen/adcp
//	const _ = adcpimpl.EnforceVersion(N - adcpimpl.MinVersion) // runtime too new: regenerate with a newer adcp-gen
//
// A runtime that cannot serve generated version N makes one of those
// constants negative, and the package fails to compile on the line whose
// comment says what to do.

// EnforceVersion is an unsigned type: a negative constant conversion to it
// does not compile.
type EnforceVersion uint

const (
	// GenVersion is the contract version the current generator writes.
	GenVersion = 1
	// MinVersion is the oldest generated-code version this runtime serves.
	MinVersion = 1
	// MaxVersion is the newest generated-code version this runtime serves.
	MaxVersion = GenVersion
)
