// Package genbench holds the scripts that measure generation against
// go-jsonschema (make bench-gen, bench-gen-all, bench-gen-floor) and the
// measuring patch bench-gen-floor applies; it has no code, only the test
// that keeps that patch applicable to emit.
package genbench
