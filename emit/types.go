package emit

import (
	"fmt"
	"slices"

	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/dave/jennifer/jen"
)

const jsonPkg = "encoding/json"

// kindOf is how a value of type t is held in Go, named as the runtime
// (adcpimpl) names its encoders and decoders for it; "Raw" is
// json.RawMessage (unions and unnamed objects).
func kindOf(t *schemaload.Type) string {
	switch t.Kind {
	case schemaload.KindString:
		return "String"
	case schemaload.KindNumber:
		return "Float"
	case schemaload.KindInteger:
		return "Int"
	case schemaload.KindBoolean:
		return "Bool"
	case schemaload.KindObject:
		if t.GoName != "" {
			return "Object"
		}
	case schemaload.KindArray:
		if t.Elem != nil {
			return "Slice"
		}
	}
	return "Raw"
}

// jsonNames is the []string literal of the JSON names of t's members.
func jsonNames(t *schemaload.Type) jen.Code {
	return sliceOf(jen.String(), t.Fields, func(f *schemaload.Field) jen.Code { return jen.Lit(f.JSONName) })
}

// goType is the Go type expression of g, a type settled by schemaload. A
// Qual of the path "" is a name of the file's own package (jen.NewFile).
func goType(g schemaload.GoType) *jen.Statement {
	t := jen.Qual(g.Pkg, g.Name)
	switch {
	case g.Slice:
		return jen.Index().Add(t)
	case g.Pointer:
		return jen.Op("*").Add(t)
	}
	return t
}

// has is the Go condition "x's member bit, f, is written": an optional
// pointer when non-nil; any other member when set, present on the wire, or
// required in a value built in Go.
func has(bit int, f *schemaload.Field) jen.Code {
	v, kind := jen.Id("x").Dot(f.GoName), fieldKind(f)
	var set jen.Code = jen.False() // an object held by value
	switch {
	case f.GoType.Pointer:
		return v.Op("!=").Nil()
	case kind == "Slice", kind == "Raw":
		set = v.Op("!=").Nil()
	case kind == "String":
		set = v.Op("!=").Lit("")
	case kind == "Float", kind == "Int":
		set = v.Op("!=").Lit(0)
	case kind == "Bool":
		set = v
	}
	return jen.Id("x").Dot("codec").Dot("Emit").Call(jen.Lit(bit), jen.Lit(f.Required), set)
}

// typeDecl renders the declaration of one named type with its methods. The
// model names objects, strings with an enum, and unions (KindAny) only.
func (g *gen) typeDecl(f *jen.File, t *schemaload.Type) {
	switch t.Kind {
	case schemaload.KindObject:
		g.objectDecl(f, t)
	case schemaload.KindString:
		g.stringDecl(f, t)
	default:
		comments(f.Group, docFor(fmt.Sprintf("%s is %s, held as raw JSON.", t.GoName, where(t)), t.Doc))
		f.Type().Id(t.GoName).Op("=").Qual(jsonPkg, "RawMessage")
	}
	f.Line()
}

func where(t *schemaload.Type) string {
	if t.Pointer == "" {
		return t.File
	}
	return t.File + "#" + t.Pointer
}

// stringDecl renders a string type and its known values (a named string
// type has at least one).
func (g *gen) stringDecl(f *jen.File, t *schemaload.Type) {
	summary := fmt.Sprintf("%s is the closed enumeration of %s.", t.GoName, where(t))
	if t.OpenEnum {
		summary = fmt.Sprintf("%s is the string type of %s: the constants below, or an extension value matching its pattern.", t.GoName, where(t))
	}
	comments(f.Group, docFor(summary, t.Doc))
	f.Type().Id(t.GoName).String()
	f.Line()
	f.Comment(fmt.Sprintf("The known values of %s.", t.GoName))
	f.Const().DefsFunc(func(grp *jen.Group) {
		for _, v := range t.Enum {
			comments(grp, docLines(v.Doc))
			grp.Id(v.GoName).Id(t.GoName).Op("=").Lit(v.Value)
		}
	})
	f.Line()
	f.Comment(fmt.Sprintf("Known reports whether v is one of the known values of %s.", t.GoName))
	f.Func().Params(jen.Id("v").Id(t.GoName)).Id("Known").Params().Bool().Block(
		jen.Switch(jen.Id("v")).Block(
			jen.CaseFunc(func(grp *jen.Group) {
				for _, v := range t.Enum {
					grp.Id(v.GoName)
				}
			}).Block(jen.Return(jen.True())),
		),
		jen.Return(jen.False()),
	)
}

