package emit

import (
	"bytes"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/internal/testshared"
	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/dave/jennifer/jen"
)

// wrapQuadratic is wrap as it was before it ran in linear time: the
// reference TestWrap compares wrap with.
func wrapQuadratic(line string, width int) []string {
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

// TestWrap: wrap gives wrapQuadratic's lines on lines of words of every
// length (multi-byte runes, indentation of spaces and tabs, other Unicode
// spaces between words, a word longer than the width) at several widths.
func TestWrap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "word", "é", "naïve", "—", "x" + strings.Repeat("y", 30), " ", "  ", "\t", "\u00a0", "\u2003", "50%", "`code`",
		"\u0085", "\u3000", "\n", "\v", "\xff", "\xe2\x80", "\u200b"}
	lines := []string{"", " ", "\t", "word", "  indented words", "\tтабуляция и слова", "\u00a0lead", strings.Repeat("word ", 40)}
	for range 2000 {
		var b strings.Builder
		for range rng.IntN(60) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		lines = append(lines, b.String())
	}
	diffs := 0
	for _, line := range lines {
		for _, width := range []int{1, 5, 16, commentWidth} {
			got, want := wrap(line, width), wrapQuadratic(line, width)
			if !reflect.DeepEqual(got, want) && diffs < 10 {
				diffs++
				t.Errorf("wrap(%q, %d) = %q, want %q", line, width, got, want)
			}
		}
	}
}

// FuzzWrapMatchesQuadratic: wrap, which finds the words in place, gives
// wrapQuadratic's lines (strings.Fields's words) on any line, invalid UTF-8
// included.
func FuzzWrapMatchesQuadratic(f *testing.F) {
	for _, s := range []string{"", "  two  words ", "\tтаб\u00a0nbsp\u3000ideo", "bad\xffbyte \xe2\x80 cut", strings.Repeat("word ", 30)} {
		f.Add(s, uint8(commentWidth))
	}
	f.Fuzz(func(t *testing.T, line string, width uint8) {
		got, want := wrap(line, int(width)), wrapQuadratic(line, int(width))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("wrap(%q, %d) = %q, want %q", line, width, got, want)
		}
	})
}

// TestDocLinesRemembered: a description wrapped again gives the same lines
// (remembered), and a caller that changes its slice or appends to it does
// not change what the next caller gets.
func TestDocLinesRemembered(t *testing.T) {
	text := strings.Repeat("remembered words ", 20) + t.Name()
	want := wrapText(text)
	if len(want) < 2 {
		t.Fatalf("%d lines: the text does not wrap, so it tests little", len(want))
	}
	for range 3 {
		got := docLines(text)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("docLines = %q, want %q", got, want)
		}
		got[0] = "changed"
		_ = append(got[:1], "appended")
	}
	wrapped.Lock()
	_, ok := wrapped.lines[text]
	wrapped.Unlock()
	if !ok {
		t.Error("the lines are not remembered")
	}
}

// TestInnerCommentsSameOutput: writing the comments inside declarations
// after a tab when plainDoc allows it (innerComments) changes no byte of
// the output, on the fixture, on this repository's schemas and on a sample
// of the published versions (every one, generate -all before and after,
// gave the same files when it was written).
func TestInnerCommentsSameOutput(t *testing.T) {
	specs := map[string]*schemaload.Spec{"fixture": fixtureSpec()}
	own, err := schemaload.Load(filepath.Join("..", "schemas"))
	if err != nil {
		t.Fatal(err)
	}
	specs["schemas"] = own
	if root := testshared.Root(); root != "" {
		for _, v := range corpusSample {
			spec, err := schemaload.Load(filepath.Join(root, "adcp-schemas", v))
			if err != nil {
				t.Fatal(err)
			}
			specs[v] = spec
		}
	}
	for name, spec := range specs {
		indented, err := Files(spec, Options{Package: "p"})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		plain, err := Files(spec, Options{Package: "p", unindented: true})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for file := range plain {
			if !bytes.Equal(indented[file], plain[file]) {
				t.Errorf("%s: %s differs with inner comments indented:\n%s", name, file, Diff("unindented", "indented", plain[file], indented[file]))
			}
		}
	}
}

