package specdiff

import (
	"bytes"
	"fmt"

	"github.com/adcp-gen/adcp-gen/internal/mdtext"
)

// Rule states what counts as breaking; every report carries it.
const Rule = "A change is **breaking** when code written against the package generated from the old " +
	"version may stop working: it no longer compiles (**compile**: a code constant, type, field or enum " +
	"constant removed or renamed, a field whose Go type changed, including an optional number, boolean or " +
	"object made required, which loses its pointer, or a field made nullable, which becomes " +
	"`json.RawMessage`), values that passed `Validate` may now " +
	"fail it (**validation**: a field made required or a required field added, a tighter pattern, bound or " +
	"enum, an object closed to unknown members), or the package decides differently for the same input " +
	"(**behaviour**: a code's recovery, whether a code is advisory, which details shape a code has, the " +
	"recovery for unknown codes). Additions, deprecations, relaxed constraints and changed suggestions " +
	"are not breaking."

// Markdown renders the report as a Markdown document. The output depends on
// the report only.
func (r Report) Markdown() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# AdCP %s → %s: changes for Go users\n\n", r.Old, r.New)
	switch n := r.CountImpact(Compile) + r.CountImpact(Validation) + r.CountImpact(Behaviour); {
	case len(r.Changes) == 0:
		fmt.Fprintf(&b, "**Not breaking.** No change.\n\n")
	case n == 0:
		fmt.Fprintf(&b, "**Not breaking.** %d changes, none breaks code written against %s.\n\n", len(r.Changes), r.Old)
	default:
		fmt.Fprintf(&b, "**Breaking.** %d of %d changes break code written against %s "+
			"(compile %d, validation %d, behaviour %d).\n\n",
			n, len(r.Changes), r.Old, r.CountImpact(Compile), r.CountImpact(Validation), r.CountImpact(Behaviour))
	}
	b.WriteString(Rule + "\n\n")
	if len(r.Changes) == 0 {
		return b.Bytes()
	}

	b.WriteString("| Change | Count |\n| --- | ---: |\n")
	for k := Kind(0); k < numKinds; k++ {
		if n := r.Count(k); n > 0 {
			fmt.Fprintf(&b, "| %s | %d |\n", k, n)
		}
	}
	b.WriteString("\n")

	var breaking []Change
	other := map[Section][]Change{}
	for _, c := range r.Changes {
		if c.Impact.Breaking() {
			breaking = append(breaking, c)
		} else {
			other[c.Kind.Section()] = append(other[c.Kind.Section()], c)
		}
	}
	if len(breaking) > 0 {
		b.WriteString("## Breaking changes\n\n")
		writeTable(&b, breaking, true)
	}
	if len(breaking) < len(r.Changes) {
		b.WriteString("## Other changes\n\n")
		for s := SectionCodes; s <= SectionPolicy; s++ {
			if len(other[s]) > 0 {
				fmt.Fprintf(&b, "### %s\n\n", s)
				writeTable(&b, other[s], false)
			}
		}
	}
	return b.Bytes()
}

func writeTable(b *bytes.Buffer, cs []Change, impact bool) {
	if impact {
		b.WriteString("| Breaks | Change | Subject | Go | Before | After |\n| --- | --- | --- | --- | --- | --- |\n")
	} else {
		b.WriteString("| Change | Subject | Go | Before | After |\n| --- | --- | --- | --- | --- |\n")
	}
	for _, c := range cs {
		if impact {
			fmt.Fprintf(b, "| %s ", c.Impact)
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s |\n", c.Kind,
			mdtext.Cell(mdtext.Code(c.Subject)), mdtext.Cell(mdtext.Code(c.Go)),
			value(c.Kind, c.Old), value(c.Kind, c.New))
	}
	b.WriteString("\n")
}

// value renders a before or after value: suggestions are prose and shown as
// written; everything else (patterns, types, values) is literal text, shown as
// code so that Markdown does not eat backslashes or underscores.
func value(k Kind, s string) string {
	if k == SuggestionChanged {
		return mdtext.Cell(mdtext.Prose(s))
	}
	return mdtext.Cell(mdtext.Code(s))
}
