package seller

import (
	"sync"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/errsnap"
)

// The wire builders check every error they send as Finalize would (see
// wireCheck), and most errors they are given come straight from New, Build
// or Finalize, which checked them a moment before. So the package remembers
// the last errors it accepted, each with a deep copy taken when it was
// accepted, the vocabulary and checks it passed, and its encoding; a builder
// given one of them skips the checks only when the error still equals its
// copy in every member (the unexported codec state included). A changed,
// forgotten or unknown error is checked in full, as before.

// checkedSize is how many accepted errors are remembered; the oldest is
// forgotten first. An accepted error is at most MaxErrorSize bytes of JSON,
// so the copies and encodings held come to a few megabytes at most.
const checkedSize = 128 // a power of two: checkedFind masks with it

// checkedEntry is one error remembered. An entry is replaced whole, never
// changed, so a copy of it can be read outside the lock.
type checkedEntry struct {
	e      *adcp.Error // the error handed out or checked
	snap   *adcp.Error // a deep copy of *e when it was accepted
	v      *adcp.Vocabulary
	checks buildChecks
	raw    []byte // the encoding of *snap: the bytes the checks ran on
}

var checked struct {
	sync.Mutex
	ring [checkedSize]checkedEntry
	next int // the oldest entry, replaced next
}

var errFuncs = errsnap.For[adcp.Error]()

// rememberChecked records that e, encoded as raw, passed the checks of
// finalize (and, from a wire builder, wireCheck's) for v, in place of e's
// entry when there is one, else of the oldest. built is set for an error
// finalize has just allocated, which no entry can hold (the ring keeps the
// errors it holds alive, so their addresses are not reused): it is not
// looked for.
func rememberChecked(v *adcp.Vocabulary, e *adcp.Error, checks buildChecks, raw []byte, built bool) {
	ent := checkedEntry{e: e, snap: errFuncs.Clone(e), v: v, checks: checks, raw: raw}
	checked.Lock()
	defer checked.Unlock()
	i := -1
	if !built {
		i = checkedFind(e)
	}
	if i < 0 {
		i = checked.next
		checked.next = (i + 1) % checkedSize
	}
	checked.ring[i] = ent
}

// checkedFind returns the index of e's entry in the ring, or -1, looking
// from the newest entry back: a wire builder is most often given the error
// New returned a moment before. The ring is small: a scan is cheaper than
// keeping a map beside it.
func checkedFind(e *adcp.Error) int {
	for k := 1; k <= checkedSize; k++ {
		if i := (checked.next - k) & (checkedSize - 1); checked.ring[i].e == e {
			return i
		}
	}
	return -1
}

// checkedEncoding returns a copy of e's encoding (the caller's to change)
// when e is remembered as accepted by v, with flagged text allowed only if
// it is allowed now, and is unchanged since. The wire builders check as
// Finalize does; New and Build refuse more (a vendor code without
// recovery), so what they accepted passes too.
func checkedEncoding(v *adcp.Vocabulary, e *adcp.Error, checks buildChecks) ([]byte, bool) {
	checked.Lock()
	i := checkedFind(e)
	var ent checkedEntry
	if i >= 0 {
		ent = checked.ring[i] // its copy and encoding are never changed
	}
	checked.Unlock()
	if i < 0 || ent.v != v || ent.checks.allowFlagged && !checks.allowFlagged || !errFuncs.Equal(e, ent.snap) {
		return nil, false
	}
	return append([]byte(nil), ent.raw...), true
}
