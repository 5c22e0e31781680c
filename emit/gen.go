package emit

import (
	"fmt"
	"regexp"

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

	detailsTypes []*schemaload.Type // named types declared in details.go
	// Patterns whose GoPattern does not compile are skipped (reported by
	// schemaload as warnings when untranslatable).
	goodPattern map[string]bool
	// Good patterns the runtime's matcher (adcpimpl.MustPattern) compiles:
	// the others are compiled with regexp.
	matcherPattern map[string]bool
	// The check functions of the file being rendered (typeCheck).
	checkFns *valueChecks

	// The regular expressions of the file being rendered, in first-use order.
	patternPrefix string
	patterns      []string
	patternIdx    map[string]int
}

// startPatterns begins a file's pattern registry.
func (g *gen) startPatterns(prefix string) {
	g.patternPrefix, g.patterns, g.patternIdx = prefix, nil, map[string]int{}
}

// patternVar is the package variable holding a compiled Go pattern.
func (g *gen) patternVar(goPattern string) jen.Code {
	i, ok := g.patternIdx[goPattern]
	if !ok {
		i = len(g.patterns)
		g.patternIdx[goPattern] = i
		g.patterns = append(g.patterns, goPattern)
	}
	return jen.Id(fmt.Sprintf("%sPattern%d", g.patternPrefix, i))
}

// endPatterns declares the file's compiled patterns.
func (g *gen) endPatterns(f *jen.File) {
	if len(g.patterns) == 0 {
		return
	}
	f.Comment("The patterns of the schema, translated for Go regexp.")
	f.Var().DefsFunc(func(grp *jen.Group) {
		for i, p := range g.patterns {
			if g.matcherPattern[p] {
				grp.Id(fmt.Sprintf("%sPattern%d", g.patternPrefix, i)).Op("=").Qual(implPkg, "MustPattern").Call(jen.Lit(p))
			} else {
				grp.Id(fmt.Sprintf("%sPattern%d", g.patternPrefix, i)).Op("=").Qual("regexp", "MustCompile").Call(jen.Lit(p))
			}
		}
	})
}

func newGen(spec *schemaload.Spec, pkg string) (*gen, error) {
	g := &gen{
		spec:        spec,
		pkg:         pkg,
		header:      Header(spec),
		codeNames:   map[string]string{},
		goodPattern: map[string]bool{},

		matcherPattern: map[string]bool{},
	}
	for _, c := range spec.Codes {
		g.codeNames[c.Value] = c.GoName
	}
	for _, s := range spec.Shapes {
		if s.Type == nil || s.Type.GoName == "" || s.Var == "" || s.Accessor == "" {
			return nil, fmt.Errorf("emit: %s: details shape without a Go type", s.File)
		}
	}

	// The error and its own types belong to the runtime; every other named
	// type reachable from the shapes is declared in details.go.
	declared := map[*schemaload.Type]bool{}
	add := func(t *schemaload.Type) {
		if t == nil || t.GoName == "" || t.Fixed || declared[t] {
			return
		}
		declared[t] = true
		g.detailsTypes = append(g.detailsTypes, t)
	}
	for _, t := range spec.Types {
		add(t)
	}
	for _, s := range spec.Shapes {
		add(s.Type)
	}
	// Types reachable from declared objects but missing from spec.Types.
	for i := 0; i < len(g.detailsTypes); i++ {
		t := g.detailsTypes[i]
		for _, f := range t.Fields {
			for ft := f.Type; ft != nil; ft = ft.Elem {
				add(ft)
			}
		}
		for e := t.Elem; e != nil; e = e.Elem {
			add(e)
		}
	}
	for _, t := range g.detailsTypes {
		if t.Kind == schemaload.KindObject && len(t.Fields) > 64 {
			return nil, fmt.Errorf("emit: %s#%s: more than 64 members", t.File, t.Pointer)
		}
	}
	var check func(t *schemaload.Type, seen map[*schemaload.Type]bool)
	check = func(t *schemaload.Type, seen map[*schemaload.Type]bool) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		for _, p := range []string{t.GoPattern, t.GoPatternNot} {
			if p == "" {
				continue
			}
			if _, err := regexp.Compile(p); err == nil {
				g.goodPattern[p] = true
				g.matcherPattern[p] = adcpimpl.CompilePattern(p) == nil
			}
		}
		for _, f := range t.Fields {
			check(f.Type, seen)
		}
		check(t.Elem, seen)
	}
	seen := map[*schemaload.Type]bool{}
	for _, t := range g.detailsTypes {
		check(t, seen)
	}
	return g, nil
}

func (g *gen) newFile() *jen.File {
	f := jen.NewFile(g.pkg)
	f.HeaderComment(g.header)
	return f
}
