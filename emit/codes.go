package emit

import (
	"fmt"
	"strings"

	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/dave/jennifer/jen"
)

// codesFile renders zz_codes.go: SpecVersion, ManifestUnknownRecovery, the
// Code constants and codeTable.
func (g *gen) codesFile() *jen.File {
	f := g.newFile()
	f.Comment("SpecVersion is the AdCP version this package was generated from.")
	f.Const().Id("SpecVersion").Op("=").Lit(g.spec.Version)
	f.Line()
	f.Comment("ManifestUnknownRecovery is the spec version's own default recovery for a")
	f.Comment("code outside the vocabulary that arrives without recovery")
	f.Comment("(manifest.json error_code_policy.default_unknown_recovery); empty when the")
	f.Comment("version has no manifest policy.")
	f.Const().Id("ManifestUnknownRecovery").Id("Recovery").Op("=").Lit(g.spec.UnknownRecovery)
	f.Line()

	if len(g.spec.Codes) > 0 {
		f.Comment("The standard codes of SpecVersion, in spec order.")
		f.Const().DefsFunc(func(grp *jen.Group) {
			for i, c := range g.spec.Codes {
				if i > 0 {
					grp.Line()
				}
				for _, l := range comments(codeDoc(c)) {
					grp.Add(l)
				}
				grp.Id(c.GoName).Id("Code").Op("=").Lit(c.Value)
			}
		})
		f.Line()
	}

	f.Comment("codeTable is the catalogue of the standard codes, in spec order.")
	f.Var().Id("codeTable").Op("=").Index(jen.Op("...")).Id("CodeInfo").ValuesFunc(func(grp *jen.Group) {
		for _, c := range g.spec.Codes {
			grp.Line().Add(g.codeInfo(c))
		}
		if len(g.spec.Codes) > 0 {
			grp.Line()
		}
	})
	return f
}

// codeDoc is the doc comment of a code constant.
func codeDoc(c *schemaload.Code) []string {
	lines := docFor(fmt.Sprintf("%s is %s (recovery: %s).", c.GoName, c.Value, orNone(c.Recovery)), c.Description)
	if c.Deprecated {
		msg := "Deprecated: still valid on the wire, but senders should not use it."
		if len(c.ReplacedBy) > 0 {
			msg = "Deprecated: still valid on the wire; use " + strings.Join(c.ReplacedBy, " or ") + " instead."
		}
		lines = append(lines, "", msg)
	}
	return lines
}

func orNone(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

// codeInfo is one codeTable entry.
func (g *gen) codeInfo(c *schemaload.Code) jen.Code {
	d := jen.Dict{
		jen.Id("Code"):     jen.Id(c.GoName),
		jen.Id("Recovery"): recoveryExpr(c.Recovery),
	}
	if c.Suggestion != "" {
		d[jen.Id("Suggestion")] = jen.Lit(c.Suggestion)
	}
	if c.Description != "" {
		d[jen.Id("Doc")] = jen.Lit(c.Description)
	}
	if c.Deprecated {
		d[jen.Id("Deprecated")] = jen.True()
	}
	if len(c.ReplacedBy) > 0 {
		d[jen.Id("ReplacedBy")] = jen.Index().Id("Code").ValuesFunc(func(grp *jen.Group) {
			for _, r := range c.ReplacedBy {
				grp.Add(g.codeExpr(r))
			}
		})
	}
	if c.Advisory {
		d[jen.Id("Advisory")] = jen.True()
	}
	if c.NoDetails {
		d[jen.Id("NoDetails")] = jen.True()
	}
	if len(c.Shapes) > 0 {
		d[jen.Id("Shapes")] = jen.Index().Op("*").Id("DetailsShape").ValuesFunc(func(grp *jen.Group) {
			for _, s := range c.Shapes {
				grp.Id(shapeVar(s))
			}
		})
	}
	return jen.Values(d)
}

// codeExpr is the constant of a standard code, or a conversion for any other.
func (g *gen) codeExpr(value string) jen.Code {
	if name, ok := g.codeNames[value]; ok {
		return jen.Id(name)
	}
	return jen.Id("Code").Call(jen.Lit(value))
}

// recoveryExpr is the Recovery constant for a recovery class.
func recoveryExpr(r string) jen.Code {
	switch r {
	case "transient":
		return jen.Id("RecoveryTransient")
	case "correctable":
		return jen.Id("RecoveryCorrectable")
	case "terminal":
		return jen.Id("RecoveryTerminal")
	}
	return jen.Id("Recovery").Call(jen.Lit(r))
}

// shapeVar is the package variable of a details shape.
func shapeVar(s *schemaload.Shape) string { return "detailsShape" + s.Type.GoName }
