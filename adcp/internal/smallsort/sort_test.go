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
