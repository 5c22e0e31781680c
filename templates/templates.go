// Package templates holds the text the generator renders, as text/template
// files embedded into the generator, so that their wording can be read and
// changed without Go.
package templates

import (
	_ "embed"
	"sync"
	"text/template"
)

//go:embed package.go.tmpl
var packageDoc string

// PackageDoc renders the doc.go of a generated package: its doc comment
// and package clause, after the generated-file header. It is parsed on
// first use.
var PackageDoc = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("package.go.tmpl").Option("missingkey=error").Parse(packageDoc))
})
