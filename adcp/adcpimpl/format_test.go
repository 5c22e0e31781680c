package adcpimpl

import "testing"

// TestFormats: each format check on values santhosh-tekuri/jsonschema
// takes and refuses (the root module's validationdiff compares the two on
// generated values of every schema version).
func TestFormats(t *testing.T) {
	for _, c := range []struct {
		format string
		valid  []string
		bad    []string
	}{
		{"date", []string{"2024-02-29", "2000-02-29", "0000-01-01", "9999-12-31"},
			[]string{"2023-02-29", "1900-02-29", "2024-13-01", "2024-00-10", "2024-04-31", "2024-1-011", "+999-01-01", "2024/01/01", "2024-01-01 "}},
		{"time", []string{"12:34:56Z", "23:59:60Z", "23:59:60+00:00", "12:34:56.789+05:30", "+1:34:56Z", "12:34:56z", "12:34:56.1234567890+00:00"},
			[]string{"", "00:00:60-00:01", "12:34:56.Z", "1:34:56Z", "12:3a:56Z", "12:34:-5Z", "24:00:00Z", "12:60:00Z", "12:34:56+24:00",
				"12:34:56+05:60", "12:34:56+05:3:", "12:34:56+0a:30", "12:34:56+-5:30", "12:34:56*05:30", "12:34:56", "12:34:56+05-30",
				"12::4:56Z", "12:34::6Z", "12:34:5:Z", "12:34:56,5Z"}},
		{"date-time", []string{"2024-02-29T23:59:60Z", "2024-02-29t00:30:60+00:31", "1985-04-12T23:20:50.52Z"},
			[]string{"2023-02-29T00:00:00Z", "2024-02-29 12:00:00Z", "2024-02-29T12:00:60Z", "2024-02-29T12:00Z"}},
		{"uuid", []string{"123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000"},
			[]string{"123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400g", "123e4567-e89b-12d3-a456_426614174000"}},
		{"uri", []string{"https://example.com/a?b#c", "urn:isbn:0451450523", "http://[::1]:80/"},
			[]string{"/relative", "http://::1/", "http://[fe80::1%25en0]/", "%zz"}},
	} {
		check := formatChecks[c.format]
		for _, s := range c.valid {
			if err := check(s); err != nil {
				t.Errorf("%s %q: %v, want valid", c.format, s, err)
			}
		}
		for _, s := range c.bad {
			if check(s) == nil {
				t.Errorf("%s %q: valid, want an error", c.format, s)
			}
		}
	}
}
