package jsonwire

import (
	"bytes"
	"encoding/json"
	"errors"
)

// Member is one member of a JSON object: its name as encoding/json decodes
// it, its value as written, and the offset just past that value.
type Member struct {
	Key string
	Raw json.RawMessage
	End int
}

// Members reads the members of the JSON object b in order (a repeated name
// each time it occurs) and the offset of its closing brace. Anything but one
// valid object, white space around it or not, is an error; for invalid JSON
// it is encoding/json's, which says where and why.
func Members(b []byte) (members []Member, closing int, err error) {
	if i := Space(b, 0); i == len(b) || b[i] != '{' {
		return nil, 0, errors.New("must be a JSON object")
	}
	if !json.Valid(b) {
		return nil, 0, json.Unmarshal(b, new(map[string]json.RawMessage))
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.Token() // {
	for dec.More() {
		t, _ := dec.Token()
		var raw json.RawMessage
		_ = dec.Decode(&raw)
		members = append(members, Member{Key: t.(string), Raw: raw, End: int(dec.InputOffset())})
	}
	dec.Token() // }
	return members, int(dec.InputOffset()) - 1, nil
}
