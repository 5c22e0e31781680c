package emit

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/dave/jennifer/jen"
)

const jsonPkg = "encoding/json"

// fieldKind is how a member is held in Go.
type fieldKind int

const (
	fkString   fieldKind = iota // string or a named string type
	fkFloat                     // float64 (required) / *float64
	fkInt                       // int64 / *int64
	fkBool                      // bool / *bool
	fkObject                    // T (required) / *T
	fkSlice                     // []E
	fkRaw                       // json.RawMessage (unions, details, nullable members)
	fkCode                      // Code
	fkRecovery                  // Recovery
)

// member is a Field with its Go representation settled.
type member struct {
	*schemaload.Field
	bit  uint
	kind fieldKind
	ptr  bool // held by pointer (optional number, integer, boolean, object; recursive object)
}

// members settles the Go representation of every field of an object type.
func (g *gen) members(t *schemaload.Type) []member {
	isError := t == g.spec.Error
	out := make([]member, len(t.Fields))
	for i, f := range t.Fields {
		m := member{Field: f, bit: uint(i)}
		switch {
		case isError && f.JSONName == "code":
			m.kind = fkCode
		case isError && f.JSONName == "recovery":
			m.kind = fkRecovery
		case isError && f.JSONName == "details":
			m.kind = fkRaw
		case f.Nullable && f.Type.Kind != schemaload.KindAny:
			m.kind = fkRaw
		default:
			m.kind = kindOf(f.Type)
			m.ptr = f.GoType.Pointer // optional numbers, booleans and objects, and recursive objects
		}
		out[i] = m
	}
	return out
}

func kindOf(t *schemaload.Type) fieldKind {
	switch t.Kind {
	case schemaload.KindString:
		return fkString
	case schemaload.KindNumber:
		return fkFloat
	case schemaload.KindInteger:
		return fkInt
	case schemaload.KindBoolean:
		return fkBool
	case schemaload.KindObject:
		if t.GoName != "" {
			return fkObject
		}
	case schemaload.KindArray:
		if t.Elem != nil {
			return fkSlice
		}
	}
	return fkRaw
}

// elemKind is the kind of an array's items; nested arrays and unnamed
// objects are held raw.
func elemKind(t *schemaload.Type) fieldKind {
	if t == nil {
		return fkRaw
	}
	k := kindOf(t)
	if k == fkSlice {
		return fkRaw
	}
	return k
}

// goType is the Go type expression of g, a type settled by schemaload.
func goType(g schemaload.GoType) *jen.Statement {
	t := jen.Id(g.Name)
	if g.Pkg != "" {
		t = jen.Qual(g.Pkg, g.Name)
	}
	switch {
	case g.Slice:
		return jen.Index().Add(t)
	case g.Pointer:
		return jen.Op("*").Add(t)
	}
	return t
}

// set is the Go condition "the member is set" for a value built in Go.
func (m member) set(x string) jen.Code {
	v := jen.Id(x).Dot(m.GoName)
	switch {
	case m.ptr, m.kind == fkSlice, m.kind == fkRaw:
		return v.Op("!=").Nil()
	case m.kind == fkString, m.kind == fkCode, m.kind == fkRecovery:
		return v.Op("!=").Lit("")
	case m.kind == fkFloat, m.kind == fkInt:
		return v.Op("!=").Lit(0)
	case m.kind == fkBool:
		return v
	}
	return jen.False() // an object held by value
}

// has is the Go condition "the member is written": set, or present on the
// wire, or required in a value built in Go. Optional pointers are written
// exactly when non-nil.
func (m member) has(x string) jen.Code {
	if m.ptr {
		return m.set(x)
	}
	return jen.Id(x).Dot("codec").Dot("Emit").Call(jen.Lit(int(m.bit)), jen.Lit(m.Required), m.set(x))
}

// membersVar names the package variable listing a type's members.
func membersVar(t *schemaload.Type) string { return "members" + t.GoName }

