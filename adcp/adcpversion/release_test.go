package adcpversion

import (
	"cmp"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp/internal/sharedtest"
)

func TestParseRelease(t *testing.T) {
	tests := []struct {
		in   string
		want Release
		ok   bool
	}{
		{"3.0", Release{3, 0, ""}, true},
		{"3.1", Release{3, 1, ""}, true},
		{"3.1-beta", Release{3, 1, "beta"}, true},
		{"3.1-rc.1", Release{3, 1, "rc.1"}, true},
		{"3.1-beta.1", Release{3, 1, "beta.1"}, true}, // the normalized form of 3.1.0-beta.1
		{"99.0", Release{99, 0, ""}, true},
		{"0.0", Release{}, true},
		{"3.1-a-b", Release{3, 1, "a-b"}, true},
		{"3.1.0", Release{}, false},        // a patch: not negotiated
		{"3.1.0-beta.1", Release{}, false}, // full semver from bundle metadata
		{"3", Release{}, false},
		{"03.1", Release{}, false},
		{"3.01", Release{}, false},
		{"3.1-", Release{}, false},
		{"3.1-.x", Release{}, false},
		{"3.1-x.", Release{}, false},
		{"3.1-b_1", Release{}, false},
		{"v3.1", Release{}, false},
		{"-3.1", Release{}, false},
		{"3.-1", Release{}, false},
		{" 3.1", Release{}, false},
		{"99999999999999999999.0", Release{}, false},
		{"", Release{}, false},
	}
	for _, tt := range tests {
		got, err := ParseRelease(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseRelease(%q) = %+v, %v; want %+v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
		if err == nil && got.String() != tt.in {
			t.Errorf("ParseRelease(%q).String() = %q", tt.in, got.String())
		}
	}
}

func TestCompare(t *testing.T) {
	// Ascending, semver precedence; each pair in order must compare -1.
	order := []string{"2.9", "3.0-alpha", "3.0-alpha.1", "3.0-alpha.beta", "3.0-beta", "3.0-beta.2", "3.0-beta.11",
		"3.0-rc.1", "3.0", "3.1-beta", "3.1", "3.10", "10.0"}
	for i := range order {
		for j := range order {
			a, b := mustParse(t, order[i]), mustParse(t, order[j])
			want := cmp.Compare(i, j)
			if got := a.Compare(b); got != want {
				t.Errorf("%s.Compare(%s) = %d, want %d", a, b, got, want)
			}
		}
	}
}

// TestSpecVersionPattern: ParseRelease accepts what the pattern of
// adcp_version accepts, in every version of core/version-envelope.json that
// has the 3.2 pattern (the 3.1 one, looser, admits leading zeros), and every
// example of the schema parses.
func TestSpecVersionPattern(t *testing.T) {
	dir := sharedtest.Dir(t, "adcp-schemas")
	files, _ := filepath.Glob(filepath.Join(dir, "*", "core", "version-envelope.json"))
	if len(files) == 0 {
		t.Fatal("no core/version-envelope.json in the corpus")
	}
	samples := []string{"3.0", "3.1-beta", "3.1-rc.1", "03.1", "3.1.0", "3.1-", "3.1-.a", "3.1-a.", "3.1-a..b", "1.2-Z-9",
		"0.0", "3.1-é", "3.1\n", "3.1-beta+x", "x.1", "3.", ".1"}
	strict := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var s struct {
			Properties struct {
				Version struct {
					Pattern  string   `json:"pattern"`
					Examples []string `json:"examples"`
				} `json:"adcp_version"`
			} `json:"properties"`
		}
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		for _, ex := range s.Properties.Version.Examples {
			if _, err := ParseRelease(ex); err != nil {
				t.Errorf("%s: example %q: %v", f, ex, err)
			}
		}
		re := regexp.MustCompile(s.Properties.Version.Pattern)
		if re.MatchString("03.1") { // the looser 3.1 pattern
			continue
		}
		strict++
		for _, in := range samples {
			_, err := ParseRelease(in)
			if want := re.MatchString(in); (err == nil) != want {
				t.Errorf("%s: ParseRelease(%q) = %v; the pattern matches: %v", f, in, err, want)
			}
		}
	}
	if strict == 0 {
		t.Error("no version with the 3.2 pattern")
	}
}

// FuzzParseRelease: ParseRelease agrees with the 3.2 pattern (numbers that
// overflow int aside), and what it parses prints back as it was.
func FuzzParseRelease(f *testing.F) {
	re := regexp.MustCompile(`^(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)(?:-[a-zA-Z0-9](?:[a-zA-Z0-9.-]*[a-zA-Z0-9])?)?$`)
	for _, s := range []string{"3.1", "3.1-rc.1", "3.1.0", "03.1", "3.1-", "99999999999999999999.0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRelease(s)
		if err == nil && r.String() != s {
			t.Fatalf("ParseRelease(%q).String() = %q", s, r.String())
		}
		if err == nil && !re.MatchString(s) {
			t.Fatalf("ParseRelease(%q) accepts what the pattern refuses", s)
		}
		if err != nil && re.MatchString(s) && len(s) < 18 {
			t.Fatalf("ParseRelease(%q) = %v; the pattern matches", s, err)
		}
	})
}

func mustParse(t testing.TB, s string) Release {
	t.Helper()
	r, err := ParseRelease(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
