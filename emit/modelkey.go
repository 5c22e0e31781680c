package emit

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"math"
	"reflect"
	"sync"

	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/dave/jennifer/jen"
)

// modelKey returns the SHA-256 of a canonical encoding of the object graph
// reachable from v: the value of every field of every struct (exported or
// not, in declaration order, named by its type), every element of a slice
// or an array (and whether a slice is nil), the dynamic type and value of an
// interface, the exact bits of a number, and which pointers of one type are
// the same (a pointer met before is written as the number of its first
// visit, so that cycles end). Two graphs get the same key exactly when they
// are isomorphic with equal values: a function of the graph that does not
// look at addresses (or mutate it) gives the same result for both. It
// returns false for a graph that holds a map (the model has none), a
// function, a channel or an unsafe pointer.
func modelKey(v any) (key [sha256.Size]byte, ok bool) {
	h := sha256.New()
	e := &modelEncoder{h: h, buf: make([]byte, 0, modelChunk+64), seen: map[modelPtr]uint64{}, structs: map[reflect.Type][]byte{}}
	if !e.value(reflect.ValueOf(v)) {
		return key, false
	}
	h.Write(e.buf)
	copy(key[:], h.Sum(nil))
	return key, true
}

// modelChunk is how much of the encoding modelEncoder holds before it
// hashes it.
const modelChunk = 32 << 10

type modelEncoder struct {
	h       hash.Hash           // nil: buf holds the whole encoding
	buf     []byte              // the encoding not hashed yet
	seen    map[modelPtr]uint64 // pointer → order of its first visit
	structs map[reflect.Type][]byte
}

// flush hashes the encoding held when it is a chunk or more.
func (e *modelEncoder) flush() {
	if e.h != nil && len(e.buf) >= modelChunk {
		e.h.Write(e.buf)
		e.buf = e.buf[:0]
	}
}

// modelPtr is a pointer's identity: its type and address.
type modelPtr struct {
	t reflect.Type
	p uintptr
}

func (e *modelEncoder) tag(b byte, n uint64) {
	e.flush()
	e.buf = binary.BigEndian.AppendUint64(append(e.buf, b), n)
}

func (e *modelEncoder) str(s string) {
	e.tag('s', uint64(len(s)))
	e.bytes(s)
}

// bytes adds s to the encoding, a chunk at a time.
func (e *modelEncoder) bytes(s string) {
	for e.h != nil && len(e.buf)+len(s) > modelChunk {
		n := modelChunk - len(e.buf)
		if n < 0 {
			n = 0
		}
		e.buf = append(e.buf, s[:n]...)
		s = s[n:]
		e.h.Write(e.buf)
		e.buf = e.buf[:0]
	}
	e.buf = append(e.buf, s...)
}