// typeDecl renders the declaration of one named type with its methods.
func (g *gen) typeDecl(f *jen.File, t *schemaload.Type) {
	switch {
	case t.Kind == schemaload.KindObject:
		g.objectDecl(f, t)
	case t.Kind == schemaload.KindString:
		g.stringDecl(f, t)
	case t.Kind == schemaload.KindAny:
		lines := docFor(fmt.Sprintf("%s is %s, held as raw JSON.", t.GoName, where(t)), t.Doc)
		for _, c := range comments(lines) {
			f.Add(c)
		}
		f.Type().Id(t.GoName).Op("=").Qual(jsonPkg, "RawMessage")
	default:
		lines := docFor(fmt.Sprintf("%s is %s.", t.GoName, where(t)), t.Doc)
		for _, c := range comments(lines) {
			f.Add(c)
		}
		f.Type().Id(t.GoName).Add(goType(t.GoType))
	}
	f.Line()
}

func where(t *schemaload.Type) string {
	if t.Pointer == "" {
		return t.File
	}
	return t.File + "#" + t.Pointer
}

// stringDecl renders a string type and its known values.
func (g *gen) stringDecl(f *jen.File, t *schemaload.Type) {
	summary := fmt.Sprintf("%s is the string type of %s.", t.GoName, where(t))
	if len(t.Enum) > 0 && t.OpenEnum {
		summary = fmt.Sprintf("%s is the string type of %s: the constants below, or an extension value matching its pattern.", t.GoName, where(t))
	} else if len(t.Enum) > 0 {
		summary = fmt.Sprintf("%s is the closed enumeration of %s.", t.GoName, where(t))
	}
	for _, c := range comments(docFor(summary, t.Doc)) {
		f.Add(c)
	}
	f.Type().Id(t.GoName).String()
	if len(t.Enum) == 0 {
		return
	}
	f.Line()
	f.Comment(fmt.Sprintf("The known values of %s.", t.GoName))
	f.Const().DefsFunc(func(grp *jen.Group) {
		for _, v := range t.Enum {
			for _, c := range g.innerComments(docLines(v.Doc)) {
				grp.Add(c)
			}
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
	ms := g.members(t)
	summary := fmt.Sprintf("%s is the object of %s.", t.GoName, where(t))
	if t.Closed {
		summary += " It is closed: members it does not declare are rejected."
	}
	for _, c := range comments(docFor(summary, t.Doc)) {
		f.Add(c)
	}
	f.Type().Id(t.GoName).StructFunc(func(grp *jen.Group) {
		for _, m := range ms {
			doc := docLines(m.Doc)
			if m.Required {
				doc = append([]string{"Required."}, doc...)
			}
			if m.Deprecated {
				doc = append(doc, "", "Deprecated: the schema marks this member deprecated.")
			}
			for _, c := range g.innerComments(doc) {
				grp.Add(c)
			}
			grp.Id(m.GoName).Add(goType(m.GoType)).Tag(map[string]string{"json": m.JSONName + tagOpt(m)})
		}
		for _, c := range g.innerComments([]string{"Extra holds, raw, the members the schema does not declare and declared",
			"members whose value did not fit their Go type."}) {
			grp.Add(c)
		}
		grp.Id("Extra").Map(jen.String()).Qual(jsonPkg, "RawMessage").Tag(map[string]string{"json": "-"})
		grp.Line()
		grp.Id("codec").Qual(implPkg, "State")
	})
	f.Line()
	f.Var().Id(membersVar(t)).Op("=").Index().String().ValuesFunc(func(grp *jen.Group) {
		for _, m := range ms {
			grp.Lit(m.JSONName)
		}
	})
	f.Line()
	g.marshal(f, t, ms)
	g.unmarshal(f, t, ms)
	g.validate(f, t, ms)
}

func tagOpt(m member) string {
	if m.Required {
		return ""
	}
	return ",omitempty"
}

// marshal renders MarshalJSON.
func (g *gen) marshal(f *jen.File, t *schemaload.Type, ms []member) {
	f.Comment("MarshalJSON encodes x: members present when it was decoded, or, for a value")
	f.Comment("built in Go, every required member and every optional member that is set;")
	f.Comment("then Extra.")
	f.Func().Params(jen.Id("x").Id(t.GoName)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).BlockFunc(func(grp *jen.Group) {
		grp.Id("e").Op(":=").Qual(implPkg, "NewEncoder").Call()
		grp.Id("e").Dot("Open").Call()
		for _, m := range ms {
			grp.If(m.has("x")).Block(
				jen.Id("e").Dot("Field").Call(jen.Lit(int(m.bit)), jen.Lit(m.JSONName)),
				m.encode("x"),
			)
		}
		grp.Return(jen.Id("e").Dot("Close").Call(jen.Id("x").Dot("Extra"), jen.Id(membersVar(t))))
	})
	f.Line()
}

// encode writes the member's value.
func (m member) encode(x string) jen.Code {
	v := jen.Id(x).Dot(m.GoName)
	e := jen.Id("e")
	switch m.kind {
	case fkString, fkCode, fkRecovery:
		return e.Dot("Str").Call(jen.String().Call(v))
	case fkFloat:
		return e.Dot("Float").Call(deref(m.ptr, v))
	case fkInt:
		return e.Dot("Int").Call(deref(m.ptr, v))
	case fkBool:
		return e.Dot("Bool").Call(deref(m.ptr, v))
	case fkObject:
		// EncValue, not Encoder.Value: the struct is not boxed in an
		// interface (an allocation) to call its MarshalJSON.
		return jen.Qual(implPkg, "EncValue").Call(jen.Op("&").Id("e"), v)
	case fkSlice:
		return jen.Qual(implPkg, "EncodeSlice").Call(jen.Op("&").Id("e"), v, elemEncoder(m.Type.Elem))
	}
	return e.Dot("Raw").Call(v)
}

func deref(ptr bool, v *jen.Statement) jen.Code {
	if ptr {
		return jen.Op("*").Add(v)
	}
	return v
}

func elemEncoder(t *schemaload.Type) jen.Code {
	switch elemKind(t) {
	case fkString:
		return jen.Qual(implPkg, "EncString").Index(goType(t.GoType))
	case fkFloat:
		return jen.Qual(implPkg, "EncFloat")
	case fkInt:
		return jen.Qual(implPkg, "EncInt")
	case fkBool:
		return jen.Qual(implPkg, "EncBool")
	case fkObject:
		return jen.Qual(implPkg, "EncValue").Index(goType(t.GoType))
	}
	return jen.Qual(implPkg, "EncRaw")
}

func elemDecoder(t *schemaload.Type) jen.Code {
	switch elemKind(t) {
	case fkString:
		return jen.Qual(implPkg, "SliceString").Index(goType(t.GoType))
	case fkFloat:
		return jen.Qual(implPkg, "SliceFloat")
	case fkInt:
		return jen.Qual(implPkg, "SliceInt")
	case fkBool:
		return jen.Qual(implPkg, "SliceBool")
	case fkObject:
		return jen.Qual(implPkg, "SliceObject").Index(goType(t.GoType))
	}
	return jen.Qual(implPkg, "SliceRaw")
}

// unmarshal renders UnmarshalJSON.
func (g *gen) unmarshal(f *jen.File, t *schemaload.Type, ms []member) {
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
				for _, m := range ms {
					sw.Case(jen.Lit(m.JSONName)).Block(m.decode("x"))
				}
				sw.Default().Block(jen.Id("d").Dot("Unknown").Call(jen.Lit(t.Closed), jen.Lit(t.GoName)))
			}),
		)
		grp.List(jen.Id("x").Dot("Extra"), jen.Id("x").Dot("codec"), jen.Err()).Op("=").Id("d").Dot("Finish").Call()
		grp.Return(jen.Err())
	})
	f.Line()
}

