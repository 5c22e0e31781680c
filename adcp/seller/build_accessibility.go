package seller

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// buildMaxViolations is the most violations accessibility details carry.
const buildMaxViolations = 4

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
		return buildFail(e.Code, "accessibility details: ", format, args)
	}
	if e.Code != codeCreativeRejected {
		return fail("they belong to %s", codeCreativeRejected)
	}
	info, _ := v.Info(e.Code)
	var shape *adcp.DetailsShape
	for _, s := range info.Shapes {
		if s.Name == buildAccessibilityShape {
			shape = s
		}
	}
	if shape == nil {
		return fail("AdCP %s has no %s details shape", v.SpecVersion(), buildAccessibilityShape)
	}
	details, err := wireMembers(e.Details)
	if err != nil {
		return fail("%v", err)
	}
	var raws []json.RawMessage
	truncated := false
	for _, m := range details {
		switch m.Key {
		case "violations":
			if json.Unmarshal(m.Raw, &raws) != nil || len(raws) == 0 {
				return fail("violations must be a non-empty array")
			}
		case "truncated":
			truncated = string(m.Raw) == "true"
		}
	}
	if raws == nil {
		return fail("violations is required")
	}
	if len(raws) > buildMaxViolations {
		raws, truncated = raws[:buildMaxViolations], true
	}
	vs := make([][]jsonwire.Member, len(raws))
	for i, r := range raws {
		if vs[i], err = wireMembers(r); err != nil {
			return fail("violations[%d]: %v", i, err)
		}
		if err := buildCheckViolationPointer(vs[i]); err != nil {
			return fail("violations[%d].pointer: %v", i, err)
		}
	}

	// Valid against the shape: invalid remediation texts are left out,
	// anything else invalid is refused.
	var warn []string
	for {
		bad, err := buildBadRemediations(shape, buildAccessibilityJSON(details, vs, truncated))
		if err != nil {
			return fail("%v", err)
		}
		if len(bad) == 0 {
			break
		}
		for _, i := range bad {
			vs[i] = slices.DeleteFunc(vs[i], buildIsRemediation)
			warn = buildWarnf(warn, "violations[%d].remediation left out: %s refuses it", i, shape.Name)
		}
		truncated = true
	}

	for {
		c := *e
		c.Details = buildAccessibilityJSON(details, vs, truncated)
		out, w, err := Finalize(v, &c, opts...)
		if !errors.Is(err, errBuildTooLarge) {
			if err != nil {
				return out, nil, err
			}
			return out, append(warn, w...), nil
		}
		// Too large: leave out the last remediation text, else the last
		// violation, else give up.
		switch i := buildLastRemediation(vs); {
		case i >= 0:
			vs[i] = slices.DeleteFunc(vs[i], buildIsRemediation)
		case len(vs) > 1:
			vs = vs[:len(vs)-1]
		default:
			return nil, nil, err
		}
		truncated = true
	}
}

// buildAccessibilityShape is the name of the accessibility details shape.
const buildAccessibilityShape = "accessibility-violation"

// buildBadRemediations validates details against the accessibility shape
// and returns the indexes of the violations whose only faults are in their
// remediation text; any other fault is returned as an error.
func buildBadRemediations(shape *adcp.DetailsShape, details []byte) ([]int, error) {
	err := buildFitShape(shape, details)
	if err == nil {
		return nil, nil
	}
	var ve *adcp.ValidationError
	if !errors.As(err, &ve) {
		return nil, err
	}
	var bad []int
	for _, v := range ve.Violations {
		ptr, _, _ := strings.Cut(v, ": ")
		rest, ok := strings.CutPrefix(ptr, "/violations/")
		idx, member, _ := strings.Cut(rest, "/")
		i, convErr := strconv.Atoi(idx)
		if !ok || convErr != nil || member != "remediation" {
			return nil, err
		}
		if len(bad) == 0 || bad[len(bad)-1] != i {
			bad = append(bad, i)
		}
	}
	return bad, nil
}

// buildCheckViolationPointer checks that a violation has a pointer that is
// an RFC 6901 string.
func buildCheckViolationPointer(v []jsonwire.Member) error {
	for _, m := range v {
		if m.Key != "pointer" {
			continue
		}
		var p string
		if err := json.Unmarshal(m.Raw, &p); err != nil {
			return errors.New("must be a string")
		}
		_, err := PointerToField(p)
		return err
	}
	return errors.New("is required")
}

// buildLastRemediation returns the index of the last violation with a
// remediation member, or -1.
func buildLastRemediation(vs [][]jsonwire.Member) int {
	for i := len(vs) - 1; i >= 0; i-- {
		if slices.ContainsFunc(vs[i], buildIsRemediation) {
			return i
		}
	}
	return -1
}

// buildIsRemediation reports whether m is a violation's remediation member.
func buildIsRemediation(m jsonwire.Member) bool { return m.Key == "remediation" }

// buildAccessibilityJSON writes the details: their members in order, with
// violations replaced by vs and truncated set (appended when absent) if
// truncated is true.
func buildAccessibilityJSON(details []jsonwire.Member, vs [][]jsonwire.Member, truncated bool) json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	wroteTruncated := false
	for i, m := range details {
		if i > 0 {
			b.WriteByte(',')
		}
		buildWriteKey(&b, m.Key)
		switch {
		case m.Key == "violations":
			b.WriteByte('[')
			for j, v := range vs {
				if j > 0 {
					b.WriteByte(',')
				}
				buildWriteObject(&b, v)
			}
			b.WriteByte(']')
		case m.Key == "truncated" && truncated:
			b.WriteString("true")
			wroteTruncated = true
		default:
			b.Write(m.Raw)
		}
	}
	if truncated && !wroteTruncated {
		b.WriteString(`,"truncated":true`)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// buildWriteObject writes members as a JSON object.
func buildWriteObject(b *bytes.Buffer, ms []jsonwire.Member) {
	b.WriteByte('{')
	for i, m := range ms {
		if i > 0 {
			b.WriteByte(',')
		}
		buildWriteKey(b, m.Key)
		b.Write(m.Raw)
	}
	b.WriteByte('}')
}

// buildWriteKey writes a member name and the colon.
func buildWriteKey(b *bytes.Buffer, key string) {
	k, _ := jsonwire.Marshal(key)
	b.Write(k)
	b.WriteByte(':')
}
