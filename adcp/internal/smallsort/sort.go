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

// insertionMax is the longest slice sorted by insertion.
const insertionMax = 12

// Func sorts s in ascending order as determined by cmp, which must be a
// strict weak order (as for slices.SortFunc). Each element shape costs only
// this wrapper and its two closures: the sort itself is one index-based
// function shared by all shapes.
func Func[T any](s []T, cmp func(a, b T) int) {
	byIndex(len(s), func(i, j int) bool { return cmp(s[i], s[j]) < 0 }, func(i, j int) { s[i], s[j] = s[j], s[i] })
}

// Strings sorts s in increasing order, as slices.Sort does.
func Strings(s []string) {
	byIndex(len(s), func(i, j int) bool { return s[i] < s[j] }, func(i, j int) { s[i], s[j] = s[j], s[i] })
}

// Index sorts the n elements that less compares and swap exchanges by
// their indices, as sort.Slice does: for a caller whose elements would
// otherwise be one more shape for Func.
func Index(n int, less func(i, j int) bool, swap func(i, j int)) { byIndex(n, less, swap) }

// byIndex sorts the n elements that less compares and swap exchanges by
// their indices: insertion sort up to insertionMax, heap sort beyond.
func byIndex(n int, less func(i, j int) bool, swap func(i, j int)) {
	if n <= insertionMax {
		for i := 1; i < n; i++ {
			for j := i; j > 0 && less(j, j-1); j-- {
				swap(j, j-1)
			}
		}
		return
	}
	for i := n/2 - 1; i >= 0; i-- {
		siftDown(i, n, less, swap)
	}
	for end := n - 1; end > 0; end-- {
		swap(0, end)
		siftDown(0, end, less, swap)
	}
}

// siftDown restores the max-heap property of the first n elements below
// root.
func siftDown(root, n int, less func(i, j int) bool, swap func(i, j int)) {
	for {
		child := 2*root + 1
		if child >= n {
			return
		}
		if child+1 < n && less(child, child+1) {
			child++
		}
		if !less(root, child) {
			return
		}
		swap(root, child)
		root = child
	}
}
