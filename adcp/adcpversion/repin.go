package adcpversion

import (
	"encoding/json"
	"slices"

	"github.com/adcp-gen/adcp-gen/adcp"
)

// Repin is the buyer's side: after a VERSION_UNSUPPORTED error e, it picks
// the release to retry with among those the buyer speaks. It reads
// details.supported_versions, which is authoritative, and picks the newest
// release there that the buyer speaks: one it lists, or a final release
// older than a final release it lists in the same major (releases within
// a major only add to each other, so a 3.2 buyer reads 3.1). Entries that
// are not at release precision are skipped. Only when the details hold no
// usable supported_versions (a seller of the 3.0 era) does it read the
// deprecated supported_majors, and pick the buyer's newest final release
// in one of them. It never reads build_version: buyers must not negotiate
// on it.
//
// ok is false when e is not VERSION_UNSUPPORTED or names no release the
// buyer speaks: call get_adcp_capabilities without a pin, or give up. Send
// the release picked with Pin.
func Repin(e *adcp.Error, speaks ...Release) (Release, bool) {
	if e == nil || e.Code != codeVersionUnsupported {
		return Release{}, false
	}
	var d struct {
		SupportedVersions []json.RawMessage `json:"supported_versions"`
		SupportedMajors   []json.RawMessage `json:"supported_majors"`
	}
	if json.Unmarshal(e.Details, &d) != nil {
		return Release{}, false
	}
	var listed []Release
	for _, raw := range d.SupportedVersions {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			if r, err := ParseRelease(s); err == nil {
				listed = append(listed, r)
			}
		}
	}
	picks := slices.DeleteFunc(listed, func(s Release) bool { return !reads(speaks, s) })
	if len(listed) == 0 { // a seller of the 3.0 era: its majors
		majors := make(map[int]bool)
		for _, raw := range d.SupportedMajors {
			var m int
			if json.Unmarshal(raw, &m) == nil {
				majors[m] = true
			}
		}
		for _, r := range speaks {
			if r.Final() && majors[r.Major] {
				picks = append(picks, r)
			}
		}
	}
	if len(picks) == 0 {
		return Release{}, false
	}
	return slices.MaxFunc(picks, Release.Compare), true
}

// reads reports whether a buyer that speaks the releases speaks can read
// release s.
func reads(speaks []Release, s Release) bool {
	for _, r := range speaks {
		if r == s || r.Final() && s.Final() && r.Major == s.Major && r.Compare(s) > 0 {
			return true
		}
	}
	return false
}
