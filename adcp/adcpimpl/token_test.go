package adcpimpl

import "testing"

// TestPointerToken: "~" is escaped first, so that the "~1" of an escaped
// "/" is not escaped again (RFC 6901).
func TestPointerToken(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""}, {"a", "a"}, {"~", "~0"}, {"/", "~1"}, {"~1", "~01"}, {"a/b~c", "a~1b~0c"},
		{"~/", "~0~1"}, {"/~", "~1~0"}, {"é~1é", "é~01é"},
	} {
		if got := PointerToken(c.in); got != c.want {
			t.Errorf("PointerToken(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
