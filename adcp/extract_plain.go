package adcp

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
	"github.com/adcp-gen/adcp-gen/adcp/internal/jsonwire"
)

// plainEncodedError is extractProblem and extractDecodeError in one pass,
// for the common valid error found encoded (what Extract finds, and
// ExtractValue in a text item or a json.RawMessage): every member named
// without an escape, at most once, and one of Error's strings holding a
// string that decodes to its own text (no escape, valid UTF-8: ASCII is
// found so by jsonwire.StringPlain's scan and measured as written, other
// text by a second look), retry_after
// holding a number a float64 holds exactly, details holding a value the
// measurer sizes (jsonwire.Measure), or issues holding at most
// plainIssueMax objects made of Issue's strings, alike. It measures
// the error's encoding as Validate does and decodes it as
// UnmarshalValidJSON does, with its strings and its issues' copied into
// one allocation instead of one each, and returns the Error and true; nil
// and true for such an error that is not valid (no code, a code of more
// than MaxCodeLength characters, an encoding larger than MaxErrorSize);
// nil and false for any other object (a member kept in Extra, an escape,
// invalid UTF-8, an issue's discriminator), which the general path then
// decides from the start. raw is the error's valid JSON. The verdict and
// the Error are the general path's (extract_plain_test.go).
func plainEncodedError(raw []byte) (*Error, bool) {
	raw = jsonwire.Trim(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return nil, false
	}
	var local errorBlock
	e := &local.e
	var p plainStrings
	var issues [plainIssueMax]Issue
	nIssues, codeLen := 0, 0
	var present uint64
	var details []byte
	n := 1 // the opening brace, then each member with its comma or the closing brace
	it := jsonwire.Open(raw, 0, 0, '{')
	for it.Next() {
		if !it.KeyPlain {
			return nil, false
		}
		name := it.Key[1 : len(it.Key)-1]
		field, bit := stringMember(e, name)
		switch {
		case field != nil:
		case string(name) == "retry_after":
			bit = 4
		case string(name) == "issues":
			bit = 5
		case string(name) == "details":
			bit = 6
		default:
			return nil, false // a member kept raw in Extra
		}
		if present&(1<<bit) != 0 {
			return nil, false // a duplicate: the last one counts
		}
		present |= 1 << bit
		start, end, l := it.Pos, 0, 0
		switch bit {
		case 4:
			if c := raw[start]; c != '-' && (c < '0' || c > '9') {
				return nil, false
			}
			if end = jsonwire.Number(raw, start); end < 0 {
				return nil, false
			}
			lit := raw[start:end]
			f, ok := adcpimpl.ExactNumber(lit)
			if !ok {
				return nil, false
			}
			local.retryAfter, l = f, jsonwire.NumberLen(lit)
		case 5:
			if nIssues, l, end = p.issues(raw, start, &issues); end < 0 {
				return nil, false
			}
		case 6:
			if l, _, end = jsonwire.Measure(raw, start, 1, nil); end < 0 {
				return nil, false // too complex to measure in one pass
			}
			details = raw[start:end]
		default:
			if end, l = p.add(raw, start, -1, textAt(raw, it.Key), len(name)); end < 0 {
				return nil, false
			}
			if bit == 0 {
				codeLen = utf8.RuneCount(raw[start+1 : end-1])
			}
		}
		// The value, the name, its quotes and colon, and the comma or
		// closing brace.
		n += l + len(it.Key) + 2
		it.Pos = end
	}
	if it.Pos != len(raw) {
		return nil, false
	}
	if n == 1 {
		n = 2
	}
	// Every member was read: the verdict is extractProblem's.
	if present&1 == 0 || n > MaxErrorSize {
		return nil, true
	}
	if codeLen == 0 || codeLen > MaxCodeLength {
		return nil, true
	}
	if present&(1<<5) != 0 {
		e.Issues = append([]Issue(nil), issues[:nIssues]...)
	}
	p.copy(raw, e, e.Issues)
	if details != nil {
		e.Details = append(json.RawMessage(nil), details...)
	}
	e.codec = adcpimpl.DecodedState(present)
	blk := new(errorBlock)
	*blk = local
	if present&(1<<4) != 0 {
		blk.e.RetryAfter = &blk.retryAfter
	}
	return &blk.e, true
}

// plainIssueMax is how many issues plainEncodedError decodes; an error
// with more goes the general way.
const plainIssueMax = 8

