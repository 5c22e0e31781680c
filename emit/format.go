package emit

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/adcp-gen/adcp-gen/emit/runtimeapi"
)

// printerConfig is go/format's: gofmt's spacing, with number literal
// prefixes canonicalised (go/format's unexported printerNormalizeNumbers
// mode, 1<<30).
var printerConfig = printer.Config{Mode: printer.UseSpaces | printer.TabIndent | 1<<30, Tabwidth: 8}

// parseToFormat formats one rendered file exactly as go/format.Source does
// (parse with comments, sort the imports, print with gofmt's
// configuration), in two steps: it parses raw (with runtimeapi.FileSet) and
// sorts its imports, and returns the tree and the function that prints it.
// The type check reads that tree, so each file is parsed once, not once to
// format and once more to check; the tree is complete when parseToFormat
// returns (print only reads it), so the check can run while print does. The
// tree's positions are those of raw.
func parseToFormat(name string, raw []byte) (*ast.File, func() ([]byte, error), error) {
	fset := runtimeapi.FileSet()
	f, err := parser.ParseFile(fset, name, raw, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, err
	}
	ast.SortImports(fset, f)
	return f, func() ([]byte, error) {
		var b bytes.Buffer
		b.Grow(len(raw) + len(raw)/2)
		if err := printerConfig.Fprint(&b, fset, f); err != nil {
			return nil, err
		}
		return b.Bytes(), nil
	}, nil
}

// formatted remembers, for the life of the process, the formatted body (all
// that follows the package clause) of each file parseToFormatOnce
// formatted, by a key of its unformatted body (formatKey): generate -all
// renders the same details.go for most versions (9 distinct in the 73
// published versions that generate), and the same codes.go but for the
// version in SpecVersion's literal for most patch releases, and formats
// each once. At most formattedMax bytes are kept.
var formatted struct {
	sync.Mutex
	bodies map[[sha256.Size]byte]formattedBody
	size   int
}

// formattedBody is a remembered formatted body, and the version its
// occurrences of the version key were formatted with ("" for a plain key).
type formattedBody struct {
	src     []byte
	version string
}

const formattedMax = 64 << 20

// formatKey is the key of an unformatted body in formatted, and the byte
// offsets in body of the occurrences of version it stands for. When
// version is safe (safeVersion) and occurs in body, the key is that of the
// body split around its occurrences (writeSplit) and of the version's
// length: two bodies with the same key are the same but for the version
// (of the same length) at the same places. Otherwise it is the key of the
// body itself.
func formatKey(body []byte, version string) (key [sha256.Size]byte, at []int) {
	h := sha256.New()
	if safeVersion(version) && bytes.Contains(body, []byte(version)) {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(version)))
		h.Write([]byte("version\x00"))
		h.Write(n[:])
		at = writeSplit(h, body, version)
	} else {
		h.Write([]byte("plain\x00"))
		h.Write(body)
	}
	copy(key[:], h.Sum(nil))
	return key, at
}

