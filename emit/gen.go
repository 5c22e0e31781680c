package emit

import (
	"fmt"
	"regexp"

	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/dave/jennifer/jen"
)

// gen holds what every file of one generation needs.
type gen struct {
	spec      *schemaload.Spec
	pkg       string
	header    string
	codeNames map[string]string // wire code → constant name

	errorTypes   []*schemaload.Type // named types declared in zz_error.go
	detailsTypes []*schemaload.Type // named types declared in zz_details.go
	// Patterns whose GoPattern does not compile are skipped (reported by
	// schemaload as warnings when untranslatable).
	goodPattern map[string]bool
	skipped     []string // patterns of the type being rendered that are not checked

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
			grp.Id(fmt.Sprintf("%sPattern%d", g.patternPrefix, i)).Op("=").Qual("regexp", "MustCompile").Call(jen.Lit(p))
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
	}
	for _, c := range spec.Codes {
		g.codeNames[c.Value] = c.GoName
	}
	for _, s := range spec.Shapes {
		if s.Type == nil || s.Type.GoName == "" {
			return nil, fmt.Errorf("emit: %s: details shape without a Go type", s.File)
		}
	}

	// The error's own types go to zz_error.go, the rest to zz_details.go.
	inError := map[*schemaload.Type]bool{}
	var walk func(t *schemaload.Type)
	walk = func(t *schemaload.Type) {
		if t == nil || inError[t] {
			return
		}
		inError[t] = true
		for _, f := range t.Fields {
			walk(f.Type)
		}
		walk(t.Elem)
	}
	walk(spec.Error)
	declared := map[*schemaload.Type]bool{}
	add := func(t *schemaload.Type) {
		if t == nil || t.GoName == "" || declared[t] || g.builtinType(t) {
			return
		}
		declared[t] = true
		if inError[t] {
			g.errorTypes = append(g.errorTypes, t)
		} else {
			g.detailsTypes = append(g.detailsTypes, t)
		}
	}
	add(spec.Error)
	for _, t := range spec.Types {
		add(t)
	}
	for _, s := range spec.Shapes {
		add(s.Type)
	}
	// Types reachable from declared objects but missing from spec.Types.
	for i := 0; i < len(g.errorTypes)+len(g.detailsTypes); i++ {
		var t *schemaload.Type
		if i < len(g.errorTypes) {
			t = g.errorTypes[i]
		} else {
			t = g.detailsTypes[i-len(g.errorTypes)]
		}
		for _, f := range t.Fields {
			for ft := f.Type; ft != nil; ft = ft.Elem {
				add(ft)
			}
		}
		for e := t.Elem; e != nil; e = e.Elem {
			add(e)
		}
	}
	for _, t := range append(append([]*schemaload.Type{}, g.errorTypes...), g.detailsTypes...) {
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
			}
		}
		for _, f := range t.Fields {
			check(f.Type, seen)
		}
		check(t.Elem, seen)
	}
	seen := map[*schemaload.Type]bool{}
	check(spec.Error, seen)
	for _, t := range g.detailsTypes {
		check(t, seen)
	}
	return g, nil
}

// builtinType reports types of the error that map onto the fixed runtime's
// own types (Code, Recovery) rather than a generated declaration.
func (g *gen) builtinType(t *schemaload.Type) bool {
	for _, f := range g.spec.Error.Fields {
		if f.Type == t && (f.JSONName == "code" || f.JSONName == "recovery" || f.JSONName == "details") {
			return true
		}
	}
	return false
}

func (g *gen) newFile() *jen.File {
	f := jen.NewFile(g.pkg)
	f.HeaderComment(g.header)
	return f
}
