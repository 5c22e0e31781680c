package emit

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
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
	pieces := []string{"a", "word", "é", "naïve", "—", "x" + strings.Repeat("y", 30), " ", "  ", "\t", "\u00a0", "\u2003", "50%", "`code`"}
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
