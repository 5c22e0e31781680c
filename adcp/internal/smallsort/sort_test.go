package smallsort

import (
	"cmp"
	"encoding/binary"
	"slices"
	"strings"
	"testing"
)

func TestStrings(t *testing.T) {
	tests := []struct {
		name string
		in   []string
	}{
		{"nil", nil},
		{"one", []string{"a"}},
		{"sorted", []string{"a", "b", "c"}},
		{"reversed", []string{"c", "b", "a"}},
		{"duplicates", []string{"b", "a", "b", "a", "", "b"}},
		{"insertion max", strings.Split("l k j i h g f e d c b a", " ")},
		{"heap", strings.Split("the quick brown fox jumps over the lazy dog and then some more words follow it", " ")},
		{"prefixes", []string{"ab", "a", "abc", "", "b", "aa", "a", "abcd", "ba", "bb", "b", "c", "ca", "a", "z"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := slices.Clone(tt.in)
			Strings(got)
			want := slices.Clone(tt.in)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("Strings(%q) = %q, want %q", tt.in, got, want)
			}
		})
	}
}

// TestFuncLengths sorts every length across the insertion/heap boundary,
// in ascending, descending and repeating orders.
func TestFuncLengths(t *testing.T) {
	for n := 0; n <= 3*insertionMax; n++ {
		for _, gen := range []func(i int) int{
			func(i int) int { return i },
			func(i int) int { return n - i },
			func(i int) int { return i % 3 },
			func(i int) int { return (i * 7919) % 13 },
		} {
			got := make([]int, n)
			for i := range got {
				got[i] = gen(i)
			}
			want := slices.Clone(got)
			slices.Sort(want)
			Func(got, cmp.Compare[int])
			if !slices.Equal(got, want) {
				t.Fatalf("n=%d: got %v, want %v", n, got, want)
			}
		}
	}
}

// FuzzFunc checks Func against slices.Sort on arbitrary int16 slices.
func FuzzFunc(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{1, 0, 0, 0, 2, 0, 255, 255, 3, 0, 1, 0, 0, 0, 9, 9, 8, 8, 7, 7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		s := make([]int16, len(b)/2)
		for i := range s {
			s[i] = int16(binary.LittleEndian.Uint16(b[2*i:]))
		}
		want := slices.Clone(s)
		slices.Sort(want)
		Func(s, cmp.Compare[int16])
		if !slices.Equal(s, want) {
			t.Fatalf("got %v, want %v", s, want)
		}
	})
}

// refFunc is the generic Func this package had before the sort became one
// index-based function (byIndex): the differential test and fuzz target
// below check that the two make the same comparisons and swaps, so that
// even elements equal under cmp end in the same order as before.
func refFunc[T any](s []T, cmp func(a, b T) int) {
	n := len(s)
	if n <= insertionMax {
		for i := 1; i < n; i++ {
			for j := i; j > 0 && cmp(s[j], s[j-1]) < 0; j-- {
				s[j], s[j-1] = s[j-1], s[j]
			}
		}
		return
	}
	for i := n/2 - 1; i >= 0; i-- {
		refSiftDown(s, i, n, cmp)
	}
	for end := n - 1; end > 0; end-- {
		s[0], s[end] = s[end], s[0]
		refSiftDown(s, 0, end, cmp)
	}
}

func refSiftDown[T any](s []T, root, n int, cmp func(a, b T) int) {
	for {
		child := 2*root + 1
		if child >= n {
			return
		}
		if child+1 < n && cmp(s[child], s[child+1]) < 0 {
			child++
		}
		if cmp(s[root], s[child]) >= 0 {
			return
		}
		s[root], s[child] = s[child], s[root]
		root = child
	}
}

// tagged is an element whose key repeats and whose tag tells equal keys
// apart, so that a difference in the order of equal elements shows.
type tagged struct{ key, tag int }

func taggedOf(b []byte) []tagged {
	s := make([]tagged, len(b))
	for i, c := range b {
		s[i] = tagged{int(c % 5), i}
	}
	return s
}

func byKey(a, b tagged) int { return cmp.Compare(a.key, b.key) }

// TestFuncMatchesRef checks Func and Strings against refFunc, element for
// element, across the insertion/heap boundary.
func TestFuncMatchesRef(t *testing.T) {
	for n := 0; n <= 3*insertionMax; n++ {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte((i*7919 + n) % 251)
		}
		got, want := taggedOf(b), taggedOf(b)
		Func(got, byKey)
		refFunc(want, byKey)
		if !slices.Equal(got, want) {
			t.Fatalf("n=%d: Func = %v, refFunc = %v", n, got, want)
		}
		gs, ws := make([]string, n), make([]string, n)
		for i, c := range b {
			gs[i] = strings.Repeat("a", int(c%4)) + string(rune('a'+c%3))
			ws[i] = gs[i]
		}
		Strings(gs)
		refFunc(ws, strings.Compare)
		if !slices.Equal(gs, ws) {
			t.Fatalf("n=%d: Strings = %q, refFunc = %q", n, gs, ws)
		}
	}
}

// FuzzFuncMatchesRef checks Func against refFunc on arbitrary slices with
// repeated keys: the same result, equal elements included.
func FuzzFuncMatchesRef(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{4, 3, 2, 1, 0, 4, 3, 2, 1, 0, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		got, want := taggedOf(b), taggedOf(b)
		Func(got, byKey)
		refFunc(want, byKey)
		if !slices.Equal(got, want) {
			t.Fatalf("Func = %v, refFunc = %v", got, want)
		}
	})
}
