package testvocab

import (
	"encoding/json"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
)

// ErrorCheck checks what the runtime's tests need of AdCP 3.2's
// core/error.json: an object with code and message, whose retry_after is a
// number from 1 to 3600 and whose source is one of its enum.
func ErrorCheck(v *adcpimpl.Validator, p string, x any) {
	if !v.Type(p, x, "object") {
		return
	}
	o := x.(map[string]any)
	if m, ok := o["retry_after"]; ok && v.Type(p+"/retry_after", m, "number") {
		if n := m.(json.Number); adcpimpl.Compare(n, "1") < 0 {
			v.Add(p+"/retry_after", "less than 1")
		} else if adcpimpl.Compare(n, "3600") > 0 {
			v.Add(p+"/retry_after", "greater than 3600")
		}
	}
	if m, ok := o["source"]; ok {
		v.InJSON(p+"/source", m, `"producer"`, `"sdk"`)
	}
	v.Required(p, o, "code", "message")
}
