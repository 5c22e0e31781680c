package seller

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

const (
	// maxViolations is the most violations accessibility details carry.
	maxViolations = 4
	// accessibilityShape is the name of the accessibility details shape.
	accessibilityShape = "accessibility-violation"
)

// FitAccessibilityDetails is Finalize for a CREATIVE_REJECTED error whose
// details are accessibility violations (error-details/accessibility-violation.json,
// 3.2 and later), given as raw JSON in e.Details. It returns a completed copy
// whose details are valid against that shape of v and that fits its rules:
//   - at most four violations, the first four;
//   - a remediation text the shape refuses (over 256 characters, or holding
//     a control character) is left out, with a warning;
//   - the whole error at most MaxErrorSize bytes, as Validate measures it:
//     remediation texts are left out, from the last violation backwards,
//     then violations from the end, down to one;
//   - truncated set to true whenever a violation or a remediation text was
//     left out (a truncated already true is kept);
//   - field, when not set, from the first violation's pointer in
//     JSONPath-lite form (PointerToField), as Finalize does.
//
// Pointers are never shortened, nor any other text cut. An error that does
// not fit with one violation and no remediation is refused, as are details
// that are not an object with a non-empty violations array of objects, a
// kept violation whose pointer is not an RFC 6901 string, any other
// violation of the shape (a missing criterion_source, a failure_kind that is
// neither a listed value nor an x_ extension, ...), and a vocabulary without
// the accessibility-violation shape. Other members of the details and of
// each violation are kept, in their order. opts are Finalize's.
func FitAccessibilityDetails(v *adcp.Vocabulary, e *adcp.Error, opts ...Option) (*adcp.Error, []string, error) {
	if e == nil {
		return nil, nil, errors.New("adcp: nil error")
	}
	fail := func(format string, args ...any) (*adcp.Error, []string, error) {
		return nil, nil, fmt.Errorf("adcp: %s: accessibility details: "+format, append([]any{e.Code}, args...)...)
	}
	if e.Code != "CREATIVE_REJECTED" {
		return fail("they belong to CREATIVE_REJECTED")
	}
	info, _ := v.Info(e.Code)
	i := slices.IndexFunc(info.Shapes, func(s *adcp.DetailsShape) bool { return s.Name == accessibilityShape })
	if i < 0 {
		return fail("AdCP %s has no %s details shape", v.SpecVersion(), accessibilityShape)
	}
	shape := info.Shapes[i]
	details, err := members(e.Details)
	if err != nil {
		return fail("%v", err)
	}
	at := details.index("violations")
	if at < 0 {
		return fail("violations is required")
	}
	var raws []json.RawMessage
	if json.Unmarshal(details[at].Raw, &raws) != nil || len(raws) == 0 {
		return fail("violations must be a non-empty array")
	}
	t := details.index("truncated")
	truncated := t >= 0 && string(details[t].Raw) == "true"
	if len(raws) > maxViolations {
		raws, truncated = raws[:maxViolations], true
	}
	vs := make([]object, len(raws))
	for i, r := range raws {
		if vs[i], err = members(r); err != nil {
			return fail("violations[%d]: %v", i, err)
		}
		var p string
		if j := vs[i].index("pointer"); j < 0 || json.Unmarshal(vs[i][j].Raw, &p) != nil {
			return fail("violations[%d].pointer: a string is required", i)
		}
		if _, err := PointerToField(p); err != nil {
			return fail("violations[%d].pointer: %v", i, err)
		}
	}

	// A remediation text the shape refuses is left out: the violation
	// alone is refused with it and accepted without it.
	var warn []string
	for i, m := range vs {
		without := m.without("remediation")
		if len(without) < len(m) && shape.Validate(alone(m)) != nil && shape.Validate(alone(without)) == nil {
			vs[i], truncated = without, true
			warn = append(warn, fmt.Sprintf("violations[%d].remediation left out: %s refuses it", i, shape.Name))
		}
	}
	for {
		// The details: their members in order, violations replaced by vs,
		// and truncated set (appended when absent) if truncated.
		ms := slices.Clone(details)
		ms[at].Raw, _ = jsonwire.Marshal(vs)
		if truncated && t >= 0 {
			ms[t].Raw = json.RawMessage("true")
		} else if truncated {
			ms = append(ms, jsonwire.Member{Key: "truncated", Raw: json.RawMessage("true")})
		}
		c := *e
		c.Details, _ = ms.MarshalJSON()
		out, w, err := Finalize(v, &c, opts...)
		if !errors.Is(err, errTooLarge) {
			if err != nil {
				return nil, nil, err
			}
			return out, append(warn, w...), nil
		}
		// Too large: leave out the last remediation text, else the last
		// violation, else give up.
		last := len(vs) - 1
		for last >= 0 && vs[last].index("remediation") < 0 {
			last--
		}
		switch {
		case last >= 0:
			vs[last] = vs[last].without("remediation")
		case len(vs) > 1:
			vs = vs[:len(vs)-1]
		default:
			return nil, nil, err
		}
		truncated = true
	}
}

// alone returns accessibility details holding only the violation v.
func alone(v object) []byte {
	b, _ := jsonwire.Marshal(struct {
		Violations []object `json:"violations"`
	}{[]object{v}})
	return b
}
