package emit

import (
	"bytes"
	"crypto/sha256"
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
// that follows the package clause) of each file parseToFormatOnce formatted, by the
// SHA-256 of its unformatted body: generate -all renders the same details.go
// for most versions (9 distinct in the 73 published versions that generate),
// and formats it once. At most formattedMax bytes are kept.
var formatted struct {
	sync.Mutex
	bodies map[[sha256.Size]byte][]byte
	size   int
}

const formattedMax = 64 << 20

// parseToFormatOnce is parseToFormat, whose printing it skips when a file
// with the same unformatted body was formatted before: the tree is then
// that of the output, and print returns it. The first lines must be the
// header comment, a blank line and the package clause, as jennifer renders
// a file with one header comment (see splitHead): gofmt prints those lines
// as they are, and the body the same way whatever they say (the body's
// lines keep their numbers and columns), so the output is the new first
// lines and the remembered body. Other files are formatted every time.
func parseToFormatOnce(name string, raw []byte) (*ast.File, func() ([]byte, error), error) {
	head, body, ok := splitHead(raw)
	if !ok {
		return parseToFormat(name, raw)
	}
	key := sha256.Sum256(body)
	formatted.Lock()
	done, hit := formatted.bodies[key]
	formatted.Unlock()
	if hit {
		src := make([]byte, 0, len(head)+len(done))
		src = append(append(src, head...), done...)
		// The type check needs the tree: parse the output itself.
		f, err := parser.ParseFile(runtimeapi.FileSet(), name, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, nil, err
		}
		return f, func() ([]byte, error) { return src, nil }, nil
	}
	f, print, err := parseToFormat(name, raw)
	if err != nil {
		return nil, nil, err
	}
	return f, func() ([]byte, error) {
		src, err := print()
		if err != nil || !bytes.HasPrefix(src, head) {
			return src, err
		}
		formatted.Lock()
		if formatted.size+len(src)-len(head) <= formattedMax {
			if formatted.bodies == nil {
				formatted.bodies = map[[sha256.Size]byte][]byte{}
			}
			if _, dup := formatted.bodies[key]; !dup {
				formatted.bodies[key] = bytes.Clone(src[len(head):])
				formatted.size += len(src) - len(head)
			}
		}
		formatted.Unlock()
		return src, nil
	}, nil
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
