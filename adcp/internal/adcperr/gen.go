package adcperr

// The runtime's tests use this vocabulary, generated from the project's
// schemas/ (AdCP 3.2.0-beta.5) exactly as generated/adcperr is. The
// generator lives in the parent module, hence the cd.

//go:generate sh -c "cd ../../.. && go run ./cmd/adcp-gen generate -schemas schemas -out adcp/internal/adcperr -package adcperr"
