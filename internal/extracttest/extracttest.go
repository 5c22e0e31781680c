// Package extracttest holds an SDK adapter's extraction to adcp.Extract's on
// the same response, for the adapters' differential tests.
package extracttest

import (
	"bytes"
	"encoding/json"
	"fmt"

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
// leaves as they are (a backslash is only valid in a string, where each
// one starts an escape).
func UnescapeHTML(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' || i+1 == len(b) {
			out = append(out, b[i])
			continue
		}
		if i+6 <= len(b) && b[i+1] == 'u' {
			switch string(b[i+2 : i+6]) {
			case "0026":
				out, i = append(out, '&'), i+5
				continue
			case "003c":
				out, i = append(out, '<'), i+5
				continue
			case "003e":
				out, i = append(out, '>'), i+5
				continue
			}
		}
		out = append(out, b[i], b[i+1])
		i++
	}
	return out
}
