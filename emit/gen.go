package emit

import (
	"fmt"
	"strings"

	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/dave/jennifer/jen"
)

// gen holds what every file of one generation needs.
type gen struct {
	spec      *schemaload.Spec
	pkg       string
	header    string
	codeNames map[string]string // wire code → constant name
}

func newGen(spec *schemaload.Spec, pkg string) (*gen, error) {
	g := &gen{spec: spec, pkg: pkg, header: Header(spec), codeNames: map[string]string{}}
	for _, c := range spec.Codes {
		g.codeNames[c.Value] = c.GoName
	}
	for _, s := range spec.Shapes {
		if s.Type == nil || s.Type.GoName == "" || s.Var == "" || s.Accessor == "" || s.Type.Check == nil {
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

// upperFirst returns s with its first letter in upper case: the runtime's
// name for a keyword or a recovery class ("minLength" → Validator.MinLength,
// "transient" → RecoveryTransient).
func upperFirst(s string) string { return strings.ToUpper(s[:1]) + s[1:] }
