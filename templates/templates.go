// Package templates holds the text the generator renders, as text/template
// files embedded into the generator, so that their wording can be read and
// changed without Go, and the Markdown escaping the templates use.
package templates

import (
	"bytes"
	"embed"
	"strings"
	"text/template"
)

// The templates, by file name. Each renders a view that its package
// prepares, which the file's opening comment describes.
const (
	// Catalogue renders CATALOGUE.md, the Markdown catalogue of one spec
	// version (package catalog).
	Catalogue = "catalogue.md.tmpl"
	// Diff renders the Markdown report of a version bump (package specdiff).
	Diff = "diff.md.tmpl"
	// DiffSummary renders the one-line account of a version bump.
	DiffSummary = "diff-summary.txt.tmpl"
	// PackageDoc renders the doc.go of a generated package: its doc comment
	// and package clause, after the generated-file header (package emit).
	PackageDoc = "package.go.tmpl"
)

//go:embed *.tmpl
var textFiles embed.FS

// newText returns an empty template called name, with missingkey=error and
// the functions the templates use; render returns the output of one of its
// named templates as a string.
func newText(name string) *template.Template {
	t := template.New(name).Option("missingkey=error")
	return t.Funcs(template.FuncMap{
		"code":  code,
		"cell":  cell,
		"prose": prose,
		"item":  item,
		"trim":  strings.TrimSpace,
		"lower": strings.ToLower,
		"join":  strings.Join,
		"render": func(name string, data any) (string, error) {
			var b strings.Builder
			err := t.ExecuteTemplate(&b, name, data)
			return b.String(), err
		},
	})
}

// MustExecute parses the template name and returns its output for data.
// The templates and their views are the generator's own, so a failure is a
// bug, and MustExecute panics with it.
func MustExecute(name string, data any) []byte {
	t := template.Must(newText(name).ParseFS(textFiles, name))
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		panic(err)
	}
	return b.Bytes()
}
