// Package templates holds the text the generator renders, as text/template
// files embedded into the generator, so that their wording can be read and
// changed without Go, and the Markdown escaping the templates use.
package templates

import (
	"bytes"
	"embed"
	"strings"
	"sync"
	"text/template"
)

// The templates, each parsed on first use (a process that
// renders none does not parse them). Each renders a view that its
// package prepares, which the file's opening comment describes.
var (
	// Catalogue renders CATALOGUE.md, the Markdown catalogue of one spec
	// version (package catalog).
	Catalogue = sync.OnceValue(func() *template.Template { return parseText("catalogue.md.tmpl") })
	// Diff renders the Markdown report of a version bump (package specdiff).
	Diff = sync.OnceValue(func() *template.Template { return parseText("diff.md.tmpl") })
	// DiffSummary renders the one-line account of a version bump.
	DiffSummary = sync.OnceValue(func() *template.Template { return parseText("diff-summary.txt.tmpl") })
	// PackageDoc renders the doc.go of a generated package: its doc comment
	// and package clause, after the generated-file header (package emit).
	PackageDoc = sync.OnceValue(func() *template.Template { return parseText("package.go.tmpl") })
)

//go:embed catalogue.md.tmpl diff.md.tmpl diff-summary.txt.tmpl package.go.tmpl
var textFiles embed.FS

// parseText parses the template file name of textFiles.
func parseText(name string) *template.Template {
	return template.Must(newText(name).ParseFS(textFiles, name))
}

// newText returns an empty template called name, with missingkey=error and
// the functions the reports use: code, cell, prose and item (Markdown
// escaping), trim, lower and join (package strings), and
// render, which returns the output of one of its named templates as a string.
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

// MustExecute returns the output of t for data. The templates and the views
// they are given are the generator's own, so a failure is a bug, and
// MustExecute panics with it.
func MustExecute(t *template.Template, data any) []byte {
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		panic(err)
	}
	return b.Bytes()
}
