//go:build !unix

package schemaload

// Open flags of readFile: the platform has no FIFOs to guard against, and
// the regular-file check is made on what was opened.
const (
	openNonblock = 0
	openNoFollow = 0
)
