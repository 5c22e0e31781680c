package emit

import (
	"fmt"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/dave/jennifer/jen"
)

// gen holds what every file of one generation needs.
type gen struct {
	spec      *schemaload.Spec
	pkg       string
	header    string
	codeNames map[string]string // wire code → constant name

	// The check functions of details.go (typeCheck).
	checkFns *valueChecks
	// errorCheck is the check function of core/error.json's type, and
	// errorSkipped the constraints it leaves out: detailsFile writes them,
	// vocabularyFile names them.
	errorCheck   string
	errorSkipped []string

	// The regular expressions of details.go, in first-use order.
	patterns   []string
	patternIdx map[string]int
}

// patternVar is the package variable holding a compiled Go pattern.
func (g *gen) patternVar(goPattern string) jen.Code {
	i, ok := g.patternIdx[goPattern]
	if !ok {
		i = len(g.patterns)
		g.patternIdx[goPattern] = i
		g.patterns = append(g.patterns, goPattern)
	}
	return jen.Id(fmt.Sprintf("detailsPattern%d", i))
}

// endPatterns declares the file's compiled patterns: with the runtime's
// matcher (adcpimpl.MustPattern) where it compiles them, else with regexp.
func (g *gen) endPatterns(f *jen.File) {
	if len(g.patterns) == 0 {
		return
	}
	f.Comment("The patterns of the schema, translated for Go regexp.")
	f.Var().DefsFunc(func(grp *jen.Group) {
		for i, p := range g.patterns {
			compile := jen.Qual("regexp", "MustCompile")
			if adcpimpl.CompilePattern(p) == nil {
				compile = jen.Qual(implPkg, "MustPattern")
			}
			grp.Id(fmt.Sprintf("detailsPattern%d", i)).Op("=").Add(compile).Call(jen.Lit(p))
		}
	})
}

func newGen(spec *schemaload.Spec, pkg string) (*gen, error) {
	g := &gen{spec: spec, pkg: pkg, header: Header(spec), codeNames: map[string]string{}, patternIdx: map[string]int{},
		checkFns: &valueChecks{byKey: map[string]string{}, used: map[string]bool{}, typeNames: map[string]string{}}}
	for _, c := range spec.Codes {
		g.codeNames[c.Value] = c.GoName
	}
	for _, s := range spec.Shapes {
		if s.Type == nil || s.Type.GoName == "" || s.Var == "" || s.Accessor == "" {
			return nil, fmt.Errorf("emit: %s: details shape without a Go type", s.File)
		}
	}
	for _, t := range spec.Types {
		if t.Kind == schemaload.KindObject && len(t.Fields) > 64 {
			return nil, fmt.Errorf("emit: %s#%s: more than 64 members", t.File, t.Pointer)
		}
	}
	return g, nil
}

func (g *gen) newFile() *jen.File {
	f := jen.NewFile(g.pkg)
	f.HeaderComment(g.header)
	return f
}
