// Package doccheck holds no code: its test checks that every Go block of
// README.md and docs/*.md is either the body of an Example function, which
// go test compiles and runs, or a file the README's consumer flow test
// builds.
package doccheck
