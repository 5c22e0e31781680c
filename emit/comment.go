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
	if text == "" {
		return nil
	}
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
	indent := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
	words := strings.Fields(line)
	var out []string
	cur := indent
	for _, w := range words {
		switch {
		case strings.TrimSpace(cur) == "":
			cur += w
		case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(w) > width:
			out = append(out, cur)
			cur = w
		default:
			cur += " " + w
		}
	}
	return append(out, cur)
}

// comments renders lines as // comments, one jennifer Comment per line.
func comments(lines []string) []jen.Code {
	out := make([]jen.Code, 0, len(lines))
	for _, l := range lines {
		if l == "" {
			out = append(out, jen.Comment("//"))
			continue
		}
		// A leading "//" makes jennifer write the text as it is.
		out = append(out, jen.Comment("// "+l))
	}
	return out
}

// docFor joins a summary line with a description.
func docFor(summary, description string) []string {
	lines := []string{summary}
	if d := docLines(description); len(d) > 0 {
		lines = append(lines, "")
		lines = append(lines, d...)
	}
	return lines
}
