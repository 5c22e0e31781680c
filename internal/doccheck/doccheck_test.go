package doccheck

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/internal/testshared"
)

// A Go block in the documents must follow one of these markers, on the line
// right before its opening fence:
//
//	<!-- example: DIR FUNC -->       the block is the body of Example function
//	                                 FUNC in a _test.go file of DIR (from the
//	                                 repository root), up to its Output comment
//	<!-- consumer-flow:file NAME --> TestREADMEConsumerFlow writes and builds it
const (
	exampleMarker = "<!-- example: "
	flowMarker    = "<!-- consumer-flow:file "
)

// goBlock is a fenced Go block of a document.
type goBlock struct {
	file   string // document, relative to the repository root
	line   int    // of the opening fence
	marker string // the line before the fence
	text   string
}

// goBlocks returns the Go blocks of the Markdown file rel.
func goBlocks(t *testing.T, root, rel string) []goBlock {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	var (
		out  []goBlock
		cur  *goBlock
		prev string
		body strings.Builder
	)
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur == nil && strings.TrimSpace(line) == "```go":
			cur = &goBlock{file: rel, line: n, marker: strings.TrimSpace(prev)}
			body.Reset()
		case cur != nil && strings.TrimSpace(line) == "```":
			cur.text = body.String()
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			body.WriteString(line + "\n")
		}
		prev = line
	}
	if cur != nil {
		t.Errorf("%s:%d: Go block without its closing fence", rel, cur.line)
	}
	return out
}

// exampleBody returns the body of function name in the _test.go files of
// dir, one tab of indentation removed, up to its Output comment.
func exampleBody(root, dir, name string) (string, error) {
	files, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(dir), "*_test.go"))
	if err != nil || len(files) == 0 {
		return "", fmt.Errorf("no test files in %s", dir)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		fset := token.NewFileSet()
		af, err := parser.ParseFile(fset, f, src, parser.ParseComments)
		if err != nil {
			return "", err
		}
		for _, d := range af.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Name.Name != name || fd.Recv != nil || fd.Body == nil {
				continue
			}
			inner := string(src[fset.Position(fd.Body.Lbrace).Offset+1 : fset.Position(fd.Body.Rbrace).Offset])
			var b strings.Builder
			for _, l := range strings.Split(strings.Trim(inner, "\n"), "\n") {
				l = strings.TrimPrefix(l, "\t")
				if t := strings.TrimSpace(l); strings.HasPrefix(t, "// Output:") || strings.HasPrefix(t, "// Unordered output:") {
					break
				}
				b.WriteString(l + "\n")
			}
			return b.String(), nil
		}
	}
	return "", fmt.Errorf("no function %s in the test files of %s", name, dir)
}

// TestGoBlocksAreExamples fails when a Go block of the README or docs/ is
// not code that go test compiles: each must be an Example's body, word for
// word, or a file of the README's consumer flow.
func TestGoBlocksAreExamples(t *testing.T) {
	root := testshared.ModuleRoot()
	docs := []string{"README.md"}
	more, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range more {
		docs = append(docs, filepath.ToSlash(strings.TrimPrefix(m, root+string(filepath.Separator))))
	}
	examples := 0
	for _, doc := range docs {
		for _, b := range goBlocks(t, root, doc) {
			switch {
			case strings.HasPrefix(b.marker, flowMarker) && doc == "README.md":
				// TestREADMEConsumerFlow builds it.
			case strings.HasPrefix(b.marker, exampleMarker) && strings.HasSuffix(b.marker, "-->"):
				f := strings.Fields(strings.TrimSuffix(strings.TrimPrefix(b.marker, exampleMarker), "-->"))
				if len(f) != 2 {
					t.Errorf("%s:%d: want <!-- example: DIR FUNC -->, got %s", b.file, b.line, b.marker)
					continue
				}
				want, err := exampleBody(root, f[0], f[1])
				if err != nil {
					t.Errorf("%s:%d: %v", b.file, b.line, err)
					continue
				}
				if b.text != want {
					t.Errorf("%s:%d: the block is not the body of %s in %s; want:\n%s", b.file, b.line, f[1], f[0], want)
				}
				examples++
			default:
				t.Errorf("%s:%d: a Go block must follow <!-- example: DIR FUNC --> (an Example go test runs) or, in the README, <!-- consumer-flow:file NAME -->", b.file, b.line)
			}
		}
	}
	if examples == 0 {
		t.Error("no Go block of the documents is an example: the README's quick start should be")
	}
}
