package emit

import (
	"fmt"
	"strings"

	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/dave/jennifer/jen"
)

// codesFile renders codes.go: SpecVersion, the version guard and the Code
// constants (Load refuses an empty code vocabulary).
func (g *gen) codesFile() *jen.File {
	f := g.newFile()
	f.Comment("SpecVersion is the AdCP version this package was generated from.")
	f.Const().Id("SpecVersion").Op("=").Lit(g.spec.Version)
	f.Line()
	contract := adcpimpl.GenVersion // the runtime's: the contract this generator writes
	f.Comment("This package was written for version " + fmt.Sprint(contract) + " of the runtime's generated-code contract:")
	f.Comment("with a runtime that cannot serve it, it fails to compile here, naming what to do.")
	f.Const().Defs(
		jen.Id("_").Op("=").Qual(implPkg, "UpgradeTheRuntimeModule").Call(jen.Qual(implPkg, "MaxVersion").Op("-").Lit(contract)),
		jen.Id("_").Op("=").Qual(implPkg, "RegenerateWithNewerAdcpGen").Call(jen.Lit(contract).Op("-").Qual(implPkg, "MinVersion")),
	)
	f.Line()
	f.Comment("The standard codes of SpecVersion, in spec order.")
	f.Const().DefsFunc(func(grp *jen.Group) {
		for i, c := range g.spec.Codes {
			if i > 0 {
				grp.Line()
			}
			comments(grp, codeDoc(c))
			grp.Id(c.GoName).Qual(schemaload.RuntimePkg, "Code").Op("=").Lit(c.Value)
		}
	})
	f.Line()
	g.codeDocDecl(f)
	return f
}

// codeDocDecl renders CodeDoc: each standard code's description. A
// function, not a member of the vocabulary, so that only a program that
// calls it links the text.
func (g *gen) codeDocDecl(f *jen.File) {
	f.Comment("CodeDoc returns what a standard code of SpecVersion means (its description in")
	f.Comment("the spec), or \"\" for any other code. The text is not part of Vocabulary: only a")
	f.Comment("program that calls CodeDoc links it.")
	f.Func().Id("CodeDoc").Params(jen.Id("c").Qual(schemaload.RuntimePkg, "Code")).String().BlockFunc(func(grp *jen.Group) {
		var cases []jen.Code
		for _, c := range g.spec.Codes {
			if c.Description != "" {
				cases = append(cases, jen.Case(jen.Id(c.GoName)).Block(jen.Return(jen.Lit(c.Description))))
			}
		}
		if len(cases) > 0 {
			grp.Switch(jen.Id("c")).Block(cases...)
		}
		grp.Return(jen.Lit(""))
	})
}

// vocabularyFile renders vocabulary.go: the Vocabulary value.
func (g *gen) vocabularyFile() *jen.File {
	f := g.newFile()
	f.Comment("Vocabulary is the error vocabulary of AdCP " + g.spec.Version + ": its standard codes in spec")
	f.Comment("order with their recovery, suggestion, advisory and deprecation, the details shape of")
	f.Comment("each, the check of core/error.json, and the version's policy for codes outside the")
	f.Comment("vocabulary. Pass it wherever the runtime asks for a *adcp.Vocabulary.")
	comments(f.Group, uncheckedList("Its ErrorCheck does not check:", g.spec.Error.Unchecked))
	cfg := jen.Dict{
		jen.Id("SpecVersion"): jen.Id("SpecVersion"),
		jen.Id("Codes"): jen.Index().Qual(schemaload.RuntimePkg, "CodeInfo").ValuesFunc(func(grp *jen.Group) {
			for _, c := range g.spec.Codes {
				grp.Line().Add(g.codeInfo(c))
			}
			grp.Line()
		}),
		jen.Id("ErrorCheck"): jen.Id(g.spec.Error.Check.Name),
	}
	if g.spec.UnknownRecovery != "" {
		cfg[jen.Id("UnknownRecovery")] = recoveryExpr(g.spec.UnknownRecovery)
	}
	if len(g.spec.Shapes) > 0 {
		cfg[jen.Id("Shapes")] = jen.Index().Op("*").Qual(schemaload.RuntimePkg, "DetailsShape").ValuesFunc(func(grp *jen.Group) {
			for _, s := range g.spec.Shapes {
				grp.Line().Id(s.Var)
			}
			grp.Line()
		})
	}
	f.Var().Id("Vocabulary").Op("=").Qual(schemaload.RuntimePkg, "MustVocabulary").Call(jen.Qual(schemaload.RuntimePkg, "VocabularyConfig").Values(cfg))
	return f
}

