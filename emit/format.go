package emit

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/printer"

	"github.com/adcp-gen/adcp-gen/emit/runtimeapi"
)

// printerConfig is go/format's: gofmt's spacing, with number literal
// prefixes canonicalised (go/format's unexported printerNormalizeNumbers
// mode, 1<<30).
var printerConfig = printer.Config{Mode: printer.UseSpaces | printer.TabIndent | 1<<30, Tabwidth: 8}

// gofmt formats one rendered file exactly as go/format.Source does (parse
// with comments, sort the imports, print with gofmt's configuration), and
// returns the syntax tree it printed, parsed with runtimeapi.FileSet: the
// type check reads that tree, so each file is parsed once, not once to
// format and once more to check. The tree's positions are those of raw.
func gofmt(name string, raw []byte) ([]byte, *ast.File, error) {
	fset := runtimeapi.FileSet()
	f, err := parser.ParseFile(fset, name, raw, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, err
	}
	ast.SortImports(fset, f)
	var b bytes.Buffer
	b.Grow(len(raw) + len(raw)/2)
	if err := printerConfig.Fprint(&b, fset, f); err != nil {
		return nil, nil, err
	}
	return b.Bytes(), f, nil
}

// stdImports are the standard packages generated code imports (emit's
// jen.Qual paths outside the runtime module).
var stdImports = []string{jsonPkg, "regexp", "strconv"}

// Warm does, once per process, the work the type check of every Files call
// shares (runtimeapi.Warm: the runtime's API stubs and the standard
// library's export data, which takes a go list). A command calls it in the
// background while schemaload reads the schemas; Files works without it.
func Warm() { runtimeapi.Warm(stdImports...) }
