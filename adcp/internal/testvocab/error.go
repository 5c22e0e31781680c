package testvocab

import (
	"encoding/json"
	"strconv"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
)

// ErrorCheck checks an error as AdCP 3.2's core/error.json does: code (1 to
// 64 characters) and message required; code, message, field, suggestion and
// sdk_id strings; retry_after a number from 1 to 3600; details an object;
// recovery and source from their enums; each issues[] entry as checkIssue.
func ErrorCheck(v *adcpimpl.Validator, p string, x any) {
	if !v.Type(p, x, "object") {
		return
	}
	o := x.(map[string]any)
	for _, k := range []string{"code", "message", "field", "suggestion", "sdk_id"} {
		if m, ok := o[k]; ok && v.Type(p+"/"+k, m, "string") && k == "code" {
			v.MinLength(p+"/code", m.(string), 1)
			v.MaxLength(p+"/code", m.(string), 64)
		}
	}
	if m, ok := o["retry_after"]; ok && v.Type(p+"/retry_after", m, "number") {
		if n := m.(json.Number); adcpimpl.Compare(n, "1") < 0 {
			v.Add(p+"/retry_after", "less than 1")
		} else if adcpimpl.Compare(n, "3600") > 0 {
			v.Add(p+"/retry_after", "greater than 3600")
		}
	}
	if m, ok := o["issues"]; ok && v.Type(p+"/issues", m, "array") {
		for i, is := range m.([]any) {
			checkIssue(v, p+"/issues/"+strconv.Itoa(i), is)
		}
	}
	if m, ok := o["details"]; ok {
		v.Type(p+"/details", m, "object")
	}
	if m, ok := o["recovery"]; ok {
		v.InJSON(p+"/recovery", m, `"transient"`, `"correctable"`, `"terminal"`)
	}
	if m, ok := o["source"]; ok {
		v.InJSON(p+"/source", m, `"producer"`, `"sdk"`)
	}
	v.Required(p, o, "code", "message")
}

// checkIssue checks an issues[] entry: pointer, message and keyword
// required; those, schemaPath and schema_id strings; each discriminator[]
// entry a closed object with a string property_name and a scalar value.
func checkIssue(v *adcpimpl.Validator, p string, x any) {
	if !v.Type(p, x, "object") {
		return
	}
	o := x.(map[string]any)
	for _, k := range []string{"pointer", "message", "keyword", "schemaPath", "schema_id"} {
		if m, ok := o[k]; ok {
			v.Type(p+"/"+k, m, "string")
		}
	}
	if m, ok := o["discriminator"]; ok && v.Type(p+"/discriminator", m, "array") {
		for i, d := range m.([]any) {
			dp := p + "/discriminator/" + strconv.Itoa(i)
			if !v.Type(dp, d, "object") {
				continue
			}
			do := d.(map[string]any)
			if m, ok := do["property_name"]; ok {
				v.Type(dp+"/property_name", m, "string")
			}
			if m, ok := do["value"]; ok {
				v.Type(dp+"/value", m, "string", "number", "boolean", "null")
			}
			for _, k := range adcpimpl.Undeclared(do, "property_name", "value") {
				v.Add(dp+"/"+adcpimpl.PointerToken(k), "member not allowed")
			}
			v.Required(dp, do, "property_name", "value")
		}
	}
	v.Required(p, o, "pointer", "message", "keyword")
}
