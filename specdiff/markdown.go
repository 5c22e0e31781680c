package specdiff

import "github.com/adcp-gen/adcp-gen/templates"

// Markdown renders the report as a Markdown document, which depends on the
// report only.
func (r Report) Markdown() []byte {
	return templates.MustExecute(templates.Diff, r.view())
}

// Summary returns a one-line account of the report, for listing many bumps.
func (r Report) Summary() string {
	return string(templates.MustExecute(templates.DiffSummary, r.view()))
}

// view is what the diff templates render.
type view struct {
	Old, New                       string
	Changes                        int // how many changes
	Breaking                       int // how many break code written against Old
	Compile, Validation, Behaviour int // how many break it, by impact
	Counts                         []count
	Breaks                         []Change  // the breaking changes
	Others                         []section // the other changes, by section

	// For the summary.
	CodesAdded, CodesRemoved, RecoveryChanges, ShapesAdded, ShapesRemoved int
}

// count is how many changes are of one kind.
type count struct {
	Kind Kind
	N    int
}

// section is the non-breaking changes of one section of the report.
type section struct {
	Section Section
	Rows    []Change
}

func (r Report) view() view {
	v := view{Old: r.Old, New: r.New, Changes: len(r.Changes)}
	var counts [numKinds]int
	var impacts [Compile + 1]int
	for _, c := range r.Changes {
		counts[c.Kind]++
		impacts[c.Impact]++
		switch last := len(v.Others) - 1; {
		case c.Impact.Breaking():
			v.Breaks = append(v.Breaks, c)
		case last >= 0 && v.Others[last].Section == c.Kind.Section():
			v.Others[last].Rows = append(v.Others[last].Rows, c)
		default: // the changes come sorted by kind, and so by section
			v.Others = append(v.Others, section{c.Kind.Section(), []Change{c}})
		}
	}
	v.Compile, v.Validation, v.Behaviour = impacts[Compile], impacts[Validation], impacts[Behaviour]
	v.Breaking = v.Compile + v.Validation + v.Behaviour
	v.CodesAdded, v.CodesRemoved, v.RecoveryChanges = counts[CodeAdded], counts[CodeRemoved], counts[RecoveryChanged]
	v.ShapesAdded, v.ShapesRemoved = counts[ShapeAdded], counts[ShapeRemoved]
	for k, n := range counts {
		if n > 0 {
			v.Counts = append(v.Counts, count{Kind(k), n})
		}
	}
	return v
}
