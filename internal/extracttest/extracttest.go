// Package extracttest holds an SDK adapter's extraction to adcp.Extract's on
// the same response, for the adapters' differential tests.
package extracttest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/adcp-gen/adcp-gen/adcp"
)

// Diff compares an adapter's extraction with adcp.Extract's on
// the same response: found or not, path, non-fatal, the error's encoding
// and Raw. It returns "" when they agree, else both sides.
func Diff(got adcp.Extraction, ok bool, want adcp.Extraction, wok bool) string {
	if ok != wok {
		return fmt.Sprintf("found %v; adcp.Extract: %v", ok, wok)
	}
	if !ok {
		return ""
	}
	g, _ := json.Marshal(got.Err)
	w, _ := json.Marshal(want.Err)
	if got.Path != want.Path || got.NonFatal != want.NonFatal || !bytes.Equal(g, w) || !bytes.Equal(got.Raw(), want.Raw()) {
		return fmt.Sprintf("%s %v %s (raw %s); adcp.Extract: %s %v %s (raw %s)",
			got.Path, got.NonFatal, g, got.Raw(), want.Path, want.NonFatal, w, want.Raw())
	}
	return ""
}

// UnescapeHTML replaces encoding/json's escapes of <, > and & in the JSON
// b with the characters, which the specification's measure of an error
// leaves as they are.
func UnescapeHTML(b []byte) []byte {
	return []byte(htmlUnescaper.Replace(string(b)))
}

// htmlUnescaper undoes the escapes. A backslash is only valid in a string,
// where each one starts an escape: an escaped backslash is matched (and
// kept) first, so that the text \\u003c stays as it is.
var htmlUnescaper = strings.NewReplacer(`\\`, `\\`, `\u0026`, "&", `\u003c`, "<", `\u003e`, ">")