// objectDecl renders a struct with MarshalJSON, UnmarshalJSON and Validate.
func (g *gen) objectDecl(f *jen.File, t *schemaload.Type) {
	summary := fmt.Sprintf("%s is the object of %s.", t.GoName, where(t))
	if t.Closed {
		summary += " It is closed: members it does not declare are rejected."
	}
	comments(f.Group, docFor(summary, t.Doc))
	f.Type().Id(t.GoName).StructFunc(func(grp *jen.Group) {
		for _, m := range t.Fields {
			doc := docLines(m.Doc)
			if m.Required {
				doc = append([]string{"Required."}, doc...)
			}
			if m.Deprecated {
				doc = append(doc, "", "Deprecated: the schema marks this member deprecated.")
			}
			comments(grp, doc)
			tag := m.JSONName
			if !m.Required {
				tag += ",omitempty"
			}
			grp.Id(m.GoName).Add(goType(m.GoType)).Tag(map[string]string{"json": tag})
		}
		comments(grp, []string{"Extra holds, raw, the members the schema does not declare and declared",
			"members whose value did not fit their Go type."})
		grp.Id("Extra").Map(jen.String()).Qual(jsonPkg, "RawMessage").Tag(map[string]string{"json": "-"})
		grp.Line()
		grp.Id("codec").Qual(implPkg, "State")
	})
	f.Line()
	f.Var().Id(t.MembersVar).Op("=").Add(jsonNames(t))
	f.Line()
	g.marshal(f, t)
	g.unmarshal(f, t)
	g.validate(f, t)
}

// marshal renders MarshalJSON.
func (g *gen) marshal(f *jen.File, t *schemaload.Type) {
	f.Comment("MarshalJSON encodes x: members present when it was decoded, or, for a value")
	f.Comment("built in Go, every required member and every optional member that is set;")
	f.Comment("then Extra.")
	f.Func().Params(jen.Id("x").Id(t.GoName)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).BlockFunc(func(grp *jen.Group) {
		grp.Id("e").Op(":=").Qual(implPkg, "NewEncoder").Call()
		grp.Id("e").Dot("Open").Call()
		for i, m := range t.Fields {
			grp.If(has(i, m)).Block(
				jen.Id("e").Dot("Field").Call(jen.Lit(i), jen.Lit(m.JSONName)),
				encode(m),
			)
		}
		grp.Return(jen.Id("e").Dot("Close").Call(jen.Id("x").Dot("Extra"), jen.Id(t.MembersVar)))
	})
	f.Line()
}

// encode writes the value of x's member f.
func encode(f *schemaload.Field) jen.Code {
	v, kind := jen.Id("x").Dot(f.GoName), fieldKind(f)
	e := jen.Id("e")
	switch kind {
	case "String":
		return e.Dot("Str").Call(jen.String().Call(v))
	case "Float", "Int", "Bool":
		if f.GoType.Pointer {
			v = jen.Op("*").Add(v)
		}
		return e.Dot(kind).Call(v)
	case "Object":
		// EncValue, not Encoder.Value: the struct is not boxed in an
		// interface (an allocation) to call its MarshalJSON.
		return jen.Qual(implPkg, "EncValue").Call(jen.Op("&").Id("e"), v)
	case "Slice":
		return jen.Qual(implPkg, "EncodeSlice").Call(jen.Op("&").Id("e"), v, elemCodec("Enc", f.Type.Elem))
	}
	return e.Dot("Raw").Call(v)
}

// fieldKind is the kind of member f: kindOf its type, or "Raw" when it is
// nullable (json.RawMessage).
func fieldKind(f *schemaload.Field) string {
	if f.Nullable {
		return "Raw"
	}
	return kindOf(f.Type)
}

// elemCodec is the runtime's encoder (op "Enc") or decoder (op "Slice") of
// an array's items (nested arrays are held raw); a named item type is its
// type argument.
func elemCodec(op string, t *schemaload.Type) jen.Code {
	k := kindOf(t)
	if k == "Slice" {
		k = "Raw"
	}
	fn := jen.Qual(implPkg, op+k)
	switch {
	case op == "Enc" && k == "Object":
		fn = jen.Qual(implPkg, "EncValue")
	case op == "Enc" && k != "String":
		return jen.Parens(jen.Op("*").Qual(implPkg, "Encoder")).Dot(k)
	}
	if k == "String" || k == "Object" {
		return fn.Index(goType(t.GoType))
	}
	return fn
}

