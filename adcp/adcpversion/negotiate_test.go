package adcpversion

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/sharedtest"
	"github.com/adcp-gen/adcp-gen/adcp/internal/testvocab"
)

func intp(n int) *int { return &n }

func TestNegotiate(t *testing.T) {
	n, err := NewNegotiator(testvocab.Vocabulary, "3.1", "3.0", "3.2-beta.5", "3.0", "5.1", "5.3")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		req   Envelope
		want  string // the release served; "" for VERSION_UNSUPPORTED
		field string
		echo  string // the details' adcp_version or adcp_major_version
	}{
		{"no pin: the newest final release", Envelope{}, "5.3", "", ""},
		{"exact pin", Envelope{Version: "3.0"}, "3.0", "", ""},
		{"exact pre-release pin", Envelope{Version: "3.2-beta.5"}, "3.2-beta.5", "", ""},
		{"downshift within the major", Envelope{Version: "3.2"}, "3.1", "", ""},
		{"downshift past a pre-release", Envelope{Version: "3.9"}, "3.1", "", ""},
		{"an unspoken pre-release downshifts to a final release", Envelope{Version: "3.2-beta.6"}, "3.1", "", ""},
		{"downshift between releases", Envelope{Version: "5.2"}, "5.1", "", ""},
		{"pin below every release of its major: the oldest", Envelope{Version: "5.0"}, "5.1", "", ""},
		{"adcp_version wins over adcp_major_version", Envelope{Version: "3.0", MajorVersion: intp(5)}, "3.0", "", ""},
		{"major only: its newest final release", Envelope{MajorVersion: intp(3)}, "3.1", "", ""},
		{"major only", Envelope{MajorVersion: intp(5)}, "5.3", "", ""},
		{"cross-major release", Envelope{Version: "99.0"}, "", "adcp_version", `"99.0"`},
		{"cross-major release, with the major buyers also send", Envelope{Version: "99.0", MajorVersion: intp(3)}, "", "adcp_version", `"99.0"`},
		{"cross-major release below", Envelope{Version: "2.5"}, "", "adcp_version", `"2.5"`},
		{"a major with no release", Envelope{Version: "4.0-beta"}, "", "adcp_version", `"4.0-beta"`},
		{"full semver is not release precision", Envelope{Version: "3.1.0"}, "", "adcp_version", ``},
		{"not a version", Envelope{Version: "latest", MajorVersion: intp(3)}, "", "adcp_version", ``},
		{"unsupported major", Envelope{MajorVersion: intp(99)}, "", "adcp_major_version", `99`},
		{"major out of the schema's range", Envelope{MajorVersion: intp(0)}, "", "adcp_major_version", ``},
		// A buyer's adcp_version too long to repeat: a VERSION_UNSUPPORTED
		// error that does not echo it (echoed, it made the error too large
		// for clients, and building it refused), and a long pin that is a
		// release is still downshifted.
		{"a long adcp_version", Envelope{Version: strings.Repeat("9", 100_000)}, "", "adcp_version", ``},
		{"a long release of another major", Envelope{Version: "99.0-" + strings.Repeat("a", 5000)}, "", "adcp_version", ``},
		{"a long pre-release downshifts", Envelope{Version: "3.5-" + strings.Repeat("a.", 50_000) + "a"}, "3.1", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := n.Negotiate(tt.req)
			if tt.want != "" {
				if err != nil || r.String() != tt.want {
					t.Fatalf("Negotiate(%+v) = %s, %v; want %s", tt.req, r, err, tt.want)
				}
				return
			}
			e, ok := adcp.As(err)
			if !ok || e.Code != testvocab.CodeVersionUnsupported || e.Field != tt.field || e.Recovery != adcp.RecoveryCorrectable {
				t.Fatalf("Negotiate(%+v) = %s, %v; want VERSION_UNSUPPORTED on %s", tt.req, r, err, tt.field)
			}
			var d struct {
				SupportedVersions []string        `json:"supported_versions"`
				SupportedMajors   []int           `json:"supported_majors"`
				Version           json.RawMessage `json:"adcp_version"`
				MajorVersion      json.RawMessage `json:"adcp_major_version"`
			}
			if err := json.Unmarshal(e.Details, &d); err != nil {
				t.Fatal(err)
			}
			if echo := string(d.Version) + string(d.MajorVersion); echo != tt.echo {
				t.Errorf("details %s echo %s, want %s", e.Details, echo, tt.echo)
			}
			if want := []string{"3.0", "3.1", "3.2-beta.5", "5.1", "5.3"}; !reflect.DeepEqual(d.SupportedVersions, want) {
				t.Errorf("supported_versions = %q, want %q", d.SupportedVersions, want)
			}
			if want := []int{3, 5}; !reflect.DeepEqual(d.SupportedMajors, want) {
				t.Errorf("supported_majors = %v, want %v", d.SupportedMajors, want)
			}
		})
	}
}