// decode reads the member's value from d.
func (m member) decode(x string) jen.Code {
	dst := jen.Op("&").Id(x).Dot(m.GoName)
	d := jen.Op("&").Id("d")
	bit := jen.Lit(int(m.bit))
	switch m.kind {
	case fkString, fkCode, fkRecovery:
		return jen.Qual(implPkg, "String").Call(d, bit, dst)
	case fkFloat:
		return jen.Qual(implPkg, ptrName("Float", m.ptr)).Call(d, bit, dst)
	case fkInt:
		return jen.Qual(implPkg, ptrName("Int", m.ptr)).Call(d, bit, dst)
	case fkBool:
		return jen.Qual(implPkg, ptrName("Bool", m.ptr)).Call(d, bit, dst)
	case fkObject:
		return jen.Qual(implPkg, ptrName("Object", m.ptr)).Index(jen.Id(m.Type.GoName)).Call(d, bit, dst)
	case fkSlice:
		return jen.Qual(implPkg, "Slice").Call(d, bit, dst, elemDecoder(m.Type.Elem))
	}
	return jen.Qual(implPkg, "Raw").Call(d, bit, dst)
}

func ptrName(base string, ptr bool) string {
	if ptr {
		return base + "Ptr"
	}
	return base
}

// validate renders Validate and validate.
func (g *gen) validate(f *jen.File, t *schemaload.Type, ms []member) {
	f.Comment("Validate checks x against every constraint of its schema and returns a")
	f.Comment("*adcp.ValidationError listing each violation with its JSON pointer.")
	f.Func().Params(jen.Id("x").Op("*").Id(t.GoName)).Id("Validate").Params().Error().Block(
		jen.Var().Id("v").Qual(implPkg, "Validator"),
		jen.Id("x").Dot("validate").Call(jen.Op("&").Id("v"), jen.Lit("")),
		jen.Return(jen.Id("v").Dot("Result").Call(jen.Lit(t.GoName))),
	)
	f.Line()
	g.skipped = nil
	su := &schemaUse{owner: t, props: map[string]bool{}}
	var checks []jen.Code
	for _, m := range ms {
		p := jen.Id("path").Op("+").Lit("/" + pointerToken(m.JSONName))
		var body []jen.Code
		val := jen.Id("x").Dot(m.GoName)
		if m.ptr && m.kind != fkObject {
			val = jen.Op("*").Id("x").Dot(m.GoName)
		}
		body = g.checks(m, val, su)
		if len(body) > 0 {
			body = append([]jen.Code{jen.Id("p").Op(":=").Add(p)}, body...)
		}
		var stmt *jen.Statement
		if len(body) > 0 {
			stmt = jen.If(m.has("x")).Block(body...)
			if m.Required {
				stmt = stmt.Else().Block(jen.Id("v").Dot("Missing").Call(jen.Id("path"), jen.Lit(m.JSONName), jen.Id("x").Dot("Extra")))
			}
		} else if m.Required {
			stmt = jen.If(jen.Op("!").Parens(m.has("x"))).Block(jen.Id("v").Dot("Missing").Call(jen.Id("path"), jen.Lit(m.JSONName), jen.Id("x").Dot("Extra")))
		}
		if stmt != nil {
			checks = append(checks, stmt)
		}
	}
	// A number that does not fit its Go type (an integer beyond int64, a
	// decimal a float64 cannot hold exactly) is kept raw, and may still be
	// valid: validate checks it against its schema.
	for _, m := range ms {
		if m.kind == fkFloat || m.kind == fkInt || (m.kind == fkSlice && (elemKind(m.Type.Elem) == fkFloat || elemKind(m.Type.Elem) == fkInt)) {
			su.props[m.JSONName] = true
		}
		// Likewise a value of another JSON type than an untyped schema's
		// kind (schemaload.Type.Untyped), which is valid.
		if m.Type.Untyped || (m.kind == fkSlice && m.Type.Elem != nil && m.Type.Elem.Untyped) {
			su.props[m.JSONName] = true
		}
	}
	// The check of each member kept raw, in schema order.
	var extraChecks jen.Dict
	for _, m := range ms {
		if su.props[m.JSONName] {
			extraChecks = extraChecksAdd(extraChecks, m.JSONName, g.memberCheck(su, m.JSONName))
		}
	}
	constraints, skippedConstraints, err := g.constraintsCheck(t)
	if err != nil {
		skippedConstraints = append(skippedConstraints, err.Error())
	}
	skippedConstraints = append(skippedConstraints, su.skipped...)
	for _, pat := range g.skipped {
		f.Comment(fmt.Sprintf("validate does not check pattern %s: Go regexp cannot express it.", strconv.Quote(pat)))
	}
	for _, c := range skippedConstraints {
		f.Comment(fmt.Sprintf("validate does not check %s: the generated checks cannot express it.", c))
	}
	if len(g.skipped) == 0 && len(skippedConstraints) == 0 {
		f.Comment("validate appends the violations of x, at path, to v.")
	}
	f.Func().Params(jen.Id("x").Op("*").Id(t.GoName)).Id("validate").Params(jen.Id("v").Op("*").Qual(implPkg, "Validator"), jen.Id("path").String()).BlockFunc(func(grp *jen.Group) {
		if len(extraChecks) > 0 {
			grp.Id("v").Dot("ExtraChecks").Call(jen.Id("path"), jen.Id("x").Dot("Extra"), jen.Id(membersVar(t)), jen.Lit(t.Closed),
				jen.Map(jen.String()).Qual(implPkg, "ValueCheck").Values(extraChecks))
		} else {
			grp.Id("v").Dot("Extra").Call(jen.Id("path"), jen.Id("x").Dot("Extra"), jen.Id(membersVar(t)), jen.Lit(t.Closed))
		}
		for _, c := range checks {
			grp.Add(c)
		}
		if constraints != "" {
			grp.Id("v").Dot("Encoded").Call(jen.Id("path"), jen.Id("x"), jen.Id(constraints))
		}
		for _, c := range valueListChecks(t, func() jen.Code { return jen.Qual(implPkg, "Encoding").Call(jen.Id("x")) }, jen.Id("path")) {
			grp.Add(c)
		}
	})
	f.Line()
}

