package seller_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

// a11yViolation is one violation in the test's own words.
type a11yViolation struct {
	Pointer     string `json:"pointer"`
	Criterion   string `json:"criterion"`
	Source      string `json:"criterion_source"`
	Level       string `json:"required_level"`
	Kind        string `json:"failure_kind"`
	Remediation string `json:"remediation,omitempty"`
}

type a11yDetails struct {
	Violations []a11yViolation `json:"violations"`
	Truncated  *bool           `json:"truncated,omitempty"`
}

func a11yError(t *testing.T, vs []a11yViolation, truncated *bool) *adcp.Error {
	t.Helper()
	raw, err := json.Marshal(a11yDetails{vs, truncated})
	if err != nil {
		t.Fatal(err)
	}
	return &adcp.Error{Code: "CREATIVE_REJECTED", Message: "Creative failed accessibility review", Details: raw}
}

func a11yMany(n int, pointer func(i int) string, remediation string) []a11yViolation {
	vs := make([]a11yViolation, n)
	for i := range vs {
		vs[i] = a11yViolation{pointer(i), "1.1.1", "WCAG22", "A", "alt_text_missing", remediation}
	}
	return vs
}

// a11yShape is the accessibility-violation shape of the test vocabulary.
func a11yShape(t testing.TB) *adcp.DetailsShape {
	t.Helper()
	for _, s := range voc.Shapes() {
		if s.Name == "accessibility-violation" {
			return s
		}
	}
	t.Fatal("no accessibility-violation shape")
	return nil
}

func asset(i int) string { return fmt.Sprintf("/creatives/%d/assets/hero_image", i) }

// checklist: 54
func TestFitAccessibilityDetails(t *testing.T) {
	yes := true
	// 253 characters, under the shape's 256, but 973 bytes and 493 UTF-16
	// code units.
	longPointer := func(i int) string { return fmt.Sprintf("/creatives/%d/", i) + strings.Repeat("😀", 240) }
	longField, err := seller.PointerToField(longPointer(0))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name        string
		in          []a11yViolation
		truncatedIn *bool
		field       string // explicit field
		wantN       int    // violations kept
		wantRemed   int    // of them with remediation
		wantTrunc   bool
		wantField   string
	}{
		{"fits as it is", a11yMany(2, asset, "Describe the image"), nil, "", 2, 2, false, "creatives[0].assets.hero_image"},
		{"truncated kept", a11yMany(1, asset, ""), &yes, "", 1, 0, true, "creatives[0].assets.hero_image"},
		{"more than four", a11yMany(7, asset, "Describe the image"), nil, "", 4, 4, true, "creatives[0].assets.hero_image"},
		{"long remediation left out from the end", a11yMany(4, longPointer, strings.Repeat("😀", 256)), nil, "", 4, 1, true, longField},
		{"remediation the shape refuses left out", a11yMany(2, asset, strings.Repeat("r", 257)), nil, "", 2, 0, true, "creatives[0].assets.hero_image"},
		{"remediation with a control character left out", a11yMany(2, asset, "line\nbreak"), nil, "", 2, 0, true, "creatives[0].assets.hero_image"},
		// Measured as Validate measures (UTF-16 code units), four violations
		// of 256-character pointers fit: none is left out for its size.
		{"long pointers fit", a11yMany(4, longPointer, ""), nil, "", 4, 0, false, longField},
		{"explicit field kept", a11yMany(1, asset, ""), nil, "creatives[0]", 1, 0, false, "creatives[0]"},
		{"creative_id pointer", a11yMany(1, func(int) string { return "/creative_id" }, ""), nil, "", 1, 0, false, "creative_id"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := a11yError(t, tt.in, tt.truncatedIn)
			in.Field = tt.field
			before := string(in.Details)
			got, _, err := seller.FitAccessibilityDetails(voc, in)
			if err != nil {
				t.Fatal(err)
			}
			if string(in.Details) != before {
				t.Error("the input error was modified")
			}
			raw, err := jsonwire.Marshal(got)
			if err != nil {
				t.Fatal(err)
			}
			if err := adcp.Validate(raw); err != nil {
				t.Errorf("a client refuses the result: %v", err)
			}
			if err := a11yShape(t).Validate(got.Details); err != nil {
				t.Errorf("details invalid against the accessibility-violation shape: %v", err)
			}
			var d a11yDetails
			if err := json.Unmarshal(got.Details, &d); err != nil {
				t.Fatal(err)
			}
			if len(d.Violations) != tt.wantN {
				t.Errorf("%d violations, want %d", len(d.Violations), tt.wantN)
			}
			remed := 0
			for i, v := range d.Violations {
				if v.Pointer != tt.in[i].Pointer {
					t.Errorf("violations[%d].pointer = %.40q…, want %.40q…: pointers are never changed", i, v.Pointer, tt.in[i].Pointer)
				}
				if v.Remediation != "" {
					if v.Remediation != tt.in[i].Remediation {
						t.Errorf("violations[%d].remediation was cut", i)
					}
					if remed != i {
						t.Errorf("violations[%d] keeps its remediation after one left out", i)
					}
					remed++
				}
			}
			if remed != tt.wantRemed {
				t.Errorf("%d remediations, want %d", remed, tt.wantRemed)
			}
			if trunc := d.Truncated != nil && *d.Truncated; trunc != tt.wantTrunc {
				t.Errorf("truncated = %v, want %v (details %s)", trunc, tt.wantTrunc, got.Details)
			}
			if got.Field != tt.wantField {
				t.Errorf("field = %.60q, want %.60q", got.Field, tt.wantField)
			}
		})
	}
}

