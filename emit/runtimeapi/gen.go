package runtimeapi

// The stubs are rewritten from the runtime module's source; make drift checks
// them with -check.
//go:generate go run ../../internal/apistub -runtime ../../adcp -out .
