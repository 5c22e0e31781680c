package adcp

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// checklist: 31
func TestAppendAdvisory(t *testing.T) {
	const id = "@example/adcp-sdk@1.4.0"
	adv := &Error{Code: "FORMAT_PROJECTION_FAILED", Message: "no canonical format", Field: "products[0].format_ids", Recovery: RecoveryCorrectable}
	entry := `{"code":"FORMAT_PROJECTION_FAILED","message":"no canonical format","field":"products[0].format_ids","recovery":"correctable","source":"sdk","sdk_id":"@example/adcp-sdk@1.4.0"}`
	noField := &Error{Code: "STALE_RESPONSE", Message: "cached", Recovery: RecoveryTransient}
	noFieldEntry := `{"code":"STALE_RESPONSE","message":"cached","recovery":"transient","source":"sdk","sdk_id":"@example/adcp-sdk@1.4.0"}`
	tests := []struct {
		name    string
		payload string
		e       *Error
		want    string // "" with added false: payload unchanged
		added   bool
	}{
		{name: "no errors member", payload: `{"products":[]}`, e: adv, added: true,
			want: `{"products":[],"errors":[` + entry + `]}`},
		{name: "empty object", payload: ` { } `, e: adv, added: true,
			want: ` { "errors":[` + entry + `]} `},
		{name: "empty errors", payload: `{"errors": [ ], "products":[1]}`, e: adv, added: true,
			want: `{"errors": [ ` + entry + `], "products":[1]}`},
		{name: "after another entry, bytes kept", payload: "{\n  \"products\": [],\n  \"errors\": [ {\"code\":\"FORMAT_PROJECTION_FAILED\",\"message\":\"x\",\"field\":\"products[1].format_ids\"} ]\n}", e: adv, added: true,
			want: "{\n  \"products\": [],\n  \"errors\": [ {\"code\":\"FORMAT_PROJECTION_FAILED\",\"message\":\"x\",\"field\":\"products[1].format_ids\"} ," + entry + "]\n}"},
		{name: "producer entry with same code and field", payload: `{"errors":[{"code":"FORMAT_PROJECTION_FAILED","message":"seller saw it","field":"products[0].format_ids"}]}`, e: adv},
		{name: "earlier hop's sdk entry", payload: `{"errors":[{"code":"FORMAT_PROJECTION_FAILED","message":"m","field":"products[0].format_ids","source":"sdk","sdk_id":"other@2.0.0"}]}`, e: adv},
		{name: "absent field equals empty field", payload: `{"errors":[{"code":"STALE_RESPONSE","message":"m","field":""}]}`, e: noField},
		{name: "empty field equals absent field", payload: `{"errors":[{"code":"STALE_RESPONSE","message":"m"}]}`, e: &Error{Code: "STALE_RESPONSE", Message: "m", Field: ""}},
		{name: "same code, other field", payload: `{"errors":[{"code":"STALE_RESPONSE","message":"m","field":"products"}]}`, e: noField, added: true,
			want: `{"errors":[{"code":"STALE_RESPONSE","message":"m","field":"products"},` + noFieldEntry + `]}`},
		{name: "non-object entries are skipped", payload: `{"errors":[null,"STALE_RESPONSE"]}`, e: noField, added: true,
			want: `{"errors":[null,"STALE_RESPONSE",` + noFieldEntry + `]}`},
		{name: "last duplicate errors member is the one", payload: `{"errors":[{"code":"STALE_RESPONSE","message":"m"}],"errors":[]}`, e: noField, added: true,
			want: `{"errors":[{"code":"STALE_RESPONSE","message":"m"}],"errors":[` + noFieldEntry + `]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, added, err := AppendAdvisory([]byte(tt.payload), id, tt.e)
			if err != nil {
				t.Fatal(err)
			}
			if added != tt.added {
				t.Errorf("added %v, want %v", added, tt.added)
			}
			want := tt.want
			if !tt.added {
				want = tt.payload
			}
			if string(out) != want {
				t.Errorf("got  %s\nwant %s", out, want)
			}
			if !json.Valid(out) {
				t.Errorf("invalid JSON %s", out)
			}
		})
	}
}

func TestAppendAdvisoryErrors(t *testing.T) {
	adv := &Error{Code: "STALE_RESPONSE", Message: "m"}
	tests := []struct {
		name, payload, id string
		e                 *Error
		want              error // nil: any error
	}{
		{name: "nil error", payload: `{}`, id: "a@1"},
		{name: "no code", payload: `{}`, id: "a@1", e: &Error{Message: "m"}},
		{name: "empty id", payload: `{}`, e: adv, want: ErrInvalidSDKID},
		{name: "no version", payload: `{}`, id: "adcp-go", e: adv, want: ErrInvalidSDKID},
		{name: "empty version", payload: `{}`, id: "adcp-go@", e: adv, want: ErrInvalidSDKID},
		{name: "empty package", payload: `{}`, id: "@1.0.0", e: adv, want: ErrInvalidSDKID},
		{name: "space", payload: `{}`, id: "adcp go@1.0.0", e: adv, want: ErrInvalidSDKID},
		{name: "control", payload: `{}`, id: "adcp\ngo@1.0.0", e: adv, want: ErrInvalidSDKID},
		{name: "array payload", payload: `[]`, id: "a@1", e: adv},
		{name: "not JSON", payload: `{"errors":`, id: "a@1", e: adv},
		{name: "trailing data", payload: `{} {}`, id: "a@1", e: adv},
		{name: "errors not an array", payload: `{"errors":{}}`, id: "a@1", e: adv},
		{name: "errors null", payload: `{"errors":null}`, id: "a@1", e: adv},
	}
	for _, tt := range tests {
		out, added, err := AppendAdvisory([]byte(tt.payload), tt.id, tt.e)
		if err == nil || out != nil || added {
			t.Errorf("%s: %s, %v, %v; want an error", tt.name, out, added, err)
			continue
		}
		if tt.want != nil && !errors.Is(err, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
		}
	}
}

// TestAppendAdvisoryHops runs the same advisory through three hops: only
// the first adds it, and its entry keeps the first SDK's identity, source and
// sdk_id replacing whatever the advisory carried.
//
// checklist: 31
func TestAppendAdvisoryHops(t *testing.T) {
	var e Error
	if err := json.Unmarshal([]byte(`{"code":"FORMAT_PROJECTION_FAILED","message":"m","field":"products[0]","source":"producer","sdk_id":"stale@0.1","x_note":"kept"}`), &e); err != nil {
		t.Fatal(err)
	}
	payload := []byte(`{"products":[{}]}`)
	for i, id := range []string{"first@1.0.0", "second@2.0.0", "first@1.0.0"} {
		out, added, err := AppendAdvisory(payload, id, &e)
		if err != nil {
			t.Fatal(err)
		}
		if added != (i == 0) {
			t.Errorf("hop %d: added %v", i, added)
		}
		payload = out
	}
	var p struct{ Errors []json.RawMessage }
	if err := json.Unmarshal(payload, &p); err != nil || len(p.Errors) != 1 {
		t.Fatalf("%s: %v", payload, err)
	}
	members, _, err := jsonwire.Members(p.Errors[0])
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, m := range members {
		count[m.Key]++
	}
	if count["source"] != 1 || count["sdk_id"] != 1 || count["x_note"] != 1 {
		t.Errorf("entry %s: members %v", p.Errors[0], count)
	}
	var got Error
	if err := json.Unmarshal(p.Errors[0], &got); err != nil {
		t.Fatal(err)
	}
	if src, id := SourceOf(&got); src != "sdk" || id != "first@1.0.0" {
		t.Errorf("SourceOf = %q, %q", src, id)
	}
}

// checklist: 31
func TestSourceOf(t *testing.T) {
	tests := []struct {
		in, source, id string
	}{
		{`{"code":"X","message":"m"}`, "producer", ""},
		{`{"code":"X","message":"m","source":"producer"}`, "producer", ""},
		{`{"code":"X","message":"m","source":"sdk","sdk_id":"a@1"}`, "sdk", "a@1"},
		{`{"code":"X","message":"m","source":"relay"}`, "relay", ""},
		{`{"code":"X","message":"m","source":7}`, "producer", ""},
	}
	for _, tt := range tests {
		var e Error
		if err := json.Unmarshal([]byte(tt.in), &e); err != nil {
			t.Fatal(err)
		}
		if s, id := SourceOf(&e); s != tt.source || id != tt.id {
			t.Errorf("SourceOf(%s) = %q, %q; want %q, %q", tt.in, s, id, tt.source, tt.id)
		}
	}
	if s, _ := SourceOf(nil); s != "producer" {
		t.Errorf("nil: %q", s)
	}
}
