package main

import (
	"reflect"
	"slices"
	"testing"
)

// TestSpread: spread takes one item of each run in turn, and returns every
// item once, for lists of every length up to 40 and several run counts.
func TestSpread(t *testing.T) {
	for _, tc := range []struct {
		n, k int
		want []int
	}{
		{0, 4, []int{}},
		{1, 4, []int{0}},
		{5, 4, []int{0, 2, 4, 1, 3}},
		{10, 4, []int{0, 3, 6, 9, 1, 4, 7, 2, 5, 8}},
		{8, 4, []int{0, 2, 4, 6, 1, 3, 5, 7}},
		{6, 1, []int{0, 1, 2, 3, 4, 5}},
	} {
		list := make([]int, tc.n)
		for i := range list {
			list[i] = i
		}
		if got := spread(list, tc.k); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("spread(%d items, %d) = %v, want %v", tc.n, tc.k, got, tc.want)
		}
	}
	for n := 0; n <= 40; n++ {
		for k := 1; k <= 6; k++ {
			list := make([]int, n)
			for i := range list {
				list[i] = i
			}
			got := spread(list, k)
			slices.Sort(got)
			if !reflect.DeepEqual(got, list) {
				t.Errorf("spread(%d items, %d) is not a permutation: %v", n, k, got)
			}
		}
	}
}