// TestFitAccessibilityKeepsOtherMembers: members the helper does not manage
// stay, in their order, in the details and in each violation.
func TestFitAccessibilityKeepsOtherMembers(t *testing.T) {
	v := func(i int) string {
		return fmt.Sprintf(`{"pointer":"/creatives/%d","criterion":"1.1.1","criterion_source":"WCAG22","required_level":"A","failure_kind":"x_vendor_kind"}`, i)
	}
	e := &adcp.Error{Code: "CREATIVE_REJECTED", Message: "m", Details: json.RawMessage(
		`{"x_note":"n", "violations":[{"vendor":1,"pointer":"/creatives/0","criterion":"1.1.1","criterion_source":"WCAG22","required_level":"A","failure_kind":"other","remediation":"r"},` +
			v(1) + "," + v(2) + "," + v(3) + "," + v(4) + `], "z":[1]}`)}
	got, _, err := seller.FitAccessibilityDetails(voc, e)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"x_note":"n","violations":[{"vendor":1,"pointer":"/creatives/0","criterion":"1.1.1","criterion_source":"WCAG22","required_level":"A","failure_kind":"other","remediation":"r"},` +
		v(1) + "," + v(2) + "," + v(3) + `],"z":[1],"truncated":true}`
	if string(got.Details) != want {
		t.Errorf("details\n got %s\nwant %s", got.Details, want)
	}
}

func TestFitAccessibilityRefusals(t *testing.T) {
	hugeDetails, _ := json.Marshal(map[string]any{"violations": []map[string]any{{
		"pointer": "/creatives/0", "criterion": "1.1.1", "criterion_source": "WCAG22", "required_level": "A",
		"failure_kind": "other", "vendor_trace": strings.Repeat("a", adcp.MaxErrorSize)}}})
	huge := &adcp.Error{Code: "CREATIVE_REJECTED", Message: "m", Details: hugeDetails}
	bad := func(member, value string) *adcp.Error {
		m := map[string]any{"pointer": "/creatives/0", "criterion": "1.1.1", "criterion_source": "WCAG22", "required_level": "A", "failure_kind": "other"}
		if value == "" {
			delete(m, member)
		} else {
			m[member] = value
		}
		raw, _ := json.Marshal(map[string]any{"violations": []any{m}})
		return &adcp.Error{Code: "CREATIVE_REJECTED", Message: "m", Details: raw}
	}
	tests := []struct {
		name    string
		e       *adcp.Error
		want    string
		tooLong bool
	}{
		{"nil", nil, "nil error", false},
		{"other code", &adcp.Error{Code: "POLICY_VIOLATION", Message: "m", Details: json.RawMessage(`{"violations":[{"pointer":""}]}`)}, "CREATIVE_REJECTED", false},
		{"no details", &adcp.Error{Code: "CREATIVE_REJECTED", Message: "m"}, "object", false},
		{"details not an object", &adcp.Error{Code: "CREATIVE_REJECTED", Message: "m", Details: json.RawMessage(`[]`)}, "object", false},
		{"no violations", &adcp.Error{Code: "CREATIVE_REJECTED", Message: "m", Details: json.RawMessage(`{"truncated":true}`)}, "violations is required", false},
		{"empty violations", &adcp.Error{Code: "CREATIVE_REJECTED", Message: "m", Details: json.RawMessage(`{"violations":[]}`)}, "non-empty", false},
		{"violation not an object", &adcp.Error{Code: "CREATIVE_REJECTED", Message: "m", Details: json.RawMessage(`{"violations":["/a"]}`)}, "violations[0]", false},
		{"no pointer", &adcp.Error{Code: "CREATIVE_REJECTED", Message: "m", Details: json.RawMessage(`{"violations":[{"criterion":"1.1.1"}]}`)}, "violations[0].pointer", false},
		{"pointer not a string", &adcp.Error{Code: "CREATIVE_REJECTED", Message: "m", Details: json.RawMessage(`{"violations":[{"pointer":"/a"},{"pointer":3}]}`)}, "violations[1].pointer", false},
		{"pointer not RFC 6901", &adcp.Error{Code: "CREATIVE_REJECTED", Message: "m", Details: json.RawMessage(`{"violations":[{"pointer":"assets/x"}]}`)}, "violations[0].pointer", false},
		{"one violation too large", huge, "over 4096", true},
		{"criterion_source missing", bad("criterion_source", ""), "/violations/0/criterion_source: required member missing", false},
		{"failure_kind outside the list and the x_ pattern", bad("failure_kind", "Bad-Kind"), "/violations/0/failure_kind", false},
		{"criterion with a control character", bad("criterion", "1.1\u0001"), "/violations/0/criterion", false},
		{"criterion_source against its pattern", bad("criterion_source", "9WCAG"), "/violations/0/criterion_source", false},
		{"pointer over 256 characters", bad("pointer", "/"+strings.Repeat("p", 256)), "/violations/0/pointer: longer than 256", false},
		{"vocabulary without the shape", nil, "", false},
	}
	for _, tt := range tests {
		v := voc
		if tt.name == "vocabulary without the shape" {
			v = patchVocabulary(t, voc, "CREATIVE_REJECTED", func(i *adcp.CodeInfo) { i.Shapes = nil })
			tt.e, tt.want = a11yError(t, a11yMany(1, asset, ""), nil), "no accessibility-violation details shape"
		}
		got, _, err := seller.FitAccessibilityDetails(v, tt.e)
		if err == nil {
			t.Errorf("%s: = %+v, want an error", tt.name, got)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %q lacks %q", tt.name, err, tt.want)
		}
		if errors.Is(err, seller.ErrBuildTooLarge) != tt.tooLong {
			t.Errorf("%s: errors.Is(err, seller.ErrBuildTooLarge) = %v", tt.name, !tt.tooLong)
		}
	}
}

// FuzzFitAccessibilityDetails: on any details, the helper either refuses or
// returns an error a client accepts, with at most four violations whose
// pointers are the first ones given, unchanged.
func FuzzFitAccessibilityDetails(f *testing.F) {
	f.Add([]byte(`{"violations":[{"pointer":"/creatives/0","remediation":"r"},{"pointer":"/creative_id"}]}`), 1)
	f.Add([]byte(`{"violations":[{"pointer":"/creatives/0","criterion":"1.1.1","criterion_source":"WCAG22","required_level":"A","failure_kind":"other","remediation":"r"}]}`), 3000)
	f.Add([]byte(`{"violations":[{"pointer":"/c","criterion":"1","criterion_source":"W","required_level":"A","failure_kind":"x_a","remediation":"\u0001"}],"truncated":false}`), 10)
	f.Add([]byte(`{"violations":[{"pointer":"/a~1b"},{"pointer":"/c"}],"truncated":false}`), 2000)
	f.Add([]byte(`{"violations":[{"pointer":"/x"}]}`), 5000)
	f.Fuzz(func(t *testing.T, details []byte, pad int) {
		if pad < 0 || pad > 8000 {
			return
		}
		e := &adcp.Error{Code: "CREATIVE_REJECTED", Message: "Creative failed accessibility review",
			Suggestion: strings.Repeat("s", pad), Details: details}
		got, _, err := seller.FitAccessibilityDetails(voc, e)
		if err != nil {
			return
		}
		raw, err := jsonwire.Marshal(got)
		if err != nil {
			t.Fatal(err)
		}
		if err := adcp.Validate(raw); err != nil {
			t.Fatalf("result refused by clients: %v", err)
		}
		if err := a11yShape(t).Validate(got.Details); err != nil {
			t.Fatalf("details %s invalid against the shape: %v", got.Details, err)
		}
		var in, out struct {
			Violations []struct {
				Pointer string `json:"pointer"`
			} `json:"violations"`
		}
		if json.Unmarshal(details, &in) != nil || json.Unmarshal(got.Details, &out) != nil {
			t.Fatalf("details in %s out %s", details, got.Details)
		}
		if len(out.Violations) == 0 || len(out.Violations) > 4 {
			t.Fatalf("%d violations", len(out.Violations))
		}
		for i, v := range out.Violations {
			if v.Pointer != in.Violations[i].Pointer {
				t.Fatalf("violations[%d].pointer %q, given %q", i, v.Pointer, in.Violations[i].Pointer)
			}
		}
	})
}
