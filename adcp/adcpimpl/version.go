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
	// Version 2 adds the run-time schema checks (Schema, ExtraSchema,
	// Conditions, DateTime) of exact validation. Version 3 compiles the
	// patterns of generated code with MustPattern (the runtime's matcher,
	// not package regexp). Version 4 gives each details shape its whole
	// schema as data (adcp.DetailsShape.Schema, which the runtime validates
	// details with) in place of a constructor of its Go type (New), and a
	// package function NewDetails; a code's description moves from
	// CodeInfo.Doc (removed) to a package function CodeDoc. Version 5 adds
	// what a package needs only for schema constructs no published version
	// has used yet: the value checks In, Encoding and SliceEncoding (an enum
	// of numbers, booleans, objects or arrays, a const on an object or an
	// array), Format (and the formats date, time and uuid in schema data),
	// ErrorRules.Nullable, and additionalProperties as a schema in schema
	// data. Version 6 replaces the schemas as data (Schema, NewSchema,
	// ExtraSchema, Conditions, adcp.DetailsShape.Schema) with checks
	// written in Go (ValueCheck, Value, ExtraChecks, Encoded,
	// adcp.DetailsShape.Check).
	GenVersion = 6
	// MinVersion is the oldest generated-code version this runtime serves:
	// code of version 5 and earlier sets DetailsShape.Schema, which is gone.
	MinVersion = 6
	// MaxVersion is the newest generated-code version this runtime serves.
	MaxVersion = GenVersion
)
