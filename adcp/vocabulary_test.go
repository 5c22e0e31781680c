package adcp

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
)

// TestValidateChecksTheEncoding checks that Vocabulary.Validate runs the
// vocabulary's ErrorCheck on the error's encoding, what is sent: members
// kept raw in Extra and retry_after as written included; and that a nil
// vocabulary, or one without an ErrorCheck, refuses nothing.
func TestValidateChecksTheEncoding(t *testing.T) {
	var seen string // the JSON the check was given
	check := func(v *adcpimpl.Validator, p string, x any) {
		b, _ := json.Marshal(x)
		seen = string(b)
		if o, ok := x.(map[string]any); ok {
			if _, ok := o["x_bad"]; ok {
				v.Add(p+"/x_bad", "member not allowed")
			}
		}
	}
	voc := MustVocabulary(VocabularyConfig{ErrorCheck: check})
	retry := 5.0
	tests := []struct {
		name  string
		v     *Vocabulary
		json  string // the error on the wire, or
		built *Error // an error built in Go
		seen  string // what the check is given ("": not run)
		want  []string
	}{
		{name: "decoded", v: voc, json: `{"code":"X","message":"m","sdk_id":null,"retry_after":3600.0000000000000001,"x":[1]}`,
			seen: `{"code":"X","message":"m","retry_after":3600.0000000000000001,"sdk_id":null,"x":[1]}`},
		{name: "decoded, too large for a float64", v: voc, json: `{"code":"X","message":"m","retry_after":1e400}`,
			seen: `{"code":"X","message":"m","retry_after":1e400}`},
		{name: "built", v: voc, built: &Error{Code: "X", Message: "m", RetryAfter: &retry, Details: json.RawMessage(`{"a":1}`),
			Extra: map[string]json.RawMessage{"issues": json.RawMessage(`5`)}},
			seen: `{"code":"X","details":{"a":1},"issues":5,"message":"m","retry_after":5}`},
		{name: "a violation, with its pointer", v: voc, json: `{"code":"X","message":"m","x_bad":1}`,
			seen: `{"code":"X","message":"m","x_bad":1}`, want: []string{"/x_bad: member not allowed"}},
		{name: "nil vocabulary", v: nil, json: `{"code":"X","x_bad":1}`},
		{name: "no ErrorCheck", v: MustVocabulary(VocabularyConfig{}), json: `{"code":"X","x_bad":1}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := tt.built
			if e == nil {
				e = new(Error)
				if err := json.Unmarshal([]byte(tt.json), e); err != nil {
					t.Fatalf("decode: %v", err)
				}
			}
			seen = ""
			err := tt.v.Validate(e)
			if seen != tt.seen {
				t.Errorf("the check was given %s, want %s", seen, tt.seen)
			}
			if len(tt.want) == 0 {
				if err != nil {
					t.Fatalf("Validate = %v, want nil", err)
				}
				return
			}
			var ve *ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("Validate = %v (%T), want a *ValidationError", err, err)
			}
			if ve.Type != "Error" || !reflect.DeepEqual(ve.Violations, tt.want) {
				t.Errorf("violations of %s\n got %q\nwant %q", ve.Type, ve.Violations, tt.want)
			}
		})
	}
}
