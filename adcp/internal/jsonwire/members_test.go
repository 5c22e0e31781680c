package jsonwire

import (
	"strings"
	"testing"
)

func TestMembers(t *testing.T) {
	tests := []struct {
		in      string
		keys    string // the names in order, joined by |
		closing int
		err     bool
	}{
		{in: `{}`, closing: 1},
		{in: ` {"a": 1, "b":[2], "a":{"c":3}} `, keys: "a|b|a", closing: 30},
		{in: `{"\u00e9":true}`, keys: "é", closing: 14},
		{in: `[1]`, err: true},
		{in: ``, err: true},
		{in: `{"a":`, err: true},
		{in: `{"a":1} {}`, err: true},
	}
	for _, tt := range tests {
		ms, closing, err := Members([]byte(tt.in))
		if (err != nil) != tt.err {
			t.Errorf("%s: err %v", tt.in, err)
			continue
		}
		if err != nil {
			continue
		}
		var keys []string
		for _, m := range ms {
			keys = append(keys, m.Key)
			if got := strings.TrimSpace(tt.in[:m.End]); !strings.HasSuffix(got, string(m.Raw)) {
				t.Errorf("%s: %s ends at %d, not after %s", tt.in, m.Key, m.End, m.Raw)
			}
		}
		if got := strings.Join(keys, "|"); got != tt.keys || closing != tt.closing || tt.in[closing] != '}' {
			t.Errorf("%s: keys %q closing %d, want %q %d", tt.in, got, closing, tt.keys, tt.closing)
		}
	}
}
