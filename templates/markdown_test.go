package templates

import (
	"strings"
	"testing"
)

func TestCell(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"a|b", `a\|b`},
		{"line one\nline two", "line one<br>line two"},
		{"crlf\r\nend", "crlf<br>end"},
		{"  padded  ", "padded"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := cell(tt.in); got != tt.want {
			t.Errorf("cell(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestCode(t *testing.T) {
	tests := []struct{ in, want string }{
		{"RATE_LIMITED", "`RATE_LIMITED`"},
		{"a`b", "``a`b``"},
		{"`x`", "`` `x` ``"},
		{"a``b`c", "```a``b`c```"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := code(tt.in); got != tt.want {
			t.Errorf("code(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestItem(t *testing.T) {
	tests := []struct{ marker, in, want string }{
		{"- ", "one line", "- one line\n"},
		{"- ", "first\nsecond", "- first\n  second\n"},
		{"- ", "para\n\n- nested  \n```json\n{}\n```\n", "- para\n\n  - nested\n  ```json\n  {}\n  ```\n"},
		{"1. ", "a\nb", "1. a\n   b\n"},
	}
	for _, tt := range tests {
		if got := item(tt.marker, tt.in); got != tt.want {
			t.Errorf("item(%q, %q) = %q, want %q", tt.marker, tt.in, got, tt.want)
		}
	}
}

func TestProse(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain text", "plain text"},
		{"mode in available_actions[<action>].mode", "mode in available_actions[&lt;action>].mode"},
		{"use `accepted_values: <array>` here", "use `accepted_values: <array>` here"},
		{"``a ` <b>`` then <c>", "``a ` <b>`` then &lt;c>"},
		{"lone ` then <x>", "lone ` then &lt;x>"},
		{"```json\n{\"a\": \"<b>\"}\n```\n<c>", "```json\n{\"a\": \"<b>\"}\n```\n&lt;c>"},
		{"**bold** < 3", "**bold** &lt; 3"},
	}
	for _, tt := range tests {
		if got := prose(tt.in); got != tt.want {
			t.Errorf("prose(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzProse(f *testing.F) {
	for _, s := range []string{"a <b> `c <d>` e", "```x\n<y>\n```", "`", "``a`` <"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.Contains(s, "&lt;") {
			return
		}
		if got := strings.ReplaceAll(prose(s), "&lt;", "<"); got != s {
			t.Errorf("prose(%q) changed more than '<': %q", s, prose(s))
		}
	})
}

func FuzzCell(f *testing.F) {
	for _, s := range []string{"a|b", "x\ny", "\r\n|\r"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := cell(s)
		if strings.ContainsAny(c, "\r\n") {
			t.Errorf("cell(%q) = %q keeps a line break", s, c)
		}
		if strings.Count(c, "|") != strings.Count(c, `\|`) {
			t.Errorf("cell(%q) = %q has an unescaped '|'", s, c)
		}
	})
}