func TestNewNegotiator(t *testing.T) {
	for _, tt := range []struct {
		supported []string
		ok        bool
	}{
		{[]string{"3.0"}, true},
		{[]string{"3.1-beta", "3.0"}, true},
		{nil, false},
		{[]string{"3.2-beta.5"}, false}, // no final release to answer requests without a pin
		{[]string{"3.0", "3.1.0"}, false},
	} {
		if _, err := NewNegotiator(testvocab.Vocabulary, tt.supported...); (err == nil) != tt.ok {
			t.Errorf("NewNegotiator(%q) = %v; want ok %v", tt.supported, err, tt.ok)
		}
	}
	if _, err := NewNegotiator(nil, "3.0"); err == nil {
		t.Error("NewNegotiator(nil vocabulary) accepted")
	}
}

// TestSpecDetailsExamples: for each example of
// error-details/version-unsupported.json in the corpus, a seller that
// speaks the example's supported_versions, asked for the example's
// adcp_version or adcp_major_version, sends those details (all but
// build_version, an optional advisory the Negotiator does not know), and
// a buyer reading them never picks a release from build_version.
func TestSpecDetailsExamples(t *testing.T) {
	dir := sharedtest.Dir(t, "adcp-schemas")
	files, _ := filepath.Glob(filepath.Join(dir, "*", "error-details", "version-unsupported.json"))
	if len(files) == 0 {
		t.Fatal("no error-details/version-unsupported.json in the corpus")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var s struct {
			Examples []map[string]json.RawMessage `json:"examples"`
		}
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		if len(s.Examples) == 0 {
			t.Errorf("%s: no examples", f)
		}
		for _, ex := range s.Examples {
			var supported []string
			var req Envelope
			if err := json.Unmarshal(ex["supported_versions"], &supported); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if v, ok := ex["adcp_version"]; ok {
				_ = json.Unmarshal(v, &req.Version)
			} else if v, ok := ex["adcp_major_version"]; ok {
				_ = json.Unmarshal(v, &req.MajorVersion)
			}
			n, err := NewNegotiator(testvocab.Vocabulary, supported...)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			_, err = n.Negotiate(req)
			e, ok := adcp.As(err)
			if !ok {
				t.Fatalf("%s: Negotiate(%+v) = %v, want VERSION_UNSUPPORTED", f, req, err)
			}
			want := map[string]json.RawMessage{}
			for k, v := range ex {
				if k != "build_version" {
					want[k] = v
				}
			}
			wb, _ := json.Marshal(want)
			if got, w := sharedtest.ParseJSON(t, e.Details), sharedtest.ParseJSON(t, wb); !reflect.DeepEqual(got, w) {
				t.Errorf("%s: details %s, want %s", f, e.Details, wb)
			}

			// The buyer's side of the same details, with a build_version
			// of a major the seller does not list: a buyer that speaks only
			// that release gets nothing, one that speaks a listed release
			// gets it.
			withBuild := *e
			var d map[string]json.RawMessage
			if err := json.Unmarshal(e.Details, &d); err != nil {
				t.Fatal(err)
			}
			d["build_version"] = json.RawMessage(`"4.0.0"`)
			withBuild.Details, _ = json.Marshal(d)
			if r, ok := Repin(&withBuild, mustParse(t, "4.0")); ok {
				t.Errorf("%s: Repin picked %s from build_version", f, r)
			}
			if r, ok := Repin(e, mustParse(t, supported[0])); !ok || r.String() != supported[0] {
				t.Errorf("%s: Repin = %s, %v; want %s", f, r, ok, supported[0])
			}
		}
	}
}

