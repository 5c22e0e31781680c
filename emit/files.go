package emit

import (
	"fmt"

	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/dave/jennifer/jen"
)

// errorFile renders zz_error.go: Error and the types it owns, and
// firstIssuePointer.
func (g *gen) errorFile() *jen.File {
	f := g.newFile()
	g.startPatterns("error")
	for _, t := range g.errorTypes {
		g.typeDecl(f, t)
	}
	g.firstIssuePointer(f)
	g.endPatterns(f)
	return f
}

// firstIssuePointer renders the method the fixed runtime relies on.
func (g *gen) firstIssuePointer(f *jen.File) {
	var issues, pointer *schemaload.Field
	for _, fl := range g.spec.Error.Fields {
		if fl.JSONName == "issues" && fl.Type.Kind == schemaload.KindArray && fl.Type.Elem != nil && fl.Type.Elem.GoName != "" {
			for _, p := range fl.Type.Elem.Fields {
				if p.JSONName == "pointer" && p.Type.Kind == schemaload.KindString {
					issues, pointer = fl, p
				}
			}
		}
	}
	f.Comment("firstIssuePointer returns issues[0].pointer; false when there is none.")
	f.Func().Params(jen.Id("e").Op("*").Id(g.spec.Error.GoName)).Id("firstIssuePointer").Params().Params(jen.String(), jen.Bool()).BlockFunc(func(grp *jen.Group) {
		if issues == nil {
			grp.Return(jen.Lit(""), jen.False())
			return
		}
		grp.If(jen.Len(jen.Id("e").Dot(issues.GoName)).Op("==").Lit(0)).Block(jen.Return(jen.Lit(""), jen.False()))
		grp.Return(jen.String().Call(jen.Id("e").Dot(issues.GoName).Index(jen.Lit(0)).Dot(pointer.GoName)), jen.True())
	})
}

// detailsFile renders zz_details.go: the details types, detailsShapes and
// the typed accessors on Error.
func (g *gen) detailsFile() *jen.File {
	f := g.newFile()
	g.startPatterns("details")
	for _, t := range g.detailsTypes {
		g.typeDecl(f, t)
	}
	for _, s := range g.spec.Shapes {
		g.shapeDecl(f, s)
	}
	f.Comment("detailsShapes lists every details shape, sorted by name.")
	f.Var().Id("detailsShapes").Op("=").Index().Op("*").Id("DetailsShape").ValuesFunc(func(grp *jen.Group) {
		for _, s := range g.spec.Shapes {
			grp.Line().Id(shapeVar(s))
		}
		if len(g.spec.Shapes) > 0 {
			grp.Line()
		}
	})
	f.Line()
	g.endPatterns(f)
	return f
}

// shapeDecl renders one shape's DetailsShape variable and its accessor.
func (g *gen) shapeDecl(f *jen.File, s *schemaload.Shape) {
	t := s.Type
	var fields, required []jen.Code
	for _, fl := range t.Fields {
		fields = append(fields, jen.Lit(fl.JSONName))
		if fl.Required {
			required = append(required, jen.Lit(fl.JSONName))
		}
	}
	d := jen.Dict{
		jen.Id("Name"):   jen.Lit(s.Name),
		jen.Id("Type"):   jen.Lit(t.GoName),
		jen.Id("Closed"): jen.Lit(t.Closed),
		jen.Id("Fields"): jen.Index().String().Values(fields...),
		jen.Id("new"):    jen.Func().Params().Id("Details").Block(jen.Return(jen.New(jen.Id(t.GoName)))),
	}
	if len(required) > 0 {
		d[jen.Id("Required")] = jen.Index().String().Values(required...)
	}
	var codes []jen.Code
	for _, c := range s.Codes {
		codes = append(codes, g.codeExpr(c))
	}
	if len(codes) > 0 {
		d[jen.Id("Codes")] = jen.Index().Id("Code").Values(codes...)
	}
	if s.When != nil {
		d[jen.Id("When")] = jen.Op("&").Id("DetailsCondition").Values(jen.Dict{
			jen.Id("Key"):   jen.Lit(s.When.Key),
			jen.Id("Value"): jen.Lit(s.When.Value),
		})
	}
	f.Commentf("%s describes %s.", shapeVar(s), s.File)
	f.Var().Id(shapeVar(s)).Op("=").Op("&").Id("DetailsShape").Values(d)
	f.Line()

	summary := fmt.Sprintf("%s decodes e.Details as %s (%s).", t.GoName, s.Name, s.File)
	lines := docFor(summary, s.Doc)
	lines = append(lines, "", "It fails when the error's code does not carry this shape, when the details",
		"are absent or not an object, or when they do not decode; e.Details is kept",
		"as it is either way. The result is not validated: call its Validate method.")
	for _, c := range comments(lines) {
		f.Add(c)
	}
	f.Func().Params(jen.Id("e").Op("*").Id(g.spec.Error.GoName)).Id(t.GoName).Params().Params(jen.Op("*").Id(t.GoName), jen.Error()).Block(
		jen.Id("x").Op(":=").New(jen.Id(t.GoName)),
		jen.If(jen.Err().Op(":=").Id("codecDetails").Call(jen.Id("e"), jen.Id(shapeVar(s)), jen.Id("x")), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Nil(), jen.Err()),
		),
		jen.Return(jen.Id("x"), jen.Nil()),
	)
	f.Line()
}