// plainStrings are the plain strings of an error and of its issues, each
// with the name of the member that holds it, to be copied into one
// allocation once they are all known. (Indices, not pointers to the
// fields: a pointer stored through p would move the fields to the heap.)
type plainStrings struct {
	spans [plainMembers + 5*plainIssueMax]struct {
		issue      int // the issue's index, or -1 for the error's own
		name       int // the member's name: raw[name:name+nameLen], its text
		nameLen    int
		start, end int // the string's text, without its quotes
	}
	k, n int // spans used, their bytes
}

// add records the string at raw[i], the value of the member named
// raw[name:name+nameLen] of issue (-1: the error), and returns the index
// past it and the length of its encoding (Validate's measure); end -1 when
// it does not decode to its own text: an escape, or invalid UTF-8.
func (p *plainStrings) add(raw []byte, i, issue, name, nameLen int) (end, enc int) {
	if raw[i] != '"' {
		return -1, 0
	}
	end, plain := jsonwire.StringPlain(raw, i)
	if end < 0 {
		return -1, 0
	}
	enc = end - i
	if !plain {
		// Text that is not ASCII (not English) decodes to its own bytes
		// too when it is valid UTF-8 without an escape; encoding/json
		// then writes it as it is but for U+2028 and U+2029.
		body := raw[i+1 : end-1]
		if bytes.IndexByte(body, '\\') >= 0 || !utf8.Valid(body) {
			return -1, 0
		}
		enc = jsonwire.EncodedStringLen(raw[i:end])
	}
	s := &p.spans[p.k]
	s.issue, s.name, s.nameLen, s.start, s.end = issue, name, nameLen, i+1, end-1
	p.k++
	p.n += end - i - 2
	return end, enc
}

// issues reads the issues array at raw[i] into out, its strings recorded
// in p, and returns how many it holds, the length of its encoding and
// the index past it; end -1 for any other value (not an array of plain
// issues, empty, or more than plainIssueMax).
func (p *plainStrings) issues(raw []byte, i int, out *[plainIssueMax]Issue) (count, l, end int) {
	arr := jsonwire.Open(raw, i, 1, '[')
	l = 1 // the opening bracket, then each issue with its comma or the closing bracket
	for arr.Next() {
		if count == plainIssueMax || raw[arr.Pos] != '{' {
			return 0, 0, -1
		}
		var present uint64
		obj := jsonwire.Open(raw, arr.Pos, 2, '{')
		il := 1 // the same for the issue's members
		for obj.Next() {
			if !obj.KeyPlain {
				return 0, 0, -1
			}
			field, bit := issueStringMember(&out[count], obj.Key[1:len(obj.Key)-1])
			if field == nil || present&(1<<bit) != 0 {
				return 0, 0, -1 // discriminator, a member kept in Extra, or a duplicate
			}
			present |= 1 << bit
			var enc int
			if obj.Pos, enc = p.add(raw, obj.Pos, count, textAt(raw, obj.Key), len(obj.Key)-2); obj.Pos < 0 {
				return 0, 0, -1
			}
			il += enc + len(obj.Key) + 2
		}
		if obj.Pos < 0 {
			return 0, 0, -1
		}
		if il == 1 {
			il = 2
		}
		out[count].codec = adcpimpl.DecodedState(present)
		count++
		l += il + 1
		arr.Pos = obj.Pos
	}
	if count == 0 || arr.Pos < 0 {
		return 0, 0, -1
	}
	return count, l, arr.Pos
}

// textAt returns the index in raw of the text of key, a string literal
// the iterator found in raw: key is a part of raw, so their capacities
// differ by its offset.
func textAt(raw, key []byte) int { return cap(raw) - cap(key) + 1 }

// copy copies the strings into one allocation and sets each field of e
// and of issues to its part of it.
func (p *plainStrings) copy(raw []byte, e *Error, issues []Issue) {
	var b strings.Builder
	b.Grow(p.n)
	for _, s := range p.spans[:p.k] {
		b.Write(raw[s.start:s.end])
	}
	all, off := b.String(), 0
	for _, s := range p.spans[:p.k] {
		name := raw[s.name : s.name+s.nameLen]
		var field *string
		if s.issue < 0 {
			field, _ = stringMember(e, name)
		} else {
			field, _ = issueStringMember(&issues[s.issue], name)
		}
		l := s.end - s.start
		*field, off = all[off:off+l], off+l
	}
}
