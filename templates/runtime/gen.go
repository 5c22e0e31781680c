package adcperr

// The zz_*.go tables of this folder are generated from the project's schemas/
// so that the runtime compiles and is tested against the real vocabulary.
// emit never copies this file into a generated package.

//go:generate go run ../../cmd/adcp-gen generate -schemas ../../schemas -out . -package adcperr -tables-only
