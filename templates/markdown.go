package templates

// The Markdown escaping of the templates.

import "strings"

// cell returns s as the content of one Markdown table cell: a '|' is
// escaped, and line breaks (which would end the row) become <br>.
func cell(s string) string {
	return cellEscaper.Replace(strings.TrimSpace(s))
}

// cellEscaper makes one pass over a cell, trying "\r\n" before "\r".
var cellEscaper = strings.NewReplacer("\r\n", "<br>", "\r", "<br>", "\n", "<br>", "|", `\|`)

// code returns s as an inline code span. A span is delimited by a run of
// backticks longer than any run inside s, and padded with spaces when s
// starts or ends with a backtick, as CommonMark requires. A code span in a
// table cell still needs cell for '|'.
func code(s string) string {
	if s == "" {
		return ""
	}
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return fence + s + fence
}

// item returns text as a Markdown list item starting with marker ("- "):
// continuation lines are indented to the item's content column so that
// paragraphs, nested lists and fenced blocks stay inside the item. Blank
// lines stay blank (no trailing spaces). The result ends with a newline.
func item(marker, text string) string {
	text = strings.ReplaceAll(strings.TrimSpace(text), "\r\n", "\n")
	indent := strings.Repeat(" ", len(marker))
	var b strings.Builder
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, " \t")
		switch {
		case i == 0:
			b.WriteString(marker + line)
		case line == "":
		default:
			b.WriteString(indent + line)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// prose returns text written for people (a description, a suggestion) ready
// for Markdown: it is kept as written, Markdown included, except that '<'
// outside code spans becomes "&lt;", so that "<action>" is shown and not
// taken for an HTML tag. code spans (and fenced blocks, whose fences are
// backtick runs too) are left alone.
func prose(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		switch s[i] {
		case '`':
			n := backtickRun(s, i)
			end := spanEnd(s, i+n, n)
			b.WriteString(s[i:end])
			i = end
		case '<':
			b.WriteString("&lt;")
			i++
		default:
			b.WriteByte(s[i])
			i++
		}
	}
	return b.String()
}

// backtickRun returns the length of the run of backticks at s[i].
func backtickRun(s string, i int) int {
	return len(s) - i - len(strings.TrimLeft(s[i:], "`"))
}

// spanEnd returns the end of the code span whose opening run of n
// backticks ends at from: the end of the first run of exactly n backticks
// after it, or from when there is none (the backticks are literal).
func spanEnd(s string, from, n int) int {
	for i := from; ; {
		k := strings.IndexByte(s[i:], '`')
		if k < 0 {
			return from
		}
		m := backtickRun(s, i+k)
		if m == n {
			return i + k + m
		}
		i += k + m
	}
}
