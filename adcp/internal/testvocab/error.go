package testvocab

import (
	"encoding/json"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
)

// ErrorCheck checks what the runtime's tests need of AdCP 3.2's
// core/error.json: retry_after is a number of at most 3600, and source is
// one of its enum.
func ErrorCheck(v *adcpimpl.Validator, p string, x any) {
	o, _ := x.(map[string]any)
	if m, ok := o["retry_after"]; ok && v.Type(p+"/retry_after", m, "number") {
		if adcpimpl.Compare(m.(json.Number), "3600") > 0 {
			v.Add(p+"/retry_after", "greater than 3600")
		}
	}
	if m, ok := o["source"]; ok {
		v.InJSON(p+"/source", m, `"producer"`, `"sdk"`)
	}
}
