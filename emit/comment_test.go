package emit

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/schemaload"
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

// TestCommentsHoldSpecText: text from the spec (a code's value and
// description, a type's location and doc, what a check leaves out) stays
// inside the comments it is written in, whatever line breaks and "*/" it
// holds: a constraint keyword named "x\n*/\nfunc init() {…}\n/*" made an
// init function of the generated package, which jennifer wrote in a /*
// comment that the keyword ended.
func TestCommentsHoldSpecText(t *testing.T) {
	const evil = "x\n*/\nfunc init() { panic(\"pwned\") }\n/*"
	spec := fixtureSpec()
	spec.Codes[0].Description = evil
	spec.Codes[0].Value += evil
	spec.Error.Unchecked = []string{evil}
	for _, ty := range spec.Types {
		ty.Unchecked = []string{evil}
		ty.Pointer += evil
		ty.Doc = evil
		for _, v := range ty.Enum {
			v.Doc = evil
		}
		for _, f := range ty.Fields {
			f.Doc = evil
		}
	}
	files, err := Files(spec, "fixture")
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range files {
		f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		inside := 0 // in comments and string literals
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				inside += strings.Count(c.Text, "pwned")
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				inside += strings.Count(lit.Value, "pwned")
			}
			return true
		})
		if n := bytes.Count(src, []byte("pwned")); n != inside {
			t.Errorf("%s: %d of the %d copies of the text are Go code", name, n-inside, n)
		}
	}
}

// TestCheckCommentCut: the schema a check function's comment shows is cut
// at a character, not inside one: an enum value of 200 "é" made the cut
// split a character on every other length of the text before it, and Go
// refused the file.
func TestCheckCommentCut(t *testing.T) {
	for k := range 4 {
		spec := fixtureSpec()
		for _, ty := range spec.Types {
			if ty.GoName == "RateLimitedDetailsScope" {
				ty.Enum = append(ty.Enum, &schemaload.EnumValue{Value: strings.Repeat("x", k) + strings.Repeat("é", 200), GoName: "RateLimitedDetailsScopeLong"})
			}
		}
		spec.SettleGoTypes()
		files, err := Files(spec, "fixture")
		if err != nil {
			t.Fatalf("%d: %v", k, err)
		}
		if !utf8.Valid(files["details.go"]) {
			t.Errorf("%d: details.go is not UTF-8", k)
		}
	}
}

// TestCommentsGoRefuses: a NUL or a byte order mark in text from the spec
// (a description, an enum value a check's comment shows) is written as
// U+FFFD: Go refuses both in a comment, and generate failed naming a line
// of the generated file, not the spec.
func TestCommentsGoRefuses(t *testing.T) {
	spec := fixtureSpec()
	spec.Codes[0].Description = "a \x00 NUL"
	for _, ty := range spec.Types {
		ty.Doc = "a \ufeff BOM"
		if ty.GoName == "RateLimitedDetailsScope" {
			ty.Enum = append(ty.Enum, &schemaload.EnumValue{Value: "\ufeff", GoName: "RateLimitedDetailsScopeBOM"})
		}
	}
	spec.SettleGoTypes()
	files, err := Files(spec, "fixture")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(files["codes.go"], []byte("// a \uFFFD NUL")) || !bytes.Contains(files["details.go"], []byte("a \uFFFD BOM")) {
		t.Error("the refused characters are not written as U+FFFD")
	}
}
