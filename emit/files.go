package emit

import (
	"fmt"

	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/adcp-gen/adcp-gen/templates"
	"github.com/dave/jennifer/jen"
)

// docFile renders doc.go, the package's doc comment, from the text template
// templates/package.go.tmpl, unformatted (Files formats it).
func (g *gen) docFile() []byte {
	return templates.MustExecute(templates.PackageDoc, struct {
		Header, Package, Version, Runtime string
		Codes, Shapes                     int
	}{g.header, g.pkg, g.spec.Version, schemaload.RuntimePkg, len(g.spec.Codes), len(g.spec.Shapes)})
}

// detailsFile renders details.go: the details types, the shapes with their
// accessors, NewDetails and the check functions.
func (g *gen) detailsFile() *jen.File {
	f := g.newFile()
	for _, t := range g.spec.Types {
		g.typeDecl(f, t)
	}
	for _, s := range g.spec.Shapes {
		g.shapeDecl(f, s)
	}
	g.newDetailsDecl(f)
	g.endChecks(f)
	g.endPatterns(f)
	return f
}

// newDetailsDecl renders NewDetails, the constructor of each shape's Go type
// by shape name. A function, not a table, so that a program that does not
// call it links only the details types it names.
func (g *gen) newDetailsDecl(f *jen.File) {
	f.Comment("NewDetails returns a new zero value of the Go type of the details shape")
	f.Comment("named name (error-details/<name>.json; DetailsShape.Name), or nil when the")
	f.Comment("vocabulary has no such shape. A program that calls it links every details")
	f.Comment("type; the vocabulary itself checks details without them (DetailsShape.Validate).")
	f.Func().Id("NewDetails").Params(jen.Id("name").String()).Qual(schemaload.RuntimePkg, "Details").BlockFunc(func(grp *jen.Group) {
		if len(g.spec.Shapes) > 0 {
			grp.Switch(jen.Id("name")).BlockFunc(func(sw *jen.Group) {
				for _, s := range g.spec.Shapes {
					sw.Case(jen.Lit(s.Name)).Block(jen.Return(jen.New(jen.Id(s.Type.GoName))))
				}
			})
		}
		grp.Return(jen.Nil())
	})
	f.Line()
}

// shapeDecl renders one shape's DetailsShape variable and its accessor.
func (g *gen) shapeDecl(f *jen.File, s *schemaload.Shape) {
	t := s.Type
	var required []string
	for _, fl := range t.Fields {
		if fl.Required {
			required = append(required, fl.JSONName)
		}
	}
	d := jen.Dict{
		jen.Id("Name"):   jen.Lit(s.Name),
		jen.Id("Type"):   jen.Lit(t.GoName),
		jen.Id("Closed"): jen.Lit(t.Closed),
		jen.Id("Fields"): jsonNames(t),
		jen.Id("Check"):  jen.Id(t.Check.Name),
		jen.Id("Codes"):  sliceOf(jen.Qual(schemaload.RuntimePkg, "Code"), s.Codes, g.codeExpr),
	}
	if len(required) > 0 {
		d[jen.Id("Required")] = sliceOf(jen.String(), required, lit)
	}
	if s.When != nil {
		d[jen.Id("When")] = jen.Op("&").Qual(schemaload.RuntimePkg, "DetailsCondition").Values(jen.Dict{
			jen.Id("Key"):   jen.Lit(s.When.Key),
			jen.Id("Value"): jen.Lit(s.When.Value),
		})
	}
	f.Commentf("%s describes %s.", s.Var, s.File)
	comments(f.Group, uncheckedList("Its Check, like the Go type's Validate, does not check:", t.Unchecked))
	f.Var().Id(s.Var).Op("=").Op("&").Qual(schemaload.RuntimePkg, "DetailsShape").Values(d)
	f.Line()

	name := s.Accessor
	summary := fmt.Sprintf("%s decodes e.Details as %s (%s).", name, s.Name, s.File)
	lines := docFor(summary, s.Doc)
	lines = append(lines, "", "It fails when the error's code does not carry this shape, when the details",
		"are absent or not an object, or when they do not decode; e.Details is kept",
		"as it is either way. The result is not validated: call its Validate method.")
	comments(f.Group, lines)
	f.Func().Id(name).Params(jen.Id("e").Op("*").Qual(schemaload.RuntimePkg, "Error")).Params(jen.Op("*").Id(t.GoName), jen.Error()).Block(
		jen.Id("x").Op(":=").New(jen.Id(t.GoName)),
		jen.If(jen.Err().Op(":=").Id(s.Var).Dot("Decode").Call(jen.Id("e"), jen.Id("x")), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Nil(), jen.Err()),
		),
		jen.Return(jen.Id("x"), jen.Nil()),
	)
	f.Line()
}