// plainDocCases are comment lines, one a line, with whether plainDoc
// accepts them. Those it refuses are what go/doc/comment reformats, or
// close to it.
var plainDocCases = []struct {
	text  string
	plain bool
}{
	{"CodeX is X (recovery: correctable).\n\nRequest is malformed. Recovery: correctable.", true},
	{"Required.\nAccessibility requirements the creative failed.", true},
	{"Summary.\n\nFirst paragraph.\n\nDeprecated: use Y instead.", true},
	{"a - b\n* c and 1. d", true},
	{"Summary.\n\nRecovery\n\nMore text.", false}, // an old-style heading
	{"Summary.\n\nSee the list\n\nbelow.", false},
	{"Summary.\n\n# Heading\n\nText.", false},
	{"Summary.\n\n#  Heading.\n\nText.", false}, // a heading, printed with one space
	{"Summary.\n  - item\n  - item", false},
	{"Summary.\n\tcode", false},
	{"[link]: https://example.com", false},
	{"trailing blank ", false},
	{"control\x01char", false},
	{"", false},
	{"\nText.", false},
	{"Text.\n", false},
	{"Text.\n\n\nMore.", false},
	{"Use ``x'' here.", false}, // curly quotes as printed
	{"\u2000", false},
	{"Text\u00a0", false},
}

// TestPlainDocStable: plainDoc accepts and refuses the cases above, and
// what it accepts go/printer prints as it is as a doc comment
// (docCommentStable).
func TestPlainDocStable(t *testing.T) {
	for _, c := range plainDocCases {
		lines := strings.Split(c.text, "\n")
		if got := plainDoc(lines); got != c.plain {
			t.Errorf("plainDoc(%q) = %v, want %v", c.text, got, c.plain)
		}
		if c.plain && !docCommentStable(commentText(lines)) {
			t.Errorf("plainDoc accepts %q, which go/printer reformats", c.text)
		}
	}
	for _, text := range []string{"Summary.\n\nRecovery\n\nMore text.", "Summary.\n\n#  Heading.\n\nText."} {
		if docCommentStable(commentText(strings.Split(text, "\n"))) {
			t.Errorf("%q is stable: plainDoc refuses it for nothing", text)
		}
	}
}

// FuzzPlainDocStable: whatever plainDoc accepts, go/printer prints as it
// is as a doc comment.
func FuzzPlainDocStable(f *testing.F) {
	for _, c := range plainDocCases {
		f.Add(c.text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 2000 || !utf8.ValidString(text) {
			return
		}
		lines := strings.Split(text, "\n")
		if plainDoc(lines) && !docCommentStable(commentText(lines)) {
			t.Fatalf("plainDoc accepts %q, which go/printer reformats", text)
		}
	})
}

// commentText is lines as comments writes them, one a line.
func commentText(lines []string) string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimRight("// "+l, " ")
		if l == "" {
			out[i] = "//"
		}
	}
	return strings.Join(out, "\n")
}

// TestInnerCommentsIndent: innerComments writes plain lines after a tab
// (so that TestInnerCommentsSameOutput compares two different renders),
// and other lines, or all with Options.unindented, at the start of theirs.
func TestInnerCommentsIndent(t *testing.T) {
	for _, c := range []struct {
		lines      []string
		unindented bool
		want       string
	}{
		{[]string{"Required.", "A member."}, false, "\t // Required.\n\t // A member."},
		{[]string{"Required.", "A member."}, true, "\n// Required.\n// A member."},
		{[]string{"Summary.", "", "Recovery", "", "More."}, false, "\n// Summary.\n//\n// Recovery"},
	} {
		g := &gen{unindented: c.unindented}
		f := jen.NewFile("p")
		f.NoFormat = true
		for _, l := range g.innerComments(c.lines) {
			f.Add(l)
		}
		f.Var().Id("x").Int()
		var b bytes.Buffer
		if err := f.Render(&b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), c.want) {
			t.Errorf("innerComments(%q), unindented %v, renders\n%s\nwithout %q", c.lines, c.unindented, b.String(), c.want)
		}
	}
}

// TestPlainDocRandom is FuzzPlainDocStable on comments assembled at random
// from what go/doc/comment treats specially, which reaches its cases far
// more often than arbitrary bytes do.
func TestPlainDocRandom(t *testing.T) {
	frags := []string{"Text", "text.", " ", "  ", "\t", "", "#", "# ", "[x]", "[x]: https://example.com", "https://example.com/a",
		"``", "''", "`", "'", "-", "- ", "1.", "1. ", "*", "Recovery", "Deprecated:", "(a, b)", "\u00a0", "\u2000", "\u3000",
		"é", "Go", "x_y", "a/b", "ABC", "9", "//", "/*", "*/"}
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 3000; n++ {
		var lines []string
		for k := r.IntN(6); k >= 0; k-- {
			var b strings.Builder
			for j := r.IntN(4); j >= 0; j-- {
				if j > 0 && r.IntN(2) == 0 {
					b.WriteByte(' ')
				}
				b.WriteString(frags[r.IntN(len(frags))])
			}
			lines = append(lines, b.String())
		}
		if plainDoc(lines) && !docCommentStable(commentText(lines)) {
			t.Fatalf("plainDoc accepts %q, which go/printer reformats", lines)
		}
	}
}
