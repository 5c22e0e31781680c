package schemaload

// Error is a problem with the input spec folder: a missing file, invalid JSON,
// an invalid schema, an unresolvable $ref, a name collision, a details schema
// linked to no code. It names the file and the JSON pointer inside it, so a
// command can print it as is (and exit 2).
type Error struct {
	File    string // relative to the spec folder, slash-separated ("" for the folder itself)
	Pointer string // RFC 6901 JSON pointer inside File ("" for the whole file)
	Msg     string
}

// Error formats the problem as "file#pointer: msg".
func (e *Error) Error() string {
	return Diagnostic{File: e.File, Pointer: e.Pointer, Msg: e.Msg}.String()
}

// errorf is a shorthand for an *Error.
func errorf(file, pointer, msg string) *Error {
	return &Error{File: file, Pointer: pointer, Msg: msg}
}