// extraChecksAdd adds the check of member name to d.
func extraChecksAdd(d jen.Dict, name, fn string) jen.Dict {
	if d == nil {
		d = jen.Dict{}
	}
	d[jen.Lit(name)] = jen.Id(fn)
	return d
}

// schemaUse collects, while one object type's checks are rendered, the
// members whose values its validate checks with a check function
// (typeCheck).
type schemaUse struct {
	owner   *schemaload.Type
	props   map[string]bool // the members whose values are checked so
	skipped []string        // what those checks leave out
}

// memberCheck returns the check function of member name of su's type.
func (g *gen) memberCheck(su *schemaUse, name string) string {
	for _, f := range su.owner.Fields {
		if f.JSONName == name {
			return g.useCheck(su, f.Type, f.Nullable, "check"+su.owner.GoName+exportName(name))
		}
	}
	return "" // not reached: name is a member of the type
}

// useCheck returns the check function of a value of type t, and records
// what it leaves out.
func (g *gen) useCheck(su *schemaUse, t *schemaload.Type, nullable bool, base string) string {
	fn, skipped, err := g.typeCheck(t, nullable, base)
	if err != nil {
		skipped = append(skipped, err.Error())
	}
	for _, s := range skipped {
		if !contains(su.skipped, s) {
			su.skipped = append(su.skipped, s)
		}
	}
	return fn
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// schemaAt is where in a schemaUse the value being checked is: the member
// it belongs to, and how many array levels down.
type schemaAt struct {
	use    *schemaUse
	member string
	depth  int
}

// check renders the check of a value (raw JSON, or a string) with the
// check function of its schema.
func (g *gen) check(at schemaAt, val jen.Code, p jen.Code, raw bool) jen.Code {
	at.use.props[at.member] = true
	var fn string
	for _, f := range at.use.owner.Fields {
		if f.JSONName != at.member {
			continue
		}
		t, nullable := f.Type, f.Nullable
		base := "check" + at.use.owner.GoName + exportName(at.member)
		for i := 0; i < at.depth; i++ {
			t, nullable, base = t.Elem, false, base+"Item"
		}
		fn = g.useCheck(at.use, t, nullable, base)
	}
	if raw {
		return jen.Id("v").Dot("Value").Call(p, val, jen.Id(fn))
	}
	return jen.Id(fn).Call(jen.Id("v"), p, val)
}

func (at schemaAt) items() schemaAt {
	at.depth++
	return at
}

func pointerToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// checks are the statements validating one member's value (in p).
func (g *gen) checks(m member, val *jen.Statement, su *schemaUse) []jen.Code {
	at := schemaAt{use: su, member: m.JSONName}
	switch m.kind {
	case fkCode:
		return g.stringChecks(m.Type, jen.String().Call(val), nil, jen.Id("p"), at)
	case fkRecovery:
		return nil // an open vocabulary on the wire: any string decodes and is kept
	case fkRaw:
		if m.JSONName == "details" && m.Type.Kind != schemaload.KindAny {
			return []jen.Code{jen.Id("v").Dot("Union").Call(jen.Id("p"), val, jen.Lit("object"))}
		}
		// Held raw (a union, alternatives, a nullable member): the whole
		// schema of the member is checked at run time.
		return []jen.Code{g.check(at, val, jen.Id("p"), true)}
	}
	return g.valueChecks(m.Type, val, jen.Id("p"), 0, at)
}

// valueChecks validate a value of type t held in val (never a pointer); at
// locates its schema for the checks made at run time.
func (g *gen) valueChecks(t *schemaload.Type, val *jen.Statement, p jen.Code, depth int, at schemaAt) []jen.Code {
	v := jen.Id("v")
	var out []jen.Code
	switch k := kindOf(t); k {
	case fkString:
		var known jen.Code
		if len(t.Enum) > 0 {
			if t.GoName != "" {
				known = val.Clone().Dot("Known").Call()
			} else {
				alts := jen.Null()
				for i, e := range t.Enum {
					if i > 0 {
						alts.Op("||")
					}
					alts.String().Call(val.Clone()).Op("==").Lit(e.Value)
				}
				known = jen.Parens(alts)
			}
		}
		return g.stringChecks(t, jen.String().Call(val), known, p, at)
	case fkFloat, fkInt:
		num := jen.Float64().Call(val.Clone())
		if k == fkFloat {
			num = val.Clone()
		}
		for _, c := range []struct {
			name  string
			bound *float64
		}{{"Minimum", t.Minimum}, {"Maximum", t.Maximum}, {"ExclusiveMinimum", t.ExclusiveMinimum}, {"ExclusiveMaximum", t.ExclusiveMaximum}} {
			if c.bound != nil {
				out = append(out, v.Clone().Dot(c.name).Call(p, num, jen.Lit(*c.bound)))
			}
		}
		// An integer is written exactly (a float64 would round it past 2^53).
		encode := func() jen.Code {
			if k == fkInt {
				return jen.Qual("strconv", "AppendInt").Call(jen.Nil(), val.Clone(), jen.Lit(10))
			}
			return jen.Qual(implPkg, "AppendFloat").Call(jen.Nil(), val.Clone())
		}
		if len(t.Const) > 0 {
			out = append(out, v.Clone().Dot("Const").Call(p, encode(), jen.Lit(string(t.Const))))
		}
		if t.EnumJSON != nil {
			out = append(out, enumCheck(t, encode(), p))
		}
	case fkBool:
		if len(t.Const) > 0 {
			enc := jen.Qual("strconv", "AppendBool").Call(jen.Nil(), val.Clone())
			out = append(out, v.Clone().Dot("Const").Call(p, enc, jen.Lit(string(t.Const))))
		}
		if t.EnumJSON != nil {
			out = append(out, enumCheck(t, jen.Qual("strconv", "AppendBool").Call(jen.Nil(), val.Clone()), p))
		}
	case fkObject:
		// The object's validate checks its const and enum (valueListChecks).
		out = append(out, val.Clone().Dot("validate").Call(jen.Id("v"), p))
	case fkSlice:
		out = append(out, valueListChecks(t, func() jen.Code {
			return jen.Qual(implPkg, "SliceEncoding").Call(val.Clone(), elemEncoder(t.Elem))
		}, p)...)
		n := jen.Len(val.Clone())
		if t.MinItems != nil {
			out = append(out, v.Clone().Dot("MinItems").Call(p, n, jen.Lit(*t.MinItems)))
		}
		if t.MaxItems != nil {
			out = append(out, v.Clone().Dot("MaxItems").Call(p, jen.Len(val.Clone()), jen.Lit(*t.MaxItems)))
		}
		if t.UniqueItems {
			out = append(out, jen.Qual(implPkg, "UniqueItems").Call(jen.Id("v"), p, val.Clone()))
		}
		i := "i" + strconv.Itoa(depth)
		q := "p" + strconv.Itoa(depth)
		elem := val.Clone().Index(jen.Id(i))
		inner := g.elemChecks(t.Elem, elem, jen.Id(q), depth+1, at.items())
		if len(inner) > 0 {
			body := append([]jen.Code{jen.Id(q).Op(":=").Add(p).Op("+").Lit("/").Op("+").Qual("strconv", "Itoa").Call(jen.Id(i))}, inner...)
			out = append(out, jen.For(jen.Id(i).Op(":=").Range().Add(val.Clone())).Block(body...))
		}
	case fkRaw:
		out = append(out, g.rawChecks(t, val, p, at)...)
	}
	return out
}

// valueListChecks compare the encoding of a value (enc renders it) with
// t's const and with the values of an enum not typed as constants
// (adcpimpl's Const and In compare JSON values as JSON Schema does): what
// an object's or an array's Go type cannot check.
func valueListChecks(t *schemaload.Type, enc func() jen.Code, p jen.Code) []jen.Code {
	var out []jen.Code
	if len(t.Const) > 0 {
		out = append(out, jen.Id("v").Dot("Const").Call(p, enc(), jen.Lit(string(t.Const))))
	}
	if t.EnumJSON != nil {
		out = append(out, enumCheck(t, enc(), p))
	}
	return out
}

// enumCheck renders the check of an encoded value against the values of
// t's enum not typed as constants.
func enumCheck(t *schemaload.Type, enc jen.Code, p jen.Code) jen.Code {
	args := []jen.Code{p, enc}
	for _, e := range t.EnumJSON {
		args = append(args, jen.Lit(string(e)))
	}
	return jen.Id("v").Dot("In").Call(args...)
}

// elemChecks validate an array item.
func (g *gen) elemChecks(t *schemaload.Type, val *jen.Statement, p jen.Code, depth int, at schemaAt) []jen.Code {
	if t == nil {
		return nil
	}
	if elemKind(t) == fkRaw {
		return g.rawChecks(t, val, p, at)
	}
	return g.valueChecks(t, val, p, depth, at)
}

// rawChecks validate a value held as raw JSON against its whole schema with
// its check function (typeCheck): its JSON types, the alternatives of an
// anyOf or oneOf, and every keyword of each.
func (g *gen) rawChecks(t *schemaload.Type, val *jen.Statement, p jen.Code, at schemaAt) []jen.Code {
	if t == nil {
		return nil
	}
	return []jen.Code{g.check(at, val.Clone(), p, true)}
}

// stringChecks validate a string (s is a string expression; known, if set,
// is the enum membership condition).
func (g *gen) stringChecks(t *schemaload.Type, s *jen.Statement, known jen.Code, p jen.Code, at schemaAt) []jen.Code {
	v := jen.Id("v")
	if known != nil && t.OpenEnum && t.Alternatives == "oneOf" {
		// A value must match exactly one alternative, which the typed
		// checks (known, or else the pattern) do not say: checked with the
		// schema's check function.
		return []jen.Code{g.check(at, s.Clone(), p, false)}
	}
	var out []jen.Code
	if t.MinLength != nil {
		out = append(out, v.Clone().Dot("MinLength").Call(p, s.Clone(), jen.Lit(*t.MinLength)))
	}
	if t.MaxLength != nil {
		out = append(out, v.Clone().Dot("MaxLength").Call(p, s.Clone(), jen.Lit(*t.MaxLength)))
	}
	var pattern jen.Code
	switch {
	case t.Pattern == "":
	case t.GoPattern != "" && g.goodPattern[t.GoPattern] && t.GoPatternNot != "" && g.goodPattern[t.GoPatternNot]:
		pattern = v.Clone().Dot("PatternNot").Call(p, s.Clone(), g.patternVar(t.GoPattern), g.patternVar(t.GoPatternNot))
	case t.GoPattern != "" && g.goodPattern[t.GoPattern] && t.GoPatternNot == "":
		pattern = v.Clone().Dot("Pattern").Call(p, s.Clone(), g.patternVar(t.GoPattern))
	default:
		g.skipped = append(g.skipped, t.Pattern)
	}
	switch t.Format {
	case "uri":
		out = append(out, v.Clone().Dot("URI").Call(p, s.Clone()))
	case "date-time":
		out = append(out, v.Clone().Dot("DateTime").Call(p, s.Clone()))
	default:
		if genericFormat(t.Format) {
			out = append(out, v.Clone().Dot("Format").Call(p, s.Clone(), jen.Lit(t.Format)))
		}
	}
	switch {
	case known != nil && t.OpenEnum && pattern != nil:
		out = append(out, jen.If(jen.Op("!").Add(known)).Block(pattern))
	case known != nil && !t.OpenEnum:
		out = append(out, v.Clone().Dot("Enum").Call(p, s.Clone(), known))
		if pattern != nil {
			out = append(out, pattern)
		}
	case pattern != nil:
		out = append(out, pattern)
	}
	if len(t.Const) > 0 {
		enc := jen.Qual(implPkg, "AppendString").Call(jen.Nil(), s.Clone())
		out = append(out, v.Clone().Dot("Const").Call(p, enc, jen.Lit(string(t.Const))))
	}
	return out
}

// genericFormat reports whether format f is one the runtime asserts
// (schemaload.FormatAsserted) through Validator.Format: any but "uri" and
// "date-time", which have checks of their own.
func genericFormat(f string) bool {
	return f != "" && f != "uri" && f != "date-time" && schemaload.FormatAsserted(f)
}
