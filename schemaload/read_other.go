//go:build !unix

package schemaload

// openFlags: the platform has no FIFOs to guard against, and readFile
// checks for a regular file on what was opened.
const openFlags = 0
