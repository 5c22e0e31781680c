// Package smallsort sorts slices with little code: insertion sort for short
// slices, heap sort (O(n log n) on any input) beyond. A program links one
// small function pair per element shape instead of the slices package's
// pdqsort family (about 8 KB per shape), which is what the runtime's binary
// size asks for; the runtime's sorts are of short slices or off the hot
// path.
//
// The sort is not stable: callers sort by a total order, or by one under
// which equal elements are identical.
package smallsort

import "strings"

// insertionMax is the longest slice sorted by insertion.
const insertionMax = 12

// Func sorts s in ascending order as determined by cmp, which must be a
// strict weak order (as for slices.SortFunc).
func Func[T any](s []T, cmp func(a, b T) int) {
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
		siftDown(s, i, n, cmp)
	}
	for end := n - 1; end > 0; end-- {
		s[0], s[end] = s[end], s[0]
		siftDown(s, 0, end, cmp)
	}
}

// siftDown restores the max-heap property of s[:n] below root.
func siftDown[T any](s []T, root, n int, cmp func(a, b T) int) {
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

// Strings sorts s in increasing order, as slices.Sort does.
func Strings(s []string) {
	Func(s, strings.Compare)
}