func (e *modelEncoder) value(v reflect.Value) bool {
	if !v.IsValid() {
		e.tag('0', 0)
		return true
	}
	switch v.Kind() {
	case reflect.Bool:
		n := uint64(0)
		if v.Bool() {
			n = 1
		}
		e.tag('b', n)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		e.tag('i', uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		e.tag('u', v.Uint())
	case reflect.Float32, reflect.Float64:
		e.tag('f', math.Float64bits(v.Float()))
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		e.tag('c', math.Float64bits(real(c)))
		e.tag('c', math.Float64bits(imag(c)))
	case reflect.String:
		e.str(v.String())
	case reflect.Slice:
		if v.IsNil() {
			e.tag('N', 0)
			return true
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			e.tag('B', uint64(v.Len()))
			e.bytes(string(v.Bytes()))
			return true
		}
		fallthrough
	case reflect.Array:
		e.tag('l', uint64(v.Len()))
		for i := 0; i < v.Len(); i++ {
			if !e.value(v.Index(i)) {
				return false
			}
		}
	case reflect.Pointer:
		if v.IsNil() {
			e.tag('n', 0)
			return true
		}
		id := modelPtr{v.Type(), v.Pointer()}
		if n, ok := e.seen[id]; ok {
			e.tag('r', n)
			return true
		}
		e.seen[id] = uint64(len(e.seen))
		e.tag('p', 0)
		return e.value(v.Elem())
	case reflect.Struct:
		// The type's name and its fields' names, then the fields' values.
		t := v.Type()
		head, ok := e.structs[t]
		if !ok {
			sub := modelEncoder{}
			sub.str(t.PkgPath() + "." + t.Name())
			sub.tag('t', uint64(t.NumField()))
			for i := 0; i < t.NumField(); i++ {
				sub.str(t.Field(i).Name)
			}
			head = sub.buf
			e.structs[t] = head
		}
		e.tag('T', 0)
		e.buf = append(e.buf, head...)
		for i := 0; i < v.NumField(); i++ {
			if !e.value(v.Field(i)) {
				return false
			}
		}
	case reflect.Interface:
		if v.IsNil() {
			e.tag('n', 0)
			return true
		}
		e.str(v.Elem().Type().String())
		return e.value(v.Elem())
	default: // map, func, chan, unsafe pointer
		return false
	}
	return true
}

// The unformatted bodies of details.go (all that follows the package
// clause), remembered for the life of the process by the modelKey of the
// spec they were built from (detailsSpec): generate -all builds the same
// details.go for most versions (9 distinct of 73).
var detailsBodies struct {
	sync.Mutex
	bodies map[[sha256.Size]byte][]byte
	size   int
}

const detailsBodiesMax = 32 << 20

func rememberedDetails(key [sha256.Size]byte) ([]byte, bool) {
	detailsBodies.Lock()
	defer detailsBodies.Unlock()
	b, ok := detailsBodies.bodies[key]
	return b, ok
}

func rememberDetails(key [sha256.Size]byte, body []byte) {
	detailsBodies.Lock()
	defer detailsBodies.Unlock()
	if detailsBodies.size+len(body) > detailsBodiesMax {
		return
	}
	if detailsBodies.bodies == nil {
		detailsBodies.bodies = map[[sha256.Size]byte][]byte{}
	}
	if _, dup := detailsBodies.bodies[key]; !dup {
		detailsBodies.bodies[key] = body
		detailsBodies.size += len(body)
	}
}

// detailsSpec is the spec details.go is built from: only what its build
// reads (the error type, the named types and the shapes, reached from
// Error and Shapes, and from newGen: the codes' wire values and constant
// names, the types and the shapes), so that details.go's body is, by
// construction, a function of that alone, which modelKey encodes whole,
// and not of what changes from one version to the next without changing
// it (the version and sources, which only its header names, the codes'
// descriptions, the error rules, the manifest's policy). The header and
// the package clause are the file's first lines, which jennifer renders
// before the body and without reading it.
func detailsSpec(spec *schemaload.Spec) *schemaload.Spec {
	s := &schemaload.Spec{Error: spec.Error, Types: spec.Types, Shapes: spec.Shapes}
	for _, c := range spec.Codes {
		s.Codes = append(s.Codes, &schemaload.Code{Value: c.Value, GoName: c.GoName})
	}
	return s
}

// detailsRender returns the function that renders details.go, unformatted:
// built from detailsSpec(spec) by a gen of its own (detailsFile changes its
// gen's pattern registry) whose other fields newGen derived from the
// spec's codes (wire values and constant names), types and shapes, which
// detailsSpec keeps. With remember, a body built before from a spec with
// the same modelKey is not built again: the file is the first lines
// jennifer renders for g (header and package clause) and that body.
func (g *gen) detailsRender(spec *schemaload.Spec, remember bool, render func(func() *jen.File) func() ([]byte, error)) func() ([]byte, error) {
	gd := *g
	gd.spec = detailsSpec(spec)
	build := render(gd.detailsFile)
	if !remember {
		return build
	}
	return func() ([]byte, error) {
		key, ok := modelKey(gd.spec)
		if !ok {
			return build()
		}
		if body, ok := rememberedDetails(key); ok {
			if head, err := render(g.newFile)(); err == nil {
				if head, _, ok := splitHead(head); ok {
					return append(bytes.Clone(head), body...), nil
				}
			}
		}
		raw, err := build()
		if err == nil {
			if _, body, ok := splitHead(raw); ok {
				rememberDetails(key, bytes.Clone(body))
			}
		}
		return raw, err
	}
}

// versionHole stands for the spec version in codes.go and vocabulary.go
// when they are built for reuse (holedRenders): letters, digits and "-",
// so that jennifer writes it as it is, in a string literal and in a
// comment, as it does any version safeVersion accepts.
const versionHole = "ADCPGEN-VERSION-HOLE-0x7f3a"

// versionedBodies holds the unformatted bodies of codes.go and
// vocabulary.go built with versionHole for the version, by file name and
// modelKey of the spec they were built from.
var versionedBodies struct {
	sync.Mutex
	bodies map[holedKey][]byte
	size   int
}

type holedKey struct {
	name string
	key  [sha256.Size]byte
}

// holedRenders returns the functions that render codes.go and
// vocabulary.go, unformatted. With remember and a safe version
// (safeVersion), each is built from the spec with versionHole for its
// version, and without what emit does not read (Dir, Digest, Warnings) or
// what only the header says (Sources), and its body (what follows the
// package clause) is remembered by the file name and the modelKey of that
// spec: a later version of the same model is not built again. The file is
// the first lines jennifer renders for g (header and package clause) and
// that body with the version for the hole. This gives the bytes the build
// from spec gives, because those builders use the version only as a whole
// string, written as it is (SpecVersion's literal, the vocabulary's doc
// comment); when the hole is not in the body exactly once, as for a
// description that holds it, the file is built from spec instead.
func (g *gen) holedRenders(spec *schemaload.Spec, remember bool, render func(func() *jen.File) func() ([]byte, error)) (codes, vocabulary func() ([]byte, error)) {
	codes, vocabulary = render(g.codesFile), render(g.vocabularyFile)
	if !remember || !safeVersion(spec.Version) {
		return codes, vocabulary
	}
	s := *spec
	s.Version, s.Dir, s.Sources, s.Digest, s.Warnings = versionHole, "", nil, "", nil
	gh := *g
	gh.spec = &s
	key := sync.OnceValues(func() ([sha256.Size]byte, bool) { return modelKey(&s) })
	holed := func(name string, build, direct func() ([]byte, error)) func() ([]byte, error) {
		return func() ([]byte, error) {
			k, ok := key()
			if !ok {
				return direct()
			}
			hk := holedKey{name, k}
			versionedBodies.Lock()
			body, hit := versionedBodies.bodies[hk]
			versionedBodies.Unlock()
			var head []byte
			if hit {
				raw, err := render(g.newFile)()
				if err != nil {
					return direct()
				}
				if head, _, ok = splitHead(raw); !ok {
					return direct()
				}
			} else {
				raw, err := build()
				if err != nil {
					return direct()
				}
				if head, body, ok = splitHead(raw); !ok || bytes.Count(body, []byte(versionHole)) != 1 {
					return direct()
				}
				versionedBodies.Lock()
				if versionedBodies.size+len(body) <= detailsBodiesMax {
					if versionedBodies.bodies == nil {
						versionedBodies.bodies = map[holedKey][]byte{}
					}
					if _, dup := versionedBodies.bodies[hk]; !dup {
						versionedBodies.bodies[hk] = bytes.Clone(body)
						versionedBodies.size += len(body)
					}
				}
				versionedBodies.Unlock()
			}
			out := append(bytes.Clone(head), bytes.Replace(body, []byte(versionHole), []byte(spec.Version), 1)...)
			return out, nil
		}
	}
	return holed("codes.go", render(gh.codesFile), codes), holed("vocabulary.go", render(gh.vocabularyFile), vocabulary)
}