func TestRepin(t *testing.T) {
	vu := func(details string) *adcp.Error {
		return &adcp.Error{Code: testvocab.CodeVersionUnsupported, Message: "no", Details: json.RawMessage(details)}
	}
	tests := []struct {
		name   string
		e      *adcp.Error
		speaks []string
		want   string // "" for no pick
	}{
		{"the newest listed release the buyer speaks", vu(`{"supported_versions":["3.0","3.1"]}`), []string{"3.0", "3.1", "4.0"}, "3.1"},
		{"order of the list does not matter", vu(`{"supported_versions":["3.1","3.0"]}`), []string{"3.0", "3.1"}, "3.1"},
		{"a newer release of the major reads an older one", vu(`{"supported_versions":["3.0","3.1"]}`), []string{"3.2", "4.0"}, "3.1"},
		{"an older release does not read a newer one", vu(`{"supported_versions":["3.1"]}`), []string{"3.0"}, ""},
		{"a pre-release only exactly", vu(`{"supported_versions":["3.2-beta.5"]}`), []string{"3.2"}, ""},
		{"a pre-release exactly", vu(`{"supported_versions":["3.1","3.2-beta.5"]}`), []string{"3.2-beta.5", "3.1"}, "3.2-beta.5"},
		{"a final release does not read a pre-release", vu(`{"supported_versions":["3.2-beta.5"]}`), []string{"3.3"}, ""},
		{"no common major", vu(`{"supported_versions":["3.0","3.1"],"supported_majors":[3]}`), []string{"4.0"}, ""},
		{"supported_versions is authoritative over supported_majors", vu(`{"supported_versions":["3.0"],"supported_majors":[4]}`), []string{"4.0"}, ""},
		{"malformed entries are skipped", vu(`{"supported_versions":["3.1.0",3,"3.0"]}`), []string{"3.0", "3.1"}, "3.0"},
		{"3.0-era details: supported_majors", vu(`{"supported_majors":[3]}`), []string{"3.0", "3.1", "3.2-beta.1", "4.0"}, "3.1"},
		{"supported_majors when no listed release parses", vu(`{"supported_versions":["latest"],"supported_majors":[3]}`), []string{"3.0"}, "3.0"},
		{"never build_version", vu(`{"build_version":"3.1.2"}`), []string{"3.1"}, ""},
		{"never build_version beside unusable lists", vu(`{"supported_versions":[],"supported_majors":["3"],"build_version":"3.1.2"}`), []string{"3.1"}, ""},
		{"no details", vu(``), []string{"3.0"}, ""},
		{"details not an object", vu(`["3.0"]`), []string{"3.0"}, ""},
		{"another code", &adcp.Error{Code: "INVALID_REQUEST", Message: "x", Details: json.RawMessage(`{"supported_versions":["3.0"]}`)}, []string{"3.0"}, ""},
		{"nil", nil, []string{"3.0"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var speaks []Release
			for _, s := range tt.speaks {
				speaks = append(speaks, mustParse(t, s))
			}
			r, ok := Repin(tt.e, speaks...)
			if got := map[bool]string{true: r.String()}[ok]; got != tt.want {
				t.Errorf("Repin = %s, %v; want %q", r, ok, tt.want)
			}
		})
	}
}

// TestRoundTrip: what Negotiate refuses, Repin recovers from with a release
// that Negotiate then serves, for every buyer that shares a major with the
// seller.
func TestRoundTrip(t *testing.T) {
	n, err := NewNegotiator(testvocab.Vocabulary, "3.0", "3.1", "3.2-beta.5")
	if err != nil {
		t.Fatal(err)
	}
	for _, buyer := range [][]string{{"4.0", "3.0"}, {"4.0", "3.2"}, {"4.1", "3.2-beta.5"}} {
		speaks := []Release{mustParse(t, buyer[0]), mustParse(t, buyer[1])}
		_, err := n.Negotiate(Pin(speaks[0]))
		e, ok := adcp.As(err)
		if !ok {
			t.Fatalf("buyer %q: Negotiate = %v", buyer, err)
		}
		r, ok := Repin(e, speaks...)
		if !ok {
			t.Fatalf("buyer %q: no release picked from %s", buyer, e.Details)
		}
		if got, err := n.Negotiate(Pin(r)); err != nil || got != r {
			t.Errorf("buyer %q: repinned to %s, served %s, %v", buyer, r, got, err)
		}
	}
}

func TestPin(t *testing.T) {
	b, err := json.Marshal(Pin(mustParse(t, "3.1-rc.1")))
	if err != nil || string(b) != `{"adcp_version":"3.1-rc.1","adcp_major_version":3}` {
		t.Errorf("Pin = %s, %v", b, err)
	}
}

// TestRepinRepeatedMajors checks that Repin's work on supported_majors does
// not grow with the product of the seller's list and the buyer's releases:
// 20,000 repeated majors against 100 spoken releases allocated a candidate
// for each pair (2,000,000, over 100 MB), and a longer list gigabytes.
func TestRepinRepeatedMajors(t *testing.T) {
	details := `{"supported_majors":[` + strings.Repeat("3,", 20_000) + `3]}`
	e := &adcp.Error{Code: testvocab.CodeVersionUnsupported, Message: "no", Details: json.RawMessage(details)}
	var speaks []Release
	for i := range 100 {
		speaks = append(speaks, Release{Major: 3, Minor: i})
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r, ok := Repin(e, speaks...)
	runtime.ReadMemStats(&after)
	if !ok || r.String() != "3.99" {
		t.Errorf("Repin = %s, %v; want 3.99", r, ok)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 1000*uint64(len(details)) {
		t.Errorf("Repin allocated %d bytes for %d bytes of details", n, len(details))
	}
}
