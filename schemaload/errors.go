package schemaload

// Error is a problem with the input spec folder: a missing file, invalid JSON,
// an invalid schema, an unresolvable $ref, a name collision, a details schema
// linked to no code. It names the file ("." for the folder itself) and the
// JSON pointer inside it, as a Diagnostic does, so a command can print it as
// is (and exit 2).
type Error Diagnostic

// Error formats the problem as "file#pointer: msg".
func (e *Error) Error() string {
	return Diagnostic(*e).String()
}

// errorf is a shorthand for an *Error.
func errorf(file, pointer, msg string) *Error {
	return &Error{File: file, Pointer: pointer, Msg: msg}
}
