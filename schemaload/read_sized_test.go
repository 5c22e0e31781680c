package schemaload

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestReadSized: readSized reads what io.ReadAll reads whatever the size it
// is told (the file's size at open: the same, smaller when the file grew
// since, larger when it shrank), from a reader that returns one byte at a
// time too, and passes a reader's error on.
func TestReadSized(t *testing.T) {
	for _, n := range []int{0, 1, 511, 512, 513, 4096, 100_000} {
		content := strings.Repeat("x", n)
		for _, size := range []int64{0, int64(n) - 1, int64(n), int64(n) + 1, int64(2*n) + 7} {
			if size < 0 {
				continue
			}
			for _, r := range []io.Reader{strings.NewReader(content), iotest.OneByteReader(strings.NewReader(content)), iotest.DataErrReader(strings.NewReader(content))} {
				got, err := readSized(r, size)
				if err != nil || !bytes.Equal(got, []byte(content)) {
					t.Errorf("%d bytes, size %d: %d bytes read, %v", n, size, len(got), err)
				}
			}
		}
	}
	boom := errors.New("boom")
	if _, err := readSized(iotest.ErrReader(boom), 10); err != boom {
		t.Errorf("error %v, want %v", err, boom)
	}
	// The size the file had at open is one allocation: nothing grows.
	content := strings.Repeat("y", 10_000)
	sr := strings.NewReader(content)
	read := func() {
		sr.Reset(content)
		_, _ = readSized(sr, int64(len(content)))
	}
	if allocs := testing.AllocsPerRun(20, read); allocs != 1 {
		t.Errorf("%v allocations reading a file of the size told, want 1", allocs)
	}
}
