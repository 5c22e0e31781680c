package emit

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"sort"
	"strings"
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
	groups  []string // the comment groups that hold the version (versionPlaces)
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
// is the whole content of the literal of "const SpecVersion = LITERAL", or
// is inside a "//" comment that starts with "// " and a letter or digit
// before it, in a comment group of "//" comments that gofmt leaves as it is
// (docCommentStable: a doc comment is reformatted by go/doc/comment, for
// which the text matters); and when the output holds as many occurrences.
// A later body with the same key differs from it only at those places, by
// a version of the same length made of letters, digits and ". + - _": it
// scans into the same tokens at the same positions but for the text of
// that literal and of those comments. gofmt copies a string literal as it
// is (it rewrites only number literals), and such a comment too (it is
// neither a directive, //line, //go:build nor // +build, whose first
// characters are not those), but for trailing blanks, which the version is
// not; it measures both only by their length. A doc comment it replaces by
// go/doc/comment's formatting, which is the comment itself for the later
// body too when docCommentStable says so, checked again for it (the
// remembered groups, with the other version). Its output is therefore the
// remembered one with the other version at the places of the occurrences,
// and these are the occurrences of the remembered version in the
// remembered output: one cannot run across a literal's quotes or a
// comment's "//" and newline, and there are as many.
func parseToFormatOnce(name string, raw []byte, version string) (*ast.File, func() ([]byte, error), error) {
	head, body, ok := splitHead(raw)
	if !ok {
		return parseToFormat(name, raw)
	}
	key, at := formatKey(body, version)
	formatted.Lock()
	done, hit := formatted.bodies[key]
	formatted.Unlock()
	if hit && done.version != "" && done.version != version {
		for _, g := range done.groups {
			if !docCommentStable(strings.ReplaceAll(g, done.version, version)) {
				return parseToFormat(name, raw)
			}
		}
	}
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
	var groups []string
	if len(at) == 0 {
		remembered = ""
	} else if groups, ok = versionPlaces(f, len(head), at, version); !ok {
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
				formatted.bodies[key] = formattedBody{src: bytes.Clone(out), version: remembered, groups: groups}
				formatted.size += len(out)
			}
		}
		formatted.Unlock()
		return src, nil
	}, nil
}

// versionPlaces reports whether each occurrence of version at the offsets
// at of the body (which starts at offset base of the source f was parsed
// from) is the whole content of the literal of "const SpecVersion =
// LITERAL" in f, or is in a comment as parseToFormatOnce requires; it
// returns the text of each comment group that holds one (its comments'
// text, one a line).
func versionPlaces(f *ast.File, base int, at []int, version string) (groups []string, ok bool) {
	tf := runtimeapi.FileSet().File(f.Pos())
	if tf == nil {
		return nil, false
	}
	litPos := token.NoPos // of the literal's content
	if lit := constLiteral(f, "SpecVersion"); lit != nil && lit.Kind == token.STRING && lit.Value == `"`+version+`"` {
		litPos = lit.Pos() + 1
	}
	marked := map[int]bool{}
	for _, o := range at {
		if base+o+len(version) > tf.Size() {
			return nil, false
		}
		start := tf.Pos(base + o)
		if start == litPos {
			continue
		}
		// The comment group, and in it the comment, that ends after start.
		i := sort.Search(len(f.Comments), func(i int) bool { return f.Comments[i].End() > start })
		if i == len(f.Comments) {
			return nil, false
		}
		g := f.Comments[i].List
		j := sort.Search(len(g), func(j int) bool { return g[j].End() > start })
		if j == len(g) {
			return nil, false
		}
		c := g[j]
		if c.Pos()+4 > start || start+token.Pos(len(version)) > c.End() || !strings.HasPrefix(c.Text, "// ") || len(c.Text) < 4 || !isAlnum(c.Text[3]) {
			return nil, false
		}
		marked[i] = true
	}
	for i, g := range f.Comments {
		if !marked[i] {
			continue
		}
		lines := make([]string, len(g.List))
		for j, c := range g.List {
			if !strings.HasPrefix(c.Text, "//") {
				return nil, false
			}
			lines[j] = c.Text
		}
		text := strings.Join(lines, "\n")
		if !docCommentStable(text) {
			return nil, false
		}
		groups = append(groups, text)
	}
	return groups, true
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// docCommentStable reports whether gofmt leaves the comment group text
// ("//" comments, one a line) as it is when it is the doc comment of a
// declaration: go/printer reformats doc comments (go/doc/comment), and
// prints other comments as they are but for trailing blanks.
func docCommentStable(text string) bool {
	src := "package p\n\n" + text + "\nvar _ int\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil || len(f.Comments) != 1 {
		return false
	}
	var b bytes.Buffer
	if err := printerConfig.Fprint(&b, fset, f); err != nil {
		return false
	}
	return b.String() == src
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
