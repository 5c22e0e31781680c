package adcpimpl

// The generated-code version guard, after protobuf-go's protoimpl.
//
// Every generated package records the contract version N it was written
// for (GenVersion at the time) in two constant conversions:
//
//	const (
//		_ = adcpimpl.UpgradeTheRuntimeModule(adcpimpl.MaxVersion - N)
//		_ = adcpimpl.RegenerateWithNewerAdcpGen(N - adcpimpl.MinVersion)
//	)
//
// Both types are unsigned, so a runtime that cannot serve version N makes one
// conversion a negative constant, and the package fails to compile with an
// error that names the type, and so what to do: "cannot convert … to type
// adcpimpl.UpgradeTheRuntimeModule" when the runtime is older than the
// generator, "… adcpimpl.RegenerateWithNewerAdcpGen" when it has dropped
// support for that generated code.

// UpgradeTheRuntimeModule is the guard a generated package trips when the
// runtime module (github.com/adcp-gen/adcp-gen/adcp) is older than the
// generator that wrote it: upgrade the runtime module.
type UpgradeTheRuntimeModule uint

// RegenerateWithNewerAdcpGen is the guard a generated package trips when
// the runtime no longer serves its generated-code version: run a newer
// adcp-gen over the package again.
type RegenerateWithNewerAdcpGen uint

const (
	// GenVersion is the contract version the current generator writes.
	// Version 6 writes each schema's constraints as checks in Go
	// (ValueCheck, Encoded, adcp.DetailsShape.Check); version 7 writes
	// core/error.json's too (adcp.VocabularyConfig.ErrorCheck); version 8
	// compiles patterns with regexp.MustCompile and decodes a number, a
	// boolean or a nested struct with Value or Ptr and its element decoder.
	GenVersion = 8
	// MinVersion is the oldest generated-code version this runtime serves:
	// code of version 7 and earlier calls adcpimpl.MustPattern, FloatPtr
	// and the other decoders of one kind, which are gone.
	MinVersion = 8
	// MaxVersion is the newest generated-code version this runtime serves.
	MaxVersion = GenVersion
)
