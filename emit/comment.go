package emit

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
)

// commentWidth is the width descriptions are wrapped to (after "// ").
const commentWidth = 96

// docLines turns a description into comment lines: paragraphs and line
// breaks are kept, long lines are wrapped at spaces, blank lines become "".
// The lines of each description are remembered for the life of the
// process (they are a function of the text alone): generate -all wraps the
// same descriptions for most versions. The caller gets its own slice.
func docLines(text string) []string {
	wrapped.Lock()
	lines, ok := wrapped.lines[text]
	wrapped.Unlock()
	if !ok {
		lines = wrapText(text)
		wrapped.Lock()
		if wrapped.size+len(text) <= wrappedMax {
			if wrapped.lines == nil {
				wrapped.lines = map[string][]string{}
			}
			if _, dup := wrapped.lines[text]; !dup {
				wrapped.lines[text] = lines
				wrapped.size += len(text)
			}
		}
		wrapped.Unlock()
	}
	return slices.Clone(lines)
}

// wrapped holds the lines docLines gave each description, keyed by the
// description; size is the descriptions' bytes, at most wrappedMax.
var wrapped struct {
	sync.Mutex
	lines map[string][]string
	size  int
}

const wrappedMax = 16 << 20

// wrapText is docLines without the memo.
func wrapText(text string) []string {
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
// the first line only. It runs in time linear in the line (descriptions
// are paragraphs of hundreds of words).
func wrap(line string, width int) []string {
	indent := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
	var out []string
	var cur strings.Builder
	cur.WriteString(indent)
	runes := utf8.RuneCountInString(indent) // in cur
	first := true
	for i := 0; i < len(line); {
		// The words are strings.Fields's (runs of anything but
		// unicode.IsSpace, an invalid byte being a rune of its own),
		// found in place: a slice of them was 2% of what a one-version
		// run of the generator allocates.
		if r, size := utf8.DecodeRuneInString(line[i:]); unicode.IsSpace(r) {
			i += size
			continue
		}
		j := i
		for j < len(line) {
			r, size := utf8.DecodeRuneInString(line[j:])
			if unicode.IsSpace(r) {
				break
			}
			j += size
		}
		w := line[i:j]
		i = j
		n := utf8.RuneCountInString(w)
		switch {
		case first: // cur holds only the indentation (words hold no space)
			first = false
			cur.WriteString(w)
			runes += n
		case runes+1+n > width:
			out = append(out, cur.String())
			cur.Reset()
			cur.WriteString(w)
			runes = n
		default:
			cur.WriteByte(' ')
			cur.WriteString(w)
			runes += 1 + n
		}
	}
	return append(out, cur.String())
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

// innerComments is comments for a comment inside a declaration: a
// constant's in a group, a struct field's. Jennifer writes no indentation,
// so such a comment starts its line, and go/printer takes a comment that
// starts its line right before a token for a top-level doc comment and
// reformats it with go/doc/comment, which was most of the time printing
// codes.go took. When plainDoc says that reformatting leaves the lines as
// they are, they are written after a tab, which go/printer drops with the
// rest of the indentation it redoes: the output is the same, without the
// reformatting.
func (g *gen) innerComments(lines []string) []jen.Code {
	out := comments(lines)
	if g.unindented || !plainDoc(lines) {
		return out
	}
	for i, c := range out {
		out[i] = jen.Op("\t").Add(c)
	}
	return out
}

// plainDoc reports whether go/doc/comment prints the comment lines (each
// written "// "+line, "" as "//") as they are: they start and end with
// text and hold no two blank lines in a row; no line is indented (a code
// block or a list), starts a heading ("#") or a link definition ("["),
// ends in a space, or holds a control character, a blank other than a
// space (which it may trim or take for indentation), or two backquotes or
// two single quotes in a row (which it turns into curly quotes); and no
// one-line paragraph after the first ends in a letter or digit (an
// old-style heading, which it rewrites with "#"). TestPlainDocStable and
// FuzzPlainDocStable check it against go/printer.
func plainDoc(lines []string) bool {
	if len(lines) == 0 || lines[0] == "" || lines[len(lines)-1] == "" {
		return false
	}
	for i, l := range lines {
		if l == "" {
			if lines[i-1] == "" {
				return false
			}
			continue
		}
		switch l[0] {
		case ' ', '\t', '#', '[':
			return false
		}
		if l[len(l)-1] == ' ' {
			return false
		}
		for j := 0; j < len(l); j++ {
			switch c := l[j]; {
			case c >= utf8.RuneSelf:
				r, n := utf8.DecodeRuneInString(l[j:])
				if unicode.IsSpace(r) || unicode.IsControl(r) || r == utf8.RuneError {
					return false
				}
				j += n - 1
			case c < ' ' || c == 0x7f:
				return false
			case (c == '`' || c == '\'') && j > 0 && l[j-1] == c:
				return false
			}
		}
		if i > 0 && lines[i-1] == "" && (i+1 == len(lines) || lines[i+1] == "") {
			r, _ := utf8.DecodeLastRuneInString(l)
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				return false
			}
		}
	}
	return true
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
