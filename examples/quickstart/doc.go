// Package quickstart holds the quick start of the README as runnable
// examples: the README shows the bodies of its Example functions, and
// go test compiles and runs them.
package quickstart
