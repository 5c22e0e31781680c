package adcp

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// ErrInvalidSDKID is returned by AppendAdvisory for an sdk_id that is not
// of the form <package>@<version>.
var ErrInvalidSDKID = errors.New(`adcp: sdk_id must be "<package>@<version>"`)

// AppendAdvisory adds e to the errors[] of payload, a JSON task payload
// object, as an entry an SDK adds on consumption (core/error.json source and
// sdk_id, 3.1 on): source "sdk" and sdk_id set to sdkID, replacing any
// source or sdk_id e carries. errors[] is created when absent.
//
// Multi-hop deduplication: when errors[] already holds an entry with e's
// code and field (from the producer or from an earlier hop's SDK, whose
// sdk_id then names who saw it first), payload is returned unchanged and
// added is false. An absent field and an empty one are the same.
//
// The rest of payload is kept byte for byte; the entry is e as its
// MarshalJSON writes it. Build e with New so that it is a valid error; the
// advisory itself must stay non-fatal (never an adcp_error). Versions before
// 3.1 do not declare source and sdk_id, but accept them as unknown members.
func AppendAdvisory(payload []byte, sdkID string, e *Error) (out []byte, added bool, err error) {
	if e == nil || e.Code == "" {
		return nil, false, errors.New("adcp: advisory without a code")
	}
	if !advisoryValidSDKID(sdkID) {
		return nil, false, fmt.Errorf("%w: %q", ErrInvalidSDKID, sdkID)
	}
	members, closing, err := jsonwire.Members(payload)
	if err != nil {
		return nil, false, fmt.Errorf("adcp: payload: %w", err)
	}
	var errs *jsonwire.Member // the last errors member, the one decoders keep
	for i := range members {
		if members[i].Key == "errors" {
			errs = &members[i]
		}
	}
	c := *e // e with source "sdk" and sdk_id set to sdkID
	c.Source, c.SDKID = ErrorSourceSDK, sdkID
	entry, err := json.Marshal(c)
	if err != nil {
		return nil, false, fmt.Errorf("adcp: advisory: %w", err)
	}
	var entries []json.RawMessage
	if errs != nil {
		if errs.Raw[0] != '[' || json.Unmarshal(errs.Raw, &entries) != nil {
			return nil, false, errors.New("adcp: payload: errors is not an array")
		}
		// Compare as on the wire (invalid UTF-8 in e becomes U+FFFD).
		code, field := advisoryKey(entry)
		for _, x := range entries {
			if c, f := advisoryKey(x); c == code && f == field {
				return payload, false, nil
			}
		}
	}
	// The entry goes before the closing bracket of errors[], or a new errors
	// member before the closing brace of the payload.
	at, first, add := closing, len(members) == 0, slices.Concat([]byte(`"errors":[`), entry, []byte("]"))
	if errs != nil {
		at, first, add = errs.End-1, len(entries) == 0, entry
	}
	sep := []byte(",")
	if first {
		sep = nil
	}
	return slices.Concat(payload[:at], sep, add, payload[at:]), true, nil
}

// SourceOf returns who emitted e, per core/error.json's source member:
// "sdk" with the sdk_id of the SDK that added it, or "producer" (the
// response's author) when source is absent. A value outside the two is
// returned as it is.
func SourceOf(e *Error) (source, sdkID string) {
	if e == nil || e.Source == "" {
		return string(ErrorSourceProducer), ""
	}
	return string(e.Source), e.SDKID
}

// advisoryValidSDKID reports whether id is <package>@<version>: both parts
// non-empty (a package may itself start with @, as npm scopes do), no
// spaces or control characters.
func advisoryValidSDKID(id string) bool {
	at := strings.LastIndexByte(id, '@')
	return at > 0 && at < len(id)-1 && !strings.ContainsFunc(id, func(r rune) bool { return r <= ' ' || r == 0x7f })
}

// advisoryKey returns the code and field of one errors[] entry, "" for a
// member that is absent or not a string.
func advisoryKey(entry json.RawMessage) (code, field string) {
	return memberString(entry, "code"), memberString(entry, "field")
}
