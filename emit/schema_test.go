package emit

import "testing"

// TestCheckConstraint checks which constraints kept as written are given
// a check function: a keyword checks lack refuses the constraint (validate
// then says it does not check it), a member named like that keyword does
// not. The constraints are valid draft-07, as schemaload makes sure.
func TestCheckConstraint(t *testing.T) {
	for _, c := range []struct {
		schema string
		ok     bool
	}{
		{`{"properties":{"pattern":true,"$ref":true,"contains":true},"additionalProperties":false}`, true},
		{`{"anyOf":[{"required":["pattern"]},{"required":["b"]}]}`, true},
		{`{"properties":{"a":{"type":"string","pattern":"^x"}}}`, false},
		{`{"properties":{"pattern":{"$ref":"#/x"}}}`, false},
		{`{"if":{"required":["a"]},"then":{"patternProperties":{"x":true}}}`, false},
		{`{"additionalProperties":{"type":"integer"}}`, true},
		{`{"items":[{"type":"integer"}]}`, false},
		{`{"properties":{"a":{"format":"date-time"},"b":{"format":"color"}}}`, false},
	} {
		if err := checkSchema(decodeJSON([]byte(c.schema))); (err == nil) != c.ok {
			t.Errorf("checkSchema(%s) = %v, want ok %v", c.schema, err, c.ok)
		}
	}
}