// parseToFormatOnce is parseToFormat, whose parse and printing it skips
// when a file with the same unformatted body (formatKey) was formatted
// before: the tree is then nil (the caller parses raw if it needs it), and
// print returns the output. The first lines must be the header comment, a
// blank line and the package clause, as jennifer renders a file with one
// header comment (see splitHead): gofmt prints those lines as they are, and
// the body the same way whatever they say (the body's lines keep their
// numbers and columns), so the output is the new first lines and the
// remembered body. Other files are formatted every time.
//
// A body in which version occurs is remembered only when every occurrence
// is the whole content of the literal of "const SpecVersion = LITERAL"
// (and of no comment, which gofmt may reformat as a doc comment), and the
// output holds as many occurrences. A later body with the same key then
// differs from it only in the content of that string literal, by a version
// of the same length made of letters, digits and ". + - _": it scans into
// the same tokens at the same positions but for that literal's text, which
// gofmt copies as it is into the output (it rewrites only number literals)
// and measures only by its length. Its output is therefore the remembered
// one with the other version at the places of the literal, and these are
// the occurrences of the remembered version in the remembered output: an
// occurrence cannot run across the literal's quotes, and there are as many
// as there are literals.
func parseToFormatOnce(name string, raw []byte, version string) (*ast.File, func() ([]byte, error), error) {
	head, body, ok := splitHead(raw)
	if !ok {
		return parseToFormat(name, raw)
	}
	key, at := formatKey(body, version)
	formatted.Lock()
	done, hit := formatted.bodies[key]
	formatted.Unlock()
	if hit {
		src := make([]byte, 0, len(head)+len(done.src))
		src = append(src, head...)
		if done.version != "" && done.version != version {
			src = append(src, bytes.ReplaceAll(done.src, []byte(done.version), []byte(version))...)
		} else {
			src = append(src, done.src...)
		}
		return nil, func() ([]byte, error) { return src, nil }, nil
	}
	f, print, err := parseToFormat(name, raw)
	if err != nil {
		return nil, nil, err
	}
	remembered := version
	if len(at) == 0 {
		remembered = ""
	} else if !literalOnly(f, len(head), at, version) {
		return f, print, nil
	}
	return f, func() ([]byte, error) {
		src, err := print()
		if err != nil || !bytes.HasPrefix(src, head) {
			return src, err
		}
		out := src[len(head):]
		if remembered != "" && bytes.Count(out, []byte(remembered)) != len(at) {
			return src, nil
		}
		formatted.Lock()
		if formatted.size+len(out) <= formattedMax {
			if formatted.bodies == nil {
				formatted.bodies = map[[sha256.Size]byte]formattedBody{}
			}
			if _, dup := formatted.bodies[key]; !dup {
				formatted.bodies[key] = formattedBody{src: bytes.Clone(out), version: remembered}
				formatted.size += len(out)
			}
		}
		formatted.Unlock()
		return src, nil
	}, nil
}

// literalOnly reports whether each occurrence of version at the offsets at
// of the body (which starts at offset base of the source f was parsed
// from) is the whole content of the literal of "const SpecVersion =
// LITERAL" in f.
func literalOnly(f *ast.File, base int, at []int, version string) bool {
	lit := constLiteral(f, "SpecVersion")
	if lit == nil || lit.Kind != token.STRING || lit.Value != `"`+version+`"` {
		return false
	}
	start := runtimeapi.FileSet().Position(lit.Pos()).Offset + 1
	for _, o := range at {
		if base+o != start {
			return false
		}
	}
	return true
}

// splitHead splits raw after its first three lines when they are exactly
// the header comment line of a generated file (HeaderPrefix; valid UTF-8, no
// control character, no trailing space), an empty line and "package NAME".
func splitHead(raw []byte) (head, body []byte, ok bool) {
	lines := bytes.SplitAfterN(raw, []byte("\n"), 4)
	if len(lines) != 4 {
		return nil, nil, false
	}
	comment, blank, pkg := lines[0], lines[1], lines[2]
	text := bytes.TrimSuffix(comment, []byte("\n"))
	if !bytes.HasPrefix(text, []byte(HeaderPrefix+" ")) || !utf8.Valid(text) || bytes.HasSuffix(text, []byte(" ")) ||
		bytes.ContainsFunc(text, unicode.IsControl) || string(blank) != "\n" {
		return nil, nil, false
	}
	name, isPkg := bytes.CutPrefix(pkg, []byte("package "))
	if !isPkg || !token.IsIdentifier(string(bytes.TrimSuffix(name, []byte("\n")))) {
		return nil, nil, false
	}
	n := len(comment) + len(blank) + len(pkg)
	return raw[:n], raw[n:], true
}

// stdImports are the standard packages generated code imports (emit's
// jen.Qual paths outside the runtime module).
var stdImports = []string{jsonPkg, "regexp", "strconv"}

// Warm does, once per process, the work the type check of every Files call
// shares (runtimeapi.Warm: type-checking the API stubs of the runtime and of
// the standard packages; no go command). A command calls it in the
// background while schemaload reads the schemas; Files works without it.
func Warm() { runtimeapi.Warm(stdImports...) }