// sliceOf is the literal of a slice of typ holding item(x) for each of xs.
func sliceOf[T any](typ *jen.Statement, xs []T, item func(T) jen.Code) jen.Code {
	return jen.Index().Add(typ).Values(appendEach(nil, xs, item)...)
}

// appendEach appends item(x) to list for each of xs.
func appendEach[T any](list []jen.Code, xs []T, item func(T) jen.Code) []jen.Code {
	for _, x := range xs {
		list = append(list, item(x))
	}
	return list
}

// lit is jen.Lit for appendEach and sliceOf.
func lit[T any](x T) jen.Code { return jen.Lit(x) }

// codeDoc is the doc comment of a code constant.
func codeDoc(c *schemaload.Code) []string {
	lines := docFor(fmt.Sprintf("%s is %s (recovery: %s).", c.GoName, c.Value, c.Recovery), c.Description)
	if c.Deprecated {
		msg := "Deprecated: still valid on the wire, but senders should not use it."
		if len(c.ReplacedBy) > 0 {
			msg = "Deprecated: still valid on the wire; use " + strings.Join(c.ReplacedBy, " or ") + " instead."
		}
		lines = append(lines, "", msg)
	}
	return lines
}

// codeInfo is one adcp.CodeInfo literal of the vocabulary.
func (g *gen) codeInfo(c *schemaload.Code) jen.Code {
	d := jen.Dict{
		jen.Id("Code"):     jen.Id(c.GoName),
		jen.Id("Recovery"): recoveryExpr(c.Recovery),
	}
	if c.Suggestion != "" {
		d[jen.Id("Suggestion")] = jen.Lit(c.Suggestion)
	}
	if len(c.ReplacedBy) > 0 {
		d[jen.Id("ReplacedBy")] = sliceOf(jen.Qual(schemaload.RuntimePkg, "Code"), c.ReplacedBy, g.codeExpr)
	}
	for name, on := range map[string]bool{"Deprecated": c.Deprecated, "Advisory": c.Advisory, "NoDetails": c.NoDetails, "FieldRequired": c.FieldRequired} {
		if on { // jen.Dict sorts its entries
			d[jen.Id(name)] = jen.True()
		}
	}
	for name, list := range map[string][]string{"RequiredDetails": c.RequiredDetails, "RecommendedDetails": c.RecommendedDetails} {
		if len(list) > 0 {
			d[jen.Id(name)] = sliceOf(jen.String(), list, lit)
		}
	}
	if len(c.Shapes) > 0 {
		d[jen.Id("Shapes")] = sliceOf(jen.Op("*").Qual(schemaload.RuntimePkg, "DetailsShape"), c.Shapes,
			func(s *schemaload.Shape) jen.Code { return jen.Id(s.Var) })
	}
	return jen.Values(d)
}

// codeExpr is the constant of a standard code: the model's shapes and
// replacements name only codes of the vocabulary.
func (g *gen) codeExpr(value string) jen.Code { return jen.Id(g.codeNames[value]) }

// recoveryExpr is the Recovery constant for a recovery class: the model
// holds only transient, correctable and terminal.
func recoveryExpr(r string) jen.Code {
	return jen.Qual(schemaload.RuntimePkg, "Recovery"+upperFirst(r))
}
