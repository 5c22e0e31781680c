package emit

import (
	"strings"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
)

// commentWidth is the width descriptions are wrapped to (after "// ").
const commentWidth = 96

// docLines turns a description into comment lines: paragraphs and line
// breaks are kept, long lines are wrapped at spaces, blank lines become "".
func docLines(text string) []string {
	text = strings.TrimSpace(strings.ReplaceAll(text, "\r\n", "\n"))
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, " \t")
		if line == "" {
			if len(out) > 0 && out[len(out)-1] != "" {
				out = append(out, "")
			}
			continue
		}
		out = append(out, wrap(line, commentWidth)...)
	}
	return out
}

// wrap splits one line at spaces into lines of at most width runes (a word
// longer than width gets a line of its own); leading indentation is kept on
// the first line only.
func wrap(line string, width int) []string {
	cur := line[:len(line)-len(strings.TrimLeft(line, " \t"))] // the indentation
	var out []string
	for i, w := range strings.Fields(line) {
		switch {
		case i == 0:
			cur += w
		case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(w) > width:
			// Linear: cur is longer than width only when it holds one word
			// (and the indentation), which this word ends.
			out = append(out, cur)
			cur = w
		default:
			cur += " " + w
		}
	}
	return append(out, cur)
}

// comments adds lines to f as // comments. Every comment holding free text
// from the spec is written here: a line break in it starts a line of its
// own, so the text cannot end the comment and become Go code, and what Go
// refuses in a comment is replaced (commentSafe). File names and the
// version, which Load refuses with a line break in them, are written as
// they are.
func comments(f *jen.Group, lines []string) {
	for _, l := range lines {
		for _, l := range strings.Split(commentSafe.Replace(l), "\n") {
			// A leading "//" makes jennifer write the text as it is
			// (go/format drops the trailing blank of an empty line).
			f.Add(jen.Comment("// " + l))
		}
	}
}

// commentSafe replaces the characters Go refuses in a comment, NUL and a
// byte order mark, with U+FFFD.
var commentSafe = strings.NewReplacer("\x00", "\uFFFD", "\uFEFF", "\uFFFD")

// docFor joins a summary line with a description.
func docFor(summary, description string) []string {
	lines := []string{summary}
	if d := docLines(description); len(d) > 0 {
		lines = append(lines, "")
		lines = append(lines, d...)
	}
	return lines
}

// uncheckedList is the comment lines of a heading and a list of what a
// check does not check, or none when it checks everything.
func uncheckedList(heading string, unchecked []string) []string {
	if len(unchecked) == 0 {
		return nil
	}
	lines := []string{heading}
	for _, c := range unchecked {
		lines = append(lines, "  - "+c)
	}
	return lines
}