// unmarshal renders UnmarshalJSON.
func (g *gen) unmarshal(f *jen.File, t *schemaload.Type) {
	f.Comment("UnmarshalJSON decodes a JSON object into x leniently: member names are matched")
	f.Comment("exactly, a later duplicate wins, and a member whose value does not fit is")
	if t.Closed {
		f.Comment("kept raw in Extra. An undeclared member is an error.")
	} else {
		f.Comment("kept raw in Extra, as are undeclared members.")
	}
	f.Func().Params(jen.Id("x").Op("*").Id(t.GoName)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(
		jen.If(jen.Err().Op(":=").Qual(implPkg, "Check").Call(jen.Id("data"), jen.Lit(t.GoName)), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Return(jen.Id("x").Dot("UnmarshalValidJSON").Call(jen.Id("data"))),
	)
	f.Line()
	f.Comment("UnmarshalValidJSON is UnmarshalJSON for data already known to be valid JSON;")
	f.Comment("it is for the runtime's codec (adcpimpl), which checks input once.")
	f.Func().Params(jen.Id("x").Op("*").Id(t.GoName)).Id("UnmarshalValidJSON").Params(jen.Id("data").Index().Byte()).Error().BlockFunc(func(grp *jen.Group) {
		grp.List(jen.Id("d"), jen.Err()).Op(":=").Qual(implPkg, "Begin").Call(jen.Id("data"), jen.Lit(t.GoName))
		grp.If(jen.Err().Op("!=").Nil().Op("||").Id("d").Dot("Null")).Block(jen.Return(jen.Err()))
		grp.Op("*").Id("x").Op("=").Id(t.GoName).Values()
		grp.For(jen.Id("d").Dot("Next").Call()).Block(
			jen.Switch(jen.Id("d").Dot("Key")).BlockFunc(func(sw *jen.Group) {
				for i, m := range t.Fields {
					sw.Case(jen.Lit(m.JSONName)).Block(decode(i, m))
				}
				sw.Default().Block(jen.Id("d").Dot("Unknown").Call(jen.Lit(t.Closed), jen.Lit(t.GoName)))
			}),
		)
		grp.List(jen.Id("x").Dot("Extra"), jen.Id("x").Dot("codec"), jen.Err()).Op("=").Id("d").Dot("Finish").Call()
		grp.Return(jen.Err())
	})
	f.Line()
}

// decode reads the value of x's member bit, f, from d with the runtime's
// decoder for how f is held.
func decode(bit int, f *schemaload.Field) jen.Code {
	kind := fieldKind(f)
	args := []jen.Code{jen.Op("&").Id("d"), jen.Lit(bit), jen.Op("&").Id("x").Dot(f.GoName)}
	switch {
	case kind == "String", kind == "Raw":
		return jen.Qual(implPkg, kind).Call(args...)
	case kind == "Slice":
		return jen.Qual(implPkg, kind).Call(append(args, elemCodec("Slice", f.Type.Elem))...)
	case f.GoType.Pointer:
		return jen.Qual(implPkg, "Ptr").Call(append(args, elemCodec("Slice", f.Type))...)
	}
	return jen.Qual(implPkg, "Value").Call(append(args, elemCodec("Slice", f.Type))...)
}

// validate renders Validate: t's check on x's encoding, so that what is
// checked is what is sent, members kept raw in Extra included.
func (g *gen) validate(f *jen.File, t *schemaload.Type) {
	f.Comment("Validate checks x against every constraint of its schema and returns a")
	f.Comment("*adcp.ValidationError listing each violation with its JSON pointer.")
	for i, c := range t.Unchecked {
		if slices.Index(t.Unchecked, c) == i { // each once
			comments(f.Group, []string{"It does not check " + c + "."})
		}
	}
	f.Func().Params(jen.Id("x").Op("*").Id(t.GoName)).Id("Validate").Params().Error().Block(
		jen.Var().Id("v").Qual(implPkg, "Validator"),
		jen.Id("v").Dot("Encoded").Call(jen.Lit(""), jen.Id("x"), jen.Id(t.Check.Name)),
		jen.Return(jen.Id("v").Dot("Result").Call(jen.Lit(t.GoName))),
	)
	f.Line()
}
